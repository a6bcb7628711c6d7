import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One call to Faire for a shipment and what came of it. Migration 1764100000003. */
@Entity('shipment_attempts')
export class ShipmentAttempt {
  /** bigserial: read as a string. */
  @PrimaryGeneratedColumn('increment', { type: 'bigint' })
  id: string;

  @Column({ name: 'shipment_id', type: 'uuid' })
  shipmentId: string;

  @Column({ name: 'started_at', type: 'timestamptz', default: () => 'now()' })
  startedAt: Date;

  @Column({ name: 'finished_at', type: 'timestamptz', nullable: true })
  finishedAt: Date | null;

  @Column({ type: 'text' })
  outcome: string;

  @Column({ name: 'http_status', type: 'integer', nullable: true })
  httpStatus: number | null;

  @Column({ type: 'text', nullable: true })
  message: string | null;

  @Column({ name: 'marketplace_answer', type: 'jsonb', nullable: true })
  marketplaceAnswer: unknown;
}
