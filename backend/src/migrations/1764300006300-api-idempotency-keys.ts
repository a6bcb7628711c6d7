import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `Idempotency-Key` of `POST /api/v1/shipments` (decision 0067): a company's key, the hash of the body
 * it came with and the upload it made, written in the transaction that stages the rows, so a post that
 * committed is answered again, never staged twice. A key is honoured for 24 hours; after that the same
 * key makes a new upload. And the index that pages a company's shipments by when they last changed.
 */
export class ApiIdempotencyKeys1764300006300 implements MigrationInterface {
  name = 'ApiIdempotencyKeys1764300006300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE api_idempotency_keys (
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        idempotency_key text NOT NULL CHECK (char_length(idempotency_key) BETWEEN 1 AND 255),
        body_hash text NOT NULL,
        upload_id uuid NOT NULL REFERENCES uploads(id) ON DELETE CASCADE,
        api_key_id uuid REFERENCES api_keys(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (company_id, idempotency_key)
      )`);
    await q.query('CREATE INDEX api_idempotency_keys_created ON api_idempotency_keys (created_at)');
    // GET /api/v1/shipments?updatedSince=: a company's shipments in the order they last changed.
    await q.query('CREATE INDEX shipments_company_changed ON shipments (company_id, updated_at, id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX IF EXISTS shipments_company_changed');
    await q.query('DROP TABLE IF EXISTS api_idempotency_keys');
  }
}
