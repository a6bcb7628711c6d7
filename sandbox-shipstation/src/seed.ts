// Seed data mirroring the Faire sandbox's orders of one brand, the way they reach ShipStation in practice
// (Faire -> Shopify via Faire's app -> ShipStation's Shopify store, or keyed in by hand): a label for every
// Faire shipment already made, with the Faire display id in `orderNumber` for most orders, in
// `advancedOptions.customField1` for some and nowhere for a few; reprints (a voided label, then the good
// one); multi-parcel orders; a few labels not yet on Faire; retail orders that are not Faire orders; and
// orders marked as shipped outside the label flow (listed under /fulfillments only).
import { sandboxFixtures, seedOrders, type FaireOrder } from '@portal/faire-sandbox';
import type { FulfillmentRecord, LabelRecord, ShipStationAddress } from './types.js';
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
  };
}

/** Deterministic seed for `brand` (a Faire sandbox brand id or `brand1`..`brand4`) relative to `now`. */
export function generateSeed(seed: number, brand: string, now: number): SeedResult {
  const rng = new Prng(seed * 7919 + 17);
  const orders = seedOrders(brand, { seed, now });
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

  const label = (
    order: FaireOrder | null,
    orderRef: { orderId: number; orderNumber: string; orderKey: string; storeId: number; cf1: string | null },
    fields: {
      at: number;
      tracking: string;
      carrierCode: string;
      cost: number;
      insurance?: number;
      voidedAt?: number;
    },
  ): void => {
    labels.push({
      shipmentId: shipmentId++,
      orderId: orderRef.orderId,
      orderKey: orderRef.orderKey,
      orderNumber: orderRef.orderNumber,
      createdAt: fields.at,
      shipAt: fields.at,
      shipmentCost: roundMoney(fields.cost),
      insuranceCost: roundMoney(fields.insurance ?? 0),
      trackingNumber: fields.tracking,
      carrierCode: fields.carrierCode,
      serviceCode: serviceFor(fields.carrierCode),
      voidedAt: fields.voidedAt ?? null,
      batchId: batchId++,
      storeId: orderRef.storeId,
      customField1: orderRef.cf1,
      customField2: null,
      customField3: null,
      shipTo: order ? addressOf(order) : retailAddress(rng),
      items: order
        ? order.items.map((it, i) => ({
            orderItemId: orderRef.orderId * 10 + i,
            lineItemKey: it.id,
            sku: it.sku,
            name: `${it.product_name} - ${it.variant_name}`,
            quantity: it.quantity,
            unitPrice: it.price.amount_minor / 100,
          }))
        : [],
    });
  };

  // Where the display id sits: most in orderNumber (some with '#'), some in customField1, a few nowhere.
  const orderRefFor = (order: FaireOrder, k: number) => {
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

  const shipped = orders.filter((o) => o.shipments.length > 0);
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
  const pending = orders.filter((o) => o.state === 'PROCESSING' && !fixtureIds.has(o.id)).slice(0, 3);
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
    const ref = {
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
  const delivered = orders.filter((o) => o.state === 'DELIVERED' && o.shipments.length > 0).slice(-2);
  for (const order of delivered) {
    const s = order.shipments[0]!;
    const at = Date.parse(s.created_at) + HOUR;
    fulfillments.push({
      fulfillmentId: fulfillmentId++,
      orderId: orderId++,
      orderNumber: order.display_id,
      trackingNumber: s.tracking_code,
      carrierCode: CARRIER_CODES[s.carrier]?.carrierCode ?? s.carrier.toLowerCase(),
      createdAt: at,
      shipAt: at,
      batchId: batchId++,
      shipTo: addressOf(order),
    });
  }
  fulfillments.push({
    fulfillmentId: fulfillmentId++,
    orderId: orderId++,
    orderNumber: '#1038',
    trackingNumber: fedexTracking(rng),
    carrierCode: 'fedex',
    createdAt: now - 40 * HOUR,
    shipAt: now - 40 * HOUR,
    batchId: batchId++,
    shipTo: retailAddress(rng),
  });
  return {
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
  };
}
