// Webhook deliveries as Shopify makes them: a JSON POST of the REST-shaped resource, signed with
// X-Shopify-Hmac-SHA256 (base64 HMAC-SHA256 of the raw body keyed with the app's client secret), with
// X-Shopify-Topic, -Shop-Domain, -Webhook-Id, -Event-Id, -Triggered-At and -API-Version; retried with the
// original payload when the app fails to answer 2xx within 5 s. Knobs duplicate, delay, drop and reorder.
import { createHmac, randomUUID } from 'node:crypto';
import { badRequest, WebhookQueue, type QueuedOutcome } from '@portal/faire-sandbox/kit';
import type { DeliveryRecord, WebhookKnobs, WebhookSubscription, WebhookTopic } from './types.js';
import { isObject } from '@portal/faire-sandbox/kit';

export const DEFAULT_WEBHOOK_KNOBS: Readonly<WebhookKnobs> = Object.freeze({
  duplicate: 0,
  delayMs: 0,
  drop: 0,
  reorder: false,
  retries: 3,
  retryDelayMs: 1000,
});

const ANSWER_WITHIN_MS = 5000;

/** The signature Shopify puts in X-Shopify-Hmac-SHA256. */
export function signBody(rawBody: string | Buffer, secret: string): string {
  return createHmac('sha256', secret).update(rawBody).digest('base64');
}

export function validateWebhookKnobs(input: unknown): Partial<WebhookKnobs> {
  if (!isObject(input)) {
    throw badRequest('Body must be {duplicate?, delayMs?, drop?, reorder?, retries?, retryDelayMs?}.');
  }
  const out: Partial<WebhookKnobs> = {};
  const int = (key: string, value: unknown, max: number): number => {
    const n = value === true ? 1 : value === false ? 0 : value;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > max) {
      throw badRequest(`${key} must be an integer from 0 to ${max}.`);
    }
    return n;
  };
  for (const [key, value] of Object.entries(input)) {
    if (key === 'duplicate') out.duplicate = int(key, value, 10);
    else if (key === 'retries') out.retries = int(key, value, 20);
    else if (key === 'delayMs') out.delayMs = int(key, value, 600_000);
    else if (key === 'retryDelayMs') out.retryDelayMs = int(key, value, 600_000);
    else if (key === 'drop') {
      const share = value === true ? 1 : value === false ? 0 : value;
      if (typeof share !== 'number' || !Number.isFinite(share) || share < 0 || share > 1) {
        throw badRequest('drop must be true, false or a share from 0 to 1.');
      }
      out.drop = share;
    } else if (key === 'reorder') {
      if (typeof value !== 'boolean') throw badRequest('reorder must be true or false.');
      out.reorder = value;
    } else throw badRequest(`Unknown webhook knob: ${key}.`);
  }
  return out;
}

interface Delivery {
  sub: WebhookSubscription;
  topic: WebhookTopic;
  body: string;
  webhookId: string;
  eventId: string;
  triggeredAt: string;
}

/** Shopify's deliveries: signed, and re-sent with the original payload until answered 2xx. */
export class WebhookEmitter extends WebhookQueue<Delivery, WebhookKnobs, DeliveryRecord> {
  constructor(
    private readonly now: () => number,
    private readonly secret: string,
    private readonly apiVersion: string,
  ) {
    super(DEFAULT_WEBHOOK_KNOBS, 2718);
  }

  /** One delivery per subscription of `topic` for `shop`; returns their webhook ids. */
  emit(subs: WebhookSubscription[], topic: WebhookTopic, shop: string, payload: unknown): string[] {
    const eventId = randomUUID();
    const body = JSON.stringify(payload);
    const ids: string[] = [];
    for (const sub of subs.filter((s) => s.topic === topic && s.shop === shop)) {
      const webhookId = randomUUID();
      ids.push(webhookId);
      this.enqueue({ sub, topic, body, webhookId, eventId, triggeredAt: new Date(this.now()).toISOString() });
    }
    return ids;
  }

  protected async send(d: Delivery, attempt: number): Promise<boolean> {
    try {
      const res = await fetch(d.sub.uri, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'User-Agent': 'Shopify-Captain-Hook',
          'X-Shopify-Topic': d.topic,
          'X-Shopify-Hmac-SHA256': signBody(d.body, this.secret),
          'X-Shopify-Shop-Domain': d.sub.shop,
          'X-Shopify-Webhook-Id': d.webhookId,
          'X-Shopify-Event-Id': d.eventId,
          'X-Shopify-Triggered-At': d.triggeredAt,
          'X-Shopify-API-Version': this.apiVersion,
        },
        body: d.body,
        signal: AbortSignal.timeout(ANSWER_WITHIN_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      this.record(d, attempt, res.ok ? 'delivered' : 'failed', res.status);
      return res.ok;
    } catch {
      this.record(d, attempt, 'failed', null);
      return false;
    }
  }

  protected record(d: Delivery, attempt: number, outcome: QueuedOutcome, status: number | null): void {
    this.log.push({
      at: new Date(this.now()).toISOString(),
      webhookId: d.webhookId,
      topic: d.topic,
      uri: d.sub.uri,
      attempt,
      outcome,
      status,
    });
  }
}
