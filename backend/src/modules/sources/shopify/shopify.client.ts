import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { ShopifyError } from './shopify-token-keeper.js';
import type { ShopifyCost, ShopifyCredentials, ShopifyTokenAnswer } from './shopify.types.js';

/** The scopes the connector asks for: orders (and their fulfilments) and the fulfilment webhooks. */
export const SHOPIFY_SCOPES = ['read_orders', 'read_fulfillments'] as const;

/** Query points kept free for the brand's other apps sharing the shop's bucket (decision 0048). */
export const COST_RESERVE = 100;
/** A wait for the bucket this short happens in the call; a longer one moves the job to later. */
const MAX_INLINE_WAIT_MS = 2000;

interface Bucket {
  available: number;
  maximum: number;
  restoreRate: number;
  atMs: number;
}

export interface GraphqlAnswer<T> {
  data: T;
  cost: ShopifyCost | null;
}

function text(value: unknown, max = 300): string {
  return (typeof value === 'string' ? value : JSON.stringify(value ?? '')).slice(0, max);
}

/**
 * Shopify over HTTP: the OAuth token endpoint (authorization code and refresh grants) and the GraphQL
 * Admin API of the configured version. Every shop is `https://<shop>` in production, or the one
 * configured origin (the sandbox). The cost bucket is read from each answer's
 * `extensions.cost.throttleStatus`; a call that would eat into the reserve waits (briefly) or is
 * refused as RATE with the time it can be made, and a THROTTLED answer does the same.
 */
@Injectable()
export class ShopifyClient {
  private readonly buckets = new Map<string, Bucket>();
  /** Calls made, by shop (the tests read calls per fulfilment). */
  readonly calls = new Map<string, number>();

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get configured(): boolean {
    return !!this.config.shopify.clientId && !!this.config.shopify.clientSecret;
  }

  origin(shop: string): string {
    return (this.config.shopify.apiBaseUrl ?? `https://${shop}`).replace(/\/+$/, '');
  }

  /** Where the admin's browser is sent to approve the app. */
  authorizeUrl(shop: string, state: string, redirectUri: string): string {
    const q = new URLSearchParams({
      client_id: this.config.shopify.clientId ?? '',
      scope: SHOPIFY_SCOPES.join(','),
      redirect_uri: redirectUri,
      state,
    });
    // One origin for every shop (the sandbox) needs to be told which shop.
    if (this.config.shopify.apiBaseUrl) q.set('shop', shop);
    return `${this.origin(shop)}/admin/oauth/authorize?${q.toString()}`;
  }

  /** The authorization code for an expiring offline token and its refresh token. */
  async exchangeCode(shop: string, code: string, nowMs: number): Promise<ShopifyCredentials> {
    const answer = await this.token(shop, { code, expiring: 1 }, 'REFUSED');
    return this.credentialsOf(shop, answer, nowMs);
  }

  /** The refresh grant: a new access token and the next refresh token (the old one is spent). */
  async refresh(c: ShopifyCredentials, nowMs: number): Promise<ShopifyCredentials> {
    const answer = await this.token(
      c.shop,
      { grant_type: 'refresh_token', refresh_token: c.refreshToken ?? '' },
      'REFRESH_REFUSED',
    );
    return this.credentialsOf(c.shop, answer, nowMs);
  }

  /** One GraphQL call; `expectedCost` is what the bucket must hold (beyond the reserve) before it is made. */
  async graphql<T>(
    c: ShopifyCredentials,
    query: string,
    variables: Record<string, unknown>,
    expectedCost = 50,
  ): Promise<GraphqlAnswer<T>> {
    await this.waitForBucket(c.shop, expectedCost);
    this.calls.set(c.shop, (this.calls.get(c.shop) ?? 0) + 1);
    const url = `${this.origin(c.shop)}/admin/api/${this.config.shopify.apiVersion}/graphql.json`;
    const res = await this.send(
      url,
      {
        'X-Shopify-Access-Token': c.accessToken,
        'Content-Type': 'application/json',
        Accept: 'application/json',
      },
      JSON.stringify({ query, variables }),
    );
    if (res.status === 401) {
      await res.body?.cancel();
      throw new ShopifyError('AUTH', 'Shopify refused the access token (401)', undefined, 401);
    }
    if (res.status === 429) {
      await res.body?.cancel();
      const after = Number(res.headers.get('retry-after'));
      throw new ShopifyError(
        'RATE',
        'Shopify is limiting requests (429)',
        Date.now() + (after > 0 ? after * 1000 : 2000),
        429,
      );
    }
    if (res.status >= 500) {
      await res.body?.cancel();
      throw new ShopifyError('SERVER', `Shopify answered ${res.status}`, Date.now() + 30_000, res.status);
    }
    if (!res.ok) {
      await res.body?.cancel();
      const why =
        res.status === 402
          ? 'the shop is frozen (unpaid)'
          : res.status === 423
            ? 'the shop is locked'
            : `${res.status}`;
      throw new ShopifyError('REFUSED', `Shopify refused the request: ${why}`, undefined, res.status);
    }
    let body: { data?: T; errors?: unknown; extensions?: { cost?: ShopifyCost } };
    try {
      body = (await res.json()) as typeof body;
    } catch {
      throw new ShopifyError('SERVER', 'Shopify answered something that is not JSON', Date.now() + 30_000);
    }
    const cost = body.extensions?.cost ?? null;
    this.remember(c.shop, cost);
    const errors = Array.isArray(body.errors)
      ? (body.errors as { message?: unknown; extensions?: { code?: unknown } }[])
      : [];
    if (errors.some((e) => e?.extensions?.code === 'THROTTLED')) {
      throw new ShopifyError(
        'RATE',
        'Shopify throttled the query (THROTTLED)',
        this.readyAt(c.shop, cost?.requestedQueryCost ?? expectedCost),
      );
    }
    if (errors.length > 0 || body.data === undefined || body.data === null) {
      throw new ShopifyError(
        'REFUSED',
        `Shopify refused the query: ${text(errors[0]?.message ?? 'no data')}`,
      );
    }
    return { data: body.data, cost };
  }

