import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counts of a settled upload, kept instead of recounted (decision 0028). An upload whose every row has
 * ended is counted once and the counts are stored with the upload's `counts_version`; they are used
 * while the version is unchanged. A row that had ended and changes again (a retry sets it back to
 * PENDING) raises the version of its upload and of every upload whose repeats point to it, in the same
 * statement, by trigger, so no code path can leave stored counts stale.
 */
export class UploadCounts1764300002101 implements MigrationInterface {
  name = 'UploadCounts1764300002101';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads ADD COLUMN counts_version integer NOT NULL DEFAULT 0`);
    await q.query(`
      CREATE TABLE upload_counts (
        upload_id uuid PRIMARY KEY REFERENCES uploads(id) ON DELETE CASCADE,
        counts_version integer NOT NULL,
        by_status jsonb NOT NULL,
        own_rows integer NOT NULL,
        counted_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Repeats of a shipment, found from the shipment (the trigger below and the version bump).
    await q.query(
      `CREATE INDEX upload_rows_shipment ON upload_rows (shipment_id) WHERE shipment_id IS NOT NULL`,
    );
    await q.query(`
      CREATE FUNCTION upload_counts_reopened() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE uploads SET counts_version = counts_version + 1
         WHERE id IN (
           SELECT o.upload_id FROM old_rows o JOIN new_rows n ON n.id = o.id
            WHERE o.status <> 'PENDING' AND n.status IS DISTINCT FROM o.status
           UNION
           SELECT ur.upload_id FROM old_rows o JOIN new_rows n ON n.id = o.id
             JOIN upload_rows ur ON ur.shipment_id = o.id
            WHERE o.status <> 'PENDING' AND n.status IS DISTINCT FROM o.status);
        RETURN NULL;
      END $$`);
    await q.query(`
      CREATE TRIGGER shipments_reopen_counts AFTER UPDATE ON shipments
        REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION upload_counts_reopened()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS shipments_reopen_counts ON shipments`);
    await q.query(`DROP FUNCTION IF EXISTS upload_counts_reopened()`);
    await q.query(`DROP INDEX IF EXISTS upload_rows_shipment`);
    await q.query(`DROP TABLE IF EXISTS upload_counts`);
    await q.query(`ALTER TABLE uploads DROP COLUMN IF EXISTS counts_version`);
  }
}
