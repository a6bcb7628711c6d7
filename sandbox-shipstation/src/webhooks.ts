// Webhook deliveries as ShipStation V1 makes them: an unsigned JSON POST `{resource_url, resource_type}` to
// each subscribed target URL, with knobs that duplicate, delay, drop and reorder them.
import { badRequest } from '@portal/faire-sandbox/kit';
import type { DeliveryRecord, WebhookEvent, WebhookKnobs, WebhookSubscription } from './types.js';
import { isObject, Prng } from './util.js';

export const DEFAULT_WEBHOOK_KNOBS: Readonly<WebhookKnobs> = Object.freeze({
  duplicate: 0,
  delayMs: 0,
  drop: 0,
  reorder: false,
});

const DELIVERY_TIMEOUT_MS = 10_000;

export function validateWebhookKnobs(input: unknown): Partial<WebhookKnobs> {
  if (!isObject(input)) throw badRequest('Body must be {duplicate?, delayMs?, drop?, reorder?}.');
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

export class WebhookEmitter {
  knobs: WebhookKnobs = { ...DEFAULT_WEBHOOK_KNOBS };
  log: DeliveryRecord[] = [];
  private held: Delivery[] = [];
  private dice = new Prng(4242);
  private readonly inFlight = new Set<Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private closed = false;

  constructor(private readonly now: () => number) {}

  reset(): void {
    this.knobs = { ...DEFAULT_WEBHOOK_KNOBS };
    this.held = [];
    this.log = [];
    this.dice = new Prng(4242);
  }

  /** Queues one delivery per matching subscription; returns how many subscriptions matched. */
  emit(subs: WebhookSubscription[], event: WebhookEvent, resourceUrl: string, storeId: number): number {
    const targets = subs.filter(
      (s) => s.active && s.event === event && (s.storeId === null || s.storeId === storeId),
    );
    for (const sub of targets) {
      const delivery: Delivery = { sub, body: { resource_url: resourceUrl, resource_type: event } };
      if (this.dice.next() < this.knobs.drop) {
        this.record(delivery, 'dropped', null);
        continue;
      }
      if (this.knobs.reorder && this.held.length === 0) {
        // Nothing to swap with yet: wait for the next delivery (or a flush), then go after it.
        this.held.push(delivery);
        this.record(delivery, 'held', null);
        continue;
      }
      // The newest first, then whatever was held back, one after the other.
      this.release([delivery, ...this.held.splice(0)]);
    }
    return targets.length;
  }

  /** Sends whatever `reorder` is holding back. */
  flush(): number {
    const held = this.held.splice(0);
    if (held.length > 0) this.release(held);
    return held.length;
  }

  /** Resolves when every scheduled delivery has been attempted. */
  async idle(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight]);
  }

  close(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    this.inFlight.clear();
  }

  /** Schedules the deliveries (and their duplicates) to be sent in this order, each after the previous. */
  private release(list: Delivery[]): void {
    const copies = list.flatMap((d) => Array.from({ length: this.knobs.duplicate + 1 }, () => d));
    const run = new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        void (async () => {
          for (const d of copies) await this.send(d);
        })().finally(resolve);
      }, this.knobs.delayMs);
      this.timers.add(timer);
    });
    this.inFlight.add(run);
    void run.finally(() => this.inFlight.delete(run));
  }

  private async send(d: Delivery): Promise<void> {
    if (this.closed) return;
    try {
      const res = await fetch(d.sub.targetUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'User-Agent': 'ShipStation-Webhooks/1.0' },
        body: JSON.stringify(d.body),
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await res.arrayBuffer().catch(() => undefined);
      this.record(d, res.ok ? 'delivered' : 'failed', res.status);
    } catch {
      this.record(d, 'failed', null);
    }
  }

  private record(d: Delivery, outcome: DeliveryRecord['outcome'], status: number | null): void {
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
