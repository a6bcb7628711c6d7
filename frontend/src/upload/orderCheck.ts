import { normalizeOrderId, normalizeTrackingNumber } from '@portal/shipment-rules';
import { useQuery } from '@tanstack/react-query';
import type { Schema } from '../api/schema';
import { useUploadActions } from './provider';
import type { ReviewRow } from './types';

/** What the last sync knows of a row's order (`POST /api/shipments/order-check`). */
export type OrderCheck = Schema<'OrderCheckRowView'>;

/** Rows checked at most (the endpoint's limit). */
export const ORDER_CHECK_MAX = 5000;

/**
 * One batched call for the valid rows of the review: per row what the product knows of its order from
 * the last sync (found, state, tracking already there). Never one call per row, never a call to Faire.
 */
export function useOrderCheck(rows: readonly ReviewRow[] | undefined) {
  const valid = (rows ?? []).filter((r) => r.valid).slice(0, ORDER_CHECK_MAX);
  const body = valid.map((r) => ({
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
  const byRow = new Map<number, OrderCheck>();
  query.data?.rows.forEach((c, i) => {
    const row = valid[i];
    if (row) byRow.set(row.row, c);
  });
  return { byRow, lastSyncAt: query.data?.lastSyncAt ?? null };
}
