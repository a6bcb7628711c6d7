import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { shipStationResource, type ShipStationResource } from './shipstation-resource.js';
import type {
  ShipStationCredentials,
  ShipStationFulfillmentPage,
  ShipStationOrder,
  ShipStationShipmentPage,
} from './shipstation.types.js';

/** Requests of the per-minute budget left to the brand's other apps (decision 0036). */
export const RATE_RESERVE = 5;

export type ShipStationFault = 'AUTH' | 'RATE' | 'SERVER' | 'NETWORK' | 'REFUSED';

/** A call ShipStation did not answer usefully; `retryAt` (epoch ms) when waiting helps. */
export class ShipStationError extends Error {
  constructor(
    readonly fault: ShipStationFault,
    message: string,
    readonly retryAt?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ShipStationError';
  }

  /** A fault that passes by itself (the rate window, an outage); AUTH and REFUSED need a person. */
  get transient(): boolean {
    return this.fault === 'RATE' || this.fault === 'SERVER' || this.fault === 'NETWORK';
  }
}

interface Budget {
  remaining: number;
  resetAt: number;
}

/**
 * ShipStation V1 over HTTP Basic (the connection's key and secret). One attempt per call; the caller
 * decides about retrying. The per-minute budget is read from every answer's X-Rate-Limit headers and
 * kept per connection: a call that would eat into the reserve is not made (a RATE fault with the time
 * the window resets), and a 429 waits for that time too. Only the configured API base is ever
 * requested (a webhook's `resource_url` names a listing there, checked by `resource` first).
 */
