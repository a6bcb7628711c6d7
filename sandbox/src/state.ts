import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { SandboxClock } from './clock.js';
import { badRequest, HttpError, notFound } from './errors.js';
import { IdFactory, Prng } from './prng.js';
import {
  catalogFor,
  computePayoutCosts,
  DAY,
  generateSeed,
  iso,
  itemStateFor,
  money,
  OrderFactory,
  PROFILE_FOR_STATE,
  type CatalogEntry,
  type OrderRecord,
  type RetailerRecord,
} from './seed.js';
import {
  CANCEL_REASONS,
  FAIRE_CARRIERS,
  FAIRE_SCOPES,
  ORDER_STATES,
  SHIPPING_TYPES,
  type BrandFixtures,
  type CreateOrderInput,
  type FaireMoney,
  type FaireOrder,
  type FaireOrderItem,
  type FaireScope,
  type FaireShipment,
  type LedgerEntry,
  type OrderState,
  type OrderTransitions,
  type SandboxApplicationConfig,
  type SandboxBrandConfig,
  type ShippingType,
} from './types.js';
import { compareIds } from './orders-query.js';
import { clone, isObject, parseIsoDate, toIso } from './util.js';

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

export interface PersistedState {
  format: 'faire-sandbox-state';
  version: 1;
  seed: number;
  savedAt: string;
  clock: { nowMs: number; realMs: number; frozen: boolean };
  retailers: RetailerRecord[];
  catalogs: Record<string, CatalogEntry[]>;
  records: OrderRecord[];
  fixtures: BrandFixtures[];
  codes: OAuthCode[];
  tokens: OAuthToken[];
  ledger: LedgerEntry[];
  runtimeRngState: number;
}

const SHIPPABLE: readonly OrderState[] = ['PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT'];
const CANCELABLE: readonly OrderState[] = [
  'NEW',
  'PROCESSING',
  'PENDING_RETAILER_CONFIRMATION',
  'BACKORDERED',
];
const MAX_SHIPMENTS_PER_CALL = 50;
export const CODE_TTL_MS = 10 * 60_000;

