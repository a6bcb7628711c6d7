import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders list (GET /api/orders with search, filters, sort and pages) reads one company's open orders:
 * one partial index per sort key (expected ship date, created, amount), each ending in id so a page is a
 * stable slice, and trigram indexes (pg_trgm, created by the first migration) for substring search on the
 * order id, display id and customer name.
 */
export class OrdersList1764200000600 implements MigrationInterface {
  name = 'OrdersList1764200000600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `CREATE INDEX orders_open_expected ON orders (company_id, expected_ship_date, id) WHERE is_open`,
    );
    await q.query(
      `CREATE INDEX orders_open_created ON orders (company_id, faire_created_at, id) WHERE is_open`,
    );
    await q.query(`CREATE INDEX orders_open_amount ON orders (company_id, total_cents, id) WHERE is_open`);
    await q.query(`CREATE INDEX orders_faire_id_trgm ON orders USING gin (faire_order_id gin_trgm_ops)`);
    await q.query(`CREATE INDEX orders_display_id_trgm ON orders USING gin (display_id gin_trgm_ops)`);
    await q.query(`CREATE INDEX orders_customer_trgm ON orders USING gin (customer_name gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const i of [
      'orders_customer_trgm',
      'orders_display_id_trgm',
      'orders_faire_id_trgm',
      'orders_open_amount',
      'orders_open_created',
      'orders_open_expected',
    ])
      await q.query(`DROP INDEX IF EXISTS ${i}`);
  }
}
