// The sandbox's account: its labels, marked-shipped orders, webhook subscriptions, credentials and the
// per-key-pair rate window. All times are epoch ms of the sandbox clock.
import { badRequest, notFound } from '@portal/faire-sandbox/kit';
import { CARRIER_CODES, generateSeed, MANUAL_STORE_ID, serviceFor, SHOPIFY_STORE_ID } from './seed.js';
import type {
  CallCounts,
  FulfillmentRecord,
  LabelRecord,
  ShipStationAddress,
  WebhookEvent,
  WebhookSubscription,
} from './types.js';
import { isObject, roundMoney } from './util.js';

export interface LabelInput {
  orderNumber: string;
  trackingNumber: string;
  carrierCode: string;
  shipmentCost: number;
  insuranceCost: number;
  customField1: string | null;
  customField2: string | null;
  customField3: string | null;
  orderKey: string | null;
  serviceCode: string | null;
  shipDate: number | null;
}

export interface FulfillmentInput {
  orderNumber: string;
  trackingNumber: string;
  carrierCode: string;
}

const SANDBOX_ADDRESS: ShipStationAddress = {
  name: 'Receiving',
  company: null,
  street1: '1 Market Street',
  street2: null,
  street3: null,
  city: 'San Francisco',
  state: 'CA',
  postalCode: '94105',
  country: 'US',
  phone: null,
  residential: false,
};

function text(body: Record<string, unknown>, key: string, required: boolean): string | null {
  const value = body[key];
  if (value === undefined || value === null || value === '') {
    if (required) throw badRequest(`${key} is required.`);
    return null;
  }
  if (typeof value !== 'string' || value.trim() === '') {
    throw badRequest(`${key} must be a non-empty string.`);
  }
  return value.trim();
}

function amount(body: Record<string, unknown>, key: string, required: boolean): number {
  const value = body[key];
  if (value === undefined || value === null) {
    if (required) throw badRequest(`${key} is required.`);
    return 0;
  }
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    throw badRequest(`${key} must be a non-negative number.`);
  }
  return roundMoney(value);
}

/** Validates one label of `POST /_sandbox/labels`. */
export function parseLabelInput(body: unknown): LabelInput {
  if (!isObject(body)) {
    throw badRequest('A label must be an object {orderNumber, trackingNumber, carrierCode, shipmentCost}.');
  }
  const shipDate = text(body, 'shipDate', false);
  const shipMs = shipDate === null ? null : Date.parse(shipDate);
  if (shipMs !== null && !Number.isFinite(shipMs)) throw badRequest('shipDate must be an ISO-8601 date.');
  return {
    orderNumber: text(body, 'orderNumber', true)!,
    trackingNumber: text(body, 'trackingNumber', true)!,
    carrierCode: text(body, 'carrierCode', true)!,
    shipmentCost: amount(body, 'shipmentCost', true),
    insuranceCost: amount(body, 'insuranceCost', false),
    customField1: text(body, 'customField1', false),
    customField2: text(body, 'customField2', false),
    customField3: text(body, 'customField3', false),
    orderKey: text(body, 'orderKey', false),
    serviceCode: text(body, 'serviceCode', false),
    shipDate: shipMs,
  };
}

export function parseFulfillmentInput(body: unknown): FulfillmentInput {
  if (!isObject(body)) throw badRequest('Body must be {orderNumber, trackingNumber, carrierCode}.');
  return {
    orderNumber: text(body, 'orderNumber', true)!,
    trackingNumber: text(body, 'trackingNumber', true)!,
    carrierCode: text(body, 'carrierCode', true)!,
  };
}

export const STATE_FORMAT = 'shipstation-sandbox-state';

/** What a data file keeps: the account's records and id counters (not knobs, counts or the rate window). */
export interface PersistedState {
  format: typeof STATE_FORMAT;
  labels: LabelRecord[];
  fulfillments: FulfillmentRecord[];
  subscriptions: WebhookSubscription[];
  revoked: boolean;
  next: { shipment: number; order: number; fulfillment: number; batch: number; subscription: number };
}

export class ShipStationState {
  labels: LabelRecord[] = [];
  fulfillments: FulfillmentRecord[] = [];
  subscriptions: WebhookSubscription[] = [];
  revoked = false;
  calls: CallCounts = { total: 0, throttled: 0, unauthorized: 0, byEndpoint: {} };
  /** Fixed one-minute window per key pair: when it started and how many calls it has seen. */
  window = { startedAt: 0, count: 0 };
  private nextShipmentId = 0;
  private nextOrderId = 0;
  private nextFulfillmentId = 0;
  private nextBatchId = 0;
  private nextSubscriptionId = 0;

  constructor(
    readonly seed: number,
    readonly brand: string,
    readonly now: () => number,
  ) {}