@Injectable()
export class ShipStationClient {
  private readonly base: string;
  private readonly origin: string;
  /** The API's path on its origin ('' for ShipStation itself). */
  private readonly basePath: string;
  private readonly timeoutMs: number;
  private readonly budgets = new Map<string, Budget>();
  /** Calls made, by connection (the bench reads calls per label). */
  readonly calls = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.base = config.sources.shipstationBaseUrl.replace(/\/+$/, '');
    this.origin = new URL(this.base).origin;
    this.basePath = new URL(this.base).pathname.replace(/\/+$/, '').toLowerCase();
    this.timeoutMs = config.sources.shipstationTimeoutMs;
  }

  /**
   * The listing a webhook's `resource_url` names, when it is one this product reads (decision 0065):
   * on a ShipStation API host or the configured origin, `/shipments` or `/fulfillments`, with only the
   * query keys ShipStation writes. The read itself is made on the configured base, never on its host.
   */
  resource(url: unknown): ShipStationResource | null {
    return shipStationResource(url, { origin: this.origin, basePath: this.basePath });
  }

  /** The cheapest call that proves a key pair: the account's stores. */
  async probe(creds: ShipStationCredentials, budgetKey: string): Promise<void> {
    await this.call(creds, budgetKey, 'GET', `${this.base}/stores`);
  }

  async subscribe(
    creds: ShipStationCredentials,
    budgetKey: string,
    targetUrl: string,
    event: 'SHIP_NOTIFY' | 'FULFILLMENT_SHIPPED',
  ): Promise<string> {
    const body = await this.call<{ id?: unknown; WebHookID?: unknown }>(
      creds,
      budgetKey,
      'POST',
      `${this.base}/webhooks/subscribe`,
      {
        target_url: targetUrl,
        event,
        friendly_name: 'Faire shipments',
      },
    );
    // `{"id": n}` in the older reference, `{"WebHookID": n}` in the newer one: both are read.
    const id = body?.id ?? body?.WebHookID;
    return typeof id === 'number' || typeof id === 'string' ? String(id) : '';
  }

  async unsubscribe(creds: ShipStationCredentials, budgetKey: string, webhookId: string): Promise<void> {
    await this.call(creds, budgetKey, 'DELETE', `${this.base}/webhooks/${encodeURIComponent(webhookId)}`);
  }

  listShipments(
    creds: ShipStationCredentials,
    budgetKey: string,
    createDateStart: string,
    page: number,
  ): Promise<ShipStationShipmentPage> {
    const q = new URLSearchParams({
      createDateStart,
      sortBy: 'CreateDate',
      sortDir: 'ASC',
      includeShipmentItems: 'false',
      pageSize: '500',
      page: String(page),
    });
    return this.call(creds, budgetKey, 'GET', `${this.base}/shipments?${q.toString()}`);
  }

  listFulfillments(
    creds: ShipStationCredentials,
    budgetKey: string,
    createDateStart: string,
    page: number,
  ): Promise<ShipStationFulfillmentPage> {
    const q = new URLSearchParams({
      createDateStart,
      sortBy: 'CreateDate',
      sortDir: 'ASC',
      pageSize: '500',
      page: String(page),
    });
    return this.call(creds, budgetKey, 'GET', `${this.base}/fulfillments?${q.toString()}`);
  }

  /**
   * Labels voided since `voidDateStart` (Pacific wall time, as ShipStation reads it): voiding sends no
   * webhook, so this is how a late void is seen.
   */
  listVoided(
    creds: ShipStationCredentials,
    budgetKey: string,
    voidDateStart: string,
    page: number,
  ): Promise<ShipStationShipmentPage> {
    const q = new URLSearchParams({
      voidDateStart,
      includeShipmentItems: 'false',
      pageSize: '500',
      page: String(page),
    });
    return this.call(creds, budgetKey, 'GET', `${this.base}/shipments?${q.toString()}`);
  }

  /** One order, for what only the order holds (its custom fields); null when ShipStation has none. */
  async getOrder(
    creds: ShipStationCredentials,
    budgetKey: string,
    orderId: string,
  ): Promise<ShipStationOrder | null> {
    if (!/^\d{1,15}$/.test(orderId)) return null;
    try {
      return await this.call<ShipStationOrder>(creds, budgetKey, 'GET', `${this.base}/orders/${orderId}`);
    } catch (err) {
      if (err instanceof ShipStationError && err.fault === 'REFUSED' && err.status === 404) return null;
      throw err;
    }
  }

  /** Page `page` of a webhook's resource, read on the configured API base. */
  readResource(
    creds: ShipStationCredentials,
    budgetKey: string,
    resource: ShipStationResource,
    page: number,
  ): Promise<ShipStationShipmentPage & ShipStationFulfillmentPage> {
    const query = new URLSearchParams(resource.query);
    for (const key of [...query.keys()]) if (key.toLowerCase() === 'page') query.delete(key);
    if (page > 1) query.set('page', String(page));
    const text = query.toString();
    return this.call(creds, budgetKey, 'GET', `${this.base}/${resource.kind}${text ? `?${text}` : ''}`);
  }

  /** Forgets a connection's budget (it was disconnected). */
  forget(budgetKey: string): void {
    this.budgets.delete(budgetKey);
    this.calls.delete(budgetKey);
  }

  private async call<T>(
    creds: ShipStationCredentials,
    budgetKey: string,
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    body?: unknown,
  ): Promise<T> {
    const now = Date.now();
    const budget = this.budgets.get(budgetKey);
    if (budget && budget.remaining <= RATE_RESERVE && now < budget.resetAt) {
      throw new ShipStationError(
        'RATE',
        'ShipStation rate budget spent; waiting for the next window',
        budget.resetAt,
      );
    }
    this.calls.set(budgetKey, (this.calls.get(budgetKey) ?? 0) + 1);
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        redirect: 'error',
        headers: {
          Authorization: `Basic ${Buffer.from(`${creds.apiKey}:${creds.apiSecret}`).toString('base64')}`,
          Accept: 'application/json',
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch {
      throw new ShipStationError('NETWORK', 'ShipStation did not answer');
    }
    this.remember(budgetKey, res);
    if (res.status === 401 || res.status === 403) {
      await res.body?.cancel();
      throw new ShipStationError(
        'AUTH',
        'ShipStation refused the API key and secret; connect again with a valid pair',
        undefined,
        res.status,
      );
    }
    if (res.status === 429) {
      await res.body?.cancel();
      const resetAt = this.budgets.get(budgetKey)?.resetAt ?? Date.now() + 60_000;
      throw new ShipStationError('RATE', 'ShipStation is limiting requests (429)', resetAt, 429);
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      throw new ShipStationError(
        'SERVER',
        `ShipStation answered ${res.status}`,
        Date.now() + 30_000,
        res.status,
      );
    }
    if (!res.ok) {
      await res.body?.cancel();
      throw new ShipStationError(
        'REFUSED',
        `ShipStation refused the request (${res.status})`,
        undefined,
        res.status,
      );
    }
    const text = await res.text();
    if (!text) return undefined as T;
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new ShipStationError('SERVER', 'ShipStation answered something that is not JSON');
    }
  }

  /** The budget from the answer's headers (remaining calls, seconds until the window resets). */
  private remember(budgetKey: string, res: Response): void {
    const remaining = Number(res.headers.get('x-rate-limit-remaining'));
    const reset = Number(res.headers.get('x-rate-limit-reset'));
    if (!Number.isFinite(remaining) || res.headers.get('x-rate-limit-remaining') === null) return;
    const resetAt = Date.now() + (Number.isFinite(reset) && reset >= 0 ? reset : 60) * 1000;
    this.budgets.set(budgetKey, { remaining: res.status === 429 ? 0 : remaining, resetAt });
  }
}
