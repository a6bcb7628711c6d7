// Wire types of the ShipStation V1 API as the sandbox serves them (ShipStation's camelCase JSON; date-times
// in Pacific time without offset, see pacific.ts), and the sandbox's own records and knobs.

export const WEBHOOK_EVENTS = [
  'ORDER_NOTIFY',
  'ITEM_ORDER_NOTIFY',
  'SHIP_NOTIFY',
  'ITEM_SHIP_NOTIFY',
  'FULFILLMENT_SHIPPED',
  'FULFILLMENT_REJECTED',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/**
 * A shipment's `advancedOptions` as real V1 answers carry it (public captures of 2015, 2020, 2021 and
 * 2024): the bill-to fields and the store, nothing else. Custom fields belong to the order.
 */
export interface ShipStationAdvancedOptions {
  billToParty: string | null;
  billToAccount: string | null;
  billToPostalCode: string | null;
  billToCountryCode: string | null;
  storeId: number;
}

export interface ShipStationShipment {
  shipmentId: number;
  orderId: number;
  orderKey: string;
  userId: string;
  customerEmail: string | null;
  orderNumber: string;
  createDate: string;
  shipDate: string;
  shipmentCost: number;
  insuranceCost: number;
  trackingNumber: string;
  isReturnLabel: boolean;
  batchNumber: string | null;
  carrierCode: string;
  serviceCode: string;
  packageCode: string;
  confirmation: string;
  warehouseId: number;
  voided: boolean;
  voidDate: string | null;
  marketplaceNotified: boolean;
  notifyErrorMessage: string | null;
  shipTo: ShipStationAddress;
  weight: { value: number; units: string; WeightUnits: number };
  dimensions: null;
  insuranceOptions: { provider: string | null; insureShipment: boolean; insuredValue: number };
  advancedOptions: ShipStationAdvancedOptions;
  shipmentItems: ShipStationShipmentItem[] | null;
  labelData: null;
  formData: null;
}

export interface ShipStationAddress {
  name: string;
  company: string | null;
  street1: string;
  street2: string | null;
  street3: string | null;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  phone: string | null;
  residential: boolean | null;
  addressVerified: string | null;
}

export interface ShipStationShipmentItem {
  orderItemId: number;
  lineItemKey: string | null;
  sku: string;
  name: string;
  quantity: number;
  unitPrice: number;
}

export interface ShipStationFulfillment {
  fulfillmentId: number;
  orderId: number;
  orderNumber: string;
  userId: string;
  customerEmail: string | null;
  trackingNumber: string;
  createDate: string;
  /** A Pacific midnight date-time (`2026-11-27T00:00:00.0000000`), unlike a shipment's date. */
  shipDate: string;
  voidDate: string | null;
  deliveryDate: string | null;
  carrierCode: string;
  sellerFillProviderId: number | null;
  sellerFillProviderName: string | null;
  fulfillmentProviderCode: string | null;
  fulfillmentServiceCode: string | null;
  fulfillmentFee: number;
  voidRequested: boolean;
  voided: boolean;
  marketplaceNotified: boolean;
  notifyErrorMessage: string | null;
  shipTo: ShipStationAddress;
}

/** A label as the sandbox keeps it: times in epoch ms, rendered to the wire by `toWireShipment`. */
export interface LabelRecord {
  shipmentId: number;
  orderId: number;
  orderKey: string;
  orderNumber: string;
  createdAt: number;
  shipAt: number;
  shipmentCost: number;
  insuranceCost: number;
  trackingNumber: string;
  carrierCode: string;
  serviceCode: string;
  voidedAt: number | null;
  batchId: number;
  /** The order's store (kept here too: listings filter labels by store). */
  storeId: number;
  shipTo: ShipStationAddress;
  items: ShipStationShipmentItem[];
}

export const ORDER_STATUSES = [
  'awaiting_payment',
  'awaiting_shipment',
  'pending_fulfillment',
  'shipped',
  'on_hold',
  'cancelled',
  'rejected_fulfillment',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** An order as the sandbox keeps it: labels and fulfilments name it by `orderId`. */
export interface OrderRecord {
  orderId: number;
  orderNumber: string;
  orderKey: string;
  orderedAt: number;
  createdAt: number;
  modifiedAt: number;
  orderStatus: OrderStatus;
  storeId: number;
  source: string | null;
  customerUsername: string | null;
  /** The order's custom fields: ShipStation keeps them on the order only. */
  customField1: string | null;
  customField2: string | null;
  customField3: string | null;
  shipTo: ShipStationAddress;
  items: ShipStationShipmentItem[];
}

/** An order marked as shipped outside ShipStation's label flow. */
export interface FulfillmentRecord {
  fulfillmentId: number;
  orderId: number;
  orderNumber: string;
  trackingNumber: string;
  carrierCode: string;
  createdAt: number;
  shipAt: number;
  batchId: number;
  /** The order's store. */
  storeId: number;
  shipTo: ShipStationAddress;
}

export interface WebhookSubscription {
  id: number;
  targetUrl: string;
  event: WebhookEvent;
  storeId: number | null;
  friendlyName: string;
  active: boolean;
}

/** How webhook deliveries misbehave (all off by default). */
export interface WebhookKnobs {
  /** Extra copies of each delivery (0 = exactly one). */
  duplicate: number;
  /** Wait before each delivery. */
  delayMs: number;
  /** Share (0..1) of deliveries never sent; `true` = 1. */
  drop: number;
  /** Hold each delivery until the next one, then send the newer first (`POST /_sandbox/webhooks/flush` releases). */
  reorder: boolean;
  /**
   * Origin written into `resource_url`s, e.g. `https://ssapi7.shipstation.com` as ShipStation writes them;
   * null = the sandbox's own URL (so the resource can be fetched from it).
   */
  resourceOrigin: string | null;
  /** The body of `POST /webhooks/subscribe`: `{WebHookID, …}` (newer OpenAPI) or `{id}` (older docs). */
  subscribeAnswer: SubscribeAnswer;
}

export const SUBSCRIBE_ANSWERS = ['WebHookID', 'id'] as const;
export type SubscribeAnswer = (typeof SUBSCRIBE_ANSWERS)[number];

/** API faults (all off by default). */
export interface FaultKnobs {
  /** Share (0..1) of API calls answered 429. */
  status429: number;
  /** Share (0..1) of API calls answered 500/503. */
  status5xx: number;
  /** The next N API calls are answered 429 (then back to normal). */
  next429: number;
  /** The next N API calls are answered 500 (then back to normal). */
  next5xx: number;
  /** The next N API calls are refused with 400 "The request is invalid." (then back to normal). */
  next400: number;
  /** Delay before every API answer. */
  latencyMs: number;
  /** Requests per minute per key pair (ShipStation: 40). */
  rateLimitPerMinute: number;
}

export interface DeliveryRecord {
  at: string;
  subscriptionId: number;
  targetUrl: string;
  event: WebhookEvent;
  resourceUrl: string;
  outcome: 'delivered' | 'dropped' | 'failed' | 'held';
  status: number | null;
}

export interface CallCounts {
  total: number;
  throttled: number;
  unauthorized: number;
  byEndpoint: Record<string, number>;
}
