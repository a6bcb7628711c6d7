import type { QueryRunner } from 'typeorm';
import { FaireError, type FaireAccount, type FaireClient, type FaireOrder } from '../marketplace/index.js';
import type { OrderSnapshots } from '../orders/index.js';
import type { OrderRun } from './shipment-faults.js';
import { recordAttempt, type ShipmentRow } from './shipment-rows.js';
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
  const { q, companyId } = run;
  const existing = new Map<string, string>();
  for (const s of order.shipments ?? []) existing.set(normalizeTracking(s.tracking_code), s.id);
  const done = rows.filter((r) => existing.has(normalizeTracking(r.tracking_number)));
  for (const row of done) {
    const shipmentId = existing.get(normalizeTracking(row.tracking_number))!;
    await q.query(
      `UPDATE shipments SET status = 'SUCCESS', error_message = NULL, marketplace_shipment_id = $2, in_flight_since = NULL,
              next_try_at = NULL, completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'PENDING'`,
      [row.id, shipmentId],
    );
    run.inFlight.ended([row.id]);
    await q.query(
      `INSERT INTO shipment_attempts (shipment_id, started_at, finished_at, outcome, http_status, message, marketplace_answer)
       VALUES ($1, $2, now(), 'SUCCESS', 200, $3, $4)`,
      [
        row.id,
        startedAt ?? new Date(),
        startedAt ? 'Shipment created on Faire' : 'Already on the Faire order (not sent again)',
        JSON.stringify({ shipmentId, orderState: order.state }),
      ],
    );
  }
  if (done.length) {
    await snapshots.applyFaireOrder(companyId, order, q.manager, undefined, run.account.brandId);
  }
  return rows.filter((r) => !existing.has(normalizeTracking(r.tracking_number)));
}

/** NEW -> PROCESSING before the rows are sent; answers the order as it is now. */
export async function acceptOrder(
  faire: FaireClient,
  q: QueryRunner,
  account: FaireAccount,
  orderId: string,
  rows: ShipmentRow[],
): Promise<FaireOrder> {
  const startedAt = new Date();
  try {
    const order = await faire.acceptOrder(account, orderId);
    await recordAttempt(
      q,
      rows,
      startedAt,
      'ORDER_ACCEPTED',
      null,
      'Order was NEW: accepted it (moved to PROCESSING) before adding the shipment',
    );
    return order;
  } catch (err) {
    if (err instanceof FaireError && (err.kind === 'WRONG_STATE' || err.kind === 'UNCERTAIN')) {
      // Accepted by someone else, or by us without an answer: read what is true now.
      return faire.getOrder(account, orderId);
    }
    throw err;
  }
}
