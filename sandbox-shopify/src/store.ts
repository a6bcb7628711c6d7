// The shop: its orders and fulfilments, webhook subscriptions, the cost bucket of the GraphQL API and the
// call counts. All times are epoch ms of the sandbox clock.
import { badRequest, notFound } from '@portal/faire-sandbox/kit';
import { CARRIER_COMPANIES, DAY, generateSeed, trackingUrl } from './seed.js';
import type {
  CallCounts,
  FulfillmentRecord,
  OrderRecord,
  ThrottleKnobs,
  TrackingInfo,
  WebhookSubscription,
  WebhookTopic,
} from './types.js';

export const READABLE_DAYS = 60;
export const SINGLE_QUERY_MAX_COST = 1000;

export const DEFAULT_THROTTLE: Readonly<ThrottleKnobs> = Object.freeze({
  maximumAvailable: 2000,
  restoreRate: 100,
});

/** The shop's part of a data file: orders, subscriptions and id counters (not knobs, counts or the bucket). */
export interface PersistedShop {
  orders: OrderRecord[];
  subscriptions: WebhookSubscription[];
  next: { order: number; fulfillment: number; subscription: number };
}

export class ShopStore {
  orders: OrderRecord[] = [];
  subscriptions: WebhookSubscription[] = [];
  calls: CallCounts = { graphql: 0, throttled: 0, unauthorized: 0, tokenRequests: 0, byOperation: {} };
  throttle: ThrottleKnobs = { ...DEFAULT_THROTTLE };
  /** The next N Admin API calls answer 503 (an outage), then back to normal. */
  unavailable = 0;
  /** Only calls of this operation (e.g. `mutation webhookSubscriptionCreate`) count and fail; null: all. */
  unavailableOnly: string | null = null;
  private bucket = { available: DEFAULT_THROTTLE.maximumAvailable, at: 0 };
  private nextOrderId = 0;
  private nextFulfillmentId = 0;
  private nextSubscriptionId = 0;

  constructor(
    readonly seed: number,
    readonly brand: string,
    readonly shopDomain: string,
    readonly now: () => number,
  ) {}

  seedFresh(): void {
    const data = generateSeed(this.seed, this.brand, this.now());
    this.orders = data.orders;
    this.nextOrderId = data.nextOrderId;
    this.nextFulfillmentId = data.nextFulfillmentId;
    this.nextSubscriptionId = 1_400_000_001;
    this.subscriptions = [];
    this.throttle = { ...DEFAULT_THROTTLE };
    this.unavailable = 0;
    this.unavailableOnly = null;
    this.bucket = { available: DEFAULT_THROTTLE.maximumAvailable, at: this.now() };
    this.clearCalls();
  }

  snapshot(): PersistedShop {
    return {
      orders: this.orders,
      subscriptions: this.subscriptions,
      next: {
        order: this.nextOrderId,
        fulfillment: this.nextFulfillmentId,
        subscription: this.nextSubscriptionId,
      },
    };
  }

  restore(data: PersistedShop): void {
    this.orders = data.orders;
    this.subscriptions = data.subscriptions;
    this.nextOrderId = data.next.order;
    this.nextFulfillmentId = data.next.fulfillment;
    this.nextSubscriptionId = data.next.subscription;
    this.bucket = { available: this.throttle.maximumAvailable, at: this.now() };
  }

  clearCalls(): CallCounts {
    const before = this.calls;
    this.calls = { graphql: 0, throttled: 0, unauthorized: 0, tokenRequests: 0, byOperation: {} };
    return before;
  }

  /** Whether a token with `scopes` may read `order` (only the last 60 days without read_all_orders). */
  readable(order: OrderRecord, scopes: string[]): boolean {
    return scopes.includes('read_all_orders') || order.createdAt >= this.now() - READABLE_DAYS * DAY;
  }

  /** The bucket now: refilled at `restoreRate` points per second up to `maximumAvailable`. */
  available(): number {
    const now = this.now();
    const refill = ((now - this.bucket.at) / 1000) * this.throttle.restoreRate;
    this.bucket = {
      available: Math.min(this.throttle.maximumAvailable, this.bucket.available + refill),
      at: now,
    };
    return this.bucket.available;
  }

