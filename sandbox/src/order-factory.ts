// Builds the seed's retailers, catalogs and orders (also the orders created at runtime through the control
// API): every random draw happens here, in a fixed order, so the same seed gives the same data.
import {
  FIRST_NAMES,
  LAST_NAMES,
  ORDER_NOTES,
  RETAILERS,
  SALES_REPS,
  type CatalogProduct,
} from './catalog.js';
import { timeline } from './order-timeline.js';
import type { IdFactory, Prng } from './prng.js';
import {
  DAY,
  HOUR,
  iso,
  itemStateFor,
  midnight,
  money,
  sec,
  type CatalogEntry,
  type OrderRecord,
  type Profile,
  type RetailerRecord,
} from './seed-model.js';
import { trackingCodeFor } from './tracking.js';
import type {
  FaireAddress,
  FaireCustomer,
  FaireDiscount,
  FaireMoney,
  FaireOrderItem,
  FairePayoutCosts,
  FaireShipment,
  FreeShippingReason,
  FaireOrder,
  SandboxBrandConfig,
  ShippingType,
} from './types.js';

/** Builds retailers, catalogs and orders. Random draws never depend on the clock, only on the seed. */
export class OrderFactory {
  constructor(
    private readonly rng: Prng,
    private readonly ids: IdFactory,
  ) {}

  person(): FaireCustomer {
    return { first_name: this.rng.pick(FIRST_NAMES), last_name: this.rng.pick(LAST_NAMES) };
  }

  retailers(): RetailerRecord[] {
    return RETAILERS.map((r) => {
      const retailer_id = this.ids.make('r_', 8);
      const is_insider = this.rng.chance(0.35);
      const addressId = this.ids.make('a_');
      const phone = `${this.rng.int(201, 989)}-555-01${this.rng.digits(2)}`;
      const contacts = [this.person(), this.person()];
      return {
        retailer_id,
        name: r.name,
        is_insider,
        contacts,
        address: {
          id: addressId,
          address1: r.address1,
          address2: r.address2,
          postal_code: r.postalCode,
          city: r.city,
          state: r.state,
          state_code: r.stateCode,
          phone_number: phone,
          country: r.country,
          country_code: r.countryCode,
          company_name: r.name,
          address_type: r.addressType,
        },
      };
    });
  }

  catalog(products: CatalogProduct[]): CatalogEntry[] {
    return products.map((product) => ({
      product,
      productId: this.ids.make('p_'),
      variantIds: product.variants.map(() => this.ids.make('po_')),
    }));
  }

