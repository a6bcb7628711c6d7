import {
  normalizeCarrier,
  normalizeOrderId,
  normalizeTrackingNumber,
  parseShipDate,
  parseShippingCost,
} from '@portal/shipment-rules';
import type { ProcessItem, ProcessResultItem, ReviewRow } from './types';

/** Most rows `POST /api/shipments/process` accepts in one call. */
export const PROCESS_MAX_ROWS = 5000;

/** The ship date to send: `shipDate` when present, else `ship_date` converted to ISO. */
export function shipDateIso(row: Pick<ReviewRow, 'shipDate' | 'ship_date'>): string | undefined {
  if (row.shipDate) return row.shipDate;
  const parsed = parseShipDate(row.ship_date);
  if (parsed.ok) return parsed.iso;
  const t = Date.parse(row.ship_date);
  return Number.isNaN(t) ? undefined : new Date(t).toISOString();
}

/**
 * The body of `POST /api/shipments/process` (Reading B): only valid rows, a repeated order + tracking
 * number once, shipping cost in integer cents, ship date as ISO.
 */
export function buildProcessPayload(rows: readonly ReviewRow[]): ProcessItem[] {
  const items: ProcessItem[] = [];
  for (const row of rows) {
    if (!row.valid || row.duplicateOf !== undefined) continue;
    const cost = parseShippingCost(row.shipping_cost);
    const shipDate = shipDateIso(row);
    if (!cost.ok || !shipDate) continue;
    items.push({
      row: row.row,
      orderId: row.orderId ?? normalizeOrderId(row.order_id),
      trackingNumber: normalizeTrackingNumber(row.tracking_number),
      carrier: normalizeCarrier(row.carrier),
      shipDate,
      shippingCost: cost.cents,
    });
  }
  return items;
}

/**
 * The toast's counts: SUCCESS is successful; PENDING is neither (the row is still being sent: Faire is
 * slow or keeps it waiting, and it goes on in the background, whatever words its message has); any other
 * status failed.
 */
export function summarizeResults(results: readonly Pick<ProcessResultItem, 'status'>[]) {
  let success = 0;
  let failed = 0;
  let pending = 0;
  for (const r of results) {
    if (r.status === 'SUCCESS') success += 1;
    else if (r.status === 'PENDING') pending += 1;
    else failed += 1;
  }
  return { success, failed, pending };
}

const count = (n: number) => n.toLocaleString('en-US');

/**
 * The description of the 'Shipments processed' toast: the spec's '{n} successful, {m} failed', and the
 * rows still being sent said as such, never as failures ('1 still sending: Faire is slow, we keep trying').
 */
export function processedToastText({
  success,
  failed,
  pending,
}: {
  success: number;
  failed: number;
  pending: number;
}): string {
  const sending = `${count(pending)} still sending: Faire is slow, we keep trying`;
  if (pending > 0 && success === 0 && failed === 0) return sending;
  const done = `${count(success)} successful, ${count(failed)} failed`;
  return pending > 0 ? `${done}; ${sending}` : done;
}
