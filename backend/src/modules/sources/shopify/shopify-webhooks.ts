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

  /**
   * Subscribes the connection's shop to every topic (with `uri`, the field since API 2025-10); answers
   * the subscriptions made and, when one could not be made, why in words (shown on the connection and
   * tried again by the poll). Shopify delivers only to https: outside development an http address is
   * not even offered to it.
   */
  async subscribe(connectionId: string): Promise<{ ids: string[]; problem: string | null }> {
    const uri = this.callbackUrl();
    if (this.config.isProduction && !uri.startsWith('https://')) {
      return {
        ids: [],
        problem:
          'Shopify delivers webhooks only to an https address: set PUBLIC_URL to the portal\u2019s https address. Until then fulfilments arrive with the poll, every 10 minutes.',
      };
    }
    const ids: string[] = [];
    const problems: string[] = [];
    for (const topic of TOPICS) {
      try {
        const { data } = await this.tokens.keeper.use(connectionId, (c) =>
          this.client.graphql<{
            webhookSubscriptionCreate: {
              webhookSubscription: { id: string } | null;
              userErrors: { message: string }[];
            } | null;
          }>(c, SUBSCRIBE, { topic, sub: { uri, format: 'JSON' } }, 10),
        );
        const made = data.webhookSubscriptionCreate;
        const refusal = made?.userErrors?.[0]?.message ?? null;
        if (made?.webhookSubscription?.id) ids.push(made.webhookSubscription.id);
        else if (refusal && /already been taken|already exists/i.test(refusal)) {
          // Subscribed by an earlier install of the same portal: it delivers here already.
        } else problems.push(`${topic}: ${refusal ?? 'no subscription made'}`);
      } catch (err) {
        problems.push(`${topic}: ${reason(err)}`);
      }
    }
    if (problems.length) this.logger.warn(`Subscribing the shop's webhooks: ${problems.join('; ')}`);
    return {
      ids,
      problem: problems.length
        ? `Shopify refused the webhook subscriptions (${problems.join('; ').slice(0, 300)}); fulfilments arrive with the poll, every 10 minutes, and subscribing is tried again`
        : null,
    };
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
