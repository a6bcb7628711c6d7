import { randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { SandboxClock } from './clock.js';
import { buildOrderRecord } from './create-order.js';
import { badRequest, HttpError, notFound } from './errors.js';
import { applyAddShipments, applyCancel, applyMoveToProcessing } from './order-writes.js';
import { IdFactory, Prng } from './prng.js';
import {
  generateSeed,
  itemStateFor,
  type CatalogEntry,
  type OrderRecord,
  type RetailerRecord,
} from './seed.js';
import { parseShipmentsBody, type ParsedShipment } from './shipments.js';
import {
  authenticateRequest,
  CODE_TTL_MS,
  type AuthResult,
  type OAuthCode,
  type OAuthToken,
} from './state-auth.js';
import {
  type BrandFixtures,
  type CreateOrderInput,
  type FaireOrder,
  type FaireScope,
  type LedgerEntry,
  type OrderState,
  type SandboxApplicationConfig,
  type SandboxBrandConfig,
} from './types.js';
import { compareIds } from './orders-query.js';
import { clone, toIso } from './util.js';

export { CODE_TTL_MS, isScope, type AuthResult, type OAuthCode, type OAuthToken } from './state-auth.js';
export { normalizeCarrier } from './shipments.js';

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
    return authenticateRequest(this, headers);
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
    applyMoveToProcessing(rec, body, this.clock);
    this.onMutate();
    return clone(rec.order);
  }

  /** Validates an AddShipmentsRequestV2 body for `rec` without changing anything. */
  parseShipments(rec: OrderRecord, body: unknown): ParsedShipment[] {
    const brand = this.brandById(rec.brandId);
    const currency = brand?.currency ?? 'USD';
    return parseShipmentsBody(rec, body, currency);
  }

  addShipments(rec: OrderRecord, body: unknown): { order: FaireOrder; shipmentIds: string[] } {
    const parsed = this.parseShipments(rec, body);
    const shipmentIds = applyAddShipments(rec, parsed, this.clock, this.ids);
    this.onMutate();
    return { order: clone(rec.order), shipmentIds };
  }

  cancel(rec: OrderRecord, body: unknown): FaireOrder {
    applyCancel(rec, body, this.clock);
    this.onMutate();
    return clone(rec.order);
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
    const rec = buildOrderRecord(
      {
        brands: this.brands,
        retailers: this.retailers,
        records: this.records,
        catalogs: this.catalogs,
        rng: this.runtimeRng,
        ids: this.ids,
        clock: this.clock,
      },
      brand,
      input,
    );
    this.records.set(rec.order.id, rec);
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
