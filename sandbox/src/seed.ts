// The sandbox's seeded data: which orders each brand starts with (its plan of order profiles) and the
// documented fixture ids picked from them. The records and the factory that builds them live in
// seed-model.ts and order-factory.ts; their names are re-exported here for the rest of the sandbox.
import { CANDLE_CATALOG, STATIONERY_CATALOG, type CatalogProduct } from './catalog.js';
import { OrderFactory } from './order-factory.js';
import { IdFactory, Prng } from './prng.js';
import type { CatalogEntry, OrderRecord, Profile, SeedData } from './seed-model.js';
import type { BrandFixtures, SandboxBrandConfig } from './types.js';

export { computePayoutCosts, OrderFactory } from './order-factory.js';
export {
  DAY,
  HOUR,
  iso,
  itemStateFor,
  money,
  PROFILE_FOR_STATE,
  type CatalogEntry,
  type OrderRecord,
  type Profile,
  type RetailerRecord,
  type SeedData,
} from './seed-model.js';

const BRAND_PLAN: Array<[Profile, number]> = [
  ['new', 4],
  ['new_late', 4],
  ['processing', 4],
  ['processing_late', 5],
  ['pre_transit', 4],
  ['pre_transit_late', 3],
  ['in_transit', 5],
  ['in_transit_late_lost', 2],
  ['in_transit_late_slow', 1],
  ['backordered', 3],
  ['canceled', 5],
  ['pending_confirmation', 3],
  ['delivered', 0],
];

const DELIVERED_COUNTS = [29, 21];

export function catalogFor(index: number): CatalogProduct[] {
  return index % 2 === 0 ? CANDLE_CATALOG : STATIONERY_CATALOG;
}

/** Deterministic seed data for `brands` relative to `now`. */
export function generateSeed(seed: number, brands: SandboxBrandConfig[], now: number): SeedData {
  const rng = new Prng(seed);
  const ids = new IdFactory(rng);
  const factory = new OrderFactory(rng, ids);
  const retailers = factory.retailers();
  const catalogs: Record<string, CatalogEntry[]> = {};
  // Brands 1 and 2 draw their catalogs first (as before a third brand existed), so their seeded data
  // and documented order ids stay the same whatever brands follow.
  brands.slice(0, 2).forEach((b, i) => {
    catalogs[b.brandId] = factory.catalog(catalogFor(i));
  });

  const records: OrderRecord[] = [];
  const fixtures: BrandFixtures[] = [];
  brands.forEach((brand, index) => {
    catalogs[brand.brandId] ??= factory.catalog(catalogFor(index));
    const catalog = catalogs[brand.brandId]!;
    const byProfile = new Map<Profile, OrderRecord[]>();
    for (const [profile, planned] of BRAND_PLAN) {
      const count = profile === 'delivered' ? (DELIVERED_COUNTS[index] ?? 24) : planned;
      const list: OrderRecord[] = [];
      for (let i = 0; i < count; i++) {
        const retailer = rng.pick(retailers);
        // The first order of each profile is a documented fixture: keep it free of optional extras.
        list.push(factory.build(brand, catalog, retailer, profile, now, i === 0));
      }
      byProfile.set(profile, list);
      records.push(...list);
    }
    const first = (p: Profile, n = 0): OrderRecord => (byProfile.get(p) as OrderRecord[])[n]!;

    // A retailer asked to cancel one late NEW order.
    first('new_late', 1).order.has_pending_retailer_cancellation_request = true;

    // One PROCESSING order is the backorder child of an earlier delivered order to the same retailer.
    const child = first('processing', 2);
    const parent = first('delivered', 1);
    child.order.original_order_id = parent.order.id;
    child.order.retailer_id = parent.order.retailer_id;
    child.order.address = { ...parent.order.address };
    child.order.customer = { ...parent.order.customer };

    fixtures.push({
      brandId: brand.brandId,
      token: brand.token,
      newOrderId: first('new').order.id,
      lateNewOrderId: first('new_late').order.id,
      processingOrderId: first('processing').order.id,
      processingOrderId2: first('processing', 1).order.id,
      lateProcessingOrderId: first('processing_late').order.id,
      preTransitOrderId: first('pre_transit').order.id,
      latePreTransitOrderId: first('pre_transit_late').order.id,
      inTransitOrderId: first('in_transit').order.id,
      lateInTransitOrderId: first('in_transit_late_lost').order.id,
      deliveredOrderId: first('delivered').order.id,
      canceledOrderId: first('canceled').order.id,
      backorderedOrderId: first('backordered').order.id,
      pendingRetailerConfirmationOrderId: first('pending_confirmation').order.id,
      retailerId: first('new').order.retailer_id,
    });
  });
  return { retailers, catalogs, records, fixtures };
}
