import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Outbound webhooks (decision 0068): a company's endpoints (URL, events, the signing secret sealed, the
 * cursors of the scan that turns shipments and held labels into events) and one delivery per endpoint,
 * event, object and state (the unique key that makes a scan run twice, or after a crash, add nothing),
 * with its tries and the last answer.
 */
export class OutboundWebhooks1764300006400 implements MigrationInterface {
  name = 'OutboundWebhooks1764300006400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE webhook_endpoints (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        url text NOT NULL CHECK (char_length(url) BETWEEN 1 AND 2000),
        events text[] NOT NULL,
        enabled boolean NOT NULL DEFAULT true,
        secret_ciphertext text NOT NULL,
        created_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        since_us bigint NOT NULL,
        shipments_cursor_us bigint NOT NULL,
        attention_cursor_us bigint NOT NULL,
        failing_since timestamptz,
        last_success_at timestamptz,
        disabled_at timestamptz,
        disabled_reason text
      )`);
    await q.query('CREATE INDEX webhook_endpoints_company ON webhook_endpoints (company_id, created_at)');
    await q.query('CREATE INDEX webhook_endpoints_enabled ON webhook_endpoints (company_id) WHERE enabled');
    await q.query(`
      CREATE TABLE webhook_deliveries (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        endpoint_id uuid NOT NULL REFERENCES webhook_endpoints(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        event text NOT NULL,
        object_id text NOT NULL,
        object_state text NOT NULL,
        payload jsonb NOT NULL,
        status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'DELIVERED', 'FAILED')),
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz,
        locked_until timestamptz,
        first_attempt_at timestamptz,
        last_attempt_at timestamptz,
        last_status integer,
        last_response text,
        last_error text,
        created_at timestamptz NOT NULL DEFAULT now(),
        delivered_at timestamptz,
        CONSTRAINT webhook_deliveries_once UNIQUE (endpoint_id, event, object_id, object_state)
      )`);
    await q.query(
      `CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at) WHERE status = 'PENDING'`,
    );
    await q.query('CREATE INDEX webhook_deliveries_recent ON webhook_deliveries (endpoint_id, created_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS webhook_deliveries');
    await q.query('DROP TABLE IF EXISTS webhook_endpoints');
  }
}
