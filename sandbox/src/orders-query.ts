import { badRequest } from './errors.js';
import type { OrderRecord } from './seed.js';
import { ORDER_STATES, type FaireOrdersPage, type OrderState, type OrdersSortBy } from './types.js';
import { clone, parseIsoDate, toIso } from './util.js';

export const MIN_LIMIT = 10;
export const MAX_LIMIT = 50;
export const DEFAULT_LIMIT = 50;

interface Filters {
  updated_at_min?: number;
  created_at_min?: number;
  ship_after_max?: number;
  excluded_states?: OrderState[];
  original_order_id?: string;
  sort_by?: OrdersSortBy;
}

interface CursorPayload {
  v: 1;
  f: Filters;
  l: number;
  p: number;
  k: number;
  i: string;
}

function encodeCursor(c: CursorPayload): string {
  return Buffer.from(JSON.stringify(c), 'utf8').toString('base64url');
}

function decodeCursor(raw: string): CursorPayload {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (
      typeof value === 'object' &&
      value !== null &&
      (value as CursorPayload).v === 1 &&
      typeof (value as CursorPayload).k === 'number' &&
      typeof (value as CursorPayload).i === 'string' &&
      typeof (value as CursorPayload).p === 'number' &&
      typeof (value as CursorPayload).l === 'number' &&
      typeof (value as CursorPayload).f === 'object'
    ) {
      return value as CursorPayload;
    }
  } catch {
    // fall through
  }
  throw badRequest('The cursor is invalid.');
}

function parseLimit(raw: string | null): number | undefined {
  if (raw === null) return undefined;
  if (!/^-?\d+$/.test(raw.trim())) {
    throw badRequest(`limit must be an integer between ${MIN_LIMIT} and ${MAX_LIMIT}.`);
  }
  const n = Number(raw);
  if (n < MIN_LIMIT || n > MAX_LIMIT) {
    throw badRequest(`limit must be between ${MIN_LIMIT} and ${MAX_LIMIT}, got ${n}.`);
  }
  return n;
}

function parseDateParam(query: URLSearchParams, name: string): number | undefined {
  const raw = query.get(name);
  if (raw === null || raw === '') return undefined;
  const ms = parseIsoDate(raw);
  if (ms === null) throw badRequest(`${name} must be an ISO-8601 date-time, got "${raw}".`);
  return ms;
}

function parseFilters(query: URLSearchParams): Filters {
  const f: Filters = {};
  const u = parseDateParam(query, 'updated_at_min');
  if (u !== undefined) f.updated_at_min = u;
  const c = parseDateParam(query, 'created_at_min');
  if (c !== undefined) f.created_at_min = c;
  const s = parseDateParam(query, 'ship_after_max');
  if (s !== undefined) f.ship_after_max = s;
  const states = query
    .getAll('excluded_states')
    .flatMap((v) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  if (states.length > 0) {
    for (const st of states) {
      if (!(ORDER_STATES as readonly string[]).includes(st)) {
        throw badRequest(`excluded_states contains an unknown state: ${st}.`);
      }
    }
    f.excluded_states = [...new Set(states)] as OrderState[];
  }
  const original = query.get('original_order_id');
  if (original) f.original_order_id = original;
  const sort = query.get('sort_by');
  if (sort !== null && sort !== '') {
    if (sort !== 'UPDATED_AT' && sort !== 'CREATED_AT') {
      throw badRequest('sort_by must be UPDATED_AT or CREATED_AT.');
    }
    f.sort_by = sort;
  }
  return f;
}

export const compareIds = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** `GET /orders`: filters, ascending sort, cursor and page pagination. */
export function listOrders(records: OrderRecord[], query: URLSearchParams): FaireOrdersPage {
  const queryLimit = parseLimit(query.get('limit'));
  const rawCursor = query.get('cursor');
  let filters: Filters;
  let limit: number;
  let page: number;
  let after: { k: number; i: string } | null = null;
  if (rawCursor !== null && rawCursor !== '') {
    const c = decodeCursor(rawCursor);
    filters = c.f;
    limit = queryLimit ?? c.l;
    page = c.p;
    after = { k: c.k, i: c.i };
  } else {
    filters = parseFilters(query);
    limit = queryLimit ?? DEFAULT_LIMIT;
    const rawPage = query.get('page');
    page = 1;
    if (rawPage !== null && rawPage !== '') {
      if (!/^\d+$/.test(rawPage) || Number(rawPage) < 1) throw badRequest('page must be a positive integer.');
      page = Number(rawPage);
    }
  }
  const sortBy: OrdersSortBy = filters.sort_by ?? 'UPDATED_AT';
  const key = (r: OrderRecord): number =>
    Date.parse(sortBy === 'CREATED_AT' ? r.order.created_at : r.order.updated_at);

  const matching = records
    .filter((r) => {
      const o = r.order;
      if (filters.updated_at_min !== undefined && Date.parse(o.updated_at) < filters.updated_at_min) {
        return false;
      }
      if (filters.created_at_min !== undefined && Date.parse(o.created_at) < filters.created_at_min) {
        return false;
      }
      if (filters.ship_after_max !== undefined && Date.parse(o.ship_after) > filters.ship_after_max) {
        return false;
      }
      if (filters.excluded_states?.includes(o.state)) return false;
      if (filters.original_order_id !== undefined && o.original_order_id !== filters.original_order_id) {
        return false;
      }
      return true;
    })
    .sort((a, b) => key(a) - key(b) || compareIds(a.order.id, b.order.id));

  let rest: OrderRecord[];
  if (after !== null) {
    const cut = after;
    rest = matching.filter((r) => key(r) > cut.k || (key(r) === cut.k && r.order.id > cut.i));
  } else {
    rest = matching.slice((page - 1) * limit);
  }
  const slice = rest.slice(0, limit);
  const result: FaireOrdersPage = {
    orders: slice.map((r) => clone(r.order)),
    page,
    limit,
  };
  if (filters.updated_at_min !== undefined) result.updated_at_min = toIso(filters.updated_at_min);
  result.sort_by = sortBy;
  const last = slice[slice.length - 1];
  if (rest.length > limit && last !== undefined) {
    result.cursor = encodeCursor({ v: 1, f: filters, l: limit, p: page + 1, k: key(last), i: last.order.id });
  }
  return result;
}
