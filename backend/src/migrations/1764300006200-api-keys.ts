import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Company API keys (decision 0067): named, stored as a SHA-256 hash of the whole key (the key itself
 * is shown once), a visible prefix to tell keys apart, their scopes, who made them and when, when and
 * from where they were last used, and when they were revoked (a revoked key is refused at once).
 */
export class ApiKeys1764300006200 implements MigrationInterface {
  name = 'ApiKeys1764300006200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_keys (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
        prefix text NOT NULL,
        key_hash text NOT NULL UNIQUE,
        scopes text[] NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        last_used_at timestamptz,
        last_used_from text,
        revoked_at timestamptz,
        revoked_by uuid REFERENCES users(id) ON DELETE SET NULL
      )`);
    await q.query('CREATE INDEX api_keys_company ON api_keys (company_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS api_keys');
  }
}
