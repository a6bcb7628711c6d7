import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { FaireAppCredentials } from '../app-settings/index.js';
import { FaireError } from './faire.errors.js';
import type {
  FaireBrandProfile,
  FaireCredentials,
  FaireOrder,
  FaireOrdersPage,
  FaireRetailer,
  ListOrdersParams,
  NewFaireShipment,
} from './faire.types.js';
import { MarketplaceRateLimiter } from './rate-limiter.js';
import { Shutdown } from '../../common/shutdown.js';

/** A Faire account to call as: `key` names its rate-limit bucket (the brand id when known). */
export interface FaireAccount {
  key: string;
  credentials: FaireCredentials;
}

interface CallOptions {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Retries on 429 and on a CDN block (nothing was done) always; on 5xx and network errors only for reads. */
  maxAttempts?: number;
}

const NETWORK_NOT_SENT = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

export function accountKeyForToken(token: string): string {
  return `t-${createHash('sha256').update(token).digest('hex').slice(0, 16)}`;
}

/**
 * Typed client for the Faire External API v2. Every call has a timeout and goes through the
 * per-account rate limiter; tokens are never logged. Base URLs come from configuration only.
 */
@Injectable()
export class FaireClient {
  private readonly logger = new Logger('FaireClient');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly limiter: MarketplaceRateLimiter,
    private readonly app: FaireAppCredentials,
    private readonly shutdown: Shutdown,
  ) {}

  get apiBaseUrl(): string {
    const url = this.config.marketplace.apiBaseUrl;
    if (!url) throw new FaireError('UNAVAILABLE', 'The Faire API address is not configured');
    return url;
  }

  getBrandProfile(account: FaireAccount): Promise<FaireBrandProfile> {
    return this.call<FaireBrandProfile>(account, { method: 'GET', path: '/brands/profile' });
  }

  getOrder(account: FaireAccount, orderId: string): Promise<FaireOrder> {
    return this.call<FaireOrder>(account, { method: 'GET', path: `/orders/${encodeURIComponent(orderId)}` });
  }

  listOrders(
    account: FaireAccount,
    params: ListOrdersParams & { cursor?: string; page?: number },
  ): Promise<FaireOrdersPage> {
    return this.call<FaireOrdersPage>(account, {
      method: 'GET',
      path: '/orders',
      query: params.cursor
        ? { limit: params.limit ?? 50, cursor: params.cursor }
        : {
            limit: params.limit ?? 50,
            page: params.page && params.page > 1 ? params.page : undefined,
            updated_at_min: params.updatedAtMin,
            created_at_min: params.createdAtMin,
            excluded_states: params.excludedStates?.join(','),
          },
    });
  }

  /**
   * Every order matching the filters. Follows the cursor; a full page without a cursor is not taken as
   * the end (Faire only documents "use the cursor"): the next page is then asked for by `page` number,
   * until a page comes back short or empty. Orders seen twice are yielded once.
   */
  async *iterateOrders(account: FaireAccount, params: ListOrdersParams = {}): AsyncGenerator<FaireOrder> {
    const limit = params.limit ?? 50;
    let cursor: string | undefined;
    let pageNumber = 1;
    const seenCursors = new Set<string>();
    const seenOrders = new Set<string>();
    for (;;) {
      const page = await this.listOrders(account, {
        ...params,
        limit,
        cursor,
        page: cursor ? undefined : pageNumber,
      });
      let fresh = 0;
      for (const order of page.orders) {
        if (seenOrders.has(order.id)) continue;
        seenOrders.add(order.id);
        fresh += 1;
        yield order;
      }
      // Nothing new (an empty page, or a server repeating itself): the end.
      if (fresh === 0) return;
      const next = page.cursor || undefined;
      if (next) {
        if (seenCursors.has(next)) return;
        seenCursors.add(next);
        cursor = next;
        continue;
      }
      if (page.orders.length < limit) return;
      // Full page, no cursor: ask for the next page by number (pages read so far + 1), with the filters.
      pageNumber += seenCursors.size + 1;
      seenCursors.clear();
      cursor = undefined;
    }
  }

  /** NEW -> PROCESSING. */
  acceptOrder(account: FaireAccount, orderId: string, expectedShipDate?: string): Promise<FaireOrder> {
    return this.call<FaireOrder>(account, {
      method: 'PUT',
      path: `/orders/${encodeURIComponent(orderId)}/processing`,
      body: expectedShipDate ? { expected_ship_date: expectedShipDate } : {},
    });
  }

  /** Adds shipments to one order. Not idempotent: callers re-read the order after an uncertain outcome. */
  addShipments(account: FaireAccount, orderId: string, shipments: NewFaireShipment[]): Promise<FaireOrder> {
    return this.call<FaireOrder>(account, {
      method: 'POST',
      path: `/orders/${encodeURIComponent(orderId)}/shipments`,
      body: { shipments },
    });
  }

  getRetailer(account: FaireAccount, retailerId: string): Promise<FaireRetailer> {
    return this.call<FaireRetailer>(account, {
      method: 'GET',
      path: `/retailers/public/${encodeURIComponent(retailerId)}`,
    });
  }

  private async headers(credentials: FaireCredentials): Promise<Record<string, string>> {
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'User-Agent': this.config.marketplace.userAgent,
    };
    if (credentials.mode === 'ACCESS_TOKEN') {
      headers['X-FAIRE-ACCESS-TOKEN'] = credentials.token;
    } else {
      const app = await this.app.get();
      if (!app)
        throw new FaireError('UNAUTHORIZED', 'The Faire application id and secret are not configured');
      headers['X-FAIRE-APP-CREDENTIALS'] = Buffer.from(
        `${app.applicationId}:${app.applicationSecret}`,
      ).toString('base64');
      headers['X-FAIRE-OAUTH-ACCESS-TOKEN'] = credentials.token;
    }
    return headers;
  }

  private async call<T>(account: FaireAccount, opts: CallOptions): Promise<T> {
    const isRead = opts.method === 'GET';
    const maxAttempts = opts.maxAttempts ?? 5;
    for (let attempt = 1; ; attempt++) {
      try {
        // No new call once shutdown began: the job is handed back (decision 0016); a wait ends at once.
        await this.limiter.acquire(account.key, this.shutdown);
        this.shutdown.throwIfStopping();
        return await this.once<T>(account, opts);
      } catch (err) {
        if (!(err instanceof FaireError)) throw err;
        if (err.kind === 'RATE_LIMITED') {
          await this.limiter.penalise(account.key, err.retryAfterMs ?? backoffMs(attempt));
        }
        const retry =
          err.kind === 'RATE_LIMITED' ||
          err.kind === 'BLOCKED' ||
          (isRead && (err.kind === 'UNAVAILABLE' || err.kind === 'UNCERTAIN'));
        if (!retry || attempt >= maxAttempts) throw err;
        if (err.kind !== 'RATE_LIMITED') await this.shutdown.wait(backoffMs(attempt));
        this.logger.warn(
          `Faire ${opts.method} ${opts.path.split('/').slice(0, 2).join('/')} ${err.kind}; attempt ${attempt + 1} of ${maxAttempts}`,
        );
      }
    }
  }

  private async once<T>(account: FaireAccount, opts: CallOptions): Promise<T> {
    const url = new URL(this.apiBaseUrl + opts.path);
    for (const [k, v] of Object.entries(opts.query ?? {}))
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    const headers = await this.headers(account.credentials);
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(url, {
        method: opts.method,
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        signal: AbortSignal.timeout(this.config.marketplace.timeoutMs),
        redirect: 'error',
      });
    } catch (err) {
      throw networkError(err, opts.method !== 'GET');
    }
    let text: string;
    try {
      text = await res.text();
    } catch (err) {
      throw networkError(err, opts.method !== 'GET');
    }
    if (res.ok) {
      try {
        return JSON.parse(text) as T;
      } catch {
        throw new FaireError('BAD_RESPONSE', 'Faire answered with something that is not JSON', res.status);
      }
    }
    throw httpError(res, text);
  }
}

