import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * An upload's shipments in file order (decision 0027): the failed-rows download reads them in pages of
 * row numbers, each page an index range. The new index also serves every lookup by upload alone, so
 * the old one on `upload_id` goes.
 */
export class ExportPages1764300002100 implements MigrationInterface {
  name = 'ExportPages1764300002100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX shipments_upload_row ON shipments (upload_id, row_number)`);
    await q.query(`DROP INDEX IF EXISTS shipments_upload`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS shipments_upload ON shipments (upload_id)`);
    await q.query(`DROP INDEX IF EXISTS shipments_upload_row`);
  }
}
