import { normalizeTrackingNumber } from '@portal/shipment-rules';
import { labelCost } from '../label-rules.js';
import type { LabelInput } from '../source-labels.repository.js';
import { sourceText } from '../source-text.js';
import { parseStoreDate, storeDay } from './store-dates.js';
import type { ShipNotice } from './store-xml.js';

/** A notice the store cannot take; its message is the 400's. */
export class StoreRefusal extends Error {}

const FAIRE_ID = /^bo_[a-z0-9]{4,40}$/;
const DISPLAY_ID = /^#?\s*([A-Za-z0-9]{4,40})$/;

/** The Faire order a notice names: its OrderID (what the export wrote), else its order number's. */
function faireOrderOf(n: ShipNotice, q: Record<string, unknown>): string | null {
  const id = sourceText(n.orderId, 60)?.toLowerCase() ?? null;
  if (id && FAIRE_ID.test(id)) return id;
  for (const v of [n.orderNumber, q.order_number]) {
    const m = DISPLAY_ID.exec(sourceText(v, 60) ?? '');
    if (m) return `bo_${m[1]!.toLowerCase()}`;
  }
  return null;
}

/** The carrier as a ShipStation carrier code ('FedEx' -> 'fedex', 'DHL Express' -> 'dhl_express'). */
function carrierCode(text: string | null): string | null {
  const t = sourceText(text, 100);
  return t
    ? t
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, '_')
        .replace(/^_+|_+$/g, '') || null
    : null;
}

/**
 * A ship notice as the label it reports (decision 0071), or null when it has no tracking number
 * (nothing to send). The body's fields first, the query's when the body has none. One label per order
 * and tracking number: the same notice again is the same label. The order is named by OrderID, never
 * guessed; `ShippingCost` is the label's cost, none (or 0) leaves it to the connection's cost rule.
 */
export function noticeLabel(n: ShipNotice, q: Record<string, unknown>): LabelInput | null {
  const faireOrderId = faireOrderOf(n, q);
  if (!faireOrderId) throw new StoreRefusal('The ship notice names no Faire order (OrderID)');
  const tracking = sourceText(n.trackingNumber ?? q.tracking_number, 200);
  if (!tracking) return null;
  const cost = n.shippingCost === null ? null : Number(n.shippingCost);
  return {
    kind: 'LABEL',
    externalId: `store:${faireOrderId}:${normalizeTrackingNumber(tracking)}`,
    orderRefs: { orderNumber: faireOrderId },
    sourceOrderId: null,
    trackingNumber: tracking,
    carrierCode: carrierCode(n.carrier ?? (typeof q.carrier === 'string' ? q.carrier : null)),
    costCents: cost !== null && Number.isFinite(cost) && cost > 0 ? labelCost(cost, 0) : null,
    shipDate: storeDay(n.shipDate),
    labelCreatedAt: parseStoreDate(n.labelCreateDate) ?? new Date(),
    voided: false,
  };
}
