import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Big uploads are accepted in one short transaction: the valid rows are kept as received, in slices of
 * `upload_batches`, and a worker turns each slice into shipments in its own transaction (deleting the
 * slice in the same transaction, so a slice becomes shipments exactly once). `uploads.materialized_at`
 * is set when no slice is left. `upload_rows` now only holds the rows that did not become a shipment of
 * their upload: rows with errors and repeats of a shipment that already exists.
 */
export class UploadStaging1764100000005 implements MigrationInterface {
  name = 'UploadStaging1764100000005';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads ADD COLUMN materialized_at timestamptz`);
    await q.query(`UPDATE uploads SET materialized_at = created_at`);
    await q.query(`
      CREATE TABLE upload_batches (
        upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        batch_no integer NOT NULL,
        row_count integer NOT NULL,
        rows text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (upload_id, batch_no)
      )`);
    // Slices are JSON text written once and read once: no compression work on the way in.
    await q.query(`ALTER TABLE upload_batches ALTER COLUMN rows SET STORAGE EXTERNAL`);
    await q.query(
      `CREATE INDEX uploads_not_materialized ON uploads (created_at) WHERE materialized_at IS NULL`,
    );
    await q.query(`DELETE FROM upload_rows ur USING shipments s
                    WHERE s.id = ur.shipment_id AND s.upload_id = ur.upload_id AND s.row_number = ur.row_number`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS upload_batches');
    await q.query('DROP INDEX IF EXISTS uploads_not_materialized');
    await q.query('ALTER TABLE uploads DROP COLUMN IF EXISTS materialized_at');
  }
}
