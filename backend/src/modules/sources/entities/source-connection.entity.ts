import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type SourceMode = 'AUTO' | 'REVIEW';

/**
 * How a label's cost is found: the label's own, a flat amount when the label has none, or always flat;
 * for sources without a label cost (Shopify, decision 0049) also an amount per Faire carrier, or a share
 * of the Faire order's subtotal with a minimum (the label's own cost first, when it has one).
 */
export type CostRule =
  | { kind: 'LABEL' }
  | { kind: 'LABEL_OR_FLAT'; flatCents: number }
  | { kind: 'FLAT'; flatCents: number }
  | { kind: 'PER_CARRIER'; carrierCents: Record<string, number>; otherCents: number | null }
  | { kind: 'SHARE'; basisPoints: number; minCents: number };

/**
 * A company's connection to a source of shipments (ShipStation, ...), made by its admin (decision 0034).
 * Credentials are sealed with the company id; the webhook URL's token is stored only as its hash.
 * Migration 1764300002300.
 */
@Entity('source_connections')
export class SourceConnection {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  kind: string;

  @Column({ name: 'credentials_ciphertext', type: 'text' })
  credentialsCiphertext: string;

  @Column({ name: 'hook_token_hash', type: 'text' })
  hookTokenHash: string;

  /** The source's ids of the webhooks subscribed for this connection (unsubscribed on disconnect). */
  @Column({ name: 'webhook_ids', type: 'jsonb', default: () => "'[]'" })
  webhookIds: string[];

  @Column({ type: 'boolean', default: false })
  paused: boolean;

  /** Why the source refuses us, in words (null: working). */
  @Column({ name: 'failing_reason', type: 'text', nullable: true })
  failingReason: string | null;

  /** Failed syncs in a row (a rate-limit storm or an outage becomes "failing" after a few). */
  @Column({ type: 'integer', default: 0 })
  failures: number;

  @Column({ type: 'text', default: 'AUTO' })
  mode: SourceMode;

  @Column({ name: 'cost_rule', type: 'jsonb', default: () => `'{"kind":"LABEL"}'` })
  costRule: CostRule;

  /** The source's carrier code -> Faire's carrier, over the built-in map. */
  @Column({ name: 'carrier_map', type: 'jsonb', default: () => "'{}'" })
  carrierMap: Record<string, string>;

  @Column({ name: 'accept_new_orders', type: 'boolean', default: false })
  acceptNewOrders: boolean;

  /** The currency the source's costs are in (ISO 4217). */
  @Column({ type: 'varchar', length: 3, default: 'USD' })
  currency: string;

  /** The newest label creation time a complete poll has seen. */
  @Column({ name: 'high_water_mark', type: 'timestamptz', nullable: true })
  highWaterMark: Date | null;

  /** The end of the last successful sync (poll or webhook read). */
  @Column({ name: 'last_sync_at', type: 'timestamptz', nullable: true })
  lastSyncAt: Date | null;

  @Column({ name: 'last_poll_at', type: 'timestamptz', nullable: true })
  lastPollAt: Date | null;

  /** Where the poll of voided labels (by void date) resumes; null: from the connection's creation. */
  @Column({ name: 'void_mark', type: 'timestamptz', nullable: true })
  voidMark: Date | null;

  /** Why the source's webhooks could not be subscribed (shown on the connection; retried by the poll). */
  @Column({ name: 'webhook_problem', type: 'text', nullable: true })
  webhookProblem: string | null;

  /** When the source said the connection is gone (Shopify: the app was uninstalled); it is then paused too. */
  @Column({ name: 'disconnected_at', type: 'timestamptz', nullable: true })
  disconnectedAt: Date | null;

  @Column({ name: 'connected_by', type: 'uuid', nullable: true })
  connectedBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  /** When it was last connected (a reconnect included): labels made before it wait for a person. */
  @Column({ name: 'connected_at', type: 'timestamptz', default: () => 'now()' })
  connectedAt: Date;

  /** A label whose own cost is 0 is sent at 0 (otherwise it waits with "No cost on the label"). */
  @Column({ name: 'send_zero_cost', type: 'boolean', default: false })
  sendZeroCost: boolean;

  /** Store mode (decision 0071): the store URL's random id, its username and password hash; null: off. */
  @Column({ name: 'store_id', type: 'text', nullable: true })
  storeId: string | null;

  @Column({ name: 'store_username', type: 'text', nullable: true })
  storeUsername: string | null;

  @Column({ name: 'store_password_hash', type: 'text', nullable: true })
  storePasswordHash: string | null;

  @Column({ name: 'store_enabled_at', type: 'timestamptz', nullable: true })
  storeEnabledAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
