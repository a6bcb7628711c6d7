import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The orders list's totals without reading every open order of the company (decision 0023). A page is
 * found by walking a sort index; its total is a count of every match, and two filters could not narrow
 * that count through an index: a two-letter search (too short for a trigram) and "problem" (depends on
 * "now"), so both read all 50,000 rows of a big company.
 * - `problem_since`: when an open order's late clock started, by the late rules (late-rules.ts): created
 *   for NEW, processing (else created) for PROCESSING without tracking, the shipment's creation for
 *   PRE_TRANSIT and IN_TRANSIT, none otherwise. A problem order is one older than its state's threshold:
 *   per state a range of (company, state, problem_since), counted from the index alone.
 * - `orders_search_bigrams(search_text)`: every two-letter piece of the search text, in a GIN index with
 *   the company (btree_gin, a contrib extension like pg_trgm): a two-letter search finds its orders there.
 */
/**
 * The expression of `problem_since` as this migration writes it: the late clocks' table in SQL
 * (`problemSinceSql`, late-rules.ts). late-rules.spec.ts fails when the two part; a change to the table
 * then needs a migration that recreates the column from `problemSinceSql()`, and the spec reads that one.
 */
export const PROBLEM_SINCE = `CASE state
        WHEN 'NEW' THEN faire_created_at
        WHEN 'PROCESSING' THEN CASE WHEN coalesce(tracking_number, '') = '' THEN coalesce(processing_at, faire_created_at) END
        WHEN 'PRE_TRANSIT' THEN shipment_created_at
        WHEN 'IN_TRANSIT' THEN shipment_created_at END`;

export class OrdersListCounts1764200000700 implements MigrationInterface {
  name = 'OrdersListCounts1764200000700';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE orders ADD COLUMN problem_since timestamptz GENERATED ALWAYS AS (${PROBLEM_SINCE}) STORED`,
    );
    await q.query(
      `CREATE INDEX orders_open_problem ON orders (company_id, state, problem_since) WHERE is_open`,
    );
    await q.query(`CREATE EXTENSION IF NOT EXISTS btree_gin`);
    await q.query(`CREATE FUNCTION orders_search_bigrams(t text) RETURNS text[]
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT ARRAY(SELECT substr(t, i, 2) FROM generate_series(1, length(t) - 1) i) $$`);
    await q.query(
      `CREATE INDEX orders_open_bigrams ON orders USING gin (company_id, orders_search_bigrams(search_text)) WHERE is_open`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS orders_open_bigrams`);
    await q.query(`DROP FUNCTION IF EXISTS orders_search_bigrams(text)`);
    await q.query(`DROP INDEX IF EXISTS orders_open_problem`);
    await q.query(`ALTER TABLE orders DROP COLUMN IF EXISTS problem_since`);
  }
}
