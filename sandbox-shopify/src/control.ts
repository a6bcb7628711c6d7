// What a test or a person does in the shop: fulfil an order, change or cancel a fulfilment, add orders,
// register webhook URLs as the app's configuration would, bend deliveries, expire or refuse tokens,
// uninstall the app, throttle the API, reset, read call counts. In-process (the handle's `control`) and
// over HTTP under /_sandbox (control-http.ts).
import { badRequest } from '@portal/faire-sandbox/kit';
import { fulfillmentPayload, orderPayload, shopPayload } from './payloads.js';
import type { ShopStore } from './store.js';
import type { TokenStore } from './tokens.js';
import {
  WEBHOOK_TOPICS,
  type CallCounts,
  type DeliveryRecord,
  type FulfillmentRecord,
  type OrderRecord,
  type ThrottleKnobs,
  type TokenKnobs,
  type WebhookKnobs,
  type WebhookSubscription,
  type WebhookTopic,
} from './types.js';
import { isObject } from '@portal/faire-sandbox/kit';
import { validateWebhookKnobs, type WebhookEmitter } from './webhooks.js';
import { addressErrors } from './webhook-mutations.js';

export { fulfillmentPayload, orderPayload } from './payloads.js';

export interface FulfilInput {
  orderName?: string;
  orderId?: number | string;
  trackingNumber?: string;
  trackingNumbers?: string[];
  company?: string | null;
  url?: string | null;
}

export interface FulfilmentView {
  id: string;
  legacyResourceId: number;
  orderId: string;
  orderName: string;
  name: string;
  status: string;
  trackingInfo: Array<{ number: string; company: string | null; url: string | null }>;
  webhookIds: string[];
}

function text(value: unknown, key: string): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(`${key} must be a non-empty string.`);
  }
  return value.trim();
}

export class Controller {
  constructor(
    private readonly store: ShopStore,
    private readonly tokens: TokenStore,
    private readonly emitter: WebhookEmitter,
    private readonly allowInsecureWebhookUris: boolean,
    private readonly resetAll: () => void,
    readonly advanceClock: (ms: number) => void,
  ) {}

  private emit(topic: WebhookTopic, payload: unknown, shop = this.store.shopDomain): string[] {
    return this.emitter.emit(this.store.subscriptions, topic, shop, payload);
  }

  private view(f: FulfillmentRecord, webhookIds: string[]): FulfilmentView {
    const order = this.store.orderOf(f);
    return {
      id: `gid://shopify/Fulfillment/${f.id}`,
      legacyResourceId: f.id,
      orderId: `gid://shopify/Order/${order.id}`,
      orderName: order.name,
      name: f.name,
      status: f.status,
      trackingInfo: f.trackingInfo.map((t) => ({ ...t })),
      webhookIds,
    };
  }

  /** A fulfilment changed: delivers fulfillments/update, then orders/updated. */
  private updated(f: FulfillmentRecord): FulfilmentView {
    this.store.touch(f);
    const order = this.store.orderOf(f);
    const ids = this.emit('fulfillments/update', fulfillmentPayload(f, order));
    this.emit('orders/updated', orderPayload(order));
    return this.view(f, ids);
  }

  /** Fulfils an order now with one or more tracking numbers; delivers fulfillments/create. */
  fulfil(input: FulfilInput): FulfilmentView {
    if (!isObject(input)) throw badRequest('Body must be {orderName|orderId, trackingNumber, company}.');
    const order = this.store.findOrder(input);
    if (order.cancelledAt !== null) throw badRequest(`Order ${order.name} is cancelled.`);
    const numbers =
      input.trackingNumbers ?? (input.trackingNumber === undefined ? [] : [input.trackingNumber]);
    if (!Array.isArray(numbers) || numbers.length === 0) {
      throw badRequest('trackingNumber (or trackingNumbers) is required.');
    }
    const company =
      input.company === undefined || input.company === null ? null : text(input.company, 'company');
    const url = input.url === undefined || input.url === null ? null : text(input.url, 'url');
    const f = this.store.fulfil(
      order,
      numbers.map((n) => ({ number: text(n, 'trackingNumber'), company, url })),
    );
    const ids = this.emit('fulfillments/create', fulfillmentPayload(f, order));
    this.emit('orders/updated', orderPayload(order));
    return this.view(f, ids);
  }

