import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { SOURCE_JOBS } from '../../../common/queue/queues.js';
import { AppError } from '../../../common/errors/index.js';
import { ActivityService } from '../../activity/index.js';
import { SourceConnections } from '../source-connections.repository.js';
import { SourceJobs } from '../source-jobs.js';
import { legacyId, shopDomainOf, signedShopMatches, verifyWebhook } from './shopify-rules.js';
import { ShopifyShops } from './shopify-shops.repository.js';
import type { ShopifyHookReceiptView } from './shopify-hooks.dto.js';

/** What this product keeps of a shop, said in every answer to a privacy webhook. */
export const PRIVACY_STATEMENT =
  'This app stores no Shopify customer data. For Faire orders only, it keeps the Shopify order number, ' +
  'order name and the tracking numbers, carriers and dates of their fulfilments, to create the matching ' +
  'shipments on Faire; it never reads or stores customer names, addresses, emails or phone numbers.';

/** Topics whose delivery names an order to read again. */
const ORDER_TOPICS = new Set([
  'fulfillments/create',
  'fulfillments/update',
  'orders/updated',
  'orders/fulfilled',
]);

export interface ShopifyDelivery {
  raw: Buffer;
  hmac: unknown;
  topic: unknown;
  shop: unknown;
  webhookId: unknown;
}

function header(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() && value.length <= max ? value.trim() : null;
}

/**
 * Shopify's webhook deliveries (decision 0047): authenticated by the signature of the raw body (a wrong
 * one is a 401 and nothing is stored), each delivery stored once by its webhook id (a replay or a retry
 * is absorbed), answered at once. Fulfilment topics store the order's id and queue a read (the job
 * carries the connection id only); `app/uninstalled` disconnects the connection; the privacy topics
 * are answered with what is stored, and `shop/redact` deletes it.
 */
@Injectable()
export class ShopifyHooks {
  private readonly logger = new Logger('ShopifyHooks');

  constructor(
    private readonly shops: ShopifyShops,
    private readonly connections: SourceConnections,
    private readonly jobs: SourceJobs,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async receive(d: ShopifyDelivery): Promise<ShopifyHookReceiptView> {
    const secret = this.config.shopify.clientSecret;
    if (!secret || !Buffer.isBuffer(d.raw) || !verifyWebhook(d.raw, d.hmac, secret)) {
      throw new AppError('NOT_AUTHENTICATED', 'The webhook signature (X-Shopify-Hmac-SHA256) is not valid');
    }
    const shop = shopDomainOf(d.shop);
    const topic = header(d.topic, 100)?.toLowerCase() ?? null;
    const webhookId = header(d.webhookId, 200);
    if (!shop || !topic || !webhookId) {
      throw new AppError(
        'VALIDATION_FAILED',
        'X-Shopify-Shop-Domain, X-Shopify-Topic and X-Shopify-Webhook-Id are required',
      );
    }
    let body: Record<string, unknown>;
    try {
      const parsed = JSON.parse(d.raw.toString('utf8')) as unknown;
      body = parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      throw new AppError('VALIDATION_FAILED', 'The webhook body is not JSON');
    }
    if (!signedShopMatches(topic, body, shop)) {
      // Shopify signs the body only: the shop a shop-wide topic acts on must be the signed one.
      throw new AppError('VALIDATION_FAILED', `The webhook body does not name ${shop}: it was not acted on`);
    }
    switch (topic) {
      case 'customers/data_request':
      case 'customers/redact':
        // Nothing to hand over or delete: no customer data is stored (the statement says what is).
        await this.shops.addWebhook(shop, webhookId, topic, null, null, true);
        return { ok: true, customerDataStored: false, statement: PRIVACY_STATEMENT };
      case 'shop/redact': {
        const fresh = await this.shops.addWebhook(shop, webhookId, topic, null, null, true);
        // Only a shop that uninstalled the app is erased (Shopify sends it 48 hours after that).
        const removed = fresh ? await this.shops.redact(shop) : 0;
        this.logger.log(`shop/redact for ${shop}: ${removed} connection(s) and their records deleted`);
        return { ok: true, deleted: removed > 0, statement: PRIVACY_STATEMENT };
      }
      case 'app/uninstalled': {
        const fresh = await this.shops.addWebhook(shop, webhookId, topic, null, null, true);
        const row = fresh ? await this.shops.uninstalled(shop) : null;
        if (row) {
          await this.activity.record({
            actor: null,
            companyId: row.company_id,
            action: 'sources.disconnected',
            target: 'Shopify',
            details: { shop, reason: 'The app was uninstalled from the shop' },
          });
        }
        return { ok: true };
      }
      default:
        break;
    }
    const row = await this.shops.byShop(shop);
    const conn = row && !row.uninstalled_at ? await this.connections.byId(row.connection_id) : null;
    const orderId = ORDER_TOPICS.has(topic)
      ? legacyId(topic.startsWith('orders/') ? body.id : body.order_id)
      : null;
    if (!conn || !orderId) {
      // Not a shop connected here, or nothing to read: remembered (so a retry is one too) and acknowledged.
      await this.shops.addWebhook(shop, webhookId, topic, null, null, true);
      return { ok: true, queued: false };
    }
    const fresh = await this.shops.addWebhook(shop, webhookId, topic, conn.id, orderId, false);
    if (fresh && !conn.paused) await this.jobs.add(SOURCE_JOBS.EVENTS, conn.id);
    return { ok: true, queued: fresh };
  }
}
