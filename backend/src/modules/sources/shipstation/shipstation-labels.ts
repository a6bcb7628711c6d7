import type { OrderRefs } from '../entities/source-label.entity.js';
import { labelCost } from '../label-rules.js';
import type { LabelInput } from '../source-labels.repository.js';
import { sourceText } from '../source-text.js';
import { parseShipStationTime } from './pacific-time.js';
import type { ShipStationFulfillment, ShipStationOrder, ShipStationShipment } from './shipstation.types.js';

/**
 * What ShipStation's V1 records become (decision 0035): a label per shipment or fulfilment with a
 * tracking number, its references to a Faire order, its cost, and the id of its ShipStation order, whose
 * custom fields are read only when the shipment's own references name no Faire order (decision 0065).
 * Text is cleaned where it enters.
 */

/** Pages of one resource or listing read per run at most (500 labels each). */
export const MAX_PAGES = 50;

function refsOf(s: ShipStationShipment | ShipStationFulfillment): OrderRefs {
  const adv = s.advancedOptions ?? {};
  return {
    orderNumber: sourceText(s.orderNumber, 200),
    orderKey: sourceText(s.orderKey, 200),
    customField1: sourceText(adv.customField1 ?? s.customField1, 200),
    customField2: sourceText(adv.customField2 ?? s.customField2, 200),
    customField3: sourceText(adv.customField3 ?? s.customField3, 200),
  };
}

/** The references only an order holds: its custom fields (with its number and key as read now). */
export function refsOfOrder(o: ShipStationOrder): OrderRefs {
  const adv = o.advancedOptions ?? {};
  return {
    orderNumber: sourceText(o.orderNumber, 200),
    orderKey: sourceText(o.orderKey, 200),
    customField1: sourceText(adv.customField1, 200),
    customField2: sourceText(adv.customField2, 200),
    customField3: sourceText(adv.customField3, 200),
  };
}

function day(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

function orderIdOf(value: unknown): string | null {
  const id = sourceText(value, 30);
  return id && /^\d{1,15}$/.test(id) ? id : null;
}

/** A V1 shipment as a label (none without a tracking number: nothing to send). */
export function labelOfShipment(s: ShipStationShipment): LabelInput | null {
  const tracking = sourceText(s.trackingNumber, 200);
  const id = sourceText(s.shipmentId, 100);
  if (!tracking || !id) return null;
  return {
    kind: 'LABEL',
    externalId: id,
    orderRefs: refsOf(s),
    sourceOrderId: orderIdOf(s.orderId),
    trackingNumber: tracking,
    carrierCode: sourceText(s.carrierCode, 100),
    costCents: labelCost(s.shipmentCost, s.insuranceCost),
    shipDate: day(s.shipDate),
    labelCreatedAt: parseShipStationTime(s.createDate),
    voided: s.voided === true,
  };
}

/** A V1 fulfilment (an order marked shipped elsewhere): no label cost, the cost rule decides. */
export function labelOfFulfillment(f: ShipStationFulfillment): LabelInput | null {
  const tracking = sourceText(f.trackingNumber, 200);
  const id = sourceText(f.fulfillmentId, 100);
  if (!tracking || !id) return null;
  return {
    kind: 'FULFILLMENT',
    externalId: id,
    orderRefs: refsOf(f),
    sourceOrderId: orderIdOf(f.orderId),
    trackingNumber: tracking,
    carrierCode: sourceText(f.carrierCode, 100),
    costCents: null,
    shipDate: day(f.shipDate),
    labelCreatedAt: parseShipStationTime(f.createDate),
    voided: f.voided === true,
  };
}

/** Every label of a page of shipments and/or fulfilments (records that are not objects are skipped). */
export function labelsOf(page: { shipments?: unknown; fulfillments?: unknown }): LabelInput[] {
  const out: LabelInput[] = [];
  if (Array.isArray(page.shipments)) {
    for (const s of page.shipments as ShipStationShipment[]) {
      const l = s && typeof s === 'object' ? labelOfShipment(s) : null;
      if (l) out.push(l);
    }
  }
  if (Array.isArray(page.fulfillments)) {
    for (const f of page.fulfillments as ShipStationFulfillment[]) {
      const l = f && typeof f === 'object' ? labelOfFulfillment(f) : null;
      if (l) out.push(l);
    }
  }
  return out;
}

/** The page count a listing answered (1 when it said nothing usable), at most MAX_PAGES. */
export function pagesOf(page: { pages?: unknown }): number {
  const n = Number(page.pages);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PAGES) : 1;
}
