// Seed data mirroring the Faire sandbox's orders of one brand, the way they reach ShipStation in practice
// (Faire -> Shopify via Faire's app -> ShipStation's Shopify store, or keyed in by hand): an order and a
// label for every Faire shipment already made, with the Faire display id in `orderNumber` for most orders,
// in the order's `advancedOptions.customField1` for some and nowhere for a few; reprints (a voided label,
// then the good one); multi-parcel orders; a few labels not yet on Faire; retail orders that are not Faire
// orders; and orders marked as shipped outside the label flow (listed under /fulfillments only).
import { sandboxFixtures, seedOrders, type FaireOrder } from '@portal/faire-sandbox';
import type { FulfillmentRecord, LabelRecord, OrderRecord, ShipStationAddress } from './types.js';
import { fedexTracking, Prng, roundMoney, uspsTracking } from './util.js';

export const SHOPIFY_STORE_ID = 310001;
export const MANUAL_STORE_ID = 310002;
export const HOUR = 3_600_000;

export const CARRIER_CODES: Record<string, { carrierCode: string; serviceCode: string }> = {
  UPS: { carrierCode: 'ups', serviceCode: 'ups_ground' },
  FEDEX: { carrierCode: 'fedex', serviceCode: 'fedex_ground' },
  USPS: { carrierCode: 'stamps_com', serviceCode: 'usps_priority_mail' },
  CANADA_POST: { carrierCode: 'canada_post', serviceCode: 'canada_post_expedited_parcel' },
};

export function serviceFor(carrierCode: string): string {
  const known = Object.values(CARRIER_CODES).find((c) => c.carrierCode === carrierCode);
  return known?.serviceCode ?? `${carrierCode}_standard`;
}

export interface SeedResult {
  orders: OrderRecord[];
  labels: LabelRecord[];
  fulfillments: FulfillmentRecord[];
  nextShipmentId: number;
  nextOrderId: number;
  nextFulfillmentId: number;
  nextBatchId: number;
}

export function addressOf(order: FaireOrder): ShipStationAddress {
  const a = order.address;
  return {
    name: a.name,
    company: a.company_name,
    street1: a.address1,
    street2: a.address2,
    street3: null,
    city: a.city,
    state: a.state_code,
    postalCode: a.postal_code,
    country: a.country_code === 'CAN' ? 'CA' : 'US',
    phone: a.phone_number,
    residential: a.address_type === 'RESIDENTIAL',
    addressVerified: 'Address validated successfully',
  };
}

