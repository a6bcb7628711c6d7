import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * When a sync last stored orders, written after they committed (decision 0065): a label decided from
 * facts read while a sync's writes were still in flight is decided again when it is compared with this
 * mark, which a timestamp written inside those writes (`orders.fetched_at`) cannot promise.
 */
export class OrdersStoredMark1764300006310 implements MigrationInterface {
  name = 'OrdersStoredMark1764300006310';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE order_sync_state ADD COLUMN orders_stored_at timestamptz');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE order_sync_state DROP COLUMN IF EXISTS orders_stored_at');
  }
}
