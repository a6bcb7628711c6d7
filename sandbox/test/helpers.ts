import {
  SANDBOX_DEFAULTS,
  startSandbox,
  type FaireOrdersPage,
  type SandboxHandle,
  type SandboxOptions,
} from '../src/index.js';

export const TOKEN1 = SANDBOX_DEFAULTS.brand1Token;
export const TOKEN2 = SANDBOX_DEFAULTS.brand2Token;
export const APP_ID = SANDBOX_DEFAULTS.applicationId;
export const APP_SECRET = SANDBOX_DEFAULTS.applicationSecret;

/** Loosely typed JSON value for shape assertions. */
export type Loose = ReturnType<typeof JSON.parse>;

export const ISO_MILLIS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

export function start(opts: SandboxOptions = {}): Promise<SandboxHandle> {
  return startSandbox({ port: 0, ...opts });
}

export interface Res<T> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface CallOptions {
  token?: string | null;
  headers?: Record<string, string>;
  body?: unknown;
  rawBody?: string;
  signal?: AbortSignal;
}

export async function call<T = Loose>(method: string, url: string, opts: CallOptions = {}): Promise<Res<T>> {
  const headers: Record<string, string> = { ...opts.headers };
  const token = opts.token === undefined ? TOKEN1 : opts.token;
  if (token !== null) headers['X-FAIRE-ACCESS-TOKEN'] = token;
  let body: string | undefined;
  if (opts.rawBody !== undefined) {
    body = opts.rawBody;
    headers['Content-Type'] ??= 'application/json';
  } else if (opts.body !== undefined) {
    body = JSON.stringify(opts.body);
    headers['Content-Type'] = 'application/json';
  }
  const init: RequestInit = { method, headers, redirect: 'manual' };
  if (body !== undefined) init.body = body;
  if (opts.signal) init.signal = opts.signal;
  const res = await fetch(url, init);
  const text = await res.text();
  let parsed: T;
  try {
    parsed = (text === '' ? undefined : JSON.parse(text)) as T;
  } catch {
    parsed = text as T;
  }
  return { status: res.status, headers: res.headers, body: parsed, text };
}

/** Shortcuts bound to one sandbox's API base URL. */
export function apiClient(sbx: SandboxHandle, token: string | null = TOKEN1) {
  const u = (path: string): string => `${sbx.apiBaseUrl}${path}`;
  return {
    get: <T = Loose>(path: string, opts: CallOptions = {}) => call<T>('GET', u(path), { token, ...opts }),
    put: <T = Loose>(path: string, body: unknown, opts: CallOptions = {}) =>
      call<T>('PUT', u(path), { token, body, ...opts }),
    post: <T = Loose>(path: string, body: unknown, opts: CallOptions = {}) =>
      call<T>('POST', u(path), { token, body, ...opts }),
    call: <T = Loose>(method: string, path: string, opts: CallOptions = {}) =>
      call<T>(method, u(path), { token, ...opts }),
  };
}

export function control(sbx: SandboxHandle) {
  const u = (path: string): string => `${sbx.url}/_sandbox${path}`;
  return {
    get: <T = Loose>(path: string) => call<T>('GET', u(path), { token: null }),
    put: <T = Loose>(path: string, body: unknown) => call<T>('PUT', u(path), { token: null, body }),
    post: <T = Loose>(path: string, body?: unknown) => call<T>('POST', u(path), { token: null, body }),
    del: <T = Loose>(path: string) => call<T>('DELETE', u(path), { token: null }),
  };
}

export function ship(orderId: string | undefined, trackingCode: string, extra: Record<string, unknown> = {}) {
  return {
    shipments: [
      {
        ...(orderId ? { order_id: orderId } : {}),
        carrier: 'UPS',
        tracking_code: trackingCode,
        shipping_type: 'SHIP_ON_YOUR_OWN',
        maker_cost: { amount_minor: 1250, currency: 'USD' },
        ...extra,
      },
    ],
  };
}

/** Fetches every order of the calling brand by following the cursor. */
export async function allPagesByCursor(
  sbx: SandboxHandle,
  token: string,
  query = 'limit=10',
): Promise<FaireOrdersPage[]> {
  const api = apiClient(sbx, token);
  const pages: FaireOrdersPage[] = [];
  let res = await api.get<FaireOrdersPage>(`/orders?${query}`);
  for (;;) {
    if (res.status !== 200) throw new Error(`status ${res.status}: ${res.text}`);
    pages.push(res.body);
    if (res.body.cursor === undefined) break;
    res = await api.get<FaireOrdersPage>(`/orders?cursor=${encodeURIComponent(res.body.cursor)}`);
  }
  return pages;
}
