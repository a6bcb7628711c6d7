import { XMLBuilder, XMLParser, XMLValidator } from 'fast-xml-parser';
import type { OrderLine, ShipTo } from '../../orders/index.js';
import { formatStoreDate } from './store-dates.js';

/**
 * The Custom Store's XML (decision 0071), written and read by fast-xml-parser: the order export
 * (`<Orders pages="N">`, free text in CDATA) and the ship notice (`<ShipNotice>`). A document with a
 * DOCTYPE is refused before it is parsed (no entity of any kind is declared or expanded), and entity
 * processing is off in the parser too.
 */

/** An order as the export writes it. */
export interface ExportOrder {
  orderId: string;
  orderNumber: string;
  orderDate: Date;
  status: string;
  lastModified: Date;
  totalCents: number | null;
  retailer: string | null;
  expectedShipDate: Date | null;
  shipTo: ShipTo | null;
  items: OrderLine[];
}

/** What a ship notice says, as read (text trimmed; nothing trusted yet). */
export interface ShipNotice {
  orderId: string | null;
  orderNumber: string | null;
  carrier: string | null;
  service: string | null;
  trackingNumber: string | null;
  shippingCost: string | null;
  labelCreateDate: string | null;
  shipDate: string | null;
}

/** A document that is not what the store reads; its message is the 400's. */
export class StoreXmlError extends Error {}

const CDATA = '__cdata';

/** Free text in a CDATA section; `]]>` inside would end it, so it is broken up. */
function cdata(v: string | null | undefined): { [CDATA]: string } {
  return { [CDATA]: (v ?? '').replace(/]]>/g, ']] >') };
}

function money(cents: number | null): string {
  return ((cents ?? 0) / 100).toFixed(2);
}

function address(a: ShipTo | null, fallbackName: string) {
  return {
    Name: cdata(a?.name || a?.company || fallbackName),
    Company: cdata(a?.company),
    Address1: cdata(a?.address1),
    Address2: cdata(a?.address2),
    City: cdata(a?.city),
    State: cdata(a?.state),
    PostalCode: cdata(a?.postalCode),
    Country: cdata(a?.country),
    Phone: cdata(a?.phone),
  };
}

function orderNode(o: ExportOrder) {
  const retailer = o.retailer || o.shipTo?.company || o.shipTo?.name || 'Faire retailer';
  const due = o.expectedShipDate ? o.expectedShipDate.toISOString().slice(0, 10) : null;
  return {
    OrderID: cdata(o.orderId),
    OrderNumber: cdata(o.orderNumber),
    OrderDate: formatStoreDate(o.orderDate),
    OrderStatus: cdata(o.status),
    LastModified: formatStoreDate(o.lastModified),
    ShippingMethod: cdata(''),
    PaymentMethod: cdata('Faire'),
    OrderTotal: money(o.totalCents),
    TaxAmount: '0.00',
    ShippingAmount: '0.00',
    CustomerNotes: cdata(''),
    InternalNotes: cdata(`Faire order ${o.orderNumber}.${due ? ` Faire's expected ship date: ${due}.` : ''}`),
    Customer: {
      CustomerCode: cdata(retailer.slice(0, 50)),
      BillTo: { Name: cdata(retailer.slice(0, 100)), Company: cdata(o.shipTo?.company) },
      ShipTo: address(o.shipTo, retailer.slice(0, 100)),
    },
    Items: {
      Item: o.items.map((i) => ({
        SKU: cdata(i.sku),
        Name: cdata(i.name || i.sku || 'Item'),
        Quantity: String(i.quantity),
        UnitPrice: money(i.unitPriceCents),
      })),
    },
  };
}

const builder = new XMLBuilder({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  cdataPropName: CDATA,
  format: false,
  suppressEmptyNode: false,
  processEntities: true,
});

/** The export's answer: the page's orders and how many pages the window has. */
export function exportXml(orders: ExportOrder[], pages: number): string {
  const doc = { Orders: { '@_pages': String(Math.max(1, pages)), Order: orders.map(orderNode) } };
  return `<?xml version="1.0" encoding="utf-8"?>\n${builder.build(doc)}`;
}

const parser = new XMLParser({
  ignoreAttributes: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: false,
  htmlEntities: false,
  parseTagValue: false,
  trimValues: true,
});

function field(node: Record<string, unknown>, ...names: string[]): string | null {
  for (const n of names) {
    const v = node[n];
    if (typeof v === 'string' && v.trim()) return v.trim();
    if (typeof v === 'number') return String(v);
  }
  return null;
}

/** Reads a ship notice; throws StoreXmlError with what is wrong. */
export function parseShipNotice(xml: string): ShipNotice {
  if (!xml.trim()) {
    throw new StoreXmlError('The ship notice has no body: a <ShipNotice> XML document is expected');
  }
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new StoreXmlError('XML with a DOCTYPE or entity declarations is not accepted');
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    const e = valid.err;
    throw new StoreXmlError(`The XML is malformed: ${e.msg} (line ${e.line}, column ${e.col})`);
  }
  const doc = parser.parse(xml) as Record<string, unknown>;
  const root = doc.ShipNotice;
  if (!root || typeof root !== 'object' || Array.isArray(root)) {
    throw new StoreXmlError('The XML is not a ship notice: its root must be <ShipNotice>');
  }
  const n = root as Record<string, unknown>;
  return {
    orderId: field(n, 'OrderID', 'OrderId'),
    orderNumber: field(n, 'OrderNumber'),
    carrier: field(n, 'Carrier'),
    service: field(n, 'Service'),
    trackingNumber: field(n, 'TrackingNumber'),
    shippingCost: field(n, 'ShippingCost'),
    labelCreateDate: field(n, 'LabelCreateDate'),
    shipDate: field(n, 'ShipDate'),
  };
}
