// `GET /shipments` and `GET /fulfillments`: filters, sorting and paging as ShipStation V1 answers them.
// Query keys are matched without regard to case, as ASP.NET binds them (`storeID` is `storeId`).
import { badRequest } from '@portal/faire-sandbox/kit';
import { pacificDate, pacificDateTime, parseFilterDate } from './pacific.js';
import type { FulfillmentRecord, LabelRecord, ShipStationFulfillment, ShipStationShipment } from './types.js';

export const SANDBOX_USER_ID = '2c4a9d3e-7b1f-4e8a-9c5d-1f6e2b3a4c5d';
export const MAX_PAGE_SIZE = 500;
export const DEFAULT_PAGE_SIZE = 100;

export function toWireShipment(l: LabelRecord, withItems: boolean): ShipStationShipment {
  return {
    shipmentId: l.shipmentId,
    orderId: l.orderId,
    orderKey: l.orderKey,
    userId: SANDBOX_USER_ID,
    customerEmail: null,
    orderNumber: l.orderNumber,
    createDate: pacificDateTime(l.createdAt),
    shipDate: pacificDate(l.shipAt),
    shipmentCost: l.shipmentCost,
    insuranceCost: l.insuranceCost,
    trackingNumber: l.trackingNumber,
    isReturnLabel: false,
    batchNumber: String(l.batchId),
    carrierCode: l.carrierCode,
    serviceCode: l.serviceCode,
    packageCode: 'package',
    confirmation: 'none',
    warehouseId: 90001,
    voided: l.voidedAt !== null,
    voidDate: l.voidedAt === null ? null : pacificDateTime(l.voidedAt),
    marketplaceNotified: true,
    notifyErrorMessage: null,
    shipTo: { ...l.shipTo },
    weight: { value: 32, units: 'ounces', WeightUnits: 1 },
    dimensions: null,
    insuranceOptions: { provider: null, insureShipment: l.insuranceCost > 0, insuredValue: 0 },
    // As every real capture shows it: bill-to fields and the store. Custom fields are the order's.
    advancedOptions: {
      billToParty: null,
      billToAccount: null,
      billToPostalCode: null,
      billToCountryCode: null,
      storeId: l.storeId,
    },
    shipmentItems: withItems ? l.items.map((i) => ({ ...i })) : null,
    labelData: null,
    formData: null,
  };
}

export function toWireFulfillment(f: FulfillmentRecord): ShipStationFulfillment {
  return {
    fulfillmentId: f.fulfillmentId,
    orderId: f.orderId,
    orderNumber: f.orderNumber,
    userId: SANDBOX_USER_ID,
    customerEmail: null,
    trackingNumber: f.trackingNumber,
    createDate: pacificDateTime(f.createdAt),
    shipDate: `${pacificDate(f.shipAt)}T00:00:00.0000000`,
    voidDate: null,
    deliveryDate: null,
    carrierCode: f.carrierCode,
    sellerFillProviderId: null,
    sellerFillProviderName: null,
    fulfillmentProviderCode: null,
    fulfillmentServiceCode: null,
    fulfillmentFee: 0,
    voidRequested: false,
    voided: false,
    marketplaceNotified: true,
    notifyErrorMessage: null,
    shipTo: { ...f.shipTo },
  };
}

type Row = { createdAt: number; shipAt: number; id: number };

/** The value of query key `name`, whatever its case (the first non-empty one), or null. */
export function param(q: URLSearchParams, ...names: string[]): string | null {
  for (const [k, v] of q) {
    if (names.some((n) => n.toLowerCase() === k.toLowerCase()) && v.trim() !== '') return v.trim();
  }
  return null;
}

export function intParam(q: URLSearchParams, key: string, def: number, min: number, max: number): number {
  const raw = param(q, key);
  if (raw === null) return def;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max) {
    throw badRequest(`The request is invalid: ${key} must be an integer from ${min} to ${max}.`);
  }
  return n;
}

export function dateParam(q: URLSearchParams, key: string): number | null {
  const raw = param(q, key);
  if (raw === null) return null;
  const ms = parseFilterDate(raw);
  if (ms === null) throw badRequest(`The request is invalid: ${key} is not a valid date (${raw}).`);
  return ms;
}

