import { Column, Entity, PrimaryColumn } from 'typeorm';

/** The events an endpoint may ask for (decision 0068). */
export const WEBHOOK_EVENTS = ['shipment.succeeded', 'shipment.failed', 'attention.created'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** `bigint` columns read as numbers (microseconds since 1970 stay below 2^53 until the year 2255). */
const micros = { to: (v: number) => v, from: (v: string | null) => (v == null ? v : Number(v)) };

/**
 * A company's webhook endpoint (decision 0068): its URL and events, its signing secret sealed with the
 * SecretBox (bound to the endpoint's id), and the scan's cursors. Migration 1764300006400.
 */
@Entity('webhook_endpoints')
export class WebhookEndpoint {
  @PrimaryColumn('uuid')
  id: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  url: string;

  @Column({ type: 'text', array: true })
  events: WebhookEvent[];

  @Column({ type: 'boolean', default: true })
  enabled: boolean;

  /** `whsec_...` sealed by the SecretBox with the endpoint's id as its owner; never in an answer. */
  @Column({ name: 'secret_ciphertext', type: 'text' })
  secretCiphertext: string;

  @Column({ name: 'created_by', type: 'uuid', nullable: true })
  createdBy: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;

  /** Events from this moment on are told (it was created or turned on then), in microseconds. */
  @Column({ name: 'since_us', type: 'bigint', transformer: micros })
  sinceUs: number;

  /** The last shipment change the scan has read, in microseconds. */
  @Column({ name: 'shipments_cursor_us', type: 'bigint', transformer: micros })
  shipmentsCursorUs: number;

  /** The last label held for attention the scan has read, in microseconds. */
  @Column({ name: 'attention_cursor_us', type: 'bigint', transformer: micros })
  attentionCursorUs: number;

  /** Since when every try has failed (null after a success): a day of it turns the endpoint off. */
  @Column({ name: 'failing_since', type: 'timestamptz', nullable: true })
  failingSince: Date | null;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;

  @Column({ name: 'disabled_at', type: 'timestamptz', nullable: true })
  disabledAt: Date | null;

  /** Why the product turned it off (null when a person did, or while it is on). */
  @Column({ name: 'disabled_reason', type: 'text', nullable: true })
  disabledReason: string | null;
}