/** Deterministic seed for `brand` (a Faire sandbox brand id or `brand1`..`brand4`) relative to `now`. */
export function generateSeed(seed: number, brand: string, now: number): SeedResult {
  const rng = new Prng(seed * 7919 + 17);
  const faireOrders = seedOrders(brand, { seed, now });
  const fixtures = sandboxFixtures(seed);
  const fixtureIds = new Set<string>(
    [fixtures.brand1, fixtures.brand2, fixtures.brand3, fixtures.brand4].flatMap((f) =>
      f ? Object.values(f).filter((v): v is string => typeof v === 'string') : [],
    ),
  );
  let shipmentId = 100_000_001;
  let orderId = 200_000_001;
  let batchId = 500_001;
  const labels: LabelRecord[] = [];
  const fulfillments: FulfillmentRecord[] = [];

  const orders: OrderRecord[] = [];
  type OrderRef = {
    orderId: number;
    orderNumber: string;
    orderKey: string;
    storeId: number;
    cf1: string | null;
  };
  const itemsOf = (order: FaireOrder | null, id: number) =>
    order
      ? order.items.map((it, i) => ({
          orderItemId: id * 10 + i,
          lineItemKey: it.id,
          sku: it.sku,
          name: `${it.product_name} - ${it.variant_name}`,
          quantity: it.quantity,
          unitPrice: it.price.amount_minor / 100,
        }))
      : [];
  /** The order a label or fulfilment belongs to: made on first use, marked shipped by `shippedAt`. */
  const orderOf = (order: FaireOrder | null, ref: OrderRef, shippedAt: number | null): OrderRecord => {
    let record = orders.find((o) => o.orderId === ref.orderId);
    if (!record) {
      const orderedAt = order ? Date.parse(order.created_at) : (shippedAt ?? now) - 2 * HOUR;
      record = {
        orderId: ref.orderId,
        orderNumber: ref.orderNumber,
        orderKey: ref.orderKey,
        orderedAt,
        createdAt: orderedAt + 5 * 60_000,
        modifiedAt: orderedAt + 5 * 60_000,
        orderStatus: 'awaiting_shipment',
        storeId: ref.storeId,
        source: ref.storeId === SHOPIFY_STORE_ID ? 'web' : null,
        customerUsername: order ? order.address.company_name : null,
        customField1: ref.cf1,
        customField2: null,
        customField3: null,
        shipTo: order ? addressOf(order) : retailAddress(rng),
        items: itemsOf(order, ref.orderId),
      };
      orders.push(record);
    }
    if (shippedAt !== null) {
      record.orderStatus = 'shipped';
      record.modifiedAt = Math.max(record.modifiedAt, shippedAt);
    }
    return record;
  };

  const label = (
    order: FaireOrder | null,
    orderRef: OrderRef,
    fields: {
      at: number;
      tracking: string;
      carrierCode: string;
      cost: number;
      insurance?: number;
      voidedAt?: number;
    },
  ): void => {
    const o = orderOf(order, orderRef, fields.voidedAt === undefined ? fields.at : null);
    labels.push({
      shipmentId: shipmentId++,
      orderId: o.orderId,
      orderKey: o.orderKey,
      orderNumber: o.orderNumber,
      createdAt: fields.at,
      shipAt: fields.at,
      shipmentCost: roundMoney(fields.cost),
      insuranceCost: roundMoney(fields.insurance ?? 0),
      trackingNumber: fields.tracking,
      carrierCode: fields.carrierCode,
      serviceCode: serviceFor(fields.carrierCode),
      voidedAt: fields.voidedAt ?? null,
      batchId: batchId++,
      storeId: o.storeId,
      shipTo: { ...o.shipTo },
      items: o.items.map((i) => ({ ...i })),
    });
  };

  // Where the display id sits: most in orderNumber (some with '#'), some in customField1, a few nowhere.
  const orderRefFor = (order: FaireOrder, k: number): OrderRef => {
    const slot = k % 10;
    const id = orderId++;
    if (slot <= 5) {
      return {
        orderId: id,
        orderNumber: slot === 1 ? `#${order.display_id}` : order.display_id,
        orderKey: `${5_100_000_000 + id}`,
        storeId: SHOPIFY_STORE_ID,
        cf1: null,
      };
    }
    const orderNumber = `M-${1000 + k}`;
    const orderKey = rng.hex(32);
    return {
      orderId: id,
      orderNumber,
      orderKey,
      storeId: MANUAL_STORE_ID,
      cf1: slot <= 7 ? order.display_id : null,
    };
  };

  const shipped = faireOrders.filter((o) => o.shipments.length > 0);
  shipped.forEach((order, k) => {
    const ref = orderRefFor(order, k);
    order.shipments.forEach((s, n) => {
      const at = Date.parse(s.created_at);
      const carrier = CARRIER_CODES[s.carrier] ?? { carrierCode: s.carrier.toLowerCase() };
      if (n === 0 && k % 4 === 2) {
        // A reprint: the first label was voided minutes after printing.
        label(order, ref, {
          at: at - 20 * 60_000,
          tracking: uspsTracking(rng),
          carrierCode: 'stamps_com',
          cost: 9.45,
          voidedAt: at - 15 * 60_000,
        });
      }
      label(order, ref, {
        at,
        tracking: s.tracking_code,
        carrierCode: carrier.carrierCode,
        cost: s.maker_cost.amount_minor / 100,
      });
    });
  });

  // Labels printed hours ago for accepted orders that Faire does not know about yet (never a fixture order).
  const pending = faireOrders.filter((o) => o.state === 'PROCESSING' && !fixtureIds.has(o.id)).slice(0, 3);
  pending.forEach((order, k) => {
    const ref = orderRefFor(order, k * 3);
    const at = now - (5 - k) * HOUR;
    label(order, ref, { at, tracking: uspsTracking(rng), carrierCode: 'stamps_com', cost: 11.2 + k });
    if (k === 0) {
      label(order, ref, {
        at: at + 60_000,
        tracking: fedexTracking(rng),
        carrierCode: 'fedex',
        cost: 18.75,
        insurance: 2.5,
      });
    }
  });

  // Retail orders of the same Shopify store: not Faire orders, so never matched.
  for (let i = 0; i < 3; i++) {
    const id = orderId++;
    const ref: OrderRef = {
      orderId: id,
      orderNumber: `#${1041 + i}`,
      orderKey: `${5_100_000_000 + id}`,
      storeId: SHOPIFY_STORE_ID,
      cf1: null,
    };
    label(null, ref, {
      at: now - (30 - i) * HOUR,
      tracking: uspsTracking(rng),
      carrierCode: 'stamps_com',
      cost: 6.85 + i,
    });
  }
  labels.sort((a, b) => a.createdAt - b.createdAt || a.shipmentId - b.shipmentId);

  // Marked as shipped elsewhere: two delivered Faire orders (already on Faire) and one retail order.
  let fulfillmentId = 700_001;
  const fulfil = (order: FaireOrder | null, ref: OrderRef, at: number, tracking: string, carrier: string) => {
    const o = orderOf(order, ref, at);
    fulfillments.push({
      fulfillmentId: fulfillmentId++,
      orderId: o.orderId,
      orderNumber: o.orderNumber,
      trackingNumber: tracking,
      carrierCode: carrier,
      createdAt: at,
      shipAt: at,
      batchId: batchId++,
      storeId: o.storeId,
      shipTo: { ...o.shipTo },
    });
  };
  const delivered = faireOrders.filter((o) => o.state === 'DELIVERED' && o.shipments.length > 0).slice(-2);
  for (const order of delivered) {
    const s = order.shipments[0]!;
    const id = orderId++;
    const ref: OrderRef = {
      orderId: id,
      orderNumber: order.display_id,
      orderKey: `${5_100_000_000 + id}`,
      storeId: SHOPIFY_STORE_ID,
      cf1: null,
    };
    const carrier = CARRIER_CODES[s.carrier]?.carrierCode ?? s.carrier.toLowerCase();
    fulfil(order, ref, Date.parse(s.created_at) + HOUR, s.tracking_code, carrier);
  }
  const retailId = orderId++;
  fulfil(
    null,
    {
      orderId: retailId,
      orderNumber: '#1038',
      orderKey: `${5_100_000_000 + retailId}`,
      storeId: SHOPIFY_STORE_ID,
      cf1: null,
    },
    now - 40 * HOUR,
    fedexTracking(rng),
    'fedex',
  );
  orders.sort((a, b) => a.orderId - b.orderId);
  return {
    orders,
    labels,
    fulfillments,
    nextShipmentId: shipmentId,
    nextOrderId: orderId,
    nextFulfillmentId: fulfillmentId,
    nextBatchId: batchId,
  };
}

const RETAIL_NAMES = ['Maya Lindqvist', 'Owen Castellano', 'Priya Raman', 'Theo Marchetti'];

function retailAddress(rng: Prng): ShipStationAddress {
  return {
    name: RETAIL_NAMES[rng.int(0, RETAIL_NAMES.length - 1)]!,
    company: null,
    street1: `${rng.int(10, 990)} Alder Street`,
    street2: null,
    street3: null,
    city: 'Portland',
    state: 'OR',
    postalCode: '97205',
    country: 'US',
    phone: null,
    residential: true,
    addressVerified: 'Address validated successfully',
  };
}
