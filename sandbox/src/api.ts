import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpError, notFound } from './errors.js';
import type { FaultEngine } from './faults.js';
import { parseJsonBody, readBody, sendHtml, sendJson } from './http.js';
import { listOrders } from './orders-query.js';
import type { SandboxState } from './state.js';
import type { FaireBrandProfile, FaireRetailer, FaireScope, LedgerOutcome } from './types.js';
import { isObject, toIso } from './util.js';

export const API_PREFIX = '/external-api/v2';

type RouteName =
  'profile' | 'listOrders' | 'getOrder' | 'processing' | 'addShipments' | 'cancel' | 'retailer';

interface RouteDef {
  segs: string[];
  methods: Partial<Record<string, RouteName>>;
}

const ROUTES: RouteDef[] = [
  { segs: ['brands', 'profile'], methods: { GET: 'profile' } },
  { segs: ['orders'], methods: { GET: 'listOrders' } },
  { segs: ['orders', ':orderId'], methods: { GET: 'getOrder' } },
  { segs: ['orders', ':orderId', 'processing'], methods: { PUT: 'processing' } },
  { segs: ['orders', ':orderId', 'shipments'], methods: { POST: 'addShipments' } },
  { segs: ['orders', ':orderId', 'cancel'], methods: { PUT: 'cancel' } },
  { segs: ['retailers', 'public', ':retailerId'], methods: { GET: 'retailer' } },
];

const SCOPE_OF: Record<RouteName, FaireScope> = {
  profile: 'READ_BRAND',
  listOrders: 'READ_ORDERS',
  getOrder: 'READ_ORDERS',
  processing: 'WRITE_ORDERS',
  addShipments: 'WRITE_ORDERS',
  cancel: 'WRITE_ORDERS',
  retailer: 'READ_RETAILER',
};

const WRITES: ReadonlySet<RouteName> = new Set<RouteName>(['processing', 'addShipments', 'cancel']);

export type RouteMatch =
  | { kind: 'ok'; name: RouteName; params: Record<string, string> }
  | { kind: 'method_not_allowed'; allow: string[] }
  | { kind: 'not_found' };

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function matchRoute(method: string, subpath: string): RouteMatch {
  const segs = subpath.split('/').filter(Boolean);
  for (const route of ROUTES) {
    if (route.segs.length !== segs.length) continue;
    const params: Record<string, string> = {};
    const ok = route.segs.every((s, i) => {
      const actual = segs[i]!; // same length as route.segs (checked above)
      if (s.startsWith(':')) {
        params[s.slice(1)] = safeDecode(actual);
        return true;
      }
      return s === actual;
    });
    if (!ok) continue;
    const name = route.methods[method];
    if (name === undefined) return { kind: 'method_not_allowed', allow: Object.keys(route.methods) };
    return { kind: 'ok', name, params };
  }
  return { kind: 'not_found' };
}

export interface ApiContext {
  state: SandboxState;
  faults: FaultEngine;
  /** Resolves true after `ms`, or false when the sandbox is closing. */
  sleep(ms: number): Promise<boolean>;
  /** Writes pending changes to the data file now (before a write is answered, dropped or left hanging). */
  commit(): void;
}

const BLOCK_PAGE = `<!DOCTYPE html>
<html lang="en-US"><head><title>Attention Required! | Cloudflare</title>
<meta charset="UTF-8"></head>
<body><div id="cf-wrapper"><h1>Sorry, you have been blocked</h1>
<p>You are unable to access faire.com</p>
<p>This website is using a security service to protect itself from online attacks.</p></div></body></html>
`;

/** Tracking codes as some carriers' systems echo them back: upper-cased, without spaces or dashes. */
function reformatTracking(value: unknown): unknown {
  const fix = (order: unknown): void => {
    if (!isObject(order) || !Array.isArray(order.shipments)) return;
    for (const s of order.shipments) {
      if (isObject(s) && typeof s.tracking_code === 'string') {
        s.tracking_code = s.tracking_code.toUpperCase().replace(/[\s-]+/g, '');
      }
    }
  };
  if (isObject(value) && Array.isArray(value.orders)) value.orders.forEach(fix);
  else fix(value);
  return value;
}

function trackingCodesOf(body: Buffer): string[] {
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (!isObject(parsed) || !Array.isArray(parsed.shipments)) return [];
    return parsed.shipments
      .map((s: unknown) =>
        isObject(s) && typeof s.tracking_code === 'string' ? s.tracking_code.trim() : null,
      )
      .filter((s): s is string => s !== null && s !== '');
  } catch {
    return [];
  }
}

/**
 * Serves one Faire API call (path relative to `/external-api/v2`), applying the fault knobs.
 * Returns a short note for the request log (e.g. `fault:429`).
 */
