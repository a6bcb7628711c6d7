import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

export type DeliveryStatus = 'PENDING' | 'DELIVERED' | 'FAILED';

/**
 * One event for one endpoint (decision 0068), once per endpoint, event, object and state: its body,
 * its tries and the last answer. Its id is the `webhook-id` header, the same on every try.
 * Migration 1764300006400.
 */
@Entity('webhook_deliveries')
export class WebhookDelivery {
  @PrimaryGeneratedColumn('uuid')
  id: string;

  @Column({ name: 'endpoint_id', type: 'uuid' })
  endpointId: string;

  @Column({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ type: 'text' })
  event: string;

  /** The shipment's or the label's id (a fresh id for a test event). */
  @Column({ name: 'object_id', type: 'text' })
  objectId: string;

  /** The state it reached (SUCCESS, ORDER_NOT_FOUND, HELD, ...): one delivery per state. */
  @Column({ name: 'object_state', type: 'text' })
  objectState: string;

  /** The body sent, `{type, timestamp, data}`, the same on every try. */
  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @Column({ type: 'text', default: 'PENDING' })
  status: DeliveryStatus;

  @Column({ type: 'integer', default: 0 })
  attempts: number;

  @Column({ name: 'next_attempt_at', type: 'timestamptz', nullable: true })
  nextAttemptAt: Date | null;

  /** A sender holds it until then (a killed sender's hold lapses). */
  @Column({ name: 'locked_until', type: 'timestamptz', nullable: true })
  lockedUntil: Date | null;

  @Column({ name: 'first_attempt_at', type: 'timestamptz', nullable: true })
  firstAttemptAt: Date | null;

  @Column({ name: 'last_attempt_at', type: 'timestamptz', nullable: true })
  lastAttemptAt: Date | null;

  @Column({ name: 'last_status', type: 'integer', nullable: true })
  lastStatus: number | null;

  /** The start of the last answer's body, cleaned and cut short. */
  @Column({ name: 'last_response', type: 'text', nullable: true })
  lastResponse: string | null;

  /** Why the last try failed, in words (no answer, refused address, ...). */
  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'created_at', type: 'timestamptz', default: () => 'now()' })
  createdAt: Date;

  @Column({ name: 'delivered_at', type: 'timestamptz', nullable: true })
  deliveredAt: Date | null;
}
