import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import type { CostRule } from './entities/source-connection.entity.js';

const nullableString = { type: String, nullable: true } as const;

/** Something went wrong with an item after it reached Faire (a void, a cancellation). */
export class ConnectionAlertView {
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

/** Today's items of a connection (UTC), by what became of them, and when the next waiting one goes. */
export class ReceivedTodayView {
  @ApiProperty({ description: 'Items first seen today, and every item still waiting' }) total: number;
  @ApiProperty({ description: 'In their grace period: shown, not sent yet' }) waiting: number;
  @ApiProperty({ description: 'Handed to Faire as new shipments' }) sent: number;
  @ApiProperty({ description: 'Their tracking number was on the order already' }) alreadyOnFaire: number;
  @ApiProperty({ description: 'Waiting for a person in Needs attention' }) held: number;
  @ApiProperty({ description: 'Voided or cancelled at the source before they were sent' }) voided: number;
  @ApiProperty({ type: String, nullable: true, description: 'When the next waiting item is decided' })
  nextSendAt: string | null;
}

/** A source connection as the Integrations card shows it (no credentials). */
/** ShipStation's store mode as the card shows it (the password is never shown again). */
export class StoreModeView {
  @ApiProperty({ description: "The URL to give ShipStation's Custom Store" }) url: string;
  @ApiProperty() username: string;
  @ApiProperty() enabledAt: string;
}

/** POST /api/integrations/shipstation/store: the password, in this answer only. */
export class StoreCredentialsView {
  @ApiProperty() url: string;
  @ApiProperty() username: string;
  @ApiProperty({ description: 'Shown once: only its hash is kept' }) password: string;
}

/** What the ShipStation store's ship notice did. */
export class StoreNoticeView {
  @ApiProperty({ description: 'The notice was taken (a repeat is taken too, and changes nothing)' })
  ok: boolean;
}

export class SourceConnectionView {
  @ApiProperty() id: string;
  @ApiProperty({ example: 'SHIPSTATION' }) kind: string;
  @ApiProperty() name: string;
  @ApiProperty({ enum: ['CONNECTED', 'FAILING', 'PAUSED', 'DISCONNECTED'] })
  status: 'CONNECTED' | 'FAILING' | 'PAUSED' | 'DISCONNECTED';
  @ApiProperty(nullableString) statusReason: string | null;
  @ApiProperty({
    ...nullableString,
    description: 'Why the webhooks could not be subscribed (items then arrive with the poll); retried',
  })
  webhookProblem: string | null;
  @ApiProperty(nullableString) lastSyncAt: string | null;
  @ApiProperty({ enum: ['AUTO', 'REVIEW'] }) mode: 'AUTO' | 'REVIEW';
  @ApiProperty({ description: 'New Faire shipments it made today (UTC), each counted once' })
  sentToday: number;
  @ApiProperty({ description: 'Of those, the ones no person sent: arrived on their own' })
  arrivedToday: number;
  @ApiProperty({ type: ReceivedTodayView }) received: ReceivedTodayView;
  @ApiProperty({ type: [ConnectionAlertView] }) alerts: ConnectionAlertView[];
  @ApiProperty({ type: CostRuleView }) costRule: CostRule;
  @ApiProperty({ type: 'object', additionalProperties: { type: 'string' } }) carrierMap: Record<
    string,
    string
  >;
  @ApiProperty() acceptNewOrders: boolean;
  @ApiProperty({ description: 'A label whose own cost is 0 is sent at 0 (else it waits for a cost)' })
  sendZeroCost: boolean;
  @ApiProperty({
    type: StoreModeView,
    nullable: true,
    description: 'ShipStation store mode (Custom Store), when on',
  })
  store: StoreModeView | null;
  @ApiProperty() currency: string;
  @ApiProperty({ description: 'When it was last connected' }) connectedAt: string;
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

/** An item of "Needs attention": held for a person, or an alert about one already on Faire. */
export class AttentionItemView {
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
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'The source’s own cost, minor units of currency',
  })
  cost: number | null;
  @ApiProperty({
    type: Number,
    nullable: true,
    description: 'What the cost rule gives it, minor units of the brand’s currency (offered in its review)',
  })
  ruleCost: number | null;
  @ApiProperty() currency: string;
  @ApiProperty({ type: [CandidateView] }) candidates: CandidateView[];
  @ApiProperty(nullableString) orderUrl: string | null;
  @ApiProperty() createdAt: string;
}

/** An item in its grace period: shown at once, sent when the grace ends unless a person acts. */
export class WaitingItemView {
  @ApiProperty() id: string;
  @ApiProperty() connectionId: string;
  @ApiProperty({ example: 'SHIPSTATION' }) source: string;
  @ApiProperty({ example: 'ShipStation' }) sourceName: string;
  @ApiProperty({ example: 'label', description: 'What the source calls it: label, fulfilment' })
  itemWord: string;
  @ApiProperty(nullableString) sourceRef: string | null;
  @ApiProperty() trackingNumber: string;
  @ApiProperty(nullableString) carrier: string | null;
  @ApiProperty({ type: Number, nullable: true, description: 'The source’s own cost, minor units' })
  cost: number | null;
  @ApiProperty() currency: string;
  @ApiProperty({ description: 'When it is decided (and sent, when nothing holds it)' }) sendAt: string;
  @ApiProperty() receivedAt: string;
}

/** GET /api/integrations/waiting. */
export class WaitingView {
  @ApiProperty({ type: [WaitingItemView] }) items: WaitingItemView[];
}

/** GET /api/integrations/attention. */
export class AttentionView {
  @ApiProperty({ type: [AttentionItemView] }) items: AttentionItemView[];
}

export class StillHeldView {
  @ApiProperty() id: string;
  @ApiProperty() reasonText: string;
}

/**
 * What became of the labels decided, each Faire shipment counted once (decision 0066): the answer to the
 * items a person sent ("Send to Faire", "Send now"), and what a release job settles.
 */
export class ReleaseOutcomeView {
  /** New Faire shipments (made, or on their way). */
  @ApiProperty({ description: 'New Faire shipments' }) sent: number;
  /** Labels whose tracking number was already on the order: nothing new reached Faire. */
  @ApiProperty({ description: 'Already on the order: nothing new reached Faire' }) alreadyOnFaire: number;
  @ApiProperty() held: number;
  @ApiProperty() dropped: number;
  /** Voided or cancelled at the source before they were sent: never sent. */
  @ApiProperty({ description: 'Voided or cancelled at the source: never sent' }) voided: number;
  /** The labels still held after a person's send, with their reason. */
  @ApiProperty({ type: [StillHeldView] }) stillHeld: StillHeldView[];
}

/** POST /api/integrations/attention/send. */
export class SendOutcomeView extends ReleaseOutcomeView {
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
