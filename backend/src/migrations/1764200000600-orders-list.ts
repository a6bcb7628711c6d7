import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders list (GET /api/orders with search, filters, sort and pages) reads one company's open orders.
 * - One partial index per sort key and direction (expected ship date, created, amount; missing values
 *   last both ways), each ending in id so a page is a stable slice.
 * - `search_text`: the order id, display id and customer name, lowercased, in one generated column with
 *   one trigram index (pg_trgm, created by the first migration), for substring search; a search shorter
 *   than a trigram reads the precomputed text instead of lowercasing three columns per row.
 */
export class OrdersList1764200000600 implements MigrationInterface {
  name = 'OrdersList1764200000600';

  async up(q: QueryRunner): Promise<void> {
    for (const [key, column] of [
      ['expected', 'expected_ship_date'],
      ['created', 'faire_created_at'],
      ['amount', 'total_cents'],
    ]) {
      await q.query(`CREATE INDEX orders_open_${key} ON orders (company_id, ${column}, id) WHERE is_open`);
      await q.query(
        `CREATE INDEX orders_open_${key}_desc ON orders (company_id, ${column} DESC NULLS LAST, id DESC) WHERE is_open`,
      );
    }
    await q.query(`ALTER TABLE orders ADD COLUMN search_text text GENERATED ALWAYS AS
      (lower(faire_order_id || E'\\n' || display_id || E'\\n' || coalesce(customer_name, ''))) STORED`);
    await q.query(`CREATE INDEX orders_search_trgm ON orders USING gin (search_text gin_trgm_ops)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_search_trgm`);
    await q.query(`ALTER TABLE orders DROP COLUMN IF EXISTS search_text`);
    for (const key of ['expected', 'created', 'amount']) {
      await q.query(`DROP INDEX IF EXISTS orders_open_${key}_desc`);
      await q.query(`DROP INDEX IF EXISTS orders_open_${key}`);
    }
  }
}
