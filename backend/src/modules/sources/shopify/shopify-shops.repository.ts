import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';

export interface ShopRow {
  connection_id: string;
  company_id: string;
  shop_domain: string;
  uninstalled_at: Date | null;
}

/** Done webhook rows are kept this long (Shopify retries a delivery for about 4 hours). */
const KEEP_DONE_DAYS = 7;

/** `shopify_shops` and `shopify_webhooks` (decision 0047): which company a shop is, and each delivery once. */
@Injectable()
export class ShopifyShops {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async byShop(shop: string): Promise<ShopRow | null> {
    const rows = await this.db.query<ShopRow[]>(
      'SELECT connection_id, company_id, shop_domain, uninstalled_at FROM shopify_shops WHERE shop_domain = $1',
      [shop],
    );
    return rows[0] ?? null;
  }

  async byConnection(connectionId: string): Promise<ShopRow | null> {
    const rows = await this.db.query<ShopRow[]>(
      'SELECT connection_id, company_id, shop_domain, uninstalled_at FROM shopify_shops WHERE connection_id = $1',
      [connectionId],
    );
    return rows[0] ?? null;
  }

  /** The company the shop is attached to (null: none), its row locked until `tx` ends. */
  async lockHolder(tx: EntityManager, shop: string): Promise<string | null> {
    const rows = await tx.query<{ company_id: string }[]>(
      'SELECT company_id FROM shopify_shops WHERE shop_domain = $1 FOR UPDATE',
      [shop],
    );
    return rows[0]?.company_id ?? null;
  }

  /** The shop is this connection's (a reinstall moves it back; another company's shop is refused by the caller). */
  async attach(
    tx: EntityManager,
    connectionId: string,
    companyId: string,
    shop: string,
    scopes: string,
  ): Promise<void> {
    await tx.query('DELETE FROM shopify_shops WHERE connection_id = $1 AND shop_domain <> $2', [
      connectionId,
      shop,
    ]);
    await tx.query(
      `INSERT INTO shopify_shops (connection_id, company_id, shop_domain, scopes) VALUES ($1, $2, $3, $4)
       ON CONFLICT (shop_domain) DO UPDATE SET connection_id = EXCLUDED.connection_id, company_id = EXCLUDED.company_id,
         scopes = EXCLUDED.scopes, installed_at = now(), uninstalled_at = NULL`,
      [connectionId, companyId, shop, scopes],
    );
  }

  /** A disconnect: the connection lets go of its shop, and the deliveries waiting for it are done. */
  async detach(connectionId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query('DELETE FROM shopify_shops WHERE connection_id = $1', [connectionId]);
      await tx.query(
        'UPDATE shopify_webhooks SET done_at = now() WHERE connection_id = $1 AND done_at IS NULL',
        [connectionId],
      );
    });
  }

  /** A delivery, once per shop and webhook id; false when it was seen before (a replay or a retry). */
  async addWebhook(
    shop: string,
    webhookId: string,
    topic: string,
    connectionId: string | null,
    orderId: string | null,
    done: boolean,
  ): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `INSERT INTO shopify_webhooks (shop_domain, webhook_id, topic, connection_id, order_id, done_at)
       VALUES ($1, $2, $3, $4, $5, CASE WHEN $6 THEN now() END)
       ON CONFLICT (shop_domain, webhook_id) DO NOTHING RETURNING webhook_id`,
      [shop, webhookId, topic, connectionId, orderId, done],
    );
    return rows.length > 0;
  }

  /** The orders waiting deliveries name, each once, oldest first. */
  pending(connectionId: string, limit: number): Promise<{ order_id: string; ids: string[] }[]> {
    return this.db.query(
      `SELECT order_id, array_agg(webhook_id) AS ids FROM (
         SELECT order_id, webhook_id, received_at FROM shopify_webhooks
          WHERE connection_id = $1 AND done_at IS NULL AND order_id IS NOT NULL
          ORDER BY received_at LIMIT $2) w
        GROUP BY order_id ORDER BY min(received_at)`,
      [connectionId, limit],
    );
  }

  async done(connectionId: string, webhookIds: string[]): Promise<void> {
    if (webhookIds.length === 0) return;
    await this.db.query(
      'UPDATE shopify_webhooks SET done_at = now() WHERE connection_id = $1 AND webhook_id = ANY($2::text[])',
      [connectionId, webhookIds],
    );
  }

  /** Connections with deliveries waiting (the tick queues their read when a webhook's job was lost). */
  async withPending(): Promise<string[]> {
    const rows = await this.db.query<{ connection_id: string }[]>(
      `SELECT DISTINCT w.connection_id FROM shopify_webhooks w JOIN source_connections c ON c.id = w.connection_id
        WHERE w.done_at IS NULL AND NOT c.paused`,
    );
    return rows.map((r) => r.connection_id);
  }

  async prune(): Promise<void> {
    await this.db.query(
      `DELETE FROM shopify_webhooks WHERE done_at IS NOT NULL AND received_at < now() - ($1::int * interval '1 day')`,
      [KEEP_DONE_DAYS],
    );
  }

  /** `app/uninstalled`: the connection is disconnected (and paused); its tokens no longer open anything. */
  async uninstalled(shop: string): Promise<ShopRow | null> {
    const row = await this.byShop(shop);
    if (!row) return null;
    await this.db.transaction(async (tx) => {
      await tx.query('UPDATE shopify_shops SET uninstalled_at = now() WHERE shop_domain = $1', [shop]);
      await tx.query(
        `UPDATE source_connections SET disconnected_at = now(), paused = true, updated_at = now(),
                failing_reason = $2
          WHERE id = $1`,
        [row.connection_id, `The app was uninstalled from ${shop}; connect the shop again to resume`],
      );
      await tx.query(
        'UPDATE shopify_webhooks SET done_at = now() WHERE connection_id = $1 AND done_at IS NULL',
        [row.connection_id],
      );
    });
    return row;
  }

  /**
   * `shop/redact` (48 hours after an uninstall): everything stored about an uninstalled shop goes: its
   * deliveries, and the connection with its reported fulfilments. Faire shipments already made are the brand's
   * Faire records and stay.
   */
  async redact(shop: string): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query<{ connection_id: string; uninstalled_at: Date | null }[]>(
        'SELECT connection_id, uninstalled_at FROM shopify_shops WHERE shop_domain = $1 FOR UPDATE',
        [shop],
      );
      // A shop still installed is not erased (its redact would only come 48 hours after an uninstall).
      if (rows.some((r) => r.uninstalled_at === null)) return 0;
      await tx.query('DELETE FROM shopify_webhooks WHERE shop_domain = $1', [shop]);
      const ids = rows.map((r) => r.connection_id);
      if (ids.length) await tx.query('DELETE FROM source_connections WHERE id = ANY($1::uuid[])', [ids]);
      return ids.length;
    });
  }
}
