import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Column mappings a company saved, one per set of CSV headers (the header fingerprint), so the next
 * file with the same columns is read the same way without asking.
 */
export class ColumnMappings1764200000400 implements MigrationInterface {
  name = 'ColumnMappings1764200000400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE column_mappings (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        fingerprint text NOT NULL,
        headers jsonb NOT NULL,
        mapping jsonb NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT column_mappings_one_per_headers UNIQUE (company_id, fingerprint)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS column_mappings');
  }
}
