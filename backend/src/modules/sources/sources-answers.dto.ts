import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CostRule } from './entities/source-connection.entity.js';
import type { AttentionItem, ConnectionAlert, ConnectionView } from './integrations.service.js';
import type { ReleaseOutcome } from './source-release.service.js';

const nullableString = { type: String, nullable: true } as const;

export class ConnectionAlertView implements ConnectionAlert {
  @ApiProperty() labelId: string;
  @ApiProperty() kind: string;
  @ApiProperty() text: string;
  @ApiProperty(nullableString) orderId: string | null;
  @ApiProperty(nullableString) displayId: string | null;
  @ApiProperty(nullableString) orderUrl: string | null;
  @ApiProperty() trackingNumber: string;
  @ApiProperty(nullableString) at: string | null;
}

export class CostRuleView {
  @ApiProperty({ enum: ['LABEL', 'LABEL_OR_FLAT', 'FLAT', 'PER_CARRIER', 'SHARE'] }) kind: CostRule['kind'];
  @ApiProperty({ required: false, description: 'Minor units; with LABEL_OR_FLAT and FLAT' })
  flatCents?: number;
  @ApiPropertyOptional({
    description: 'PER_CARRIER: Faire carrier -> minor units',
    type: 'object',
    additionalProperties: { type: 'integer' },
  })
  carrierCents?: Record<string, number>;
  @ApiPropertyOptional({
    type: Number,
    nullable: true,
    description: 'PER_CARRIER: minor units for any other carrier',
  })
  otherCents?: number | null;
  @ApiPropertyOptional({ description: "SHARE: the share of the order's subtotal, in basis points" })
  basisPoints?: number;
  @ApiPropertyOptional({ description: 'SHARE: the least cost, in minor units' })
  minCents?: number;
}

/** A source connection as the Integrations card shows it (no credentials). */
export class SourceConnectionView implements ConnectionView {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'SHIPSTATION' }) kind: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['CONNECTED', 'FAILING', 'PAUSED', 'DISCONNECTED'] }) status: ConnectionView['status'];
  @ApiProperty(nullableString) statusReason: string | null;
  @ApiProperty(nullableString) lastSyncAt: string | null;
  @ApiProperty({ enum: ['AUTO', 'REVIEW'] }) mode: 'AUTO' | 'REVIEW';
  @ApiProperty() sentToday: number;
  @ApiProperty({ type: [ConnectionAlertView] }) alerts: ConnectionAlertView[];
  @ApiProperty({ type: CostRuleView }) costRule: CostRule;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) carrierMap: Record<
    string,
    string
  >;
  @ApiProperty() acceptNewOrders: boolean;
  @ApiProperty() currency: string;
  @ApiProperty() connectedAt: string;
  @ApiProperty({ description: 'The caller may change it (company admins)' }) canManage: boolean;
}

/** GET /api/integrations. */
export class SourceConnectionsView {
  @ApiProperty({ type: [SourceConnectionView] }) connections: SourceConnectionView[];
  @ApiProperty({ type: [String], description: 'Kinds of source the company can connect' })
  available: string[];
}

export class CandidateView {
  @ApiProperty() orderId: string;
  @ApiProperty() displayId: string;
}

export class AttentionItemView implements AttentionItem {
  @ApiProperty() id: string;
  @ApiProperty() connectionId: string;
  @ApiProperty({ enum: ['HELD', 'ALERT'] }) kind: 'HELD' | 'ALERT';
  @ApiProperty() source: string;
  @ApiProperty(nullableString) reason: string | null;
  @ApiProperty(nullableString) reasonText: string | null;
  @ApiProperty(nullableString) sourceRef: string | null;
  @ApiProperty() externalId: string;
  @ApiProperty() trackingNumber: string;
  @ApiProperty(nullableString) carrier: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'Minor units of currency' }) cost: number | null;
  @ApiProperty() currency: string;
  @ApiProperty({ type: [CandidateView] }) candidates: CandidateView[];
  @ApiProperty(nullableString) orderUrl: string | null;
  @ApiProperty() createdAt: string;
}

/** GET /api/integrations/attention. */
export class AttentionView {
  @ApiProperty({ type: [AttentionItemView] }) items: AttentionItemView[];
}

export class StillHeldView {
  @ApiProperty() id: string;
  @ApiProperty() reasonText: string;
}

/** POST /api/integrations/attention/send. */
export class SendOutcomeView implements ReleaseOutcome {
  @ApiProperty() sent: number;
  @ApiProperty() held: number;
  @ApiProperty() dropped: number;
  @ApiProperty({ type: [StillHeldView] }) stillHeld: StillHeldView[];
  @ApiProperty({ type: [String] }) uploadIds: string[];
}

/** POST /api/integrations/attention/dismiss. */
export class DismissedView {
  @ApiProperty() dismissed: number;
}

/** POST /api/hooks/shipstation/:token. */
export class HookAnswerView {
  @ApiProperty({ enum: [true] }) ok: true;
  @ApiProperty({ description: 'The delivery was queued for reading' }) queued: boolean;
}
