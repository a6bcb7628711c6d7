// Seed data mirroring the Faire sandbox's orders of one brand the way Faire's Shopify app writes them: every
// accepted Faire order becomes a Shopify order tagged Faire and Wholesale with sourceName "faire", named
// after the Faire order number (one in three, as when the brand chose that naming) or `#10xx` with a
// "Faire order number" note attribute; Faire's shipments are copied in as fulfilments (the app copies them
// Faire -> Shopify). Retail orders of the web store sit beside them, and one Faire order older than the
// 60 days a token without read_all_orders can see.
import { seedOrders, type FaireOrder } from '@portal/faire-sandbox';
import type { FulfillmentRecord, OrderRecord, TrackingInfo } from './types.js';
import { DicePrng as Prng } from '@portal/faire-sandbox/kit';

export const DAY = 86_400_000;
export const HOUR = 3_600_000;
export const ORDER_ID_BASE = 5_600_000_000;
export const FULFILLMENT_ID_BASE = 4_800_000_000;
export const FAIRE_ATTRIBUTE = 'Faire order number';

const COMPANY: Record<string, string> = {
  UPS: 'UPS',
  FEDEX: 'FedEx',
  USPS: 'USPS',
  CANADA_POST: 'Canada Post',
  DHL_EXPRESS: 'DHL Express',
  ROYAL_MAIL: 'Royal Mail',
};

export function trackingUrl(company: string | null, number: string): string | null {
  switch (company ?? '') {
    case 'UPS':
      return `https://www.ups.com/track?tracknum=${number}`;
    case 'FedEx':
      return `https://www.fedex.com/fedextrack/?trknbr=${number}`;
    case 'USPS':
      return `https://tools.usps.com/go/TrackConfirmAction?tLabels=${number}`;
    case 'Canada Post':
      return `https://www.canadapost-postescanada.ca/track-reperage/en#/details/${number}`;
    default:
      return null;
  }
}

export interface SeedResult {
  orders: OrderRecord[];
  nextOrderId: number;
  nextFulfillmentId: number;
}

const ACCEPTED = new Set(['PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'DELIVERED', 'BACKORDERED', 'CANCELED']);

export function generateSeed(seed: number, brand: string, now: number): SeedResult {
  const rng = new Prng(seed * 104_729 + 3);
  let orderId = ORDER_ID_BASE + 1;
  let fulfillmentId = FULFILLMENT_ID_BASE + 1;
  const orders: OrderRecord[] = [];

  const addFulfillment = (order: OrderRecord, at: number, info: TrackingInfo[]): void => {
    const record: FulfillmentRecord = {
      id: fulfillmentId++,
      orderId: order.id,
      name: `${order.name.startsWith('#') ? order.name : `#${order.name}`}-F${order.fulfillments.length + 1}`,
      status: 'SUCCESS',
      createdAt: at,
      updatedAt: at,
      trackingInfo: info,
    };
    order.fulfillments.push(record);
    order.updatedAt = Math.max(order.updatedAt, at);
  };

  const faire = seedOrders(brand, { seed, now }).filter(
    (o: FaireOrder) => ACCEPTED.has(o.state) && (o.state !== 'CANCELED' || o.processing_at !== null),
  );
  faire.sort(
    (a, b) => Date.parse(a.processing_at ?? a.created_at) - Date.parse(b.processing_at ?? b.created_at),
  );
  faire.forEach((f, k) => {
    const createdAt = Date.parse(f.processing_at ?? f.created_at);
    const namedAfterFaire = k % 3 === 0;
    const order: OrderRecord = {
      id: orderId++,
      name: namedAfterFaire ? f.display_id : `#${1001 + k}`,
      tags: ['Faire', 'Wholesale'],
      sourceName: 'faire',
      note: `Wholesale order from ${f.address.company_name} via Faire.`,
      customAttributes: namedAfterFaire ? [] : [{ key: FAIRE_ATTRIBUTE, value: f.display_id }],
      createdAt,
      updatedAt: createdAt,
      cancelledAt: f.state === 'CANCELED' ? Date.parse(f.updated_at) : null,
      faireOrderId: f.id,
      fulfillments: [],
    };
    if (order.cancelledAt !== null) order.updatedAt = order.cancelledAt;
    for (const s of f.shipments) {
      const company = COMPANY[s.carrier] ?? s.carrier;
      addFulfillment(order, Date.parse(s.created_at) + 5 * 60_000, [
        { number: s.tracking_code, company, url: trackingUrl(company, s.tracking_code) },
      ]);
    }
    orders.push(order);
  });

  // Retail orders of the web store: never Faire orders.
  for (let i = 0; i < 6; i++) {
    const createdAt = now - (i + 1) * 7 * HOUR;
    const order: OrderRecord = {
      id: orderId++,
      name: `#${2001 + i}`,
      tags: i % 2 === 0 ? ['Retail'] : [],
      sourceName: i === 5 ? 'pos' : 'web',
      note: null,
      customAttributes: [],
      createdAt,
      updatedAt: createdAt,
      cancelledAt: null,
      faireOrderId: null,
      fulfillments: [],
    };
    if (i < 3) {
      const number = `9400${String(rng.int(10 ** 8, 10 ** 9 - 1))}${String(rng.int(10 ** 8, 10 ** 9 - 1))}00`;
      addFulfillment(order, createdAt + 2 * HOUR, [
        { number, company: 'USPS', url: trackingUrl('USPS', number) },
      ]);
    }
    orders.push(order);
  }

  // A Faire order from before the 60-day window (hidden without read_all_orders).
  const old = now - 75 * DAY;
  orders.push({
    id: orderId++,
    name: '#0990',
    tags: ['Faire', 'Wholesale'],
    sourceName: 'faire',
    note: null,
    customAttributes: [{ key: FAIRE_ATTRIBUTE, value: 'OLDORDER75' }],
    createdAt: old,
    updatedAt: old,
    cancelledAt: null,
    faireOrderId: null,
    fulfillments: [],
  });
  orders.sort((a, b) => a.id - b.id);
  return { orders, nextOrderId: orderId, nextFulfillmentId: fulfillmentId };
}

export { COMPANY as CARRIER_COMPANIES };
