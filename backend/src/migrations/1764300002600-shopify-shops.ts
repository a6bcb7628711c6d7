import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The Shopify connector (decisions 0047-0049): the shop each Shopify connection is installed in
 * (`shopify_shops`, one company per shop), every webhook delivery by its `X-Shopify-Webhook-Id`
 * (`shopify_webhooks`: the id is the dedupe key, the row holds the topic and the Shopify order id
 * only, never the body), and `source_connections.disconnected_at`, set when the source says the
 * connection is gone (the app was uninstalled from the shop).
 */
export class ShopifyShops1764300002600 implements MigrationInterface {
  name = 'ShopifyShops1764300002600';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE source_connections ADD COLUMN disconnected_at timestamptz`);
    await q.query(`
      CREATE TABLE shopify_shops (
        connection_id uuid PRIMARY KEY REFERENCES source_connections(id) ON DELETE CASCADE,
        company_id uuid NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
        shop_domain text NOT NULL UNIQUE CHECK (shop_domain ~ '^[a-z0-9][a-z0-9-]*\\.myshopify\\.com$'),
        scopes text NOT NULL DEFAULT '',
        installed_at timestamptz NOT NULL DEFAULT now(),
        uninstalled_at timestamptz
      )`);
    await q.query(`
      CREATE TABLE shopify_webhooks (
        shop_domain text NOT NULL,
        webhook_id text NOT NULL,
        topic text NOT NULL,
        connection_id uuid REFERENCES source_connections(id) ON DELETE CASCADE,
        order_id text,
        received_at timestamptz NOT NULL DEFAULT now(),
        done_at timestamptz,
        PRIMARY KEY (shop_domain, webhook_id)
      )`);
    await q.query(
      `CREATE INDEX shopify_webhooks_pending ON shopify_webhooks (connection_id, received_at) WHERE done_at IS NULL`,
    );
    await q.query(`CREATE INDEX shopify_webhooks_received ON shopify_webhooks (received_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS shopify_webhooks');
    await q.query('DROP TABLE IF EXISTS shopify_shops');
    await q.query('ALTER TABLE source_connections DROP COLUMN IF EXISTS disconnected_at');
  }
}