export function normalizeCarrier(carrier: string): string {
  const trimmed = carrier.trim();
  const upper = trimmed.toUpperCase().replace(/[\s-]+/g, '_');
  return (FAIRE_CARRIERS as readonly string[]).includes(upper) ? upper : trimmed;
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

/** All mutable data of one sandbox: orders, retailers, OAuth grants, ledger. */
export class SandboxState {
  readonly records = new Map<string, OrderRecord>();
  readonly retailers = new Map<string, RetailerRecord>();
  catalogs: Record<string, CatalogEntry[]> = {};
  fixtures: BrandFixtures[] = [];
  readonly codes = new Map<string, OAuthCode>();
  readonly tokens = new Map<string, OAuthToken>();
  ledger: LedgerEntry[] = [];
  private runtimeRng: Prng;
  private ids: IdFactory;

  constructor(
    readonly seed: number,
    readonly brands: SandboxBrandConfig[],
    readonly applications: SandboxApplicationConfig[],
    readonly clock: SandboxClock,
    private readonly onMutate: () => void,
  ) {
    this.runtimeRng = new Prng(seed * 7919 + 104_729);
    this.ids = new IdFactory(this.runtimeRng);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Seeding and persistence

  /** Regenerates the seeded data relative to the clock's current time; forgets OAuth grants and the ledger. */
  seedFresh(): void {
    const data = generateSeed(this.seed, this.brands, this.clock.nowMs());
    this.records.clear();
    this.retailers.clear();
    for (const r of data.retailers) this.retailers.set(r.retailer_id, r);
    for (const rec of data.records) this.records.set(rec.order.id, rec);
    this.catalogs = data.catalogs;
    this.fixtures = data.fixtures;
    this.codes.clear();
    this.tokens.clear();
    this.ledger = [];
    this.runtimeRng = new Prng(this.seed * 7919 + 104_729);
    this.rebuildIds();
    this.onMutate();
  }

  private rebuildIds(): void {
    this.ids = new IdFactory(this.runtimeRng);
    for (const r of this.retailers.values()) {
      this.ids.reserve(r.retailer_id);
      this.ids.reserve(r.address.id);
    }
    for (const c of Object.values(this.catalogs)) {
      for (const e of c) {
        this.ids.reserve(e.productId);
        e.variantIds.forEach((v) => this.ids.reserve(v));
      }
    }
    for (const rec of this.records.values()) {
      this.ids.reserve(rec.order.id);
      rec.order.items.forEach((i) => this.ids.reserve(i.id));
      rec.order.shipments.forEach((s) => this.ids.reserve(s.id));
      rec.order.brand_discounts.forEach((d) => this.ids.reserve(d.id));
    }
  }

  snapshot(): PersistedState {
    return {
      format: 'faire-sandbox-state',
      version: 1,
      seed: this.seed,
      savedAt: new Date().toISOString(),
      clock: { nowMs: this.clock.nowMs(), realMs: Date.now(), frozen: this.clock.isFrozen() },
      retailers: [...this.retailers.values()],
      catalogs: this.catalogs,
      records: [...this.records.values()],
      fixtures: this.fixtures,
      codes: [...this.codes.values()],
      tokens: [...this.tokens.values()],
      ledger: this.ledger,
      runtimeRngState: this.runtimeRng.getState(),
    };
  }

  restore(data: PersistedState, restoreClock: boolean): void {
    this.records.clear();
    this.retailers.clear();
    this.codes.clear();
    this.tokens.clear();
    for (const r of data.retailers) this.retailers.set(r.retailer_id, r);
    for (const rec of data.records) this.records.set(rec.order.id, rec);
    for (const c of data.codes) this.codes.set(c.code, c);
    for (const t of data.tokens) this.tokens.set(t.token, t);
    this.catalogs = data.catalogs;
    this.fixtures = data.fixtures;
    this.ledger = data.ledger;
    this.runtimeRng.setState(data.runtimeRngState);
    this.rebuildIds();
    if (restoreClock) this.clock.restore(data.clock.nowMs, data.clock.realMs, data.clock.frozen);
  }

  // ---------------------------------------------------------------------------------------------------------
  // Lookup

  brandById(brandId: string): SandboxBrandConfig | undefined {
    return this.brands.find((b) => b.brandId === brandId);
  }

  /** Accepts a brand id, or `brand1` / `brand2` … as aliases. */
  resolveBrand(ref: string): SandboxBrandConfig | undefined {
    const alias = /^brand(\d+)$/.exec(ref);
    if (alias) return this.brands[Number(alias[1]) - 1];
    return this.brandById(ref);
  }

  application(applicationId: string): SandboxApplicationConfig | undefined {
    return this.applications.find((a) => a.applicationId === applicationId);
  }

  ordersOf(brandId: string): OrderRecord[] {
    return [...this.records.values()].filter((r) => r.brandId === brandId);
  }

  /** The order when it belongs to `brandId`, else 404. */
  orderFor(brandId: string, orderId: string): OrderRecord {
    const rec = this.records.get(orderId);
    if (!rec || rec.brandId !== brandId) throw notFound(`Order ${orderId} not found`);
    return rec;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Auth

  authenticate(headers: IncomingHttpHeaders): AuthResult {
    const accessToken = header(headers, 'x-faire-access-token');
    const appCredentials = header(headers, 'x-faire-app-credentials');
    const oauthToken = header(headers, 'x-faire-oauth-access-token');
    if (accessToken !== undefined) {
      const brand = this.brands.find((b) => b.token === accessToken);
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
    const app = colon > 0 ? this.application(decoded.slice(0, colon)) : undefined;
    if (!app || app.applicationSecret !== decoded.slice(colon + 1)) {
      return { ok: false, message: 'The application credentials are invalid.' };
    }
    const token = this.tokens.get(oauthToken);
    if (!token || token.applicationId !== app.applicationId) {
      return { ok: false, message: 'The OAuth access token is invalid.' };
    }
    if (token.revokedAt !== null) return { ok: false, message: 'The OAuth access token has been revoked.' };
    const brand = this.brandById(token.brandId);
    if (!brand) return { ok: false, message: 'The OAuth access token is invalid.' };
    return { ok: true, brand, mode: 'oauth', scopes: new Set(token.scopes), key: `o:${oauthToken}` };
  }

  issueCode(applicationId: string, brandId: string, redirectUrl: string, scopes: FaireScope[]): string {
    const code = `sbx_code_${randomBytes(18).toString('base64url')}`;
    this.codes.set(code, {
      code,
      applicationId,
      brandId,
      redirectUrl,
      scopes: [...scopes],
      expiresAt: toIso(this.clock.nowMs() + CODE_TTL_MS),
      used: false,
    });
    this.onMutate();
    return code;
  }

  issueToken(code: OAuthCode): string {
    const token = `sbx_oauth_${randomBytes(24).toString('base64url')}`;
    code.used = true;
    this.tokens.set(token, {
      token,
      applicationId: code.applicationId,
      brandId: code.brandId,
      scopes: [...code.scopes],
      createdAt: toIso(this.clock.nowMs()),
      revokedAt: null,
    });
    this.onMutate();
    return token;
  }

  /** The live (not revoked) OAuth token of an application for a brand, if any. */
  activeToken(applicationId: string, brandId: string): OAuthToken | undefined {
    for (const t of this.tokens.values()) {
      if (t.applicationId === applicationId && t.brandId === brandId && t.revokedAt === null) return t;
    }
    return undefined;
  }

  revokeToken(token: OAuthToken): void {
    if (token.revokedAt === null) {
      token.revokedAt = toIso(this.clock.nowMs());
      this.onMutate();
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Time

  /** Applies due carrier events (PRE_TRANSIT → IN_TRANSIT → DELIVERED) by the sandbox clock. */
  tick(): void {
    const now = this.clock.nowMs();
    let changed = false;
    for (const rec of this.records.values()) {
      const o = rec.order;
      if (o.state !== 'PRE_TRANSIT' && o.state !== 'IN_TRANSIT') continue;
      const inTransit =
        rec.transitions.in_transit_at === null ? null : Date.parse(rec.transitions.in_transit_at);
      const delivered =
        rec.transitions.delivered_at === null ? null : Date.parse(rec.transitions.delivered_at);
      if (o.state === 'PRE_TRANSIT' && inTransit !== null && inTransit <= now) {
        this.setState(rec, 'IN_TRANSIT', inTransit);
        changed = true;
      }
      if (delivered !== null && delivered <= now) {
        this.setState(rec, 'DELIVERED', delivered);
        changed = true;
      }
    }
    if (changed) this.onMutate();
  }

  private setState(rec: OrderRecord, state: OrderState, atMs: number): void {
    const o = rec.order;
    const at = toIso(Math.max(atMs, Date.parse(o.updated_at)));
    o.state = state;
    o.updated_at = at;
    for (const item of o.items) {
      if (item.state !== 'CANCELED') item.state = itemStateFor(state);
      item.updated_at = at;
    }
    if (state === 'IN_TRANSIT' || state === 'DELIVERED') {
      for (const s of o.shipments) s.updated_at = toIso(Math.max(atMs, Date.parse(s.updated_at)));
    }
  }

  // ---------------------------------------------------------------------------------------------------------
  // Faire API writes

  moveToProcessing(rec: OrderRecord, body: unknown): FaireOrder {
    if (!isObject(body)) throw badRequest('Request body must be a JSON object, e.g. {}.');
    let expected: string | null | undefined;
    if (body.expected_ship_date !== undefined && body.expected_ship_date !== null) {
      const ms = parseIsoDate(body.expected_ship_date);
      if (ms === null) throw badRequest('expected_ship_date must be an ISO-8601 date-time string.');
      expected = toIso(ms);
    }
    const o = rec.order;
    if (o.state !== 'NEW') {
      throw badRequest(`Order ${o.id} is in state ${o.state}; only NEW orders can be moved to processing.`);
    }
    const now = toIso(this.clock.nowMs());
    o.state = 'PROCESSING';
    o.processing_at = now;
    o.updated_at = now;
    if (expected !== undefined) o.expected_ship_date = expected;
    for (const item of o.items) {
      if (item.state !== 'CANCELED') item.state = 'PROCESSING';
      item.updated_at = now;
    }
    this.onMutate();
    return clone(o);
  }

  /** Validates an AddShipmentsRequestV2 body for `rec` without changing anything. */
  parseShipments(
    rec: OrderRecord,
    body: unknown,
  ): Array<Omit<FaireShipment, 'id' | 'created_at' | 'updated_at'>> {
    const brand = this.brandById(rec.brandId);
    const currency = brand?.currency ?? 'USD';
    if (!isObject(body)) throw badRequest('Request body must be a JSON object with a shipments array.');
    const list = body.shipments;
    if (!Array.isArray(list) || list.length === 0) {
      throw badRequest('shipments must be a non-empty array.');
    }
    if (list.length > MAX_SHIPMENTS_PER_CALL) {
      throw badRequest(`At most ${MAX_SHIPMENTS_PER_CALL} shipments can be added per request.`);
    }
    return list.map((raw: unknown, i) => {
      const where = `shipments[${i}]`;
      if (!isObject(raw)) throw badRequest(`${where} must be an object.`);
      if (raw.order_id !== undefined && raw.order_id !== null && raw.order_id !== rec.order.id) {
        throw badRequest(
          `${where}.order_id (${JSON.stringify(raw.order_id)}) does not match the order in the path (${rec.order.id}).`,
        );
      }
      if (typeof raw.carrier !== 'string' || raw.carrier.trim() === '') {
        throw badRequest(`${where}.carrier is required.`);
      }
      if (typeof raw.tracking_code !== 'string' || raw.tracking_code.trim() === '') {
        throw badRequest(`${where}.tracking_code is required.`);
      }
      let shippingType: ShippingType = 'SHIP_ON_YOUR_OWN';
      if (raw.shipping_type !== undefined && raw.shipping_type !== null) {
        if (!(SHIPPING_TYPES as readonly unknown[]).includes(raw.shipping_type)) {
          throw badRequest(`${where}.shipping_type must be one of ${SHIPPING_TYPES.join(', ')}.`);
        }
        shippingType = raw.shipping_type as ShippingType;
      }
      let cost: FaireMoney | null = null;
      if (raw.maker_cost !== undefined && raw.maker_cost !== null) {
        const mc = raw.maker_cost;
        if (
          !isObject(mc) ||
          typeof mc.amount_minor !== 'number' ||
          !Number.isInteger(mc.amount_minor) ||
          mc.amount_minor < 0 ||
          typeof mc.currency !== 'string' ||
          !/^[A-Za-z]{3}$/.test(mc.currency)
        ) {
          throw badRequest(
            `${where}.maker_cost must be {amount_minor: non-negative integer, currency: ISO-4217 code}.`,
          );
        }
        cost = money(mc.amount_minor, mc.currency.toUpperCase());
      }
      if (raw.maker_cost_cents !== undefined && raw.maker_cost_cents !== null) {
        const cents = raw.maker_cost_cents;
        if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0) {
          throw badRequest(`${where}.maker_cost_cents must be a non-negative integer.`);
        }
        cost ??= money(cents, currency);
      }
      cost ??= money(0, currency);
      return {
        order_id: rec.order.id,
        carrier: normalizeCarrier(raw.carrier),
        tracking_code: raw.tracking_code.trim(),
        maker_cost: cost,
        maker_cost_cents: cost.amount_minor,
        shipping_type: shippingType,
        shipping_label_url: null,
      };
    });
  }

  addShipments(rec: OrderRecord, body: unknown): { order: FaireOrder; shipmentIds: string[] } {
    const parsed = this.parseShipments(rec, body);
    const o = rec.order;
    if (!SHIPPABLE.includes(o.state)) {
      throw badRequest(
        `Cannot add shipments to order ${o.id} in state ${o.state}; shipments can be added to orders in state PROCESSING, PRE_TRANSIT or IN_TRANSIT.`,
      );
    }
    const nowMs = this.clock.nowMs();
    const now = toIso(nowMs);
    const created: FaireShipment[] = parsed.map((s) => ({
      id: this.ids.make('s_'),
      created_at: now,
      updated_at: now,
      ...s,
    }));
    o.shipments.push(...created);
    if (o.state === 'PROCESSING') {
      o.state = 'PRE_TRANSIT';
      for (const item of o.items) if (item.state !== 'CANCELED') item.state = 'PRE_TRANSIT';
    }
    rec.transitions = {
      in_transit_at: rec.transitions.in_transit_at ?? toIso(nowMs + DAY),
      delivered_at: rec.transitions.delivered_at ?? toIso(nowMs + 4 * DAY),
    };
    o.estimated_payout_at ??= toIso(Math.floor((nowMs + 8 * DAY) / DAY) * DAY);
    o.updated_at = now;
    for (const item of o.items) item.updated_at = now;
    this.onMutate();
    return { order: clone(o), shipmentIds: created.map((s) => s.id) };
  }

  cancel(rec: OrderRecord, body: unknown): FaireOrder {
    if (!isObject(body)) throw badRequest('Request body must be a JSON object with a reason.');
    if (!(CANCEL_REASONS as readonly unknown[]).includes(body.reason)) {
      throw badRequest(`reason must be one of ${CANCEL_REASONS.join(', ')}.`);
    }
    if (body.note !== undefined && body.note !== null) {
      if (typeof body.note !== 'string' || body.note.length < 30 || body.note.length > 1000) {
        throw badRequest('note must be a string of 30 to 1000 characters.');
      }
    }
    const o = rec.order;
    if (!CANCELABLE.includes(o.state)) {
      throw badRequest(
        `Order ${o.id} is in state ${o.state}; only NEW, PROCESSING, PENDING_RETAILER_CONFIRMATION or BACKORDERED orders can be canceled.`,
      );
    }
    const now = toIso(this.clock.nowMs());
    o.state = 'CANCELED';
    o.updated_at = now;
    for (const item of o.items) {
      item.state = 'CANCELED';
      item.updated_at = now;
    }
    this.onMutate();
    return clone(o);
  }

  appendLedger(entry: LedgerEntry): void {
    this.ledger.push(entry);
    this.onMutate();
  }

  clearLedger(): number {
    const n = this.ledger.length;
    this.ledger = [];
    this.onMutate();
    return n;
  }

  // ---------------------------------------------------------------------------------------------------------
  // Test helpers

  /** Adds an order in a given state for `brandRef`; missing fields are generated. */
  createOrder(brandRef: string, input: CreateOrderInput = {}): FaireOrder {
    const brand = this.resolveBrand(brandRef);
    if (!brand) throw badRequest(`Unknown brand ${brandRef}`);
    if (!isObject(input)) throw badRequest('Order input must be an object.');
    const state: OrderState = input.state ?? 'NEW';
    if (!(ORDER_STATES as readonly string[]).includes(state)) {
      throw badRequest(`state must be one of ${ORDER_STATES.join(', ')}.`);
    }
    let retailer = [...this.retailers.values()][this.runtimeRng.int(0, this.retailers.size - 1)];
    if (input.retailer_id !== undefined) {
      const r = this.retailers.get(input.retailer_id);
      if (!r) throw badRequest(`Unknown retailer ${input.retailer_id}`);
      retailer = r;
    }
    const brandIndex = this.brands.indexOf(brand);
    this.catalogs[brand.brandId] ??= new OrderFactory(this.runtimeRng, this.ids).catalog(
      catalogFor(brandIndex),
    );
    const catalog = this.catalogs[brand.brandId];
    const factory = new OrderFactory(this.runtimeRng, this.ids);
    const nowMs = this.clock.nowMs();
    const now = toIso(nowMs);
    const rec = factory.build(brand, catalog, retailer, PROFILE_FOR_STATE[state], nowMs, true);
    const o = rec.order;

    if (input.id !== undefined) {
      if (typeof input.id !== 'string' || !/^bo_[a-z0-9]{4,}$/.test(input.id)) {
        throw badRequest('id must look like bo_ followed by lowercase letters and digits.');
      }
      if (this.records.has(input.id)) throw badRequest(`Order ${input.id} already exists.`);
      this.ids.reserve(input.id);
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
        const template = clone(base[i % base.length]);
        if (i >= base.length) template.id = this.ids.make('oi_');
        const item: FaireOrderItem = { ...template, ...clone(partial) };
        if (partial.price !== undefined && partial.price_cents === undefined)
          item.price_cents = item.price.amount_minor;
        return item;
      });
      if (input.payout_costs === undefined) {
        const bps = o.payout_costs.commission_bps;
        o.payout_costs = computePayoutCosts(o.items, o.brand_discounts, bps, brand.currency);
      }
    }
    for (const item of o.items) {
      this.ids.reserve(item.id);
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
        if (partial.id === undefined) s.id = this.ids.make('s_');
        else this.ids.reserve(s.id);
        if (partial.carrier !== undefined) s.carrier = normalizeCarrier(partial.carrier);
        if (partial.tracking_code === undefined)
          s.tracking_code = `1Z${this.runtimeRng.chars('0123456789ABCDEFGHJKLMNPRSTUVWXY', 16)}`;
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
    this.records.set(o.id, rec);
    this.onMutate();
    this.tick();
    return clone(rec.order);
  }

  /** Helper used by control routes: never exposes internal records by reference. */
  publicOrder(orderId: string): FaireOrder | undefined {
    const rec = this.records.get(orderId);
    return rec ? clone(rec.order) : undefined;
  }

  sortedOrders(brandId: string): FaireOrder[] {
    return this.ordersOf(brandId)
      .map((r) => clone(r.order))
      .sort((a, b) => Date.parse(a.updated_at) - Date.parse(b.updated_at) || compareIds(a.id, b.id));
  }

  assertScope(scopes: ReadonlySet<FaireScope> | null, scope: FaireScope): void {
    if (scopes !== null && !scopes.has(scope)) {
      throw new HttpError(401, `The OAuth access token was not granted the ${scope} scope.`);
    }
  }
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

export function isScope(value: string): value is FaireScope {
  return (FAIRE_SCOPES as readonly string[]).includes(value);
}
