import { Column, Entity, PrimaryColumn } from 'typeorm';

/** Where a company's order sync stands: its last success, high-water mark and last error. Migration 1764100000003. */
@Entity('order_sync_state')
export class OrderSyncState {
  @PrimaryColumn({ name: 'company_id', type: 'uuid' })
  companyId: string;

  @Column({ name: 'last_success_at', type: 'timestamptz', nullable: true })
  lastSuccessAt: Date | null;

  /** The latest `updated_at` of an order seen: the next partial sync starts a little before it. */
  @Column({ name: 'high_water_mark', type: 'timestamptz', nullable: true })
  highWaterMark: Date | null;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError: string | null;

  @Column({ name: 'last_error_at', type: 'timestamptz', nullable: true })
  lastErrorAt: Date | null;

  /** When a sync last stored orders, taken after they committed (migration 1764300006310). */
  @Column({ name: 'orders_stored_at', type: 'timestamptz', nullable: true })
  ordersStoredAt: Date | null;

  @Column({ name: 'updated_at', type: 'timestamptz', default: () => 'now()' })
  updatedAt: Date;
}
