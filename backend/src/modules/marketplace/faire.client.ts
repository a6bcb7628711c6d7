import { Inject, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { FaireAppCredentials } from '../app-settings/index.js';
import { FaireError, SlotNotDueError } from './faire.errors.js';
import type {
  FaireBrandProfile,
  FaireCredentials,
  FaireOrder,
  FaireOrdersPage,
  FaireRetailer,
  ListOrdersParams,
  NewFaireShipment,
} from './faire.types.js';
import { CallBudget } from './call-budget.js';
import { MarketplaceRateLimiter, waitUntil } from './rate-limiter.js';
import { Shutdown } from '../../common/shutdown.js';
import { outsideText } from '../../common/text/outside-text.js';

/** A Faire account to call as: `key` names its rate-limit bucket (the brand id when known). */
export interface FaireAccount {
  key: string;
  credentials: FaireCredentials;
  /** Request slots reserved in advance (FaireClient.reserve), spent by calls made under a lock. */
  budget?: CallBudget;
}

/**
 * How long before its first slot a reservation stops waiting: about what taking an order's lock and
 * claiming its rows takes, so a late first call does not crowd the next slot (decision 0021).
 */
const RESERVE_LEAD_MS = 25;

/** How long an account is held back after a 429 that did not say (no Retry-After). */
const THROTTLED_DEFAULT_MS = 1000;

interface ReadyRequest {
  url: URL;
  headers: Record<string, string>;
  body: string | undefined;
}

interface CallOptions {
  method: 'GET' | 'POST' | 'PUT';
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
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
  /** When Faire last answered a call of each account in this process (a result or a refusal). */
  private readonly answeredAt = new Map<string, number>();

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
    return this.call<FaireBrandProfile>(account, { method: 'GET', path: '/brands/profile' }).then((p) => ({
      ...p,
      // Synced text is data, not layout (decision 0029).
      name: outsideText(p.name),
    }));
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
      if (!app) {
        throw new FaireError('UNAUTHORIZED', 'The Faire application id and secret are not configured');
      }
      headers['X-FAIRE-APP-CREDENTIALS'] = Buffer.from(
        `${app.applicationId}:${app.applicationSecret}`,
      ).toString('base64');
      headers['X-FAIRE-OAUTH-ACCESS-TOKEN'] = credentials.token;
    }
    return headers;
  }

  /**
   * Reserves `count` slots of this account and waits, with nothing held, until shortly before the first
   * is due (`RESERVE_LEAD_MS`: the caller takes its lock and reads its rows meanwhile, so the first call
   * leaves at its slot, not after that work); calls made with the returned account (its budget) are each
   * sent at their own slot, one interval apart. No call made with the budget waits for the shared
   * limiter, only for its slot: at most the lead plus `count - 1` intervals (decision 0021).
   */
  async reserve<A extends FaireAccount>(account: A, count: number): Promise<A> {
    this.shutdown.throwIfStopping();
    const lead = Math.min(RESERVE_LEAD_MS, this.limiter.intervalMs / 2);
    const firstDueAt = await this.limiter.acquire(account.key, this.shutdown, count, lead);
    this.shutdown.throwIfStopping();
    return { ...account, budget: new CallBudget(count, firstDueAt, this.limiter.intervalMs) };
  }

  /**
   * One attempt: a request slot from the shared limiter, then one request. Nothing is retried here;
   * the error's kind says whether trying later may help (FaireError.transient) and a 429 holds every
   * caller of the account back for its Retry-After. Jobs retry through BullMQ (decision 0021).
   */
  private async call<T>(account: FaireAccount, opts: CallOptions): Promise<T> {
    // No new call once shutdown began: the job is handed back (decision 0016); a wait ends at once.
    this.shutdown.throwIfStopping();
    // The request is made ready before its slot, so it leaves when the slot says: no await between the
    // slot's mark (`CallBudget.left`) and the send, where a slow step would shrink the next interval.
    const request = await this.request(account, opts);
    await this.slot(account);
    this.shutdown.throwIfStopping();
    try {
      const answer = await this.once<T>(request, opts);
      this.answeredAt.set(account.key, Date.now());
      return answer;
    } catch (err) {
      if (err instanceof FaireError && !err.transient) this.answeredAt.set(account.key, Date.now());
      if (err instanceof FaireError && err.kind === 'RATE_LIMITED') {
        await this.limiter.penalise(account.key, err.retryAfterMs ?? THROTTLED_DEFAULT_MS);
      }
      if (err instanceof FaireError && err.transient) {
        this.logger.warn(`Faire ${opts.method} ${opts.path.split('/').slice(0, 2).join('/')} ${err.kind}`);
      }
      throw err;
    }
  }

  /**
   * Whether Faire answered a call of this account (a result or a refusal, not a 429, 5xx or timeout)
   * within `ms`, in this process: a fault then is Faire being flaky, not down (decision 0037).
   */
  answeredWithin(accountKey: string, ms: number): boolean {
    const at = this.answeredAt.get(accountKey);
    return at !== undefined && Date.now() - at <= ms;
  }

  /**
   * A request slot: the budget's next, reserved before a lock (waiting only until that slot is due, so a
   * budget's calls are spaced as the rate says, not sent in a burst), else the limiter's.
   */
  private async slot(account: FaireAccount): Promise<void> {
    if (!account.budget) {
      await this.limiter.acquire(account.key, this.shutdown);
      return;
    }
    const dueAt = account.budget.next();
    if (dueAt !== null) {
      await waitUntil(dueAt, (ms) => this.shutdown.wait(ms));
      account.budget.left(Date.now());
      return;
    }
    if (await this.limiter.takeIfDue(account.key)) return;
    throw new SlotNotDueError();
  }

  /** The URL, headers and body of one call, ready to send. */
  private async request(account: FaireAccount, opts: CallOptions): Promise<ReadyRequest> {
    const url = new URL(this.apiBaseUrl + opts.path);
    for (const [k, v] of Object.entries(opts.query ?? {})) {
      if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
    }
    const headers = await this.headers(account.credentials);
    if (opts.body !== undefined) headers['Content-Type'] = 'application/json';
    return { url, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) };
  }

  private async once<T>(request: ReadyRequest, opts: CallOptions): Promise<T> {
    let res: Response;
    try {
      res = await fetch(request.url, {
        method: opts.method,
        headers: request.headers,
        body: request.body,
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
  if (code && NETWORK_NOT_SENT.has(code)) {
    return new FaireError('UNAVAILABLE', `Faire could not be reached (${code})`);
  }
  const what = e.name === 'TimeoutError' ? 'timed out' : `connection lost (${code ?? e.name ?? 'unknown'})`;
  return isWrite
    ? new FaireError('UNCERTAIN', `Faire ${what} before answering; the change may or may not have been made`)
    : new FaireError('UNAVAILABLE', `Faire ${what}`);
}
