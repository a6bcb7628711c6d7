import type { ShopifyCredentials } from './shopify.types.js';

/** An access token this close to its expiry is renewed before it is used. */
export const REFRESH_MARGIN_MS = 5 * 60_000;

export type ShopifyFault = 'AUTH' | 'REFRESH_REFUSED' | 'RATE' | 'SERVER' | 'NETWORK' | 'REFUSED';

/** A call Shopify did not answer usefully; `retryAt` (epoch ms) when waiting helps. */
export class ShopifyError extends Error {
  constructor(
    readonly fault: ShopifyFault,
    message: string,
    readonly retryAt?: number,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'ShopifyError';
  }

  /** A fault that passes by itself (throttling, an outage); AUTH, REFRESH_REFUSED and REFUSED need a person. */
  get transient(): boolean {
    return this.fault === 'RATE' || this.fault === 'SERVER' || this.fault === 'NETWORK';
  }
}

/** Whether the access token must be renewed before a call at `nowMs`. */
export function needsRefresh(c: ShopifyCredentials, nowMs: number, marginMs = REFRESH_MARGIN_MS): boolean {
  return c.refreshToken !== null && c.expiresAt !== null && c.expiresAt - marginMs <= nowMs;
}

/** Where a connection's credentials live (Postgres in the product; memory in the unit test). */
export interface TokenStore {
  read(connectionId: string): Promise<ShopifyCredentials>;
  /**
   * Runs `renew` holding the connection's refresh lock (one refresh at a time across every process),
   * with the credentials read under that lock; what it returns is stored before the lock is let go.
   * `renew` returning null keeps the stored credentials (another process renewed them meanwhile).
   */
  exclusive(
    connectionId: string,
    renew: (current: ShopifyCredentials) => Promise<ShopifyCredentials | null>,
  ): Promise<ShopifyCredentials>;
  /** A refresh was refused: the connection is failing, with the reason in words. */
  failing(connectionId: string, reason: string): Promise<void>;
}

/** The token endpoint's refresh grant. */
export type RefreshGrant = (c: ShopifyCredentials) => Promise<ShopifyCredentials>;

/**
 * Keeps a connection's expiring offline token usable (decision 0048): renewed shortly before it expires
 * and once after a 401, one refresh at a time per connection (in this process by a shared promise,
 * across processes by the store's lock, under which the stored token is read again so a token another
 * process just renewed is used rather than renewed twice). The rotated refresh token is stored in the
 * same step as the access token. A refused refresh marks the connection failing; nothing the caller was
 * doing is lost, since it fails before any of its work is recorded.
 */
export class TokenKeeper {
  private readonly inFlight = new Map<string, Promise<ShopifyCredentials>>();

  constructor(
    private readonly store: TokenStore,
    private readonly grant: RefreshGrant,
    private readonly nowMs: () => number,
    private readonly marginMs = REFRESH_MARGIN_MS,
  ) {}

  /** Runs `call` with a usable token; a 401 renews the token once and runs it again. */
  async use<T>(connectionId: string, call: (c: ShopifyCredentials) => Promise<T>): Promise<T> {
    let creds = await this.store.read(connectionId);
    if (needsRefresh(creds, this.nowMs(), this.marginMs)) {
      creds = await this.refresh(connectionId, creds.accessToken);
    }
    try {
      return await call(creds);
    } catch (err) {
      if (!(err instanceof ShopifyError) || err.fault !== 'AUTH' || creds.refreshToken === null) throw err;
      creds = await this.refresh(connectionId, creds.accessToken, true);
      return call(creds);
    }
  }

  /** Renews the token unless the stored one is already newer than `staleToken` and still fresh. */
  refresh(connectionId: string, staleToken: string, refused = false): Promise<ShopifyCredentials> {
    const running = this.inFlight.get(connectionId);
    if (running) return running;
    const p = this.store
      .exclusive(connectionId, async (current) => {
        const renewedMeanwhile = current.accessToken !== staleToken;
        if (renewedMeanwhile && !needsRefresh(current, this.nowMs(), this.marginMs)) return null;
        if (!renewedMeanwhile && !refused && !needsRefresh(current, this.nowMs(), this.marginMs)) return null;
        if (current.refreshToken === null) {
          throw new ShopifyError('AUTH', 'Shopify refused the access token; connect the shop again');
        }
        return this.grant(current);
      })
      .catch(async (err: unknown) => {
        // Marked after the lock is let go (the mark writes the same row).
        if (err instanceof ShopifyError && err.fault === 'REFRESH_REFUSED') {
          await this.store.failing(connectionId, err.message);
        }
        throw err;
      })
      .finally(() => this.inFlight.delete(connectionId));
    this.inFlight.set(connectionId, p);
    return p;
  }
}
