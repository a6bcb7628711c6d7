// The ShipStation V1 API: Basic auth with the account's key pair, a 40-per-minute window per key pair with
// X-Rate-Limit-* headers on every answer, fault knobs, and the endpoints a label connector uses.
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { badRequest, HttpError, notFound } from '@portal/faire-sandbox/kit';
import type { Faults } from './faults.js';
import { parseJsonBody, readBody, sendJson } from './http.js';
import { listFulfillments, listShipments } from './listing.js';
import { getOrder, listOrders } from './orders.js';
import { pacificDateTime } from './pacific.js';
import type { ShipStationState } from './state.js';
import { WEBHOOK_EVENTS, type WebhookEvent, type WebhookKnobs } from './types.js';
import { isObject } from './util.js';

export interface ApiContext {
  state: ShipStationState;
  faults: Faults;
  apiKey: string;
  apiSecret: string;
  sleep(ms: number): Promise<boolean>;
  /** The webhook knobs now (the subscribe answer's shape is one). */
  webhookKnobs(): WebhookKnobs;
}

const WINDOW_MS = 60_000;

const ROUTES: Array<[RegExp, string, string[]]> = [
  [/^\/shipments$/, '/shipments', ['GET']],
  [/^\/fulfillments$/, '/fulfillments', ['GET']],
  [/^\/orders$/, '/orders', ['GET']],
  [/^\/orders\/[^/]+$/, '/orders/{orderId}', ['GET']],
  [/^\/stores$/, '/stores', ['GET']],
  [/^\/webhooks$/, '/webhooks', ['GET']],
  [/^\/webhooks\/subscribe$/, '/webhooks/subscribe', ['POST']],
  [/^\/webhooks\/[^/]+$/, '/webhooks/{id}', ['DELETE']],
];

