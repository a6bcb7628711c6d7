// Shopify's authorization-code grant for a standalone app: the consent page at /admin/oauth/authorize, the
// signed redirect back to the app, and the token endpoint (code exchange and refresh).
import { createHmac } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError } from '@portal/faire-sandbox/kit';
import { escapeHtml, parseLooseBody, readBody, redirect, sendHtml, sendJson } from './http.js';
import { TokenError, type TokenStore } from './tokens.js';

export const AUTHORIZE_PATH = '/admin/oauth/authorize';
export const TOKEN_PATH = '/admin/oauth/access_token';

export interface OAuthContext {
  tokens: TokenStore;
  clientId: string;
  clientSecret: string;
  defaultShop: string;
  /** The redirect URIs registered for the app ("Allowed redirection URLs"); only these are accepted. */
  redirectUris: string[];
  now(): number;
  countTokenRequest(): void;
}

const SHOP = /^[a-z0-9][a-z0-9-]*\.myshopify\.com$/;
const SCOPE = /^(?:unauthenticated_)?(?:read|write)_[a-z_]+$/;

/**
 * Shopify's query signature: every parameter but `hmac` (and the legacy `signature`), sorted by name, as
 * `name=value` joined with `&`, HMAC-SHA256 with the app's client secret, hex.
 */
export function signQuery(params: Record<string, string>, secret: string): string {
  const message = Object.keys(params)
    .filter((k) => k !== 'hmac' && k !== 'signature')
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
  return createHmac('sha256', secret).update(message).digest('hex');
}

interface AuthorizeRequest {
  clientId: string;
  scopes: string[];
  redirectUri: string;
  state: string;
  shop: string;
}

function readAuthorize(params: Record<string, string | undefined>, ctx: OAuthContext): AuthorizeRequest {
  const clientId = params.client_id ?? '';
  if (clientId !== ctx.clientId) throw badRequest('Oauth error invalid_request: The client_id is unknown.');
  const redirectUri = params.redirect_uri ?? '';
  if (!/^https?:\/\//i.test(redirectUri) || !URL.canParse(redirectUri)) {
    throw badRequest('Oauth error invalid_request: The redirect_uri is missing or not a URL.');
  }
  if (!ctx.redirectUris.includes(redirectUri)) {
    throw badRequest('Oauth error invalid_request: The redirect_uri is not whitelisted.');
  }
  const scopes = (params.scope ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = scopes.find((s) => !SCOPE.test(s));
  if (bad) throw badRequest(`Oauth error invalid_scope: ${bad} is not a valid access scope.`);
  const shop = (params.shop ?? ctx.defaultShop).toLowerCase();
  if (!SHOP.test(shop)) {
    throw badRequest('Oauth error invalid_request: shop must be a *.myshopify.com domain.');
  }
  return { clientId, scopes, redirectUri, state: params.state ?? '', shop };
}

function consentPage(a: AuthorizeRequest): string {
  const hidden = (name: string, value: string): string =>
    `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;
  const scopes = a.scopes.map((s) => `<li>${escapeHtml(s)}</li>`).join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Install app</title></head>
<body style="font-family:sans-serif;max-width:36rem;margin:3rem auto">
<h1>Install Shipment Portal on ${escapeHtml(a.shop)}</h1>
<p>Shipment Portal will be able to:</p><ul>${scopes || '<li>(no scopes)</li>'}</ul>
<form method="post" action="/admin/oauth/authorize">
${hidden('client_id', a.clientId)}${hidden('scope', a.scopes.join(','))}${hidden('redirect_uri', a.redirectUri)}${hidden('state', a.state)}${hidden('shop', a.shop)}
<button type="submit" name="decision" value="approve">Install app</button>
<button type="submit" name="decision" value="deny">Cancel</button>
</form></body></html>`;
}

export async function handleAuthorize(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  ctx: OAuthContext,
): Promise<void> {
  const method = req.method ?? 'GET';
  if (method === 'GET') {
    const a = readAuthorize(Object.fromEntries(url.searchParams), ctx);
    sendHtml(res, 200, consentPage(a));
    return;
  }
  if (method !== 'POST') throw new HttpError(405, `Method ${method} is not allowed`, { Allow: 'GET, POST' });
  const body = parseLooseBody(req, await readBody(req));
  const params = (typeof body === 'object' && body !== null ? body : {}) as Record<
    string,
    string | undefined
  >;
  const a = readAuthorize(params, ctx);
  const target = new URL(a.redirectUri);
  if (params.decision === 'deny') {
    target.searchParams.set('error', 'access_denied');
    target.searchParams.set('state', a.state);
    redirect(res, target.toString());
    return;
  }
  const query: Record<string, string> = {
    code: ctx.tokens.issueCode(a.shop, a.scopes),
    host: Buffer.from(`admin.shopify.com/store/${a.shop.replace(/\.myshopify\.com$/, '')}`).toString(
      'base64url',
    ),
    shop: a.shop,
    state: a.state,
    timestamp: String(Math.floor(ctx.now() / 1000)),
  };
  query.hmac = signQuery(query, ctx.clientSecret);
  for (const [k, v] of Object.entries(query)) target.searchParams.set(k, v);
  redirect(res, target.toString());
}

export async function handleToken(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: OAuthContext,
): Promise<void> {
  if ((req.method ?? 'GET') !== 'POST') {
    throw new HttpError(405, `Method ${req.method} is not allowed`, { Allow: 'POST' });
  }
  ctx.countTokenRequest();
  const body = parseLooseBody(req, await readBody(req));
  const p = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  if (p.client_id !== ctx.clientId || p.client_secret !== ctx.clientSecret) {
    sendJson(res, 401, { error: 'invalid_client', error_description: 'Client authentication failed' });
    return;
  }
  try {
    if (p.grant_type === 'refresh_token') {
      if (typeof p.refresh_token !== 'string') {
        throw new TokenError(400, 'invalid_request', 'refresh_token is required');
      }
      sendJson(res, 200, ctx.tokens.refreshGrant(p.refresh_token));
      return;
    }
    if (p.grant_type !== undefined && p.grant_type !== 'authorization_code') {
      throw new TokenError(
        400,
        'unsupported_grant_type',
        `grant_type ${JSON.stringify(p.grant_type)} is not supported`,
      );
    }
    if (typeof p.code !== 'string' || p.code === '') {
      throw new TokenError(400, 'invalid_request', 'code is required');
    }
    // Without `expiring=1` Shopify issues a non-expiring offline token (no expires_in, no refresh_token).
    const expiring = p.expiring === 1 || p.expiring === true || p.expiring === '1' || p.expiring === 'true';
    sendJson(res, 200, ctx.tokens.exchangeCode(p.code, expiring));
  } catch (err) {
    if (err instanceof TokenError) {
      sendJson(res, err.status, { error: err.error, error_description: err.message });
      return;
    }
    throw err;
  }
}