export async function handleApi(
  req: IncomingMessage,
  res: ServerResponse,
  subpath: string,
  url: URL,
  ctx: ApiContext,
): Promise<string | undefined> {
  const { state, faults } = ctx;
  const method = req.method ?? 'GET';
  const body = await readBody(req);
  const route = matchRoute(method, subpath);
  const auth = state.authenticate(req.headers);
  const isShipmentCall = route.kind === 'ok' && route.name === 'addShipments';

  const ledger = (outcome: LedgerOutcome, status: number, shipmentIds: string[] = []): void => {
    if (!isShipmentCall) return;
    state.appendLedger({
      at: toIso(state.clock.nowMs()),
      brandId: auth.ok ? auth.brand.brandId : null,
      orderId: route.params.orderId ?? '',
      trackingCodes: trackingCodesOf(body),
      outcome,
      status,
      shipmentIds,
      authMode: auth.ok ? auth.mode : null,
    });
  };
  const fail = (status: number, message: string, headers: Record<string, string> = {}): void => {
    sendJson(res, status, { message }, headers);
  };

  const faultsOn = faults.applies(method, subpath);
  let afterCommit: 'drop' | 'hang' | null = null;
  if (faultsOn) {
    const knobs = faults.get();
    if (knobs.latencyMs > 0 && !(await ctx.sleep(knobs.latencyMs))) return 'closed';
    if (auth.ok) {
      const retryAfter = faults.takeToken(auth.key);
      if (retryAfter !== null) {
        ledger('throttled', 429);
        fail(429, `Too many requests. Retry after ${retryAfter} second(s).`, {
          'Retry-After': String(retryAfter),
        });
        return 'fault:rate-limit';
      }
    }
    const roll = faults.roll(method, subpath);
    if (roll.htmlBlock) {
      ledger('blocked_403', 403);
      sendHtml(res, 403, BLOCK_PAGE);
      return 'fault:html-403';
    }
    if (roll.throttle) {
      const retryAfter = String(knobs.retryAfterSeconds);
      ledger('throttled', 429);
      fail(429, `Too many requests. Retry after ${retryAfter} second(s).`, { 'Retry-After': retryAfter });
      return 'fault:429';
    }
    if (roll.serverError !== null) {
      ledger('failed_5xx', roll.serverError);
      fail(
        roll.serverError,
        roll.serverError === 503 ? 'Service temporarily unavailable.' : 'Internal server error.',
      );
      return `fault:${roll.serverError}`;
    }
    afterCommit = roll.afterCommit;
  }

  if (route.kind === 'not_found') {
    fail(404, `No endpoint ${method} ${API_PREFIX}${subpath}`);
    return undefined;
  }
  if (route.kind === 'method_not_allowed') {
    fail(405, `Method ${method} is not allowed on ${API_PREFIX}${subpath}`, {
      Allow: route.allow.join(', '),
    });
    return undefined;
  }
  if (!auth.ok) {
    ledger('unauthorized', 401);
    fail(401, auth.message);
    return undefined;
  }

  let result: unknown;
  let shipmentIds: string[] = [];
  /** Said in the request log: a list page after the first one (a cursor or a page number past 1). */
  let note: string | undefined;
  try {
    state.assertScope(auth.scopes, SCOPE_OF[route.name]);
    state.tick();
    const brandId = auth.brand.brandId;
    const orderId = route.params.orderId ?? '';
    switch (route.name) {
      case 'profile': {
        const profile: FaireBrandProfile = {
          brand_id: brandId,
          name: auth.brand.name,
          currency: auth.brand.currency,
          locale: auth.brand.locale,
        };
        result = profile;
        break;
      }
      case 'listOrders': {
        const page = listOrders(state.ordersOf(brandId), url.searchParams);
        if (faults.get().omitCursor) delete (page as { cursor?: unknown }).cursor;
        const q = url.searchParams;
        if (q.has('cursor') || Number(q.get('page') ?? 1) > 1) note = 'next-page';
        result = page;
        break;
      }
      case 'getOrder':
        result = structuredClone(state.orderFor(brandId, orderId).order);
        break;
      case 'processing': {
        const rec = state.orderFor(brandId, orderId);
        result = state.moveToProcessing(rec, parseJsonBody(body));
        break;
      }
      case 'addShipments': {
        const rec = state.orderFor(brandId, orderId);
        const out = state.addShipments(rec, parseJsonBody(body));
        result = out.order;
        shipmentIds = out.shipmentIds;
        break;
      }
      case 'cancel': {
        const rec = state.orderFor(brandId, orderId);
        result = state.cancel(rec, parseJsonBody(body));
        break;
      }
      case 'retailer': {
        const id = route.params.retailerId ?? '';
        const r = state.retailers.get(id);
        if (!r) throw notFound(`Retailer ${id} not found`);
        const retailer: FaireRetailer = {
          retailer_id: r.retailer_id,
          name: r.name,
          is_insider: r.is_insider,
        };
        result = retailer;
        break;
      }
    }
  } catch (err) {
    if (!(err instanceof HttpError)) throw err;
    ledger(err.status === 404 ? 'not_found' : err.status === 401 ? 'unauthorized' : 'rejected', err.status);
    fail(err.status, err.message, err.headers);
    return undefined;
  }

  if (faults.get().reformatTrackingCodes) result = reformatTracking(structuredClone(result));
  ctx.commit();
  if (WRITES.has(route.name) && afterCommit === 'drop') {
    ledger('dropped_after_commit', 200, shipmentIds);
    req.socket.destroy();
    return 'fault:drop-after-commit';
  }
  if (WRITES.has(route.name) && afterCommit === 'hang') {
    ledger('hung_after_commit', 200, shipmentIds);
    return 'fault:hang-after-commit';
  }
  ledger('created', 200, shipmentIds);
  sendJson(res, 200, result);
  return note;
}