  private async token(
    shop: string,
    params: Record<string, string | number>,
    refusedAs: 'REFUSED' | 'REFRESH_REFUSED',
  ): Promise<ShopifyTokenAnswer> {
    if (!this.configured) throw new ShopifyError('REFUSED', 'Shopify is not configured on this server');
    const res = await this.send(
      `${this.origin(shop)}/admin/oauth/access_token`,
      { 'Content-Type': 'application/json', Accept: 'application/json' },
      JSON.stringify({
        client_id: this.config.shopify.clientId,
        client_secret: this.config.shopify.clientSecret,
        ...params,
      }),
    );
    const body = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status >= 500) {
      throw new ShopifyError('SERVER', `Shopify answered ${res.status}`, Date.now() + 30_000, res.status);
    }
    if (res.status === 429) {
      throw new ShopifyError('RATE', 'Shopify is limiting requests (429)', Date.now() + 5000, 429);
    }
    if (!res.ok) {
      const why = text(body.error_description ?? body.error ?? res.status, 200);
      throw new ShopifyError(
        refusedAs,
        refusedAs === 'REFRESH_REFUSED'
          ? `Shopify refused to renew the access (${why}); connect the shop again`
          : `Shopify refused the authorization (${why})`,
        undefined,
        res.status,
      );
    }
    return body;
  }

  private credentialsOf(shop: string, a: ShopifyTokenAnswer, nowMs: number): ShopifyCredentials {
    if (typeof a.access_token !== 'string' || !a.access_token) {
      throw new ShopifyError('REFUSED', 'Shopify answered without an access token');
    }
    const secs = (v: unknown) => (typeof v === 'number' && v > 0 ? nowMs + v * 1000 : null);
    return {
      shop,
      accessToken: a.access_token,
      refreshToken: typeof a.refresh_token === 'string' && a.refresh_token ? a.refresh_token : null,
      expiresAt: secs(a.expires_in),
      refreshTokenExpiresAt: secs(a.refresh_token_expires_in),
      scope: typeof a.scope === 'string' ? a.scope.slice(0, 500) : '',
    };
  }

  private async send(url: string, headers: Record<string, string>, body: string): Promise<Response> {
    try {
      return await fetch(url, {
        method: 'POST',
        redirect: 'error',
        headers,
        body,
        signal: AbortSignal.timeout(this.config.shopify.timeoutMs),
      });
    } catch {
      throw new ShopifyError('NETWORK', 'Shopify did not answer', Date.now() + 15_000);
    }
  }

  private remember(shop: string, cost: ShopifyCost | null): void {
    const t = cost?.throttleStatus;
    if (!t || typeof t.currentlyAvailable !== 'number') return;
    this.buckets.set(shop, {
      available: t.currentlyAvailable,
      maximum: typeof t.maximumAvailable === 'number' ? t.maximumAvailable : 1000,
      restoreRate: typeof t.restoreRate === 'number' && t.restoreRate > 0 ? t.restoreRate : 50,
      atMs: Date.now(),
    });
  }

  /** When the bucket holds `cost` points beyond the reserve (now when it is unknown). */
  private readyAt(shop: string, cost: number): number {
    const b = this.buckets.get(shop);
    if (!b) return Date.now() + 1000;
    const reserve = Math.min(COST_RESERVE, Math.max(0, b.maximum - cost));
    const now = b.available + ((Date.now() - b.atMs) / 1000) * b.restoreRate;
    const missing = Math.min(b.maximum, cost + reserve) - now;
    return missing <= 0 ? Date.now() : Date.now() + Math.ceil((missing / b.restoreRate) * 1000);
  }

  private async waitForBucket(shop: string, cost: number): Promise<void> {
    const at = this.readyAt(shop, cost);
    const wait = at - Date.now();
    if (wait <= 0 || !this.buckets.has(shop)) return;
    if (wait > MAX_INLINE_WAIT_MS) {
      throw new ShopifyError(
        'RATE',
        "Shopify's query budget for this shop is spent; waiting for it to refill",
        at,
      );
    }
    await new Promise((r) => setTimeout(r, wait));
  }
}
