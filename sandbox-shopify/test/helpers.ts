import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  SHOPIFY_SANDBOX_DEFAULTS,
  startShopifySandbox,
  type ShopifySandboxHandle,
  type ShopifySandboxOptions,
  type TokenGrant,
} from '../src/index.js';

export type Loose = ReturnType<typeof JSON.parse>;
export const CLIENT_ID = SHOPIFY_SANDBOX_DEFAULTS.clientId;
export const CLIENT_SECRET = SHOPIFY_SANDBOX_DEFAULTS.clientSecret;
export const SHOP = SHOPIFY_SANDBOX_DEFAULTS.shop;
export const REDIRECT = 'http://127.0.0.1:9/callback';

/** A sandbox on a free port whose demo app has the tests' REDIRECT registered. */
export function start(opts: ShopifySandboxOptions = {}): Promise<ShopifySandboxHandle> {
  return startShopifySandbox({ port: 0, redirectUris: [REDIRECT], ...opts });
}

export interface Res {
  status: number;
  headers: Headers;
  body: Loose;
}

export async function call(
  method: string,
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Res> {
  const init: RequestInit = { method, headers: { ...headers }, redirect: 'manual' };
  if (body !== undefined) {
    (init.headers as Record<string, string>)['Content-Type'] ??= 'application/json';
    init.body = typeof body === 'string' ? body : JSON.stringify(body);
  }
  const res = await fetch(url, init);
  const text = await res.text();
  let parsed: Loose;
  try {
    parsed = text === '' ? undefined : JSON.parse(text);
  } catch {
    parsed = text;
  }
  return { status: res.status, headers: res.headers, body: parsed };
}

export const ctl = (sbx: ShopifySandboxHandle, method: string, path: string, body?: unknown) =>
  call(method, `${sbx.url}/_sandbox${path}`, body);

/** Runs the whole authorization-code grant and returns the token answer (expiring unless told not to). */
export async function install(
  sbx: ShopifySandboxHandle,
  scope = 'read_orders',
  expiring = true,
): Promise<TokenGrant> {
  const form = new URLSearchParams({
    client_id: CLIENT_ID,
    scope,
    redirect_uri: REDIRECT,
    state: 'st4te',
    shop: SHOP,
    decision: 'approve',
  });
  const approved = await call('POST', `${sbx.url}/admin/oauth/authorize`, form.toString(), {
    'Content-Type': 'application/x-www-form-urlencoded',
  });
  const code = new URL(approved.headers.get('location')!).searchParams.get('code')!;
  const res = await call('POST', `${sbx.url}/admin/oauth/access_token`, {
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    code,
    ...(expiring ? { expiring: 1 } : {}),
  });
  if (res.status !== 200) throw new Error(`token exchange failed: ${res.status}`);
  return res.body as TokenGrant;
}

export function gql(
  sbx: ShopifySandboxHandle,
  token: string,
  query: string,
  variables?: Record<string, unknown>,
  version = '2026-10',
) {
  return call(
    'POST',
    `${sbx.url}/admin/api/${version}/graphql.json`,
    { query, variables },
    { 'X-Shopify-Access-Token': token },
  );
}

export interface Received {
  headers: IncomingHttpHeaders;
  raw: string;
  body: Loose;
}

/** A local webhook receiver; `statuses` are answered in turn (then 200). */
export async function receiver(statuses: number[] = []) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: req.headers, raw, body: JSON.parse(raw || 'null') });
      res.writeHead(statuses.shift() ?? 200);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
