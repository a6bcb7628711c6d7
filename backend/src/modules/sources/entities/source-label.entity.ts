import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * WAITING: in its grace period; HELD: in "Needs attention" (`reason`); SENT: handed to the shipments
 * intake (`upload_id`); DROPPED: its Faire order is canceled or delivered; DISMISSED: by an admin;
 * VOIDED: voided before it was sent; ALREADY_ON_FAIRE: its tracking number was already on the order
 * (nothing sent); IGNORED: printed long before the connection, or its order shipped or closed since.
 */
export type LabelState =
  'WAITING' | 'HELD' | 'SENT' | 'DROPPED' | 'DISMISSED' | 'VOIDED' | 'ALREADY_ON_FAIRE' | 'IGNORED';

/** What a label says about its order: the fields a Faire order id may be written in. */
export interface OrderRefs {
  orderNumber?: string | null;
  orderKey?: string | null;
  customField1?: string | null;
  customField2?: string | null;
  customField3?: string | null;
}

/** An order a held label may belong to. */
export interface Candidate {
  orderId: string;
  displayId: string;
}

/**
 * One label (or fulfilment) a source reported, once per connection, kind and source id, whatever
 * number of webhooks and polls reported it. Migration 1764300002300.
 */
@Entity('source_labels')
export class SourceLabel {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'connection_id', type: 'uuid' })
  connectionId: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  kind: 'LABEL' | 'FULFILLMENT';

  @Column({ name: 'external_id', type: 'text' })
  externalId: string;

  @Column({ name: 'order_refs', type: 'jsonb', default: () => "'{}'" })
  orderRefs: OrderRefs;

  @Column({ name: 'tracking_number', type: 'text' })
  trackingNumber: string;

  @Column({ name: 'carrier_code', type: 'text', nullable: true })
  carrierCode: string | null;

  /** Label cost plus insurance, in minor units of the connection's currency (null: the source gave none). */
  @Column({ name: 'cost_cents', type: 'integer', nullable: true })
  costCents: number | null;

  @Column({ name: 'ship_date', type: 'date', nullable: true })
  shipDate: string | null;

  @Column({ name: 'label_created_at', type: 'timestamptz', nullable: true })
  labelCreatedAt: Date | null;

  @Column({ type: 'boolean', default: false })
  voided: boolean;

  @Column({ name: 'first_seen_at', type: 'timestamptz', default: () => 'now()' })
  firstSeenAt: Date;

  /** The end of its grace period. */
  @Column({ name: 'due_at', type: 'timestamptz' })
  dueAt: Date;

  @Column({ type: 'text', default: 'WAITING' })
  state: LabelState;

  /** Why it is held or dropped (a code), and the same in words. */
  @Column({ type: 'text', nullable: true })
  reason: string | null;

  @Column({ name: 'reason_text', type: 'text', nullable: true })
  reasonText: string | null;

  @Column({ type: 'jsonb', default: () => "'[]'" })
  candidates: Candidate[];

  @Column({ name: 'faire_order_id', type: 'text', nullable: true })
  faireOrderId: string | null;

  @Column({ name: 'upload_id', type: 'uuid', nullable: true })
  uploadId: string | null;

  /** Something went wrong after it was sent (VOIDED_AFTER_SEND): an alert until dismissed. */
  @Column({ type: 'text', nullable: true })
  alert: string | null;

  @Column({ name: 'alert_at', type: 'timestamptz', nullable: true })
  alertAt: Date | null;

  @Column({ name: 'decided_at', type: 'timestamptz', nullable: true })
  decidedAt: Date | null;

  /** The source's own id of the label's order (ShipStation `orderId`, Shopify's order id). */
  @Column({ name: 'source_order_id', type: 'text', nullable: true })
  sourceOrderId: string | null;

  /** When the source's order was read for the references it holds (ShipStation's custom fields). */
  @Column({ name: 'refs_read_at', type: 'timestamptz', nullable: true })
  refsReadAt: Date | null;

  /** When the Faire orders it names, not synced here, were last asked of Faire. */
  @Column({ name: 'looked_up_at', type: 'timestamptz', nullable: true })
  lookedUpAt: Date | null;

  /** When a label held for its order's sake is decided again (null: not scheduled). */
  @Column({ name: 'recheck_at', type: 'timestamptz', nullable: true })
  recheckAt: Date | null;

  /** The cost the connection's rule gives it, when held (shown and offered in its review). */
  @Column({ name: 'proposed_cost_cents', type: 'integer', nullable: true })
  proposedCostCents: number | null;

  /** How many times it was decided again (the next recheck waits longer). */
  @Column({ type: 'integer', default: 0 })
  checks: number;
}
