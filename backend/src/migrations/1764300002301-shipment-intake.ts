import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One intake for every source (decision 0033): `uploads.source` is an open set of source kinds
 * (UPLOAD, PROCESS, SHIPSTATION, ...), an upload sent by a source connection names it
 * (`source_connection_id`; `user_id` is then null), and a shipment reported again by another upload
 * (the same label from a file and from ShipStation) records that report in `shipment_sources`, so one
 * Faire shipment shows every source that reported it.
 */
export class ShipmentIntake1764300002301 implements MigrationInterface {
  name = 'ShipmentIntake1764300002301';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_source_check`);
    await q.query(
      `ALTER TABLE uploads ADD CONSTRAINT uploads_source_kind CHECK (source ~ '^[A-Z][A-Z0-9_]{0,31}$')`,
    );
    await q.query(
      `ALTER TABLE uploads ADD COLUMN source_connection_id uuid REFERENCES source_connections(id) ON DELETE SET NULL`,
    );
    await q.query(`CREATE INDEX uploads_company_source ON uploads (company_id, source)`);
    await q.query(`
      CREATE TABLE shipment_sources (
        shipment_id uuid NOT NULL REFERENCES shipments(id) ON DELETE CASCADE,
        upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        source text NOT NULL,
        reported_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (shipment_id, upload_id)
      )`);
    await q.query(`CREATE INDEX shipment_sources_source ON shipment_sources (source, shipment_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS shipment_sources');
    await q.query('DROP INDEX IF EXISTS uploads_company_source');
    await q.query('ALTER TABLE uploads DROP COLUMN IF EXISTS source_connection_id');
    await q.query('ALTER TABLE uploads DROP CONSTRAINT IF EXISTS uploads_source_kind');
    await q.query(
      `ALTER TABLE uploads ADD CONSTRAINT uploads_source_check CHECK (source IN ('UPLOAD', 'PROCESS'))`,
    );
  }
}
