import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The daily digest to company admins (decision 0018):
 * - `memberships.daily_digest`: each member's opt-out (on by default; only admins receive it);
 * - `digest_sends`: one row per company and day, claimed in the transaction that sends, so the digest
 *   goes out once per company per day whatever the number of workers;
 * - `orders.digest_reported_reason`: the problem an order was last reported with, so only new problems
 *   are listed.
 */
export class DailyDigest1764200000602 implements MigrationInterface {
  name = 'DailyDigest1764200000602';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE memberships ADD COLUMN daily_digest boolean NOT NULL DEFAULT true`);
    await q.query(`ALTER TABLE orders ADD COLUMN digest_reported_reason text`);
    await q.query(`
      CREATE TABLE digest_sends (
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        day date NOT NULL,
        recipients integer NOT NULL,
        orders integer NOT NULL,
        sent_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, day)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS digest_sends`);
    await q.query(`ALTER TABLE orders DROP COLUMN IF EXISTS digest_reported_reason`);
    await q.query(`ALTER TABLE memberships DROP COLUMN IF EXISTS daily_digest`);
  }
}