function isJson(res: Response, text: string): boolean {
  const type = res.headers.get('content-type') ?? '';
  if (!/json/i.test(type)) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

function messageOf(text: string): string {
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string' && body.message) return body.message;
  } catch {
    /* not JSON */
  }
  return text.slice(0, 200);
}

function httpError(res: Response, text: string): FaireError {
  const message = messageOf(text) || res.statusText;
  switch (res.status) {
    case 401:
      return new FaireError('UNAUTHORIZED', message || 'Faire refused the credentials', res.status);
    case 403:
      // Faire answers refusals with its JSON body; anything else (an HTML page) is a CDN block in front
      // of Faire: the token is fine, so wait and try again instead of marking the connection failed.
      return isJson(res, text)
        ? new FaireError('UNAUTHORIZED', message || 'Faire refused the credentials', res.status)
        : new FaireError('BLOCKED', 'Faire is blocking requests for now (403 page)', 403, undefined);
    case 404:
      return new FaireError('NOT_FOUND', message || 'Not found on Faire', res.status);
    case 400:
    case 409:
    case 422:
      return new FaireError('WRONG_STATE', message || 'Faire refused the request', res.status);
    case 429:
      return new FaireError('RATE_LIMITED', 'Faire asked us to slow down', 429, retryAfterMs(res));
    default:
      return new FaireError(
        'UNAVAILABLE',
        `Faire answered ${res.status}${message ? `: ${message}` : ''}`,
        res.status,
      );
  }
}

function retryAfterMs(res: Response): number | undefined {
  const header = res.headers.get('retry-after') ?? res.headers.get('x-ratelimit-reset');
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function networkError(err: unknown, isWrite: boolean): FaireError {
  const e = err as { name?: string; cause?: { code?: string } };
  const code = e.cause?.code;
  if (code && NETWORK_NOT_SENT.has(code))
    return new FaireError('UNAVAILABLE', `Faire could not be reached (${code})`);
  const what = e.name === 'TimeoutError' ? 'timed out' : `connection lost (${code ?? e.name ?? 'unknown'})`;
  return isWrite
    ? new FaireError('UNCERTAIN', `Faire ${what} before answering; the change may or may not have been made`)
    : new FaireError('UNAVAILABLE', `Faire ${what}`);
}

export function backoffMs(attempt: number): number {
  const base = Math.min(20_000, 500 * 2 ** (attempt - 1));
  return Math.round(base / 2 + Math.random() * (base / 2));
}