  seedFresh(): void {
    const data = generateSeed(this.seed, this.brand, this.now());
    this.labels = data.labels;
    this.fulfillments = data.fulfillments;
    this.nextShipmentId = data.nextShipmentId;
    this.nextOrderId = data.nextOrderId;
    this.nextFulfillmentId = data.nextFulfillmentId;
    this.nextBatchId = data.nextBatchId;
    this.nextSubscriptionId = 41_001;
    this.subscriptions = [];
    this.revoked = false;
    this.window = { startedAt: 0, count: 0 };
    this.clearCalls();
  }

  snapshot(): PersistedState {
    return {
      format: STATE_FORMAT,
      labels: this.labels,
      fulfillments: this.fulfillments,
      subscriptions: this.subscriptions,
      revoked: this.revoked,
      next: {
        shipment: this.nextShipmentId,
        order: this.nextOrderId,
        fulfillment: this.nextFulfillmentId,
        batch: this.nextBatchId,
        subscription: this.nextSubscriptionId,
      },
    };
  }

  restore(data: PersistedState): void {
    this.labels = data.labels;
    this.fulfillments = data.fulfillments;
    this.subscriptions = data.subscriptions;
    this.revoked = data.revoked;
    this.nextShipmentId = data.next.shipment;
    this.nextOrderId = data.next.order;
    this.nextFulfillmentId = data.next.fulfillment;
    this.nextBatchId = data.next.batch;
    this.nextSubscriptionId = data.next.subscription;
  }

  clearCalls(): CallCounts {
    const before = this.calls;
    this.calls = { total: 0, throttled: 0, unauthorized: 0, byEndpoint: {} };
    return before;
  }

  /** Prints labels as one batch (one SHIP_NOTIFY); labels of an existing order number join that order. */
  printLabels(inputs: LabelInput[]): { batchId: number; labels: LabelRecord[] } {
    const batchId = this.nextBatchId++;
    const at = this.now();
    const printed = inputs.map((input) => {
      const sibling = this.labels.find((l) => l.orderNumber === input.orderNumber);
      const orderId = sibling?.orderId ?? this.nextOrderId++;
      const record: LabelRecord = {
        shipmentId: this.nextShipmentId++,
        orderId,
        orderKey: input.orderKey ?? sibling?.orderKey ?? `${5_100_000_000 + orderId}`,
        orderNumber: input.orderNumber,
        createdAt: at,
        shipAt: input.shipDate ?? at,
        shipmentCost: input.shipmentCost,
        insuranceCost: input.insuranceCost,
        trackingNumber: input.trackingNumber,
        carrierCode: input.carrierCode,
        serviceCode: input.serviceCode ?? serviceFor(input.carrierCode),
        voidedAt: null,
        batchId,
        storeId: input.customField1 ? MANUAL_STORE_ID : SHOPIFY_STORE_ID,
        customField1: input.customField1,
        customField2: input.customField2,
        customField3: input.customField3,
        shipTo: sibling?.shipTo ?? SANDBOX_ADDRESS,
        items: [],
      };
      this.labels.push(record);
      return record;
    });
    return { batchId, labels: printed };
  }

  voidLabel(shipmentId: number): LabelRecord {
    const label = this.labels.find((l) => l.shipmentId === shipmentId);
    if (!label) throw notFound(`No label with shipmentId ${shipmentId}.`);
    if (label.voidedAt !== null) throw badRequest(`Label ${shipmentId} is already voided.`);
    label.voidedAt = this.now();
    return label;
  }

  markShipped(input: FulfillmentInput): FulfillmentRecord {
    const at = this.now();
    const sibling = this.labels.find((l) => l.orderNumber === input.orderNumber);
    const record: FulfillmentRecord = {
      fulfillmentId: this.nextFulfillmentId++,
      orderId: sibling?.orderId ?? this.nextOrderId++,
      orderNumber: input.orderNumber,
      trackingNumber: input.trackingNumber,
      carrierCode: input.carrierCode,
      createdAt: at,
      shipAt: at,
      batchId: this.nextBatchId++,
      shipTo: sibling?.shipTo ?? SANDBOX_ADDRESS,
    };
    this.fulfillments.push(record);
    return record;
  }

  subscribe(
    targetUrl: string,
    event: WebhookEvent,
    storeId: number | null,
    friendlyName: string,
  ): WebhookSubscription {
    const sub: WebhookSubscription = {
      id: this.nextSubscriptionId++,
      targetUrl,
      event,
      storeId,
      friendlyName,
      active: true,
    };
    this.subscriptions.push(sub);
    return sub;
  }

  unsubscribe(id: number): boolean {
    const before = this.subscriptions.length;
    this.subscriptions = this.subscriptions.filter((s) => s.id !== id);
    return this.subscriptions.length < before;
  }

  stores(): Array<{ storeId: number; storeName: string; marketplaceName: string }> {
    return [
      { storeId: SHOPIFY_STORE_ID, storeName: 'Wholesale (Shopify)', marketplaceName: 'Shopify' },
      { storeId: MANUAL_STORE_ID, storeName: 'Manual Orders', marketplaceName: 'ShipStation' },
    ];
  }
}

export { CARRIER_CODES };
