// Webhook deliveries as ShipStation V1 makes them: an unsigned JSON POST `{resource_url, resource_type}` to
// each subscribed target URL, with knobs that duplicate, delay, drop and reorder them.
import { badRequest, WebhookQueue, type QueuedOutcome } from '@portal/faire-sandbox/kit';
import {
  SUBSCRIBE_ANSWERS,
  type DeliveryRecord,
  type SubscribeAnswer,
  type WebhookEvent,
  type WebhookKnobs,
  type WebhookSubscription,
} from './types.js';
import { isObject } from './util.js';

export const DEFAULT_WEBHOOK_KNOBS: Readonly<WebhookKnobs> = Object.freeze({
  duplicate: 0,
  delayMs: 0,
  drop: 0,
  reorder: false,
  resourceOrigin: null,
  subscribeAnswer: 'WebHookID',
});

/** An http(s) origin (`https://ssapi7.shipstation.com`) without path, query or trailing slash; else throws. */
export function resourceOriginOf(value: unknown): string {
  const bad = () =>
    badRequest('resourceOrigin must be an http(s) origin such as https://ssapi7.shipstation.com, or null.');
  if (typeof value !== 'string' || !URL.canParse(value)) throw bad();
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || url.search || url.hash) throw bad();
  if (url.pathname !== '/') throw bad();
  return url.origin;
}

export function subscribeAnswerOf(value: unknown): SubscribeAnswer {
  if (typeof value !== 'string' || !(SUBSCRIBE_ANSWERS as readonly string[]).includes(value)) {
    throw badRequest(`subscribeAnswer must be one of ${SUBSCRIBE_ANSWERS.join(', ')}.`);
  }
  return value as SubscribeAnswer;
}

const DELIVERY_TIMEOUT_MS = 10_000;

export function validateWebhookKnobs(input: unknown): Partial<WebhookKnobs> {
  if (!isObject(input)) {
    throw badRequest(
      'Body must be {duplicate?, delayMs?, drop?, reorder?, resourceOrigin?, subscribeAnswer?}.',
    );
  }
  const out: Partial<WebhookKnobs> = {};
  for (const [key, value] of Object.entries(input)) {
    if (key === 'duplicate') {
      const n = value === true ? 1 : value === false ? 0 : value;
      if (typeof n !== 'number' || !Number.isInteger(n) || n < 0 || n > 10) {
        throw badRequest('duplicate must be true, false or an integer from 0 to 10 (extra copies).');
      }
      out.duplicate = n;
    } else if (key === 'delayMs') {
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0 || value > 600_000) {
        throw badRequest('delayMs must be a number from 0 to 600000.');
      }
      out.delayMs = value;
    } else if (key === 'drop') {
      const share = value === true ? 1 : value === false ? 0 : value;
      if (typeof share !== 'number' || !Number.isFinite(share) || share < 0 || share > 1) {
        throw badRequest('drop must be true, false or a share from 0 to 1.');
      }
      out.drop = share;
    } else if (key === 'reorder') {
      if (typeof value !== 'boolean') throw badRequest('reorder must be true or false.');
      out.reorder = value;
    } else if (key === 'resourceOrigin') {
      out.resourceOrigin = value === null ? null : resourceOriginOf(value);
    } else if (key === 'subscribeAnswer') {
      out.subscribeAnswer = subscribeAnswerOf(value);
    } else {
      throw badRequest(`Unknown webhook knob: ${key}.`);
    }
  }
  return out;
}

interface Delivery {
  sub: WebhookSubscription;
  body: { resource_url: string; resource_type: WebhookEvent };
}

/** ShipStation's deliveries: sent once each (no retry), unsigned. */
export class WebhookEmitter extends WebhookQueue<Delivery, WebhookKnobs, DeliveryRecord> {
  /** `defaults` are the knobs at start and after a reset (the start options' origin and answer shape). */
  constructor(
    private readonly now: () => number,
    defaults: Readonly<WebhookKnobs> = DEFAULT_WEBHOOK_KNOBS,
  ) {
    super(defaults, 4242);
  }

  /** Queues one delivery per matching subscription; returns how many subscriptions matched. */
  emit(subs: WebhookSubscription[], event: WebhookEvent, resourceUrl: string, storeId: number): number {
    const targets = subs.filter(
      (s) => s.active && s.event === event && (s.storeId === null || s.storeId === storeId),
    );
    for (const sub of targets) {
      this.enqueue({ sub, body: { resource_url: resourceUrl, resource_type: event } });
    }
    return targets.length;
  }

  protected async send(d: Delivery): Promise<boolean> {
    try {
      const res = await fetch(d.sub.targetUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'ShipStation-Webhooks/1.0' },
        body: JSON.stringify(d.body),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      this.record(d, 1, res.ok ? 'delivered' : 'failed', res.status);
    } catch {
      this.record(d, 1, 'failed', null);
    }
    return true; // ShipStation does not retry
  }

  protected record(d: Delivery, _attempt: number, outcome: QueuedOutcome, status: number | null): void {
    this.log.push({
      at: new Date(this.now()).toISOString(),
      subscriptionId: d.sub.id,
      targetUrl: d.sub.targetUrl,
      event: d.body.resource_type,
      resourceUrl: d.body.resource_url,
      outcome,
      status,
    });
  }
}