/** `sortBy` (one of `keys`, matched without case; the first is the default), `sortDir`, `page`, `pageSize`. */
export function sortAndPage<T extends { id: number }>(
  matched: T[],
  q: URLSearchParams,
  keys: Record<string, (row: T) => number>,
) {
  const names = Object.keys(keys);
  const asked = param(q, 'sortBy') ?? names[0]!;
  const sortBy = names.find((n) => n.toLowerCase() === asked.toLowerCase());
  if (!sortBy) {
    throw badRequest(`The request is invalid: sortBy must be ${names.join(' or ')}, not ${asked}.`);
  }
  const sortDir = (param(q, 'sortDir') ?? 'ASC').toUpperCase();
  if (sortDir !== 'ASC' && sortDir !== 'DESC') {
    throw badRequest('The request is invalid: sortDir must be ASC or DESC.');
  }
  const pageNo = intParam(q, 'page', 1, 1, 1_000_000);
  const pageSize = intParam(q, 'pageSize', DEFAULT_PAGE_SIZE, 1, MAX_PAGE_SIZE);
  const key = keys[sortBy]!;
  const rows = [...matched].sort((a, b) => (key(a) - key(b) || a.id - b.id) * (sortDir === 'DESC' ? -1 : 1));
  return {
    rows: rows.slice((pageNo - 1) * pageSize, pageNo * pageSize),
    total: rows.length,
    page: pageNo,
    pages: Math.ceil(rows.length / pageSize),
  };
}

/** Date, sort and page handling shared by both lists; `extra` applies the endpoint's own filters. */
function page<T extends Row>(rows: T[], q: URLSearchParams, extra: (row: T) => boolean) {
  const createStart = dateParam(q, 'createDateStart');
  const createEnd = dateParam(q, 'createDateEnd');
  const shipStart = dateParam(q, 'shipDateStart');
  const shipEnd = dateParam(q, 'shipDateEnd');
  const matched = rows.filter((r) => {
    if (createStart !== null && r.createdAt < createStart) return false;
    if (createEnd !== null && r.createdAt > createEnd) return false;
    if (shipStart !== null && pacificDate(r.shipAt) < pacificDate(shipStart)) return false;
    if (shipEnd !== null && pacificDate(r.shipAt) > pacificDate(shipEnd)) return false;
    return extra(r);
  });
  return sortAndPage(matched, q, { CreateDate: (r) => r.createdAt, ShipDate: (r) => r.shipAt });
}

export function same(filter: string | null, value: string | number | null): boolean {
  return filter === null || String(value ?? '').toLowerCase() === filter.toLowerCase();
}

export function listShipments(labels: LabelRecord[], q: URLSearchParams) {
  const voidStart = dateParam(q, 'voidDateStart');
  const voidEnd = dateParam(q, 'voidDateEnd');
  const orderNumber = param(q, 'orderNumber');
  const orderId = param(q, 'orderId');
  const tracking = param(q, 'trackingNumber');
  const carrier = param(q, 'carrierCode');
  const service = param(q, 'serviceCode');
  const storeId = param(q, 'storeId');
  const batchId = param(q, 'batchId');
  const withItems = (param(q, 'includeShipmentItems') ?? 'false').toLowerCase() === 'true';
  const rows = labels.map((l) => ({ ...l, id: l.shipmentId }));
  const result = page(rows, q, (l) => {
    if (voidStart !== null && (l.voidedAt === null || l.voidedAt < voidStart)) return false;
    if (voidEnd !== null && (l.voidedAt === null || l.voidedAt > voidEnd)) return false;
    return (
      same(orderNumber, l.orderNumber) &&
      same(orderId, l.orderId) &&
      same(tracking, l.trackingNumber) &&
      same(carrier, l.carrierCode) &&
      same(service, l.serviceCode) &&
      same(storeId, l.storeId) &&
      same(batchId, l.batchId)
    );
  });
  return {
    shipments: result.rows.map((l) => toWireShipment(l, withItems)),
    total: result.total,
    page: result.page,
    pages: result.pages,
  };
}

export function listFulfillments(fulfillments: FulfillmentRecord[], q: URLSearchParams) {
  const orderNumber = param(q, 'orderNumber');
  const orderId = param(q, 'orderId');
  const fulfillmentId = param(q, 'fulfillmentId');
  const tracking = param(q, 'trackingNumber');
  const storeId = param(q, 'storeId');
  const batchId = param(q, 'batchId');
  const rows = fulfillments.map((f) => ({ ...f, id: f.fulfillmentId }));
  const result = page(
    rows,
    q,
    (f) =>
      same(orderNumber, f.orderNumber) &&
      same(orderId, f.orderId) &&
      same(fulfillmentId, f.fulfillmentId) &&
      same(tracking, f.trackingNumber) &&
      same(storeId, f.storeId) &&
      same(batchId, f.batchId),
  );
  return {
    fulfillments: result.rows.map(toWireFulfillment),
    total: result.total,
    page: result.page,
    pages: result.pages,
  };
}
