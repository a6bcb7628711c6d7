import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * How a company's files are read when a file does not say (decision 0030).
 * - `company_date_orders`: the date order (day first or month first) the company's last file that
 *   settled it was read in, for the next file whose dates all read both ways. One row per company.
 * - `marketplace_connections.locale`: the Faire brand's locale (its profile's `locale`, read at connect),
 *   whose order is used when the company has no remembered order. Connections made before keep NULL
 *   (read as the template's month-first order) until the brand is connected again.
 */
export class FileReading1764300002200 implements MigrationInterface {
  name = 'FileReading1764300002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE company_date_orders (
        company_id uuid PRIMARY KEY REFERENCES companies(id) ON DELETE CASCADE,
        date_order text NOT NULL CHECK (date_order IN ('day-first', 'month-first')),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`ALTER TABLE marketplace_connections ADD COLUMN locale text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE marketplace_connections DROP COLUMN IF EXISTS locale`);
    await q.query(`DROP TABLE IF EXISTS company_date_orders`);
  }
}
