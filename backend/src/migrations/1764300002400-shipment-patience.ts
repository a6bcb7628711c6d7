import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a shipment waiting on Faire remembers between tries (decision 0037): when its run of transient
 * faults began (`retry_since`, the start of its retry window; a 429 does not start it), how many there
 * were (`fault_count`, the backoff's exponent), what the last one was in short (`last_fault`: "503",
 * "429", "timeout", ...; Faire's words stay in `error_message`) and when it is tried next
 * (`next_try_at`). Rows waiting under the old scheme ("Waiting to retry: ...") keep their message and
 * are simply tried again.
 */
export class ShipmentPatience1764300002400 implements MigrationInterface {
  name = 'ShipmentPatience1764300002400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shipments
      ADD COLUMN retry_since timestamptz,
      ADD COLUMN next_try_at timestamptz,
      ADD COLUMN last_fault text,
      ADD COLUMN fault_count integer NOT NULL DEFAULT 0`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE shipments
      DROP COLUMN IF EXISTS retry_since,
      DROP COLUMN IF EXISTS next_try_at,
      DROP COLUMN IF EXISTS last_fault,
      DROP COLUMN IF EXISTS fault_count`);
  }
}
