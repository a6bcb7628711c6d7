import { ApiProperty } from '@nestjs/swagger';
import type { OrderCheckRow } from './order-check.service.js';
import type { FileReadingContext, UploadReadiness } from '../intake/upload-readiness.service.js';

const nullableString = { type: String, nullable: true } as const;
const nullableNumber = { type: Number, nullable: true } as const;

/** GET /api/shipments/uploads/readiness. */
export class UploadReadinessView implements UploadReadiness, FileReadingContext {
  @ApiProperty({ description: 'Rows sent now can be created on Faire' }) canProcess: boolean;
  @ApiProperty({ ...nullableString, description: 'Why not, naming who can fix it' }) reason: string | null;
  @ApiProperty({ enum: ['CONNECTED', 'FAILED', 'NOT_CONNECTED'] })
  connection: 'CONNECTED' | 'FAILED' | 'NOT_CONNECTED';
  @ApiProperty({
    description: "The costs of the company's files are read in this currency (USD without a brand)",
  })
  currency: string;
  @ApiProperty({
    ...nullableString,
    description: "The brand's locale, whose date order reads unsettled dates",
  })
  locale: string | null;
  @ApiProperty({
    enum: ['day-first', 'month-first'],
    nullable: true,
    description: "The date order the company's earlier files settled",
  })
  dateOrder: 'day-first' | 'month-first' | null;
}

/** One upload with its live counts. */
export class UploadSummaryView {
  @ApiProperty() uploadId: string;
  @ApiProperty() filename: string;
  @ApiProperty({
    description:
      'UPLOAD: the file (Reading A); PROCESS: reviewed rows; else the source that reported them (e.g. SHIPSTATION)',
  })
  source: string;
  @ApiProperty() createdAt: string;
  @ApiProperty(nullableString) uploadedBy: string | null;
  @ApiProperty() totalRows: number;
  @ApiProperty() validRows: number;
  @ApiProperty() invalidRows: number;
  @ApiProperty() duplicateRows: number;
  @ApiProperty({ description: "Shipments made from this upload's rows" }) shipments: number;
  @ApiProperty({ description: 'Valid rows not yet turned into shipments' }) staged: number;
  @ApiProperty() success: number;
  @ApiProperty({ description: 'Rows not SUCCESS that will not be tried again by themselves' }) failed: number;
  @ApiProperty() pending: number;
  @ApiProperty({ description: 'Failed rows "Retry all failed" would send again' }) retryable: number;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'number' } }) byStatus: Record<string, number>;
  @ApiProperty({ description: 'Rows waiting for their next try while Faire has trouble' })
  waitingOnFaire: number;
  @ApiProperty(nullableString) nextRetryAt: string | null;
  @ApiProperty(nullableNumber) nextRetryInSeconds: number | null;
  @ApiProperty(nullableString) lastFault: string | null;
  @ApiProperty() done: boolean;
  @ApiProperty({ enum: ['DONE', 'IN_PROGRESS'] }) state: 'DONE' | 'IN_PROGRESS';
}

/** GET /api/shipments/uploads. */
export class UploadsPageView {
  @ApiProperty() total: number;
  @ApiProperty() page: number;
  @ApiProperty({ type: [UploadSummaryView] }) uploads: UploadSummaryView[];
}

/** One row of an upload, in file order, with what happened to it in words. */
export class UploadRowView {
  @ApiProperty() row: number;
  @ApiProperty({ description: 'A shipment status, or INVALID' }) status: string;
  @ApiProperty() orderId: string;
  @ApiProperty() displayId: string;
  @ApiProperty() trackingNumber: string;
  @ApiProperty() carrier: string;
  @ApiProperty(nullableString) reason: string | null;
  @ApiProperty() duplicate: boolean;
  @ApiProperty(nullableString) shipmentId: string | null;
  @ApiProperty() retryable: boolean;
  @ApiProperty() waitingOnFaire: boolean;
  @ApiProperty(nullableString) nextRetryAt: string | null;
  @ApiProperty(nullableNumber) nextRetryInSeconds: number | null;
  @ApiProperty(nullableString) lastFault: string | null;
}

/** GET /api/shipments/uploads/:id/rows. */
export class UploadRowsView {
  @ApiProperty() total: number;
  @ApiProperty({ type: [UploadRowView] }) rows: UploadRowView[];
}

/** POST /api/shipments/uploads/:id/retry-failed. */
export class RetriedView {
  @ApiProperty({ description: 'Rows sent again' }) retried: number;
}

export class OrderCheckRowView implements OrderCheckRow {
  @ApiProperty() orderId: string;
  @ApiProperty() trackingNumber: string;
  @ApiProperty({ description: "Among the company's orders (synced, or found on Faire just now)" })
  known: boolean;
  @ApiProperty({
    enum: ['STORED', 'FOUND_ON_FAIRE', 'NOT_ON_FAIRE', 'NOT_CHECKED'],
    description:
      'Where the order was found: stored by a sync, found on Faire by this check, not on Faire (Faire said so), or not checked yet',
  })
  checked: 'STORED' | 'FOUND_ON_FAIRE' | 'NOT_ON_FAIRE' | 'NOT_CHECKED';
  @ApiProperty(nullableString) state: string | null;
  @ApiProperty() trackingAlreadyThere: boolean;
  @ApiProperty() cannotSucceed: boolean;
  @ApiProperty(nullableString) warning: string | null;
}

/** POST /api/shipments/order-check. */
export class OrderCheckView {
  @ApiProperty(nullableString) lastSyncAt: string | null;
  @ApiProperty({ type: [OrderCheckRowView] }) rows: OrderCheckRowView[];
}
