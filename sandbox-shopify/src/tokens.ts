// Authorization codes and offline access tokens, as Shopify issues them to a standalone app. The code
// exchange gives a non-expiring token (`{access_token, scope}`) unless the request says `expiring=1`; an
// expiring token lives 60 minutes and comes with a refresh token; each refresh gives a new access token
// and a new refresh token, and the previous refresh token stays valid until its replacement is used.
import { randomBytes } from 'node:crypto';
import type { TokenKnobs } from './types.js';

export const DEFAULT_TOKEN_KNOBS: Readonly<TokenKnobs> = Object.freeze({
  accessTokenLifetimeSeconds: 3600,
  refuseRefresh: false,
});

/** Refresh tokens live 90 days (Shopify documents a long-lived refresh token). */
export const REFRESH_LIFETIME_SECONDS = 90 * 86_400;
const CODE_LIFETIME_MS = 10 * 60_000;

interface CodeRecord {
  shop: string;
  scopes: string[];
  expiresAt: number;
  used: boolean;
}

export interface AccessRecord {
  shop: string;
  scopes: string[];
  /** null: a non-expiring offline token (it ends only with an uninstall). */
  expiresAt: number | null;
  revoked: boolean;
}

interface RefreshRecord {
  shop: string;
  scopes: string[];
  expiresAt: number;
  valid: boolean;
  predecessor: string | null;
  replacedBy: string | null;
}

/** A token answer: the last three fields only for an expiring token. */
export interface TokenGrant {
  access_token: string;
  scope: string;
  expires_in?: number;
  refresh_token?: string;
  refresh_token_expires_in?: number;
}

export class TokenError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

const token = (prefix: string): string => `${prefix}${randomBytes(16).toString('hex')}`;

/** The tokens' part of a data file. */
export interface PersistedTokens {
  knobs: TokenKnobs;
  codes: Array<[string, CodeRecord]>;
  access: Array<[string, AccessRecord]>;
  refresh: Array<[string, RefreshRecord]>;
}

export class TokenStore {
  knobs: TokenKnobs = { ...DEFAULT_TOKEN_KNOBS };
  private codes = new Map<string, CodeRecord>();
  private access = new Map<string, AccessRecord>();
  private refresh = new Map<string, RefreshRecord>();

  constructor(private readonly now: () => number) {}

  reset(): void {
    this.knobs = { ...DEFAULT_TOKEN_KNOBS };
    this.codes.clear();
    this.access.clear();
    this.refresh.clear();
  }

  snapshot(): PersistedTokens {
    return {
      knobs: this.knobs,
      codes: [...this.codes],
      access: [...this.access],
      refresh: [...this.refresh],
    };
  }

  restore(data: PersistedTokens): void {
    this.knobs = { ...DEFAULT_TOKEN_KNOBS, ...data.knobs };
    this.codes = new Map(data.codes);
    this.access = new Map(data.access);
    this.refresh = new Map(data.refresh);
  }

  issueCode(shop: string, scopes: string[]): string {
    const code = randomBytes(16).toString('hex');
    this.codes.set(code, { shop, scopes, expiresAt: this.now() + CODE_LIFETIME_MS, used: false });
    return code;
  }

  /** The code for an offline token: expiring (with a refresh token) only when `expiring` was asked. */
  exchangeCode(code: string, expiring: boolean): TokenGrant {
    const record = this.codes.get(code);
    if (!record || record.used || record.expiresAt < this.now()) {
      throw new TokenError(
        400,
        'invalid_request',
        'The authorization code was not found or was already used',
      );
    }
    record.used = true;
    if (!expiring) {
      const accessToken = token('shpat_');
      this.access.set(accessToken, {
        shop: record.shop,
        scopes: record.scopes,
        expiresAt: null,
        revoked: false,
      });
      return { access_token: accessToken, scope: record.scopes.join(',') };
    }
    return this.grant(record.shop, record.scopes, null);
  }

  refreshGrant(refreshToken: string): TokenGrant {
    const record = this.refresh.get(refreshToken);
    if (this.knobs.refuseRefresh) {
      throw new TokenError(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked');
    }
    if (!record || !record.valid || record.expiresAt < this.now()) {
      throw new TokenError(400, 'invalid_grant', 'The refresh token is invalid, expired or revoked');
    }
    // Using this token ends its predecessor; an earlier replacement of it that was never used ends too.
    if (record.predecessor) this.invalidateRefresh(record.predecessor);
    if (record.replacedBy) this.invalidateRefresh(record.replacedBy);
    return this.grant(record.shop, record.scopes, refreshToken);
  }

  /** The live access token's record, or null (unknown, expired or revoked). */
  check(accessToken: string): AccessRecord | null {
    const record = this.access.get(accessToken);
    if (!record || record.revoked || (record.expiresAt !== null && record.expiresAt <= this.now())) {
      return null;
    }
    return record;
  }

  /** Expires every expiring access token now (refresh tokens stay valid; non-expiring ones never do). */
  expireAll(): number {
    let n = 0;
    for (const record of this.access.values()) {
      if (record.expiresAt !== null && record.expiresAt > this.now()) {
        record.expiresAt = this.now();
        n++;
      }
    }
    return n;
  }

  /** Revokes every token of `shop` (the app was uninstalled). */
  revokeShop(shop: string): void {
    for (const r of this.access.values()) if (r.shop === shop) r.revoked = true;
    for (const r of this.refresh.values()) if (r.shop === shop) r.valid = false;
  }

  private invalidateRefresh(value: string): void {
    const r = this.refresh.get(value);
    if (r) r.valid = false;
  }

  private grant(shop: string, scopes: string[], from: string | null): TokenGrant {
    const accessToken = token('shpat_');
    const refreshToken = token('shprt_');
    const lifetime = this.knobs.accessTokenLifetimeSeconds;
    const now = this.now();
    this.access.set(accessToken, { shop, scopes, expiresAt: now + lifetime * 1000, revoked: false });
    this.refresh.set(refreshToken, {
      shop,
      scopes,
      expiresAt: now + REFRESH_LIFETIME_SECONDS * 1000,
      valid: true,
      predecessor: from,
      replacedBy: null,
    });
    if (from) this.refresh.get(from)!.replacedBy = refreshToken;
    return {
      access_token: accessToken,
      scope: scopes.join(','),
      expires_in: lifetime,
      refresh_token: refreshToken,
      refresh_token_expires_in: REFRESH_LIFETIME_SECONDS,
    };
  }
}
