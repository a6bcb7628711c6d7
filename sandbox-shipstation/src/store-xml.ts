// The Custom Store's wire format as ShipStation speaks it: the export's dates (UTC, MM/dd/yyyy HH:mm,
// 24-hour), the `<Orders pages="N">` answer it reads, and the `<ShipNotice>` body it posts.
import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';

const two = (n: number): string => String(n).padStart(2, '0');

/** UTC, `MM/dd/yyyy HH:mm`, as ShipStation writes start_date and end_date. */
export function storeDate(ms: number): string {
  const d = new Date(ms);
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

/** What the client keeps of an exported order. */
export interface StoreOrder {
  orderId: string;
  orderNumber: string;
  orderStatus: string;
  lastModified: string;
  orderTotal: string;
  internalNotes: string;
  customerCode: string;
  shipTo: Record<string, string>;
  items: Array<{ sku: string; name: string; quantity: number; unitPrice: string }>;
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  processEntities: false,
  parseTagValue: false,
  parseAttributeValue: false,
  isArray: (name) => name === 'Order' || name === 'Item',
});

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  return typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
}

function obj(v: unknown): Record<string, unknown> {
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/** Reads an export page; throws on what ShipStation would refuse to import (no <Orders> root). */
export function readOrders(xml: string): { pages: number; orders: StoreOrder[] } {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`The store answered malformed XML: ${valid.err.msg}`);
  const root = obj(parser.parse(xml)).Orders;
  if (root === undefined) throw new Error('The store answered XML without an <Orders> root.');
  const orders = obj(root);
  const pages = Number(orders['@_pages'] ?? 1);
  const list = Array.isArray(orders.Order) ? (orders.Order as unknown[]) : [];
  return {
    pages: Number.isInteger(pages) && pages > 0 ? pages : 1,
    orders: list.map((raw) => {
      const o = obj(raw);
      const customer = obj(o.Customer);
      const shipTo = obj(customer.ShipTo);
      return {
        orderId: str(o.OrderID),
        orderNumber: str(o.OrderNumber),
        orderStatus: str(o.OrderStatus),
        lastModified: str(o.LastModified),
        orderTotal: str(o.OrderTotal),
        internalNotes: str(o.InternalNotes),
        customerCode: str(customer.CustomerCode),
        shipTo: Object.fromEntries(Object.entries(shipTo).map(([k, v]) => [k, str(v)])),
        items: (Array.isArray(obj(o.Items).Item) ? (obj(o.Items).Item as unknown[]) : []).map((i) => {
          const it = obj(i);
          return {
            sku: str(it.SKU),
            name: str(it.Name),
            quantity: Number(str(it.Quantity)),
            unitPrice: str(it.UnitPrice),
          };
        }),
      };
    }),
  };
}

const builder = new XMLBuilder({ cdataPropName: '__cdata', format: false });

export interface NoticeFields {
  order: StoreOrder;
  carrier: string;
  service: string;
  trackingNumber: string;
  /** Null for "Mark as Shipped", which ShipStation posts with no cost. */
  shippingCost: number | null;
  labelCreatedAt: number;
  shipDate: number;
}

/** The `<ShipNotice>` ShipStation posts for a label or a Mark as Shipped. */
export function shipNoticeXml(f: NoticeFields): string {
  const c = (v: string) => ({ __cdata: v });
  const doc = {
    ShipNotice: {
      OrderNumber: c(f.order.orderNumber),
      OrderID: c(f.order.orderId),
      CustomerCode: c(f.order.customerCode),
      CustomerNotes: c(''),
      InternalNotes: c(f.order.internalNotes),
      NotesToCustomer: c(''),
      NotifyCustomer: 'false',
      LabelCreateDate: storeDate(f.labelCreatedAt),
      ShipDate: storeDate(f.shipDate).slice(0, 10),
      Carrier: f.carrier,
      Service: c(f.service),
      TrackingNumber: f.trackingNumber,
      ShippingCost: f.shippingCost === null ? '' : f.shippingCost.toFixed(2),
      Recipient: {
        Name: c(f.order.shipTo.Name ?? ''),
        Company: c(f.order.shipTo.Company ?? ''),
        Address1: c(f.order.shipTo.Address1 ?? ''),
        City: c(f.order.shipTo.City ?? ''),
        State: c(f.order.shipTo.State ?? ''),
        PostalCode: c(f.order.shipTo.PostalCode ?? ''),
        Country: c(f.order.shipTo.Country ?? ''),
      },
      Items: {
        Item: f.order.items.map((i) => ({ SKU: c(i.sku), Name: c(i.name), Quantity: String(i.quantity) })),
      },
    },
  };
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build(doc)}`;
}
