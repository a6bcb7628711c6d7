import type { IncomingHttpHeaders } from 'node:http';
import {
  FAIRE_SCOPES,
  type FaireScope,
  type SandboxApplicationConfig,
  type SandboxBrandConfig,
} from './types.js';

export interface OAuthCode {
  code: string;
  applicationId: string;
  brandId: string;
  redirectUrl: string;
  scopes: FaireScope[];
  expiresAt: string;
  used: boolean;
}

export interface OAuthToken {
  token: string;
  applicationId: string;
  brandId: string;
  scopes: FaireScope[];
  createdAt: string;
  revokedAt: string | null;
}

export type AuthResult =
  | {
      ok: true;
      brand: SandboxBrandConfig;
      mode: 'access_token' | 'oauth';
      /** null = every scope (brand token). */
      scopes: ReadonlySet<FaireScope> | null;
      /** Rate-limit bucket key (never logged). */
      key: string;
    }
  | { ok: false; message: string };

export const CODE_TTL_MS = 10 * 60_000;

/** What `authenticateRequest` needs of the sandbox state. */
export interface AuthContext {
  readonly brands: SandboxBrandConfig[];
  readonly tokens: ReadonlyMap<string, OAuthToken>;
  application(applicationId: string): SandboxApplicationConfig | undefined;
  brandById(brandId: string): SandboxBrandConfig | undefined;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

/** Resolves the credentials headers of an API call to a brand (brand token or OAuth token). */
export function authenticateRequest(ctx: AuthContext, headers: IncomingHttpHeaders): AuthResult {
  const accessToken = header(headers, 'x-faire-access-token');
  const appCredentials = header(headers, 'x-faire-app-credentials');
  const oauthToken = header(headers, 'x-faire-oauth-access-token');
  if (accessToken !== undefined) {
    const brand = ctx.brands.find((b) => b.token === accessToken);
    if (!brand) return { ok: false, message: 'The access token is invalid.' };
    return { ok: true, brand, mode: 'access_token', scopes: null, key: `t:${accessToken}` };
  }
  if (appCredentials === undefined && oauthToken === undefined) {
    return {
      ok: false,
      message:
        'Missing credentials: send X-FAIRE-ACCESS-TOKEN, or X-FAIRE-APP-CREDENTIALS together with X-FAIRE-OAUTH-ACCESS-TOKEN.',
    };
  }
  if (appCredentials === undefined) {
    return { ok: false, message: 'X-FAIRE-OAUTH-ACCESS-TOKEN requires X-FAIRE-APP-CREDENTIALS.' };
  }
  if (oauthToken === undefined) {
    return { ok: false, message: 'X-FAIRE-APP-CREDENTIALS requires X-FAIRE-OAUTH-ACCESS-TOKEN.' };
  }
  const decoded = Buffer.from(appCredentials, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const app = colon > 0 ? ctx.application(decoded.slice(0, colon)) : undefined;
  if (!app || app.applicationSecret !== decoded.slice(colon + 1)) {
    return { ok: false, message: 'The application credentials are invalid.' };
  }
  const token = ctx.tokens.get(oauthToken);
  if (!token || token.applicationId !== app.applicationId) {
    return { ok: false, message: 'The OAuth access token is invalid.' };
  }
  if (token.revokedAt !== null) return { ok: false, message: 'The OAuth access token has been revoked.' };
  const brand = ctx.brandById(token.brandId);
  if (!brand) return { ok: false, message: 'The OAuth access token is invalid.' };
  return { ok: true, brand, mode: 'oauth', scopes: new Set(token.scopes), key: `o:${oauthToken}` };
}

export function isScope(value: string): value is FaireScope {
  return (FAIRE_SCOPES as readonly string[]).includes(value);
}
