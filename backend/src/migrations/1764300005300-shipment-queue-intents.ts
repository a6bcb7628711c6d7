import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `shipment_queue_intents`: one row per materialised slice whose shipments are committed but whose
 * jobs are not yet known to be in the queue, written in the slice's own transaction and deleted once
 * its jobs are added. The slice's shipments are inserted with `queued_at` set, so queueing them no
 * longer updates each row (every index of `shipments` touched again per row); a process that dies
 * between the commit and the enqueue, or a Redis outage, leaves the intent, which the recovery sweep
 * takes after the same wait as rows with `queued_at` NULL (decision 0060).
 */
export class ShipmentQueueIntents1764300005300 implements MigrationInterface {
  name = 'ShipmentQueueIntents1764300005300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE TABLE shipment_queue_intents (
      upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
      batch_no integer NOT NULL,
      shipment_ids uuid[] NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (upload_id, batch_no)
    )`);
    await q.query('CREATE INDEX shipment_queue_intents_created ON shipment_queue_intents (created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    // Rows of intents still open count as never queued again, as before this table.
    await q.query(
      `UPDATE shipments s SET queued_at = NULL FROM shipment_queue_intents i
        WHERE s.id = ANY(i.shipment_ids) AND s.status = 'PENDING'`,
    );
    await q.query('DROP TABLE IF EXISTS shipment_queue_intents');
  }
}
