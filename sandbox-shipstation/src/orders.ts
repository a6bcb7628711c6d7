// `GET /orders` and `GET /orders/{orderId}`: the V1 order model, where ShipStation keeps an order's custom
// fields (`advancedOptions.customField1..3`), with the filters, sorting and paging of V1's List Orders.
// Field order and shapes follow ShipStation's documented example and real answers captured in public code.
import { badRequest, notFound } from '@portal/faire-sandbox/kit';
import { dateParam, param, same, sortAndPage, SANDBOX_USER_ID } from './listing.js';
import { pacificDate, pacificDateTime } from './pacific.js';
import { ORDER_STATUSES, type OrderRecord, type ShipStationAddress } from './types.js';
import { roundMoney } from './util.js';

export interface ShipStationOrderItem {
  orderItemId: number;
  lineItemKey: string | null;
  sku: string;
  name: string;
  imageUrl: string | null;
  weight: { value: number; units: string; WeightUnits: number } | null;
  quantity: number;
  unitPrice: number;
  taxAmount: number | null;
  shippingAmount: number | null;
  warehouseLocation: string | null;
  options: Array<{ name: string; value: string }>;
  productId: number | null;
  fulfillmentSku: string | null;
  adjustment: boolean;
  upc: string | null;
  createDate: string;
  modifyDate: string;
}

export interface ShipStationOrder {
  orderId: number;
  orderNumber: string;
  orderKey: string;
  orderDate: string;
  createDate: string;
  modifyDate: string;
  paymentDate: string | null;
  shipByDate: string | null;
  orderStatus: string;
  customerId: number | null;
  customerUsername: string | null;
  customerEmail: string | null;
  billTo: ShipStationBillTo;
  shipTo: ShipStationAddress;
  items: ShipStationOrderItem[];
  orderTotal: number;
  amountPaid: number;
  taxAmount: number;
  shippingAmount: number;
  customerNotes: string | null;
  internalNotes: string | null;
  gift: boolean;
  giftMessage: string | null;
  paymentMethod: string | null;
  requestedShippingService: string | null;
  carrierCode: string | null;
  serviceCode: string | null;
  packageCode: string | null;
  confirmation: string;
  shipDate: string | null;
  holdUntilDate: string | null;
  weight: { value: number; units: string; WeightUnits: number };
  dimensions: null;
  insuranceOptions: { provider: string | null; insureShipment: boolean; insuredValue: number };
  internationalOptions: { contents: null; customsItems: null; nonDelivery: null };
  advancedOptions: {
    warehouseId: number;
    nonMachinable: boolean;
    saturdayDelivery: boolean;
    containsAlcohol: boolean;
    mergedOrSplit: boolean;
    mergedIds: number[];
    parentId: number | null;
    storeId: number;
    customField1: string | null;
    customField2: string | null;
    customField3: string | null;
    source: string | null;
    billToParty: string | null;
    billToAccount: string | null;
    billToPostalCode: string | null;
    billToCountryCode: string | null;
    billToMyOtherAccount: string | null;
  };
  tagIds: number[] | null;
  userId: string | null;
  externallyFulfilled: boolean;
  externallyFulfilledBy: string | null;
  externallyFulfilledById: number | null;
  externallyFulfilledByName: string | null;
  labelMessages: null;
}

/** A bill-to as marketplaces hand it to ShipStation: often a name and nothing else. */
export type ShipStationBillTo = { [K in keyof ShipStationAddress]: ShipStationAddress[K] | null };

const billToOf = (name: string): ShipStationBillTo => ({
  name,
  company: null,
  street1: null,
  street2: null,
  street3: null,
  city: null,
  state: null,
  postalCode: null,
  country: null,
  phone: null,
  residential: null,
  addressVerified: null,
});

