// The sandbox's account: its labels, marked-shipped orders, webhook subscriptions, credentials and the
// per-key-pair rate window. All times are epoch ms of the sandbox clock.
import { badRequest, notFound } from '@portal/faire-sandbox/kit';
import { SANDBOX_ADDRESS, type FulfillmentInput, type LabelInput } from './inputs.js';
import { CARRIER_CODES, generateSeed, MANUAL_STORE_ID, serviceFor, SHOPIFY_STORE_ID } from './seed.js';
import type {
  CallCounts,
  FulfillmentRecord,
  LabelRecord,
  OrderRecord,
  ShipStationAddress,
  WebhookEvent,
  WebhookSubscription,
} from './types.js';

export { parseFulfillmentInput, parseLabelInput } from './inputs.js';
export type { FulfillmentInput, LabelInput } from './inputs.js';

export const STATE_FORMAT = 'shipstation-sandbox-state';

/** What a data file keeps: the account's records and id counters (not knobs, counts or the rate window). */
export interface PersistedState {
  format: typeof STATE_FORMAT;
  /** Absent in files written before orders were kept: rebuilt from the labels then. */
  orders?: OrderRecord[];
  labels: Array<
    LabelRecord & Partial<Record<'customField1' | 'customField2' | 'customField3', string | null>>
  >;
  fulfillments: FulfillmentRecord[];
  subscriptions: WebhookSubscription[];
  revoked: boolean;
  next: { shipment: number; order: number; fulfillment: number; batch: number; subscription: number };
}

export class ShipStationState {
  orders: OrderRecord[] = [];
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
    this.orders = data.orders;
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
      orders: this.orders,
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
    this.orders = data.orders ?? ordersOfOldFile(data);
    this.labels = data.labels.map((l) => {
      const label = { ...l, shipTo: verified(l.shipTo) };
      delete label.customField1;
      delete label.customField2;
      delete label.customField3;
      return label;
    });
    this.fulfillments = data.fulfillments.map((f) => ({
      ...f,
      storeId: f.storeId ?? this.order(f.orderId)?.storeId ?? SHOPIFY_STORE_ID,
      shipTo: verified(f.shipTo),
    }));
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

  order(orderId: number): OrderRecord | undefined {
    return this.orders.find((o) => o.orderId === orderId);
  }

  /** When the order last shipped (its newest standing label or fulfilment), or null. */
  shippedAt(orderId: number): number | null {
    const times = [
      ...this.labels.filter((l) => l.orderId === orderId && l.voidedAt === null).map((l) => l.shipAt),
      ...this.fulfillments.filter((f) => f.orderId === orderId).map((f) => f.shipAt),
    ];
    return times.length > 0 ? Math.max(...times) : null;
  }

  /** The order of this number (the first made), or a new one in the store its custom field suggests. */
  private orderFor(input: LabelInput | FulfillmentInput, at: number): OrderRecord {
    const found = this.orders.find((o) => o.orderNumber === input.orderNumber);
    if (found) return found;
    const orderId = this.nextOrderId++;
    const manual = 'customField1' in input && input.customField1 !== null;
    const order: OrderRecord = {
      orderId,
      orderNumber: input.orderNumber,
      orderKey: ('orderKey' in input ? input.orderKey : null) ?? `${5_100_000_000 + orderId}`,
      orderedAt: at,
      createdAt: at,
      modifiedAt: at,
      orderStatus: 'awaiting_shipment',
      storeId: manual ? MANUAL_STORE_ID : SHOPIFY_STORE_ID,
      source: manual ? null : 'web',
      customerUsername: null,
      customField1: null,
      customField2: null,
      customField3: null,
      shipTo: { ...SANDBOX_ADDRESS },
      items: [],
    };
    this.orders.push(order);
    return order;
  }

  /** An order's status after its labels or fulfilments changed: shipped while one stands. */
  private settle(order: OrderRecord, at: number): void {
    const shipped =
      this.labels.some((l) => l.orderId === order.orderId && l.voidedAt === null) ||
      this.fulfillments.some((f) => f.orderId === order.orderId);
    order.orderStatus = shipped ? 'shipped' : 'awaiting_shipment';
    order.modifiedAt = at;
  }