  /** Builds one order following `profile`'s timeline relative to `now`. */
  build(
    brand: SandboxBrandConfig,
    catalog: CatalogEntry[],
    retailer: RetailerRecord,
    profile: Profile,
    now: number,
    plain = false,
  ): OrderRecord {
    const rng = this.rng;
    const cur = brand.currency;
    const t = timeline(profile, rng, now);
    const id = this.ids.make('bo_');

    // Items
    const itemCount = rng.pick([1, 1, 2, 2, 2, 3, 3, 4]);
    const items: FaireOrderItem[] = rng.sample(catalog, itemCount).map((entry) => {
      const vi = rng.int(0, entry.product.variants.length - 1);
      const variant = entry.product.variants[vi]!;
      const includesTester = entry.product.testerPrice !== null && rng.chance(0.15);
      const tester = entry.product.testerPrice;
      return {
        id: this.ids.make('oi_'),
        created_at: iso(t.created),
        updated_at: iso(t.created),
        order_id: id,
        product_id: entry.productId,
        variant_id: entry.variantIds[vi]!,
        quantity: entry.product.casePack * rng.pick([1, 1, 2, 2, 3, 4]),
        sku: variant.sku,
        product_name: entry.product.name,
        variant_name: variant.name,
        includes_tester: includesTester,
        customizations: [],
        price: money(variant.price, cur),
        tester_price: tester === null ? null : money(tester, cur),
        discounts: [],
        state: itemStateFor(t.state),
        price_cents: variant.price,
        tester_price_cents: tester,
      };
    });

    // People and address
    const customer = rng.pick(retailer.contacts);
    const recipient = rng.chance(0.8) ? customer : rng.pick(retailer.contacts);
    const { id: addressId, ...addressRest } = retailer.address;
    const address: FaireAddress = {
      id: addressId,
      name: `${recipient.first_name} ${recipient.last_name}`,
      ...addressRest,
    };

    // Commercial terms
    const sourceRoll = rng.next();
    const source = sourceRoll < 0.7 ? 'MARKETPLACE' : sourceRoll < 0.9 ? 'FAIRE_DIRECT' : 'TRADESHOW';
    const firstOrder = rng.chance(0.35);
    const commissionBps = source === 'MARKETPLACE' && firstOrder ? 2500 : 1500;
    const discountRoll = rng.next();
    const discountPct = rng.pick([10, 15]);
    const discountCode = rng.pick(['SPRING10', 'WELCOME15', 'HOLIDAY10', 'RESTOCK15']);
    const discountId = this.ids.make('bpc_');
    const brandDiscounts: FaireDiscount[] =
      discountRoll < 0.12
        ? [
            {
              id: discountId,
              code: discountCode.replace(/\d+$/, String(discountPct)),
              discount_type: 'PERCENTAGE',
              discount_percentage: discountPct,
              discount_amount: null,
              includes_free_shipping: false,
              discount_amount_cents: null,
            },
          ]
        : discountRoll < 0.17
          ? [
              {
                id: discountId,
                code: 'TAKE20',
                discount_type: 'FLAT_AMOUNT',
                discount_percentage: null,
                discount_amount: money(2000, cur),
                includes_free_shipping: false,
                discount_amount_cents: 2000,
              },
            ]
          : [];
    const payout_costs = computePayoutCosts(items, brandDiscounts, commissionBps, cur);
    const coveredAmount = rng.int(900, 2600);
    let isFree = false;
    let freeReason: FreeShippingReason | null = null;
    let covered: FaireMoney | null = null;
    if (source === 'FAIRE_DIRECT') {
      isFree = true;
      freeReason = 'FAIRE_DIRECT';
    } else if (retailer.is_insider && source === 'MARKETPLACE') {
      isFree = true;
      freeReason = 'INSIDER_FREE_SHIPPING';
      covered = money(coveredAmount, cur);
    } else if (payout_costs.subtotal_after_brand_discounts.amount_minor >= 30000) {
      isFree = true;
      freeReason = 'FREE_SHIPPING_THRESHOLD';
      covered = money(coveredAmount, cur);
    }

    // Optional retailer input
    const poRoll = rng.next();
    const poNumber = `PO-${rng.int(1000, 99999)}`;
    const noteRoll = rng.next();
    const note = rng.pick(ORDER_NOTES);
    const requestedRoll = rng.next();
    const requestedOffset = rng.int(7, 21) * DAY;
    const expectedRoll = rng.next();
    const expectedOffset = rng.int(2, 5) * DAY;
    const salesRep = rng.pick(SALES_REPS);
    const requested = !plain && requestedRoll < 0.12 ? midnight(t.created + requestedOffset) : null;
    const expected =
      t.processing !== null && expectedRoll < 0.6 ? midnight(t.processing + expectedOffset) : null;

    // Shipments
    const shipments: FaireShipment[] = [];
    const parcelCount = rng.chance(0.2) ? 2 : 1;
    const isCanada = retailer.address.country_code === 'CAN';
    const carrierRoll = rng.next();
    const carrier = isCanada
      ? carrierRoll < 0.6
        ? 'CANADA_POST'
        : 'UPS'
      : carrierRoll < 0.45
        ? 'UPS'
        : carrierRoll < 0.75
          ? 'FEDEX'
          : 'USPS';
    const shippingType: ShippingType = rng.chance(0.12) ? 'SHIP_WITH_FAIRE' : 'SHIP_ON_YOUR_OWN';
    if (t.shipped !== null) {
      let at = t.shipped;
      for (let i = 0; i < parcelCount; i++) {
        const cost = rng.int(850, 3400);
        const shipmentUpdated = Math.max(
          at,
          t.delivered !== null && t.delivered <= now ? t.delivered : 0,
          t.inTransit !== null && t.inTransit <= now ? t.inTransit : 0,
        );
        shipments.push({
          id: this.ids.make('s_'),
          created_at: iso(at),
          updated_at: iso(shipmentUpdated),
          order_id: id,
          carrier,
          tracking_code: trackingCodeFor(carrier, rng),
          maker_cost: money(cost, cur),
          maker_cost_cents: cost,
          shipping_type: shippingType,
          shipping_label_url: null,
        });
        at += sec(rng.between(2, 15) * 60_000);
      }
    }

    // Payout dates
    let estimatedPayout: number | null = null;
    let paymentInitiated: number | null = null;
    if (t.shipped !== null) {
      estimatedPayout = midnight(t.shipped + 8 * DAY);
      if (estimatedPayout + 14 * HOUR <= now - DAY) paymentInitiated = estimatedPayout + 14 * HOUR;
    }

    const events = [t.created, t.processing, t.event, paymentInitiated];
    for (const s of shipments) events.push(Date.parse(s.created_at));
    if (t.inTransit !== null && t.inTransit <= now) events.push(t.inTransit);
    if (t.delivered !== null && t.delivered <= now) events.push(t.delivered);
    const updated = Math.max(...events.filter((e): e is number => e !== null));
    for (const item of items) item.updated_at = iso(updated);

    const order: FaireOrder = {
      id,
      display_id: id.slice(3).toUpperCase(),
      created_at: iso(t.created),
      updated_at: iso(updated),
      state: t.state,
      items,
      shipments,
      address,
      ship_after: iso(requested ?? t.created),
      expected_ship_date: expected === null ? null : iso(expected),
      requested_ship_date: requested === null ? null : iso(requested),
      processing_at: t.processing === null ? null : iso(t.processing),
      payout_costs,
      payment_initiated_at: paymentInitiated === null ? null : iso(paymentInitiated),
      estimated_payout_at: estimatedPayout === null ? null : iso(estimatedPayout),
      original_order_id: null,
      retailer_id: retailer.retailer_id,
      source,
      customer: { ...customer },
      brand_discounts: brandDiscounts,
      is_free_shipping: isFree,
      free_shipping_reason: freeReason,
      faire_covered_shipping_cost: covered,
      is_fulfilled_by_faire: false,
      purchase_order_number: !plain && poRoll < 0.25 ? poNumber : null,
      notes: !plain && noteRoll < 0.15 ? note : null,
      has_pending_retailer_cancellation_request: false,
      sales_rep_name: source === 'TRADESHOW' ? salesRep : null,
    };
    return {
      brandId: brand.brandId,
      order,
      transitions: {
        in_transit_at: t.inTransit === null ? null : iso(t.inTransit),
        delivered_at: t.delivered === null ? null : iso(t.delivered),
      },
    };
  }
}

