import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Sources of shipments other than a file (decision 0033): a company's connection to a source
 * (`source_connections`: sealed credentials, the hashed token of its webhook URL, paused or failing with
 * the reason in words, the last successful sync, the high-water mark of its poll, the mode, cost rule,
 * carrier map), the webhook deliveries waiting to be read (`source_events`, one pending row per
 * resource), and every label the source reported (`source_labels`, one per connection, kind and
 * source id): held for the grace period, then sent through the shipments intake, or waiting in
 * "Needs attention" with its reason.
 */
export class SourceConnections1764300002300 implements MigrationInterface {
  name = 'SourceConnections1764300002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE source_connections (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind ~ '^[A-Z][A-Z0-9_]{0,31}$'),
        credentials_ciphertext text NOT NULL,
        hook_token_hash text NOT NULL UNIQUE,
        webhook_ids jsonb NOT NULL DEFAULT '[]',
        paused boolean NOT NULL DEFAULT false,
        failing_reason text,
        failures integer NOT NULL DEFAULT 0,
        mode text NOT NULL DEFAULT 'AUTO' CHECK (mode IN ('AUTO', 'REVIEW')),
        cost_rule jsonb NOT NULL DEFAULT '{"kind":"LABEL"}',
        carrier_map jsonb NOT NULL DEFAULT '{}',
        accept_new_orders boolean NOT NULL DEFAULT false,
        currency varchar(3) NOT NULL DEFAULT 'USD',
        high_water_mark timestamptz,
        last_sync_at timestamptz,
        last_poll_at timestamptz,
        connected_by uuid REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT source_connections_one_per_kind UNIQUE (company_id, kind)
      )`);
    await q.query(`
      CREATE TABLE source_events (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL REFERENCES source_connections(id) ON DELETE CASCADE,
        resource_url text NOT NULL,
        resource_type text NOT NULL,
        received_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz
      )`);
    await q.query(
      `CREATE UNIQUE INDEX source_events_one_pending ON source_events (connection_id, resource_url) WHERE done_at IS NULL`,
    );
    await q.query(`
      CREATE TABLE source_labels (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        connection_id uuid NOT NULL REFERENCES source_connections(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        kind text NOT NULL CHECK (kind IN ('LABEL', 'FULFILLMENT')),
        external_id text NOT NULL,
        order_refs jsonb NOT NULL DEFAULT '{}',
        tracking_number text NOT NULL,
        carrier_code text,
        cost_cents integer,
        ship_date date,
        label_created_at timestamptz,
        voided boolean NOT NULL DEFAULT false,
        first_seen_at timestamptz NOT NULL DEFAULT now(),
        due_at timestamptz NOT NULL,
        state text NOT NULL DEFAULT 'WAITING'
          CHECK (state IN ('WAITING', 'HELD', 'SENT', 'DROPPED', 'DISMISSED', 'VOIDED')),
        reason text,
        reason_text text,
        candidates jsonb NOT NULL DEFAULT '[]',
        faire_order_id text,
        upload_id uuid,
        alert text,
        alert_at timestamptz,
        decided_at timestamptz,
        CONSTRAINT source_labels_one_per_id UNIQUE (connection_id, kind, external_id)
      )`);
    await q.query(`CREATE INDEX source_labels_due ON source_labels (due_at) WHERE state = 'WAITING'`);
    await q.query(
      `CREATE INDEX source_labels_attention ON source_labels (company_id, first_seen_at) WHERE state = 'HELD' OR alert IS NOT NULL`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS source_labels');
    await q.query('DROP TABLE IF EXISTS source_events');
    await q.query('DROP TABLE IF EXISTS source_connections');
  }
}
