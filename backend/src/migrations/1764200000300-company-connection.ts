import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One Faire connection per company (decision 0014). Per-user rows become per-company ones: in each company
 * the connection of an active COMPANY_ADMIN wins (the most recently updated if several); a member's is kept
 * only when no admin had one, so the company keeps receiving its orders. Every other row is dropped; the
 * OAuth tokens among them are queued in `marketplace_token_revocations`, which a worker revokes at Faire
 * (a migration cannot call Faire). A row with `company_id` NULL is a developer token given at dev sign-in
 * by someone without a company yet: it becomes the company's connection when that person creates one.
 *
 * Shipments record the Faire brand (account) and the currency they were sent with; orders remember the
 * brand they came from.
 */
export class CompanyConnection1764200000300 implements MigrationInterface {
  name = 'CompanyConnection1764200000300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE marketplace_connections
        ADD COLUMN company_id uuid REFERENCES companies(id) ON DELETE CASCADE,
        ADD COLUMN connected_by uuid REFERENCES users(id) ON DELETE SET NULL,
        ADD COLUMN seal_id uuid,
        ADD COLUMN currency text NOT NULL DEFAULT 'USD'`);
    await q.query(`UPDATE marketplace_connections SET seal_id = user_id, connected_by = user_id`);
    await q.query(`ALTER TABLE marketplace_connections ALTER COLUMN seal_id SET NOT NULL`);
    await q.query(`ALTER TABLE marketplace_connections ALTER COLUMN user_id DROP NOT NULL`);
    await q.query(
      `ALTER TABLE marketplace_connections DROP CONSTRAINT IF EXISTS marketplace_connections_user_id_key`,
    );
    await q.query(`
      WITH ranked AS (
        SELECT mc.id, m.company_id,
               row_number() OVER (
                 PARTITION BY m.company_id
                 ORDER BY (m.role = 'COMPANY_ADMIN') DESC, (mc.status = 'CONNECTED') DESC, mc.updated_at DESC
               ) AS rank
          FROM marketplace_connections mc
          JOIN memberships m ON m.user_id = mc.user_id AND m.status = 'ACTIVE'
         WHERE mc.status <> 'DISCONNECTED'
      )
      UPDATE marketplace_connections mc SET company_id = r.company_id, user_id = NULL
        FROM ranked r WHERE r.id = mc.id AND r.rank = 1`);
    await q.query(`
      CREATE TABLE marketplace_token_revocations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        token_ciphertext text NOT NULL,
        seal_id uuid NOT NULL,
        attempts int NOT NULL DEFAULT 0,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        next_attempt_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Dropped: rows of members who lost to their admin, and rows of people in no company.
    await q.query(`
      INSERT INTO marketplace_token_revocations (token_ciphertext, seal_id)
      SELECT token_ciphertext, seal_id FROM marketplace_connections
       WHERE company_id IS NULL AND auth_mode = 'OAUTH' AND status <> 'DISCONNECTED'`);
    await q.query(`
      DELETE FROM marketplace_connections mc
       WHERE mc.company_id IS NULL
         AND (mc.auth_mode = 'OAUTH'
              OR EXISTS (SELECT 1 FROM memberships m WHERE m.user_id = mc.user_id AND m.status = 'ACTIVE'))`);
    await q.query(`
      ALTER TABLE marketplace_connections
        ADD CONSTRAINT marketplace_connections_owner CHECK ((company_id IS NULL) <> (user_id IS NULL))`);
    await q.query(
      `CREATE UNIQUE INDEX marketplace_connections_one_per_company ON marketplace_connections (company_id) WHERE company_id IS NOT NULL`,
    );
    await q.query(
      `CREATE UNIQUE INDEX marketplace_connections_one_pending_per_user ON marketplace_connections (user_id) WHERE user_id IS NOT NULL`,
    );

    await q.query(
      `ALTER TABLE shipments ADD COLUMN brand_id text, ADD COLUMN brand_name text, ADD COLUMN currency text`,
    );
    await q.query(`
      UPDATE shipments s SET brand_id = mc.brand_id, brand_name = mc.brand_name, currency = mc.currency
        FROM marketplace_connections mc WHERE mc.company_id = s.company_id AND s.status = 'SUCCESS'`);
    await q.query(`ALTER TABLE orders ADD COLUMN brand_id text`);
    await q.query(`
      UPDATE orders o SET brand_id = mc.brand_id
        FROM marketplace_connections mc WHERE mc.company_id = o.company_id`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE orders DROP COLUMN IF EXISTS brand_id`);
    await q.query(
      `ALTER TABLE shipments DROP COLUMN IF EXISTS brand_id, DROP COLUMN IF EXISTS brand_name, DROP COLUMN IF EXISTS currency`,
    );
    await q.query(`DROP TABLE IF EXISTS marketplace_token_revocations`);
    await q.query(`DROP INDEX IF EXISTS marketplace_connections_one_pending_per_user`);
    await q.query(`DROP INDEX IF EXISTS marketplace_connections_one_per_company`);
    await q.query(
      `ALTER TABLE marketplace_connections DROP CONSTRAINT IF EXISTS marketplace_connections_owner`,
    );
    await q.query(`
      UPDATE marketplace_connections SET user_id = connected_by WHERE user_id IS NULL AND connected_by IS NOT NULL`);
    await q.query(`DELETE FROM marketplace_connections WHERE user_id IS NULL`);
    await q.query(`ALTER TABLE marketplace_connections ALTER COLUMN user_id SET NOT NULL`);
    await q.query(
      `ALTER TABLE marketplace_connections ADD CONSTRAINT marketplace_connections_user_id_key UNIQUE (user_id)`,
    );
    await q.query(`
      ALTER TABLE marketplace_connections DROP COLUMN company_id, DROP COLUMN connected_by,
        DROP COLUMN seal_id, DROP COLUMN currency`);
  }
}