  /** Replaces a fulfilment's tracking (as "Edit tracking" does); delivers fulfillments/update. */
  updateTracking(
    id: number | string,
    input: { trackingNumber?: unknown; company?: unknown },
  ): FulfilmentView {
    const f = this.store.findFulfillment(id);
    const number = text(input.trackingNumber, 'trackingNumber');
    const company =
      input.company === undefined
        ? (f.trackingInfo[0]?.company ?? null)
        : this.store.company(text(input.company, 'company'));
    f.trackingInfo = [{ number, company, url: null }];
    return this.updated(f);
  }

  /** Cancels a fulfilment; delivers fulfillments/update with status cancelled. */
  cancelFulfillment(id: number | string): FulfilmentView {
    const f = this.store.findFulfillment(id);
    if (f.status === 'CANCELLED') throw badRequest(`Fulfillment ${f.id} is already cancelled.`);
    f.status = 'CANCELLED';
    return this.updated(f);
  }

  /** Adds an order; `faireOrderNumber` makes it a Faire order as Faire's app writes one. */
  createOrder(input: {
    name?: unknown;
    faireOrderNumber?: unknown;
    tags?: unknown;
    sourceName?: unknown;
  }): OrderRecord {
    const name = text(input.name, 'name');
    if (this.store.orders.some((o) => o.name.toLowerCase() === name.toLowerCase())) {
      throw badRequest(`Order name ${name} is taken.`);
    }
    const faire =
      input.faireOrderNumber === undefined ? null : text(input.faireOrderNumber, 'faireOrderNumber');
    const tags = input.tags ?? (faire ? ['Faire', 'Wholesale'] : []);
    if (!Array.isArray(tags) || !tags.every((t) => typeof t === 'string')) {
      throw badRequest('tags must be an array of strings.');
    }
    return this.store.createOrder({
      name,
      tags: tags,
      sourceName:
        input.sourceName === undefined ? (faire ? 'faire' : 'web') : text(input.sourceName, 'sourceName'),
      note: null,
      customAttributes: faire && faire !== name ? [{ key: 'Faire order number', value: faire }] : [],
      faireOrderId: null,
    });
  }

  orders(): OrderRecord[] {
    return structuredClone(this.store.orders);
  }

  /**
   * Registers a webhook URL the way the app's configuration file does (any topic, privacy ones too), with
   * the address rules of the API: https and not internal unless `allowInsecureWebhookUris`.
   */
  subscribe(topic: string, uri: string, shop = this.store.shopDomain): WebhookSubscription {
    if (!(WEBHOOK_TOPICS as readonly string[]).includes(topic)) {
      throw badRequest(`topic must be one of ${WEBHOOK_TOPICS.join(', ')}.`);
    }
    const errors = addressErrors(String(uri), this.allowInsecureWebhookUris);
    if (errors.length > 0) throw badRequest(`uri: ${errors.map((e) => e.message).join('; ')}.`);
    return this.store.subscribe(topic as WebhookTopic, uri.trim(), shop);
  }

  subscriptions(): WebhookSubscription[] {
    return this.store.subscriptions.map((s) => ({ ...s }));
  }

  /** Sends a privacy (compliance) webhook as Shopify would when a customer or the shop asks. */
  sendPrivacy(topic: 'customers/data_request' | 'customers/redact' | 'shop/redact'): string[] {
    const shop = this.store.shopDomain;
    const base = { shop_id: 73_000_001, shop_domain: shop };
    const customer = { id: 7_700_000_001, email: 'buyer@example.com', phone: null };
    const payload =
      topic === 'shop/redact'
        ? base
        : topic === 'customers/redact'
          ? { ...base, customer, orders_to_redact: [] }
          : { ...base, customer, orders_requested: [], data_request: { id: 9_100_000_001 } };
    return this.emit(topic, payload, shop);
  }

