import { Injectable, Logger } from '@nestjs/common';
import type { SourceConnection } from './entities/source-connection.entity.js';
import { SourceConnections } from './source-connections.repository.js';
import { ShipStationClient } from './shipstation/shipstation.client.js';
import type { ShipStationCredentials } from './shipstation/shipstation.types.js';
import { ShopifyWebhooks } from './shopify/shopify-webhooks.js';

/**
 * A connection's webhook subscriptions at its source, dropped when the connection is replaced or
 * disconnected: ShipStation's by the ids kept on the connection, Shopify's by listing the shop's own.
 * Best effort: a source that cannot be reached keeps them, and what it still delivers is ignored.
 */
@Injectable()
export class SourceWebhooks {
  private readonly logger = new Logger('SourceWebhooks');

  constructor(
    private readonly connections: SourceConnections,
    private readonly shipstation: ShipStationClient,
    private readonly shopify: ShopifyWebhooks,
  ) {}

  async drop(conn: SourceConnection): Promise<void> {
    if (conn.kind === 'SHOPIFY') {
      await this.shopify.unsubscribe(conn.id);
      return;
    }
    let creds: ShipStationCredentials;
    try {
      creds = this.connections.credentials(conn);
    } catch {
      return;
    }
    for (const id of conn.webhookIds ?? []) {
      try {
        await this.shipstation.unsubscribe(creds, conn.id, id);
      } catch (err) {
        this.logger.warn(
          `Unsubscribing webhook ${id} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}
