import type { SandboxClock } from './clock.js';
import { badRequest } from './errors.js';
import type { IdFactory, Prng } from './prng.js';
import {
  catalogFor,
  computePayoutCosts,
  DAY,
  iso,
  itemStateFor,
  money,
  OrderFactory,
  PROFILE_FOR_STATE,
  type CatalogEntry,
  type OrderRecord,
  type RetailerRecord,
} from './seed.js';
import { normalizeCarrier } from './shipments.js';
import {
  ORDER_STATES,
  type CreateOrderInput,
  type FaireOrder,
  type FaireOrderItem,
  type FaireShipment,
  type OrderState,
  type OrderTransitions,
  type SandboxBrandConfig,
} from './types.js';
import { clone, isObject, parseIsoDate, toIso } from './util.js';

/** The parts of the sandbox state that building a test order reads or extends. */
export interface CreateOrderContext {
  readonly brands: SandboxBrandConfig[];
  readonly retailers: ReadonlyMap<string, RetailerRecord>;
  readonly records: ReadonlyMap<string, OrderRecord>;
  /** Extended with the brand's catalog when it has none yet. */
  readonly catalogs: Record<string, CatalogEntry[]>;
  readonly rng: Prng;
  readonly ids: IdFactory;
  readonly clock: SandboxClock;
}

/**
 * Builds the record of an order in a given state for `brand`; missing fields are generated. Does not add it
 * to `ctx.records`.
 */
