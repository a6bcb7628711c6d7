import { FaireError, type FaireClient, type FaireOrder } from '../../marketplace/index.js';
import type { OrderSnapshots } from '../../orders/index.js';
import type { OrderRun } from './shipment-faults.js';
import { ids, type ShipmentRow } from './shipment-rows.js';
import { normalizeTracking } from './tracking-key.js';

/**
 * Marks rows whose tracking code is already on the Faire order as SUCCESS and answers the others.
 * `startedAt` is set when `order` is the answer of this run's create (the shipments it made).
 */
export async function settleAlreadyThere(
  run: OrderRun,
  snapshots: OrderSnapshots,
  rows: ShipmentRow[],
  order: FaireOrder,
  startedAt?: Date,
): Promise<ShipmentRow[]> {
  const { q, companyId, shipments } = run;
  const existing = new Map<string, string>();
  for (const s of order.shipments ?? []) existing.set(normalizeTracking(s.tracking_code), s.id);
  const done = rows.filter((r) => existing.has(normalizeTracking(r.tracking_number)));
  for (const row of done) {
    const shipmentId = existing.get(normalizeTracking(row.tracking_number))!;
    await shipments.succeed(q, row.id, {
      shipmentId,
      orderState: order.state,
      message: startedAt ? 'Shipment created on Faire' : 'Already on the Faire order (not sent again)',
      startedAt,
      inFlight: run.inFlight,
    });
  }
  if (done.length) {
    await snapshots.applyFaireOrder(companyId, order, q.manager, undefined, run.account.brandId);
  }
  return rows.filter((r) => !existing.has(normalizeTracking(r.tracking_number)));
}

/** NEW -> PROCESSING before the rows are sent; answers the order as it is now. */
export async function acceptOrder(
  faire: FaireClient,
  run: OrderRun,
  rows: ShipmentRow[],
): Promise<FaireOrder> {
  const { account, orderId } = run;
  const startedAt = new Date();
  try {
    const order = await faire.acceptOrder(account, orderId);
    await run.shipments.recordAttempt(run.q, ids(rows), {
      startedAt,
      outcome: 'ORDER_ACCEPTED',
      httpStatus: null,
      message: 'Order was NEW: accepted it (moved to PROCESSING) before adding the shipment',
    });
    return order;
  } catch (err) {
    if (err instanceof FaireError && (err.kind === 'WRONG_STATE' || err.kind === 'UNCERTAIN')) {
      // Accepted by someone else, or by us without an answer: read what is true now.
      return faire.getOrder(account, orderId);
    }
    throw err;
  }
}