function sameSecret(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether the Authorization header carries the account's key pair. */
function authorized(req: IncomingMessage, ctx: ApiContext): boolean {
  const header = req.headers.authorization ?? '';
  const m = /^Basic\s+([A-Za-z0-9+/=]+)\s*$/i.exec(header);
  if (!m) return false;
  const decoded = Buffer.from(m[1]!, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return false;
  const key = decoded.slice(0, colon);
  const secret = decoded.slice(colon + 1);
  return sameSecret(key, ctx.apiKey) && sameSecret(secret, ctx.apiSecret) && !ctx.state.revoked;
}

/** Takes one call from the key pair's window; returns the rate-limit headers and whether the call may run. */
function takeFromWindow(ctx: ApiContext): { allowed: boolean; headers: Record<string, string> } {
  const now = ctx.state.now();
  const limit = ctx.faults.knobs.rateLimitPerMinute;
  const w = ctx.state.window;
  if (w.startedAt === 0 || now - w.startedAt >= WINDOW_MS) {
    w.startedAt = now;
    w.count = 0;
  }
  const allowed = w.count < limit;
  if (allowed) w.count += 1;
  const reset = Math.max(1, Math.ceil((w.startedAt + WINDOW_MS - now) / 1000));
  return {
    allowed,
    headers: {
      'X-Rate-Limit-Limit': String(limit),
      'X-Rate-Limit-Remaining': String(Math.max(0, limit - w.count)),
      'X-Rate-Limit-Reset': String(reset),
    },
  };
}

/** Answers one API call; returns a short note for the request log. */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  path: string,
  ctx: ApiContext,
): Promise<string | undefined> {
  const { state, faults } = ctx;
  const method = req.method ?? 'GET';
  const rawBody = await readBody(req);
  // ASP.NET routes without regard to case (`/Shipments` is `/shipments`).
  const route = ROUTES.find(([re]) => re.test(path.toLowerCase()));
  const endpoint = `${method} ${route ? route[1] : path}`;
  state.calls.total += 1;
  state.calls.byEndpoint[endpoint] = (state.calls.byEndpoint[endpoint] ?? 0) + 1;

  if (faults.knobs.latencyMs > 0 && !(await ctx.sleep(faults.knobs.latencyMs))) return 'closed';
  if (!authorized(req, ctx)) {
    state.calls.unauthorized += 1;
    throw new HttpError(401, 'Authorization has been denied for this request.', {
      'WWW-Authenticate': 'Basic realm="ShipStation"',
    });
  }
  const window = takeFromWindow(ctx);
  const send = (status: number, body: unknown): void => sendJson(res, status, body, window.headers);
  try {
    return await answer(req, url, path, rawBody, route, window.allowed, send, ctx);
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    sendJson(res, err.status, { Message: err.message }, { ...window.headers, ...err.headers });
    return undefined;
  }
}

async function answer(
  req: IncomingMessage,
  url: URL,
  path: string,
  rawBody: Buffer,
  route: [RegExp, string, string[]] | undefined,
  allowed: boolean,
  send: (status: number, body: unknown) => void,
  ctx: ApiContext,
): Promise<string | undefined> {
  const { state, faults } = ctx;
  const method = req.method ?? 'GET';
  if (!allowed) {
    state.calls.throttled += 1;
    send(429, { Message: 'Too many requests: 40 requests per minute per API key pair.' });
    return 'throttled';
  }
  const fault = faults.roll();
  if (fault === 429) {
    state.calls.throttled += 1;
    send(429, { Message: 'Too many requests.' });
    return 'fault 429';
  }
  if (fault === 400) {
    send(400, { Message: 'The request is invalid.' });
    return 'fault 400';
  }
  if (fault !== null) {
    send(fault, { Message: 'An error has occurred.' });
    return `fault ${fault}`;
  }
  if (!route) throw notFound(`No HTTP resource was found that matches the request URI ${path}.`);
  if (!route[2].includes(method)) {
    throw new HttpError(405, `The requested resource does not support http method '${method}'.`, {
      Allow: route[2].join(', '),
    });
  }

  switch (route[1]) {
    case '/shipments':
      send(200, listShipments(state.labels, url.searchParams));
      return undefined;
    case '/fulfillments':
      send(200, listFulfillments(state.fulfillments, url.searchParams));
      return undefined;
    case '/orders':
      send(
        200,
        listOrders(state.orders, url.searchParams, (id) => state.shippedAt(id)),
      );
      return undefined;
    case '/orders/{orderId}':
      send(
        200,
        getOrder(state.orders, path.split('/')[2]!, (id) => state.shippedAt(id)),
      );
      return undefined;
    case '/stores':
      send(
        200,
        state.stores().map((s) => ({
          ...s,
          marketplaceId: s.marketplaceName === 'Shopify' ? 26 : 0,
          accountName: null,
          email: null,
          integrationUrl: null,
          active: true,
          companyName: '',
          phone: '',
          publicEmail: '',
          website: '',
          refreshDate: null,
          lastRefreshAttempt: null,
          createDate: pacificDateTime(Date.UTC(2024, 2, 4, 17, 0, 0)),
          modifyDate: pacificDateTime(Date.UTC(2024, 2, 4, 17, 0, 0)),
          autoRefresh: s.marketplaceName === 'Shopify',
        })),
      );
      return undefined;
    case '/webhooks':
      send(200, {
        webhooks: state.subscriptions.map((s) => ({
          IsLabelAPIHook: false,
          WebHookID: s.id,
          SellerID: 0,
          StoreID: s.storeId,
          HookType: s.event,
          MessageFormat: 'Json',
          Url: s.targetUrl,
          Name: s.friendlyName,
          BulkCopyBatchID: null,
          BulkCopyRecordID: null,
          Active: s.active,
          WebhookLogs: [],
          Seller: null,
          Store: null,
        })),
      });
      return undefined;
    case '/webhooks/subscribe': {
      const body = parseJsonBody(rawBody);
      if (!isObject(body)) throw badRequest('Body must be {target_url, event, store_id?, friendly_name?}.');
      const { target_url: target, event, store_id: storeId, friendly_name: name } = body;
      if (typeof target !== 'string' || !/^https?:\/\/[^\s]+$/i.test(target) || !URL.canParse(target)) {
        throw badRequest('target_url must be an http(s) URL.');
      }
      if (typeof event !== 'string' || !(WEBHOOK_EVENTS as readonly string[]).includes(event)) {
        throw badRequest(`event must be one of ${WEBHOOK_EVENTS.join(', ')}.`);
      }
      if (
        storeId !== undefined &&
        storeId !== null &&
        (typeof storeId !== 'number' || !Number.isInteger(storeId))
      ) {
        throw badRequest('store_id must be an integer.');
      }
      if (name !== undefined && name !== null && typeof name !== 'string') {
        throw badRequest('friendly_name must be a string.');
      }
      const sub = state.subscribe(target, event as WebhookEvent, storeId ?? null, name ?? 'Webhook');
      // Older docs answer `{"id": n}`; the current V1 OpenAPI answers 200 `{WebHookID, HookType, Url, Name}`.
      if (ctx.webhookKnobs().subscribeAnswer === 'id') send(201, { id: sub.id });
      else send(200, { WebHookID: sub.id, HookType: sub.event, Url: sub.targetUrl, Name: sub.friendlyName });
      return undefined;
    }
    case '/webhooks/{id}': {
      const id = Number(path.split('/')[2]);
      if (!Number.isInteger(id) || !state.unsubscribe(id)) {
        throw notFound(`No webhook with id ${path.split('/')[2]}.`);
      }
      send(200, undefined);
      return undefined;
    }
    default:
      throw notFound(`No HTTP resource was found that matches the request URI ${path}.`);
  }
}