  spend(points: number): void {
    this.available();
    this.bucket.available -= points;
  }

  setThrottle(patch: Partial<ThrottleKnobs> & { currentlyAvailable?: number }): void {
    const { currentlyAvailable, ...knobs } = patch;
    this.available();
    this.throttle = { ...this.throttle, ...knobs };
    this.bucket.available = Math.min(
      this.throttle.maximumAvailable,
      currentlyAvailable ?? this.bucket.available,
    );
  }

  findOrder(ref: { orderId?: number | string; orderName?: string }): OrderRecord {
    const { orderId, orderName } = ref;
    let order: OrderRecord | undefined;
    if (orderId !== undefined) {
      const id = Number(String(orderId).replace(/^gid:\/\/shopify\/Order\//, ''));
      order = this.orders.find((o) => o.id === id);
      if (!order) throw notFound(`No order ${String(orderId)}.`);
    } else if (orderName !== undefined) {
      const name = orderName.trim().toLowerCase();
      order = this.orders.find((o) => o.name.toLowerCase() === name || o.name.toLowerCase() === `#${name}`);
      if (!order) throw notFound(`No order named ${orderName}.`);
    } else {
      throw badRequest('orderName or orderId is required.');
    }
    return order;
  }

  findFulfillment(id: number | string): FulfillmentRecord {
    const n = Number(String(id).replace(/^gid:\/\/shopify\/Fulfillment\//, ''));
    for (const o of this.orders) {
      const f = o.fulfillments.find((x) => x.id === n);
      if (f) return f;
    }
    throw notFound(`No fulfillment ${String(id)}.`);
  }

  orderOf(f: FulfillmentRecord): OrderRecord {
    return this.orders.find((o) => o.id === f.orderId)!;
  }

  /** Normalises a carrier name (`fedex` → `FedEx`) the way Shopify's known-company list does. */
  company(name: string | null): string | null {
    if (name === null) return null;
    const known = Object.values(CARRIER_COMPANIES).find((c) => c.toLowerCase() === name.trim().toLowerCase());
    return known ?? name.trim();
  }

  fulfil(order: OrderRecord, info: TrackingInfo[]): FulfillmentRecord {
    const at = this.now();
    const base = order.name.startsWith('#') ? order.name : `#${order.name}`;
    const record: FulfillmentRecord = {
      id: this.nextFulfillmentId++,
      orderId: order.id,
      name: `${base}-F${order.fulfillments.length + 1}`,
      status: 'SUCCESS',
      createdAt: at,
      updatedAt: at,
      trackingInfo: info.map((t) => {
        const company = this.company(t.company);
        return { number: t.number, company, url: t.url ?? trackingUrl(company, t.number) };
      }),
    };
    order.fulfillments.push(record);
    order.updatedAt = at;
    return record;
  }

  touch(f: FulfillmentRecord): void {
    f.updatedAt = this.now();
    this.orderOf(f).updatedAt = f.updatedAt;
  }

  createOrder(
    input: Omit<OrderRecord, 'id' | 'createdAt' | 'updatedAt' | 'fulfillments' | 'cancelledAt'>,
  ): OrderRecord {
    const at = this.now();
    const order: OrderRecord = {
      ...input,
      id: this.nextOrderId++,
      createdAt: at,
      updatedAt: at,
      cancelledAt: null,
      fulfillments: [],
    };
    this.orders.push(order);
    return order;
  }

  subscribe(topic: WebhookTopic, uri: string, shop: string): WebhookSubscription {
    const sub: WebhookSubscription = {
      id: this.nextSubscriptionId++,
      topic,
      uri,
      shop,
      createdAt: this.now(),
    };
    this.subscriptions.push(sub);
    return sub;
  }

  unsubscribe(id: number): boolean {
    const before = this.subscriptions.length;
    this.subscriptions = this.subscriptions.filter((s) => s.id !== id);
    return this.subscriptions.length < before;
  }
}