  /** The app is uninstalled: every token of the shop stops working, app/uninstalled is delivered. */
  uninstall(shop = this.store.shopDomain): string[] {
    this.tokens.revokeShop(shop);
    return this.emit('app/uninstalled', shopPayload(shop), shop);
  }

  setTokenKnobs(patch: Partial<TokenKnobs> & { expireNow?: boolean }): TokenKnobs & { expired: number } {
    if (!isObject(patch)) {
      throw badRequest('Body must be {accessTokenLifetimeSeconds?, refuseRefresh?, expireNow?}.');
    }
    const { accessTokenLifetimeSeconds: life, refuseRefresh, expireNow, ...rest } = patch;
    const unknown = Object.keys(rest)[0];
    if (unknown) throw badRequest(`Unknown token knob: ${unknown}.`);
    if (life !== undefined && (typeof life !== 'number' || !Number.isInteger(life) || life < 1)) {
      throw badRequest('accessTokenLifetimeSeconds must be a positive integer.');
    }
    if (refuseRefresh !== undefined && typeof refuseRefresh !== 'boolean') {
      throw badRequest('refuseRefresh must be true or false.');
    }
    if (expireNow !== undefined && typeof expireNow !== 'boolean') {
      throw badRequest('expireNow must be true or false.');
    }
    if (life !== undefined) this.tokens.knobs.accessTokenLifetimeSeconds = life;
    if (refuseRefresh !== undefined) this.tokens.knobs.refuseRefresh = refuseRefresh;
    const expired = expireNow ? this.tokens.expireAll() : 0;
    return { ...this.tokens.knobs, expired };
  }

  setThrottle(
    patch: Partial<ThrottleKnobs> & { currentlyAvailable?: number },
  ): ThrottleKnobs & { currentlyAvailable: number } {
    if (!isObject(patch)) {
      throw badRequest('Body must be {maximumAvailable?, restoreRate?, currentlyAvailable?}.');
    }
    for (const [key, value] of Object.entries(patch)) {
      if (!['maximumAvailable', 'restoreRate', 'currentlyAvailable'].includes(key)) {
        throw badRequest(`Unknown throttle knob: ${key}.`);
      }
      if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
        throw badRequest(`${key} must be a non-negative number.`);
      }
    }
    this.store.setThrottle(patch);
    return { ...this.store.throttle, currentlyAvailable: Math.floor(this.store.available()) };
  }

  /**
   * The next `next503` Admin API calls answer 503 Service Unavailable (an outage), then back to normal;
   * with `operation` (e.g. `mutation webhookSubscriptionCreate`), only calls of that operation count.
   */
  setOutage(next503: unknown, operation?: unknown): { next503: number; operation: string | null } {
    if (typeof next503 !== 'number' || !Number.isInteger(next503) || next503 < 0 || next503 > 1_000_000) {
      throw badRequest('next503 must be an integer from 0 to 1000000.');
    }
    if (
      operation !== undefined &&
      operation !== null &&
      (typeof operation !== 'string' || operation.length > 200)
    ) {
      throw badRequest('operation must be text such as "mutation webhookSubscriptionCreate".');
    }
    this.store.unavailable = next503;
    this.store.unavailableOnly = typeof operation === 'string' ? operation : null;
    return { next503, operation: this.store.unavailableOnly };
  }

  setWebhookKnobs(patch: Partial<WebhookKnobs>): WebhookKnobs {
    return this.emitter.setKnobs(validateWebhookKnobs(patch));
  }

  webhookKnobs(): WebhookKnobs {
    return { ...this.emitter.knobs };
  }

  flushWebhooks(): number {
    return this.emitter.flush();
  }

  deliveries(): DeliveryRecord[] {
    return this.emitter.deliveries();
  }

  idle(): Promise<void> {
    return this.emitter.idle();
  }

  calls(): CallCounts {
    return structuredClone(this.store.calls);
  }

  clearCalls(): CallCounts {
    return this.store.clearCalls();
  }

  reset(): void {
    this.resetAll();
  }
}
