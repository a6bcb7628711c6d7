import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the worker knows of a brand's Faire orders without reading them one by one (decision 0040):
 * `faire_order_states` keeps each order as Faire last answered it (a page of the brand's order list, a
 * create's answer or a single read) with `seen_at`, the database time it was known to be current;
 * `faire_brand_reads` says when the brand's orders were last read as a delta (`read_at`, database time
 * when the read began) and up to which Faire `updated_at` (`high_water`, where the next delta starts).
 * `shipments_order_tried` finds the rows of an order that were ever put in flight, to know whether a
 * create may have reached Faire after an order's state was read.
 */
export class FaireOrderStates1764300002500 implements MigrationInterface {
  name = 'FaireOrderStates1764300002500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE faire_brand_reads (
      brand_id text PRIMARY KEY,
      read_at timestamptz NOT NULL,
      high_water timestamptz
    )`);
    await q.query(`CREATE TABLE faire_order_states (
      brand_id text NOT NULL,
      order_id text NOT NULL,
      faire_updated_at timestamptz NOT NULL,
      seen_at timestamptz NOT NULL,
      body jsonb NOT NULL,
      PRIMARY KEY (brand_id, order_id)
    )`);
    await q.query(`CREATE INDEX faire_order_states_seen ON faire_order_states (brand_id, seen_at)`);
    await q.query(`CREATE INDEX shipments_order_tried ON shipments (order_id) WHERE attempts > 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS shipments_order_tried`);
    await q.query(`DROP TABLE IF EXISTS faire_order_states`);
    await q.query(`DROP TABLE IF EXISTS faire_brand_reads`);
  }
}
