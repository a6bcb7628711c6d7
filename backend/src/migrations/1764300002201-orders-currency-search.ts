import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Orders as Faire recorded them (decision 0030).
 * - `orders.currency`: the currency of the order's amounts (Faire's `ExternalMoneyV2.currency`), so an
 *   order is shown in the currency it was recorded in, also once the company disconnects Faire (the
 *   order pages used the live connection's and fell back to USD). Existing orders take their company's
 *   connection's currency, which their amounts were synced in; orders of a company without one keep NULL.
 * - `search_text` gains the tracking number, so the orders search finds an order by it. A generated
 *   column cannot change its expression: it is dropped and added again, with its two indexes.
 */
export class OrdersCurrencySearch1764300002201 implements MigrationInterface {
  name = 'OrdersCurrencySearch1764300002201';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders ADD COLUMN currency varchar(3)`);
    await q.query(`UPDATE orders o SET currency = mc.currency
                     FROM marketplace_connections mc WHERE mc.company_id = o.company_id`);
    await this.searchText(q, `coalesce(customer_name, '') || E'\\n' || coalesce(tracking_number, '')`);
  }

  async down(q: QueryRunner): Promise<void> {
    await this.searchText(q, `coalesce(customer_name, '')`);
    await q.query(`ALTER TABLE orders DROP COLUMN IF EXISTS currency`);
  }

  private async searchText(q: QueryRunner, tail: string): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_open_bigrams`);
    await q.query(`DROP INDEX IF EXISTS orders_search_trgm`);
    await q.query(`ALTER TABLE orders DROP COLUMN search_text`);
    await q.query(`ALTER TABLE orders ADD COLUMN search_text text GENERATED ALWAYS AS
      (lower(faire_order_id || E'\\n' || display_id || E'\\n' || ${tail})) STORED`);
    await q.query(`CREATE INDEX orders_search_trgm ON orders USING gin (search_text gin_trgm_ops)`);
    await q.query(
      `CREATE INDEX orders_open_bigrams ON orders USING gin (company_id, orders_search_bigrams(search_text)) WHERE is_open`,
    );
  }
}