export function computePayoutCosts(
  items: FaireOrderItem[],
  brandDiscounts: FaireDiscount[],
  commissionBps: number,
  currency: string,
): FairePayoutCosts {
  const subtotal = items.reduce(
    (sum, i) =>
      sum + i.price.amount_minor * i.quantity + (i.includes_tester ? (i.tester_price?.amount_minor ?? 0) : 0),
    0,
  );
  let discount = 0;
  for (const d of brandDiscounts) {
    if (d.discount_type === 'PERCENTAGE' && d.discount_percentage !== null) {
      discount += Math.round((subtotal * d.discount_percentage) / 100);
    } else if (d.discount_type === 'FLAT_AMOUNT' && d.discount_amount !== null) {
      discount += d.discount_amount.amount_minor;
    }
  }
  discount = Math.min(discount, subtotal);
  const after = subtotal - discount;
  const payoutFeeBps = 300;
  const payoutFee = Math.round((after * payoutFeeBps) / 10_000);
  const commission = Math.round((after * commissionBps) / 10_000);
  const m = (v: number): FaireMoney => money(v, currency);
  return {
    payout_fee_bps: payoutFeeBps,
    payout_flat_fee: m(0),
    payout_fee: m(payoutFee),
    commission_bps: commissionBps,
    commission_flat_fee: m(0),
    commission: m(commission),
    total_payout: m(after - commission - payoutFee),
    payout_protection_fee: m(0),
    damaged_and_missing_items: m(0),
    net_tax: m(0),
    shipping_subsidy: m(0),
    taxes: [],
    subtotal_after_brand_discounts: m(after),
    total_brand_discounts: m(discount),
    payout_fee_cents: payoutFee,
    commission_cents: commission,
  };
}
