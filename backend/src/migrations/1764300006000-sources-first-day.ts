import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sources on a brand's first day (decision 0065):
 * - `source_labels.source_order_id`: the source's own id of the label's order (ShipStation `orderId`,
 *   Shopify's order id), so custom fields can be read from the order and a fresh read can name it;
 *   `refs_read_at`: when the source's order was read for them.
 * - `looked_up_at`: when the Faire orders a label names, unknown here, were last asked of Faire.
 * - `recheck_at` / `checks`: a held label whose hold depends on its Faire order (no order found, a NEW
 *   order, a closed one, Faire not connected, printed before the connection) is decided again at
 *   `recheck_at`, and whenever the company's orders were synced since it was decided.
 * - states `ALREADY_ON_FAIRE` (its tracking number was already on the order: nothing to send) and
 *   `IGNORED` (printed more than 7 days before the connection, or its order shipped or closed since).
 * - `source_connections.void_mark`: where the poll of voided labels (by void date) resumes;
 *   `webhook_problem`: why webhook subscriptions could not be made (shown on the connection, retried).
 * - `source_events.refused_at` / `refusal`: a delivery whose resource the source refused is kept with
 *   the refusal and not read again.
 * - `orders (company_id, fetched_at)`: the newest sync of a company's orders, read by each tick.
 */
export class SourcesFirstDay1764300006000 implements MigrationInterface {
  name = 'SourcesFirstDay1764300006000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE source_labels
      ADD COLUMN source_order_id text,
      ADD COLUMN refs_read_at timestamptz,
      ADD COLUMN looked_up_at timestamptz,
      ADD COLUMN recheck_at timestamptz,
      ADD COLUMN checks integer NOT NULL DEFAULT 0`);
    await q.query('ALTER TABLE source_labels DROP CONSTRAINT IF EXISTS source_labels_state_check');
    await q.query(`ALTER TABLE source_labels ADD CONSTRAINT source_labels_state_check
      CHECK (state IN ('WAITING', 'HELD', 'SENT', 'DROPPED', 'DISMISSED', 'VOIDED', 'ALREADY_ON_FAIRE', 'IGNORED'))`);
    await q.query(
      `CREATE INDEX source_labels_recheck ON source_labels (connection_id, recheck_at) WHERE recheck_at IS NOT NULL`,
    );
    await q.query(`ALTER TABLE source_connections
      ADD COLUMN void_mark timestamptz,
      ADD COLUMN webhook_problem text`);
    await q.query(`ALTER TABLE source_events
      ADD COLUMN refused_at timestamptz,
      ADD COLUMN refusal text`);
    await q.query('CREATE INDEX orders_company_fetched ON orders (company_id, fetched_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS orders_company_fetched');
    await q.query('ALTER TABLE source_events DROP COLUMN refused_at, DROP COLUMN refusal');
    await q.query('ALTER TABLE source_connections DROP COLUMN void_mark, DROP COLUMN webhook_problem');
    await q.query('DROP INDEX IF EXISTS source_labels_recheck');
    await q.query(
      `UPDATE source_labels SET state = 'DISMISSED' WHERE state IN ('ALREADY_ON_FAIRE', 'IGNORED')`,
    );
    await q.query('ALTER TABLE source_labels DROP CONSTRAINT IF EXISTS source_labels_state_check');
    await q.query(`ALTER TABLE source_labels ADD CONSTRAINT source_labels_state_check
      CHECK (state IN ('WAITING', 'HELD', 'SENT', 'DROPPED', 'DISMISSED', 'VOIDED'))`);
    await q.query(`ALTER TABLE source_labels
      DROP COLUMN source_order_id, DROP COLUMN refs_read_at, DROP COLUMN looked_up_at,
      DROP COLUMN recheck_at, DROP COLUMN checks`);
  }
}
