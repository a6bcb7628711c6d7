import type { MigrationInterface, QueryRunner } from 'typeorm';

/** One marketplace connection per user: the Faire brand and its encrypted access token. */
export class Marketplace1764100000002 implements MigrationInterface {
  name = 'Marketplace1764100000002';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE marketplace_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        user_id uuid NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
        auth_mode text NOT NULL CHECK (auth_mode IN ('OAUTH', 'ACCESS_TOKEN')),
        brand_id text NOT NULL,
        brand_name text NOT NULL,
        token_ciphertext text NOT NULL,
        scopes text[] NOT NULL DEFAULT '{}',
        status text NOT NULL CHECK (status IN ('CONNECTED', 'FAILED', 'DISCONNECTED')),
        last_error text,
        last_checked_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX marketplace_connections_brand ON marketplace_connections (brand_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS marketplace_connections');
  }
}