  /**
   * Prints labels as one batch (one SHIP_NOTIFY per store); labels of an existing order number join that
   * order. Custom fields given with a label are written on its order, where ShipStation keeps them.
   */
  printLabels(inputs: LabelInput[]): { batchId: number; labels: LabelRecord[] } {
    const batchId = this.nextBatchId++;
    const at = this.now();
    const printed = inputs.map((input) => {
      const order = this.orderFor(input, at);
      for (const key of ['customField1', 'customField2', 'customField3'] as const) {
        if (input[key] !== null) order[key] = input[key];
      }
      const record: LabelRecord = {
        shipmentId: this.nextShipmentId++,
        orderId: order.orderId,
        orderKey: order.orderKey,
        orderNumber: order.orderNumber,
        createdAt: at,
        shipAt: input.shipDate ?? at,
        shipmentCost: input.shipmentCost,
        insuranceCost: input.insuranceCost,
        trackingNumber: input.trackingNumber,
        carrierCode: input.carrierCode,
        serviceCode: input.serviceCode ?? serviceFor(input.carrierCode),
        voidedAt: null,
        batchId,
        storeId: order.storeId,
        shipTo: { ...order.shipTo },
        items: order.items.map((i) => ({ ...i })),
      };
      this.labels.push(record);
      this.settle(order, at);
      return record;
    });
    return { batchId, labels: printed };
  }

  /** Voids a label now; its order goes back to awaiting shipment when nothing else ships it. */
  voidLabel(shipmentId: number): LabelRecord {
    const label = this.labels.find((l) => l.shipmentId === shipmentId);
    if (!label) throw notFound(`No label with shipmentId ${shipmentId}.`);
    if (label.voidedAt !== null) throw badRequest(`Label ${shipmentId} is already voided.`);
    label.voidedAt = this.now();
    const order = this.order(label.orderId);
    if (order) this.settle(order, label.voidedAt);
    return label;
  }

  markShipped(input: FulfillmentInput): FulfillmentRecord {
    const at = this.now();
    const order = this.orderFor(input, at);
    const record: FulfillmentRecord = {
      fulfillmentId: this.nextFulfillmentId++,
      orderId: order.orderId,
      orderNumber: order.orderNumber,
      trackingNumber: input.trackingNumber,
      carrierCode: input.carrierCode,
      createdAt: at,
      shipAt: at,
      batchId: this.nextBatchId++,
      storeId: order.storeId,
      shipTo: { ...order.shipTo },
    };
    this.fulfillments.push(record);
    this.settle(order, at);
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

/** An address from a file written before `addressVerified` was kept. */
function verified(a: ShipStationAddress): ShipStationAddress {
  return { ...a, addressVerified: a.addressVerified ?? null };
}

/** Orders for a data file written before orders were kept: one per label order, its custom fields kept. */
function ordersOfOldFile(data: PersistedState): OrderRecord[] {
  const orders = new Map<number, OrderRecord>();
  const rows = [...data.labels, ...data.fulfillments.map((f) => ({ ...f, voidedAt: null, items: [] }))];
  for (const l of rows) {
    const cf = l as Partial<Record<'customField1' | 'customField2' | 'customField3', string | null>>;
    const known = orders.get(l.orderId);
    const shipped = l.voidedAt === null;
    if (known) {
      if (shipped) known.orderStatus = 'shipped';
      known.modifiedAt = Math.max(known.modifiedAt, l.createdAt);
      continue;
    }
    const storeId = 'storeId' in l && typeof l.storeId === 'number' ? l.storeId : SHOPIFY_STORE_ID;
    orders.set(l.orderId, {
      orderId: l.orderId,
      orderNumber: l.orderNumber,
      orderKey:
        'orderKey' in l && typeof l.orderKey === 'string' ? l.orderKey : `${5_100_000_000 + l.orderId}`,
      orderedAt: l.createdAt,
      createdAt: l.createdAt,
      modifiedAt: l.createdAt,
      orderStatus: shipped ? 'shipped' : 'awaiting_shipment',
      storeId,
      source: storeId === SHOPIFY_STORE_ID ? 'web' : null,
      customerUsername: null,
      customField1: cf.customField1 ?? null,
      customField2: cf.customField2 ?? null,
      customField3: cf.customField3 ?? null,
      shipTo: verified(l.shipTo),
      items: l.items.map((i) => ({ ...i })),
    });
  }
  return [...orders.values()];
}
