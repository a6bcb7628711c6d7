import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `shipments.queued_at`: set once a row's job is in the queue. A row is committed PENDING before its
 * job exists (decision 0006); a process that dies between the commit and the enqueue leaves rows with
 * no job and `queued_at` NULL, which the recovery sweep now finds within a minute instead of waiting
 * SHIPMENT_RECOVERY_AFTER_MS (decision 0016). Rows that exist already count as queued.
 */
export class ShipmentQueuedAt1764200000500 implements MigrationInterface {
  name = 'ShipmentQueuedAt1764200000500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shipments ADD COLUMN queued_at timestamptz`);
    await q.query(`UPDATE shipments SET queued_at = updated_at WHERE status = 'PENDING'`);
    await q.query(
      `CREATE INDEX shipments_unqueued ON shipments (updated_at) WHERE status = 'PENDING' AND queued_at IS NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS shipments_unqueued');
    await q.query('ALTER TABLE shipments DROP COLUMN IF EXISTS queued_at');
  }
}
