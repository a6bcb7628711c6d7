import type { OrderViewDto } from './dto/order.views.js';
import { lateVerdict, type Thresholds } from './late-rules.js';

/** One open order as the order screens show it: its DTO, the one declaration of the shape. */
export type OrderView = OrderViewDto;

export interface OrderRow {
  id: string;
  faire_order_id: string;
  display_id: string;
  state: string;
  faire_created_at: Date;
  processing_at: Date | null;
  customer_name: string | null;
  total_cents: number | null;
  currency: string | null;
  expected_ship_date: Date | null;
  tracking_number: string | null;
  carrier: string | null;
  shipment_created_at: Date | null;
  estimated_payout_at: Date | null;
  fetched_at: Date;
}

export const ORDER_COLUMNS = `id, faire_order_id, display_id, state, faire_created_at, processing_at, customer_name, total_cents,
  currency, expected_ship_date, tracking_number, carrier, shipment_created_at, estimated_payout_at, fetched_at`;

/** States in which the carrier has not scanned the parcel yet. */
export const NOT_SCANNED_STATES = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'BACKORDERED'] as const;

/**
 * Faire pays out an order once the carrier has it (never in pre-transit): an order is "paid" (counted
 * as Late (Paid) when it is late) when it is in transit and Faire has given its payout date.
 */
export function payoutExpected(o: { state: string; estimatedPayoutAt: Date | null }): boolean {
  return o.state === 'IN_TRANSIT' && o.estimatedPayoutAt !== null;
}

/**
 * The end of an order's expected ship day (UTC): a first carrier scan before it is on time. Faire gives
 * the expected ship date as a day (midnight UTC); decision 0018.
 */
export function shipByEnd(expectedShipDate: Date): Date {
  const d = expectedShipDate;
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1));
}

/** shipByEnd in SQL, for a column. */
export const shipByEndSql = (column: string) =>
  `((date_trunc('day', ${column} AT TIME ZONE 'UTC') + interval '1 day') AT TIME ZONE 'UTC')`;

export function pastExpectedShipDate(
  o: { state: string; expectedShipDate: Date | null },
  now: Date,
): boolean {
  return (
    (NOT_SCANNED_STATES as readonly string[]).includes(o.state) &&
    o.expectedShipDate !== null &&
    shipByEnd(o.expectedShipDate).getTime() <= now.getTime()
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function toOrderView(r: OrderRow, t: Thresholds, now: Date, orderUrlTemplate: string): OrderView {
  const v = lateVerdict(
    {
      state: r.state,
      createdAt: r.faire_created_at,
      processingAt: r.processing_at,
      shipmentCreatedAt: r.shipment_created_at,
      trackingNumber: r.tracking_number,
    },
    t,
    now,
  );
  return {
    id: r.id,
    faireOrderId: r.faire_order_id,
    displayId: r.display_id,
    state: r.state,
    isProblem: v.isProblem,
    problemReason: v.problemReason,
    estimatedPayoutAt: iso(r.estimated_payout_at),
    payoutExpected: payoutExpected({ state: r.state, estimatedPayoutAt: r.estimated_payout_at }),
    pastExpectedShipDate: pastExpectedShipDate(
      { state: r.state, expectedShipDate: r.expected_ship_date },
      now,
    ),
    createdAt: r.faire_created_at.toISOString(),
    customerName: r.customer_name,
    totalCents: r.total_cents,
    currency: r.currency,
    expectedShipDate: iso(r.expected_ship_date),
    trackingNumber: r.tracking_number,
    carrier: r.carrier,
    shipmentCreatedAt: iso(r.shipment_created_at),
    fetchedAt: r.fetched_at.toISOString(),
    marketplaceUrl: orderUrlTemplate.replace('{orderId}', encodeURIComponent(r.faire_order_id)),
  };
}
