import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { SHIPMENT_STATUSES } from '@portal/shipment-rules';

const nullableString = { type: String, nullable: true } as const;
const queueNotice = {
  description: 'Present when the queue was away: the rows are saved and sent once it is back',
} as const;

/** One row of the upload answer's preview. */
export class UploadPreviewRowView {
  @ApiProperty({ description: 'Spreadsheet row number (the header is row 1)' }) row: number;
  @ApiProperty() order_id: string;
  @ApiProperty() displayId: string;
  @ApiProperty() tracking_number: string;
  @ApiProperty() carrier: string;
  @ApiProperty() ship_date: string;
  @ApiPropertyOptional({ description: 'ISO ship date, for valid rows' }) shipDate?: string;
  @ApiProperty({ description: "'$12.50' for valid rows; the cell as written for invalid ones" })
  shipping_cost: string;
  @ApiPropertyOptional({ description: "The row's error messages, for invalid rows" }) validation?: string;
  @ApiProperty({ type: [String] }) warnings: string[];
}

export class UploadPreviewView {
  @ApiProperty({ type: [UploadPreviewRowView] }) valid: UploadPreviewRowView[];
  @ApiProperty({ type: [UploadPreviewRowView] }) invalid: UploadPreviewRowView[];
}

/** POST /api/shipments/upload (Reading A). */
export class UploadAnswerView {
  @ApiProperty() uploadId: string;
  @ApiProperty() filename: string;
  @ApiProperty() totalRows: number;
  @ApiProperty() validRows: number;
  @ApiProperty() invalidRows: number;
  @ApiProperty() duplicateRows: number;
  @ApiProperty({ description: 'Rows queued for Faire' }) queued: number;
  @ApiPropertyOptional({ ...queueNotice, enum: [true] }) queueUnavailable?: boolean;
  @ApiPropertyOptional(queueNotice) notice?: string;
  @ApiProperty({ description: "The file's text encoding as read" }) encoding: string;
  @ApiProperty({ description: "The company's saved column mapping for these headers was used" })
  savedMappingApplied: boolean;
  @ApiProperty({ type: [String], description: 'How the file was read: its date order, its cost column' })
  notes: string[];
  @ApiProperty({ type: UploadPreviewView }) preview: UploadPreviewView;
}

/** One reviewed row's outcome in POST /api/shipments/process. */
export class ProcessResultView {
  @ApiProperty() orderId: string;
  @ApiProperty() trackingNumber: string;
  @ApiPropertyOptional({ type: String, nullable: true }) shipmentId?: string | null;
  @ApiProperty({ enum: [...SHIPMENT_STATUSES, 'INVALID'] }) status: string;
  @ApiProperty(nullableString) error: string | null;
}

/** POST /api/shipments/process (Reading B). */
export class ProcessAnswerView {
  @ApiProperty() uploadId: string;
  @ApiProperty({ type: [ProcessResultView] }) results: ProcessResultView[];
  @ApiPropertyOptional({ ...queueNotice, enum: [true] }) queueUnavailable?: boolean;
  @ApiPropertyOptional(queueNotice) notice?: string;
}

/** One shipment of the history. */
export class ShipmentHistoryRowView {
  @ApiProperty() id: string;
  @ApiProperty() uploadId: string;
  @ApiProperty() rowNumber: number;
  @ApiProperty() orderId: string;
  @ApiProperty() displayId: string;
  @ApiProperty() trackingNumber: string;
  @ApiProperty() carrier: string;
  @ApiProperty() shipDate: string;
  @ApiProperty({ description: 'Integer cents' }) shippingCost: number;
  @ApiProperty({ description: 'The currency the cost was sent to Faire in' }) currency: string;
  @ApiProperty({ ...nullableString, description: 'The Faire brand it was sent to (null until it was)' })
  brandName: string | null;
  @ApiProperty() uploadedAt: string;
  @ApiProperty({
    description: 'Where it came from first: UPLOAD (a file), PROCESS (reviewed rows), SHIPSTATION, ...',
  })
  source: string;
  @ApiProperty({ ...nullableString, description: "The file's name, or the source's own name" })
  sourceName: string | null;
  @ApiProperty({ type: [String], description: 'Every source that reported it, the first one first' })
  sources: string[];
  @ApiProperty({
    type: [Number],
    description: 'Costs (cents) other sources reported later, other than the one sent',
  })
  laterCosts: number[];
  @ApiProperty({ enum: SHIPMENT_STATUSES }) status: string;
  @ApiProperty(nullableString) errorMessage: string | null;
}

/** GET /api/shipments: one page of the history. */
export class ShipmentHistoryView {
  @ApiProperty() total: number;
  @ApiPropertyOptional({ enum: [true], description: 'The count stopped at its cap' }) totalCapped?: boolean;
  @ApiProperty({ type: [ShipmentHistoryRowView] }) shipments: ShipmentHistoryRowView[];
}

/** POST /api/shipments/:id/retry: where the row stands once it is done or the wait is over. */
export class RetryAnswerView {
  @ApiProperty() success: boolean;
  @ApiProperty({ enum: SHIPMENT_STATUSES }) status: string;
  @ApiProperty(nullableString) error: string | null;
}
