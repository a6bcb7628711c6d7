import { normalizeOrderId, normalizeTrackingNumber } from '@portal/shipment-rules';
import { useQuery } from '@tanstack/react-query';
import type { Schema } from '../api/schema';
import { useUploadActions } from './provider';
import type { ReviewRow } from './types';

/** What the product knows of a row's order (`POST /api/shipments/order-check`). */
export type OrderCheck = Schema<'OrderCheckRowView'>;

/** A row's check as the review shows it: `looking` while its unsynced order is being asked of Faire. */
export type RowCheck = OrderCheck & { looking?: boolean };

/** Rows checked at most (the endpoint's limit). */
export const ORDER_CHECK_MAX = 5000;
/** Unsynced orders one look-up call asks Faire about (the server asks at most 10 a call). */
export const LOOKUP_ORDERS_PER_CALL = 10;
/** Unsynced orders asked of Faire at most per review: the brand's rate limit is shared with the sync. */
export const LOOKUP_ORDERS_MAX = 50;

type CheckItem = { orderId: string; trackingNumber: string };

/** The rows of the unsynced orders, in calls of LOOKUP_ORDERS_PER_CALL orders each. */
function lookupCalls(body: CheckItem[], checks: OrderCheck[] | undefined): CheckItem[][] {
  const orders = [
    ...new Set((checks ?? []).filter((c) => c.checked === 'NOT_CHECKED').map((c) => c.orderId)),
  ].slice(0, LOOKUP_ORDERS_MAX);
  const calls: CheckItem[][] = [];
  for (let i = 0; i < orders.length; i += LOOKUP_ORDERS_PER_CALL) {
    const these = new Set(orders.slice(i, i + LOOKUP_ORDERS_PER_CALL));
    calls.push(body.filter((b) => these.has(b.orderId)));
  }
  return calls;
}

const keyOf = (c: CheckItem) => `${c.orderId}\t${c.trackingNumber}`;

/**
 * What the review knows of each valid row's order: first one batched call answered from the last sync
 * (found, state, tracking already there; an order not synced yet is "not synced yet", never condemned),
 * then, for the orders not synced, calls that ask Faire (`lookUp`, a few orders each): an order found
 * there reads as any other, one Faire has not is the "cannot succeed" warning. Never one call per row.
 */
export function useOrderCheck(rows: readonly ReviewRow[] | undefined) {
  const valid = (rows ?? []).filter((r) => r.valid).slice(0, ORDER_CHECK_MAX);
  const body: CheckItem[] = valid.map((r) => ({
    orderId: r.orderId ?? normalizeOrderId(r.order_id),
    trackingNumber: normalizeTrackingNumber(r.tracking_number),
  }));
  const dataProvider = useUploadActions();
  const query = useQuery({
    queryKey: ['/api/shipments/order-check', body],
    queryFn: () => dataProvider.checkOrders(body),
    enabled: body.length > 0,
    staleTime: Infinity,
  });
  const calls = lookupCalls(body, query.data?.rows);
  const lookup = useQuery({
    queryKey: ['/api/shipments/order-check', 'lookUp', calls],
    queryFn: async () => {
      const found = new Map<string, OrderCheck>();
      // One call after the other: each spends the brand's Faire rate limit.
      for (const call of calls) {
        const res = await dataProvider.checkOrders(call, true);
        res.rows.forEach((c, i) => {
          const asked = call[i];
          if (asked) found.set(keyOf(asked), c);
        });
      }
      return found;
    },
    enabled: calls.length > 0,
    staleTime: Infinity,
    retry: false,
  });
  const asked = new Set(calls.flat().map(keyOf));
  const byRow = new Map<number, RowCheck>();
  query.data?.rows.forEach((c, i) => {
    const row = valid[i];
    const item = body[i];
    if (!row || !item) return;
    const key = keyOf(item);
    const looked = lookup.data?.get(key);
    if (looked) byRow.set(row.row, looked);
    else if (asked.has(key) && lookup.isPending) byRow.set(row.row, { ...c, looking: true });
    else byRow.set(row.row, c);
  });
  return {
    byRow,
    lastSyncAt: query.data?.lastSyncAt ?? null,
    /** Unsynced orders being asked of Faire now. */
    looking: calls.length > 0 && lookup.isPending,
  };
}