/** The order as V1 answers it; `shipDate` is the Pacific date of its latest label or fulfilment. */
export function toWireOrder(o: OrderRecord, shippedAt: number | null): ShipStationOrder {
  const total = roundMoney(o.items.reduce((sum, i) => sum + i.unitPrice * i.quantity, 0));
  const itemTime = pacificDateTime(o.createdAt).slice(0, 23);
  return {
    orderId: o.orderId,
    orderNumber: o.orderNumber,
    orderKey: o.orderKey,
    orderDate: pacificDateTime(o.orderedAt),
    createDate: pacificDateTime(o.createdAt),
    modifyDate: pacificDateTime(o.modifiedAt),
    paymentDate: pacificDateTime(o.orderedAt),
    shipByDate: null,
    orderStatus: o.orderStatus,
    customerId: null,
    customerUsername: o.customerUsername,
    customerEmail: null,
    billTo: billToOf(o.shipTo.company ?? o.shipTo.name),
    shipTo: { ...o.shipTo },
    items: o.items.map((i) => ({
      orderItemId: i.orderItemId,
      lineItemKey: i.lineItemKey,
      sku: i.sku,
      name: i.name,
      imageUrl: null,
      weight: null,
      quantity: i.quantity,
      unitPrice: i.unitPrice,
      taxAmount: 0,
      shippingAmount: 0,
      warehouseLocation: null,
      options: [],
      productId: null,
      fulfillmentSku: null,
      adjustment: false,
      upc: null,
      createDate: itemTime,
      modifyDate: itemTime,
    })),
    orderTotal: total,
    amountPaid: total,
    taxAmount: 0,
    shippingAmount: 0,
    customerNotes: null,
    internalNotes: null,
    gift: false,
    giftMessage: null,
    paymentMethod: null,
    requestedShippingService: null,
    carrierCode: null,
    serviceCode: null,
    packageCode: null,
    confirmation: 'none',
    shipDate: shippedAt === null ? null : pacificDate(shippedAt),
    holdUntilDate: null,
    weight: { value: 0, units: 'ounces', WeightUnits: 1 },
    dimensions: null,
    insuranceOptions: { provider: null, insureShipment: false, insuredValue: 0 },
    internationalOptions: { contents: null, customsItems: null, nonDelivery: null },
    advancedOptions: {
      warehouseId: 90001,
      nonMachinable: false,
      saturdayDelivery: false,
      containsAlcohol: false,
      mergedOrSplit: false,
      mergedIds: [],
      parentId: null,
      storeId: o.storeId,
      customField1: o.customField1,
      customField2: o.customField2,
      customField3: o.customField3,
      source: o.source,
      billToParty: null,
      billToAccount: null,
      billToPostalCode: null,
      billToCountryCode: null,
      billToMyOtherAccount: null,
    },
    tagIds: null,
    userId: o.orderStatus === 'shipped' ? SANDBOX_USER_ID : null,
    externallyFulfilled: false,
    externallyFulfilledBy: null,
    externallyFulfilledById: null,
    externallyFulfilledByName: null,
    labelMessages: null,
  };
}

/**
 * `GET /orders`: `orderNumber` ("starts with", as V1 documents it; without case), `orderStatus`, `storeId`,
 * `orderDateStart/End`, `createDateStart/End`, `modifyDateStart/End`; `sortBy` `OrderDate` | `ModifyDate`
 * | `CreateDate`, `sortDir`, `page`, `pageSize` ≤ 500. Answer `{orders, total, page, pages}`.
 */
export function listOrders(
  orders: OrderRecord[],
  q: URLSearchParams,
  shippedAt: (orderId: number) => number | null,
) {
  const orderNumber = param(q, 'orderNumber')?.toLowerCase() ?? null;
  const status = param(q, 'orderStatus');
  if (status !== null && !(ORDER_STATUSES as readonly string[]).includes(status.toLowerCase())) {
    throw badRequest(`The request is invalid: orderStatus must be one of ${ORDER_STATUSES.join(', ')}.`);
  }
  const storeId = param(q, 'storeId');
  const ranges = (['orderDate', 'createDate', 'modifyDate'] as const).map((name) => ({
    start: dateParam(q, `${name}Start`),
    end: dateParam(q, `${name}End`),
    of: (o: OrderRecord) =>
      name === 'orderDate' ? o.orderedAt : name === 'createDate' ? o.createdAt : o.modifiedAt,
  }));
  const matched = orders
    .filter(
      (o) =>
        (orderNumber === null || o.orderNumber.toLowerCase().startsWith(orderNumber)) &&
        same(status, o.orderStatus) &&
        same(storeId, o.storeId) &&
        ranges.every((r) => (r.start === null || r.of(o) >= r.start) && (r.end === null || r.of(o) <= r.end)),
    )
    .map((o) => ({ ...o, id: o.orderId }));
  const result = sortAndPage(matched, q, {
    OrderDate: (o) => o.orderedAt,
    ModifyDate: (o) => o.modifiedAt,
    CreateDate: (o) => o.createdAt,
  });
  return {
    orders: result.rows.map((o) => toWireOrder(o, shippedAt(o.orderId))),
    total: result.total,
    page: result.page,
    pages: result.pages,
  };
}

/** `GET /orders/{orderId}`: the order, or 404. */
export function getOrder(
  orders: OrderRecord[],
  rawId: string,
  shippedAt: (orderId: number) => number | null,
) {
  const id = Number(rawId);
  const order = Number.isInteger(id) ? orders.find((o) => o.orderId === id) : undefined;
  if (!order) throw notFound(`Order not found: ${rawId}.`);
  return toWireOrder(order, shippedAt(order.orderId));
}
