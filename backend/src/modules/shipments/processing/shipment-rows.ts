import { createHash } from 'node:crypto';
import type { FaireError, NewFaireShipment } from '../../marketplace/index.js';

export type TerminalStatus = 'SUCCESS' | 'ORDER_NOT_FOUND' | 'ORDER_STATUS_INCORRECT' | 'FAILED';

export interface ShipmentRow {
  id: string;
  company_id: string;
  uploaded_by: string | null;
  order_id: string;
  tracking_number: string;
  carrier: string;
  ship_date: string;
  shipping_cost_cents: number;
  status: string;
  /** Faire's words for the row's last fault, while it waits (decision 0037). */
  error_message: string | null;
  /** Transient faults since its retry window began (429s not counted). */
  fault_count: number;
  /** Its retry window is spent: once the order has been read, it ends FAILED unless it is there. */
  window_spent: boolean;
  /** Times it was put in flight, this run included: 1 means no create of it was ever sent before. */
  attempts: number;
}

/** Faire accepts shipments on orders in these states. */
export const SHIPPABLE = new Set(['PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT']);
/** Shipments per create call. */
export const MAX_PER_CALL = 50;

/**
 * The rows one run of an order put in flight under the order's lock, less those it has ended since:
 * what the run still answers for, known without reading the rows again.
 */
export class InFlight {
  private readonly open: Map<string, ShipmentRow>;

  constructor(rows: ShipmentRow[]) {
    this.open = new Map(rows.map((r) => [r.id, r]));
  }

  /** Called once a row's terminal status is written. */
  ended(ids: readonly string[]): void {
    for (const id of ids) this.open.delete(id);
  }

  rows(): ShipmentRow[] {
    return [...this.open.values()];
  }
}

/** The ids of rows, for the repository's transitions. */
export function ids(rows: readonly Pick<ShipmentRow, 'id'>[]): string[] {
  return rows.map((r) => r.id);
}

/** Only the documented money object is sent (the `_cents` field is deprecated), in the brand's currency. */
export function toFaireShipment(r: ShipmentRow, currency: string): NewFaireShipment {
  return {
    order_id: r.order_id,
    carrier: r.carrier,
    tracking_code: r.tracking_number,
    shipping_type: 'SHIP_ON_YOUR_OWN',
    maker_cost: { amount_minor: r.shipping_cost_cents, currency },
  };
}

export function stateMessage(state: string): string {
  const words = state.replace(/_/g, ' ').toLowerCase();
  return `The order is ${words} on Faire; shipments can only be added to orders that are being processed or in transit.`;
}

/** A stable 63-bit key for pg_advisory_lock from (Faire brand, order). */
export function advisoryKey(brandId: string, orderId: string): string {
  const digest = createHash('sha256').update(`brand|${brandId}|${orderId}`).digest();
  return digest.readBigInt64BE(0).toString();
}

/**
 * What a Faire error means for the rows it stopped: a terminal status with a reason (Faire refused, and
 * retrying cannot change that), or `retry` for a fault that may pass (decision 0037).
 */
export function faireErrorOutcome(
  err: FaireError,
): { end: TerminalStatus; message: string } | { retry: true } {
  switch (err.kind) {
    case 'NOT_FOUND':
      return {
        end: 'ORDER_NOT_FOUND',
        message: 'Order not found on Faire for the connected brand. Check the order ID.',
      };
    case 'UNAUTHORIZED':
      return {
        end: 'FAILED',
        message: 'Faire refused the connected account. Reconnect Faire in Settings, then retry.',
      };
    case 'WRONG_STATE':
      return { end: 'ORDER_STATUS_INCORRECT', message: `Faire refused the request: ${err.message}` };
    case 'RATE_LIMITED':
    case 'UNAVAILABLE':
    case 'UNCERTAIN':
    case 'BLOCKED':
    case 'BAD_RESPONSE':
      return { retry: true };
  }
}