export function buildOrderRecord(
  ctx: CreateOrderContext,
  brand: SandboxBrandConfig,
  input: CreateOrderInput,
): OrderRecord {
  if (!isObject(input)) throw badRequest('Order input must be an object.');
  const state: OrderState = input.state ?? 'NEW';
  if (!(ORDER_STATES as readonly string[]).includes(state)) {
    throw badRequest(`state must be one of ${ORDER_STATES.join(', ')}.`);
  }
  let retailer = [...ctx.retailers.values()][ctx.rng.int(0, ctx.retailers.size - 1)]!;
  if (input.retailer_id !== undefined) {
    const r = ctx.retailers.get(input.retailer_id);
    if (!r) throw badRequest(`Unknown retailer ${input.retailer_id}`);
    retailer = r;
  }
  const brandIndex = ctx.brands.indexOf(brand);
  ctx.catalogs[brand.brandId] ??= new OrderFactory(ctx.rng, ctx.ids).catalog(catalogFor(brandIndex));
  const catalog = ctx.catalogs[brand.brandId]!;
  const factory = new OrderFactory(ctx.rng, ctx.ids);
  const nowMs = ctx.clock.nowMs();
  const now = toIso(nowMs);
  const rec = factory.build(brand, catalog, retailer, PROFILE_FOR_STATE[state], nowMs, true);
  const o = rec.order;

  if (input.id !== undefined) {
    if (typeof input.id !== 'string' || !/^bo_[a-z0-9]{4,}$/.test(input.id)) {
      throw badRequest('id must look like bo_ followed by lowercase letters and digits.');
    }
    if (ctx.records.has(input.id)) throw badRequest(`Order ${input.id} already exists.`);
    ctx.ids.reserve(input.id);
    o.id = input.id;
    o.display_id = input.id.slice(3).toUpperCase();
  }
  if (state === 'NEW' && input.created_at === undefined) {
    o.created_at = now;
    o.ship_after = now;
  }
  o.updated_at = now;

  const skip = new Set(['id', 'items', 'shipments', 'address', 'transitions', 'customer']);
  const target = o as unknown as Record<string, unknown>;
  for (const [key, value] of Object.entries(input)) {
    if (skip.has(key) || !(key in o) || value === undefined) continue;
    target[key] = clone(value);
  }
  if (input.customer !== undefined) o.customer = { ...o.customer, ...input.customer };
  if (input.address !== undefined) o.address = { ...o.address, ...input.address };

  if (input.items !== undefined) {
    if (!Array.isArray(input.items) || input.items.length === 0 || !input.items.every(isObject)) {
      throw badRequest('items must be a non-empty array of objects.');
    }
    const base = o.items;
    o.items = input.items.map((partial, i) => {
      const template = clone(base[i % base.length]!);
      if (i >= base.length) template.id = ctx.ids.make('oi_');
      const item: FaireOrderItem = { ...template, ...clone(partial) };
      if (partial.price !== undefined && partial.price_cents === undefined) {
        item.price_cents = item.price.amount_minor;
      }
      return item;
    });
    if (input.payout_costs === undefined) {
      const bps = o.payout_costs.commission_bps;
      o.payout_costs = computePayoutCosts(o.items, o.brand_discounts, bps, brand.currency);
    }
  }
  for (const item of o.items) {
    ctx.ids.reserve(item.id);
    item.order_id = o.id;
    if (!input.items?.some((p) => p.state !== undefined)) item.state = itemStateFor(o.state);
    if (input.items === undefined || !input.items.some((p) => p.created_at !== undefined)) {
      item.created_at = o.created_at;
    }
    item.updated_at = o.updated_at;
  }

  let transitions: OrderTransitions = rec.transitions;
  if (input.shipments !== undefined) {
    if (!Array.isArray(input.shipments) || !input.shipments.every(isObject)) {
      throw badRequest('shipments must be an array of objects.');
    }
    o.shipments = input.shipments.map((partial) => {
      const template: FaireShipment = o.shipments[0]
        ? clone(o.shipments[0])
        : {
            id: '',
            created_at: now,
            updated_at: now,
            order_id: o.id,
            carrier: 'UPS',
            tracking_code: '',
            maker_cost: money(1250, brand.currency),
            maker_cost_cents: 1250,
            shipping_type: 'SHIP_ON_YOUR_OWN',
            shipping_label_url: null,
          };
      const s: FaireShipment = { ...template, ...clone(partial), order_id: o.id };
      if (partial.id === undefined) s.id = ctx.ids.make('s_');
      else ctx.ids.reserve(s.id);
      if (partial.carrier !== undefined) s.carrier = normalizeCarrier(partial.carrier);
      if (partial.tracking_code === undefined) {
        s.tracking_code = `1Z${ctx.rng.chars('0123456789ABCDEFGHJKLMNPRSTUVWXY', 16)}`;
      }
      if (partial.maker_cost !== undefined && partial.maker_cost_cents === undefined) {
        s.maker_cost_cents = s.maker_cost.amount_minor;
      } else if (partial.maker_cost_cents !== undefined && partial.maker_cost === undefined) {
        s.maker_cost = money(partial.maker_cost_cents, brand.currency);
      }
      if (partial.updated_at === undefined) s.updated_at = s.created_at;
      return s;
    });
    transitions = defaultTransitions(o, nowMs);
  } else {
    for (const s of o.shipments) s.order_id = o.id;
  }
  if (input.transitions !== undefined) transitions = { ...transitions, ...input.transitions };
  for (const key of ['in_transit_at', 'delivered_at'] as const) {
    const v = transitions[key];
    if (v !== null) {
      const ms = parseIsoDate(v);
      if (ms === null) throw badRequest(`transitions.${key} must be an ISO date-time or null.`);
      transitions[key] = toIso(ms);
    }
  }
  rec.transitions = transitions;
  return rec;
}

/** Default carrier schedule of an order created for tests: keeps the requested state at creation time. */
function defaultTransitions(o: FaireOrder, nowMs: number): OrderTransitions {
  if (o.shipments.length === 0) return { in_transit_at: null, delivered_at: null };
  const shipped = Math.min(...o.shipments.map((s) => Date.parse(s.created_at)));
  const inTransit = shipped + DAY;
  const delivered = shipped + 4 * DAY;
  switch (o.state) {
    case 'PRE_TRANSIT':
      return inTransit > nowMs
        ? { in_transit_at: iso(inTransit), delivered_at: iso(delivered) }
        : { in_transit_at: null, delivered_at: null };
    case 'IN_TRANSIT':
      return {
        in_transit_at: iso(Math.min(inTransit, nowMs)),
        delivered_at: delivered > nowMs ? iso(delivered) : null,
      };
    case 'DELIVERED':
      return {
        in_transit_at: iso(Math.min(inTransit, nowMs)),
        delivered_at: iso(Math.min(delivered, nowMs)),
      };
    case 'NEW':
    case 'PROCESSING':
    case 'CANCELED':
    case 'BACKORDERED':
    case 'PENDING_RETAILER_CONFIRMATION':
      return { in_transit_at: null, delivered_at: null };
  }
}
