import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What people see of their sources (decision 0066):
 * - `source_labels.proposed_cost_cents`: the cost the connection's rule gives a held label (shown and
 *   offered in its review).
 * - `source_connections.connected_at`: when it was last connected (a reconnect included); labels made
 *   before it are offered to a person, never sent by themselves. `created_at` stays its first connection.
 * - `source_connections.send_zero_cost`: a label whose own cost is 0 is sent at 0 (otherwise it waits
 *   with "No cost on the label").
 * A disconnect keeps the row (its settings, its held labels and its alerts), paused and without
 * credentials; connecting again resumes it.
 */
export class SourcesSeenAsTheyAre1764300006100 implements MigrationInterface {
  name = 'SourcesSeenAsTheyAre1764300006100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE source_labels ADD COLUMN proposed_cost_cents integer');
    await q.query(`ALTER TABLE source_connections
      ADD COLUMN connected_at timestamptz,
      ADD COLUMN send_zero_cost boolean NOT NULL DEFAULT false`);
    await q.query('UPDATE source_connections SET connected_at = created_at');
    await q.query('ALTER TABLE source_connections ALTER COLUMN connected_at SET NOT NULL');
    await q.query('ALTER TABLE source_connections ALTER COLUMN connected_at SET DEFAULT now()');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(
      "DELETE FROM source_connections WHERE disconnected_at IS NOT NULL AND credentials_ciphertext = ''",
    );
    await q.query('ALTER TABLE source_connections DROP COLUMN connected_at, DROP COLUMN send_zero_cost');
    await q.query('ALTER TABLE source_labels DROP COLUMN proposed_cost_cents');
  }
}
