import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { ShopifyClient } from './shopify.client.js';
import { ShopifyError } from './shopify-token-keeper.js';
import { ShopifyTokens } from './shopify-tokens.service.js';

/** Topics subscribed on each install (the privacy topics are the app's configuration, not the API's). */
const TOPICS = ['FULFILLMENTS_CREATE', 'FULFILLMENTS_UPDATE', 'APP_UNINSTALLED'] as const;

const SUBSCRIBE = `mutation Subscribe($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) {
    webhookSubscription { id }
    userErrors { field message }
  }
}`;

const LIST = `query Subscriptions { webhookSubscriptions(first: 50) { nodes { id uri } } }`;

const DELETE = `mutation Unsubscribe($id: ID!) {
  webhookSubscriptionDelete(id: $id) {
    deletedWebhookSubscriptionId
    userErrors { field message }
  }
}`;

const reason = (err: unknown) => (err instanceof ShopifyError ? err.message : String(err));

/**
 * The shop's webhook subscriptions to this portal, made on install and dropped on disconnect. Best
 * effort both ways: the reconcile poll finds every fulfilment anyway (webhooks only make it sooner), and
 * a delivery for a shop no longer connected is acknowledged and ignored.
 */
@Injectable()
export class ShopifyWebhooks {
  private readonly logger = new Logger('ShopifyWebhooks');

  constructor(
    private readonly tokens: ShopifyTokens,
    private readonly client: ShopifyClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Where Shopify delivers this portal's webhooks. */
  private callbackUrl(): string {
    return `${this.config.publicUrl.replace(/\/+$/, '')}/api/hooks/shopify`;
  }

  /** Subscribes the connection's shop to every topic; answers the subscriptions made. */
  async subscribe(connectionId: string): Promise<string[]> {
    const ids: string[] = [];
    for (const topic of TOPICS) {
      try {
        const { data } = await this.tokens.keeper.use(connectionId, (c) =>
          this.client.graphql<{
            webhookSubscriptionCreate: {
              webhookSubscription: { id: string } | null;
              userErrors: { message: string }[];
            } | null;
          }>(c, SUBSCRIBE, { topic, sub: { callbackUrl: this.callbackUrl(), format: 'JSON' } }, 10),
        );
        const made = data.webhookSubscriptionCreate;
        if (made?.webhookSubscription?.id) ids.push(made.webhookSubscription.id);
        else {
          this.logger.warn(
            `Subscribing ${topic}: ${made?.userErrors?.[0]?.message ?? 'no subscription made'}`,
          );
        }
      } catch (err) {
        this.logger.warn(`Subscribing ${topic} failed: ${reason(err)}`);
      }
    }
    return ids;
  }

  /**
   * Deletes the shop's subscriptions that deliver to this portal (another install of the app, with
   * another address, keeps its own); answers how many were deleted.
   */
  async unsubscribe(connectionId: string): Promise<number> {
    let deleted = 0;
    try {
      const { data } = await this.tokens.keeper.use(connectionId, (c) =>
        this.client.graphql<{ webhookSubscriptions: { nodes: { id: string; uri: string | null }[] } }>(
          c,
          LIST,
          {},
          10,
        ),
      );
      for (const sub of data.webhookSubscriptions.nodes) {
        if (sub.uri !== this.callbackUrl()) continue;
        const { data: answer } = await this.tokens.keeper.use(connectionId, (c) =>
          this.client.graphql<{
            webhookSubscriptionDelete: { deletedWebhookSubscriptionId: string | null } | null;
          }>(c, DELETE, { id: sub.id }, 10),
        );
        if (answer.webhookSubscriptionDelete?.deletedWebhookSubscriptionId) deleted += 1;
      }
    } catch (err) {
      this.logger.warn(`Dropping the shop's webhooks failed: ${reason(err)}`);
    }
    return deleted;
  }
}
