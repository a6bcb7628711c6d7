import { useMemo } from 'react';
import { useOpenOrders } from './api';
import { groupOrders } from './grouping';
import { OrdersScreen } from './OrdersScreen';
import { OrdersTable } from './OrdersTable';

/**
 * The headline: the open orders, how many are late (past your company's thresholds: the "Late" chips,
 * the spec's one meaning of late) and how many others are past Faire's expected ship date (their own
 * chip), so every chip on the page is counted under its own name.
 */
export function openOrdersHeadline(open: number, late: number, pastDue: number): string {
  const parts = [`${open} open ${open === 1 ? 'order' : 'orders'}`];
  if (late > 0) parts.push(`${late} late by your thresholds`);
  if (pastDue > 0) parts.push(`${pastDue} more past the expected ship date`);
  return parts.join(' · ');
}

/** /orders: every open order, grouped by state. */
export function OpenOrdersPage() {
  const open = useOpenOrders();
  const orders = open.data?.orders;
  const groups = useMemo(() => groupOrders(orders ?? []), [orders]);
  const late = orders?.filter((o) => o.isProblem).length ?? 0;
  // The table's chips: "Late" for an order over the thresholds, else "Past expected ship date".
  const pastDue = orders?.filter((o) => !o.isProblem && o.pastExpectedShipDate).length ?? 0;

  return (
    <OrdersScreen
      title="Open Orders"
      subtitle={
        orders && orders.length > 0
          ? openOrdersHeadline(orders.length, late, pastDue)
          : 'Orders on Faire that have not been delivered yet, grouped by status.'
      }
      status={open.status}
      onRetry={() => void open.refetch()}
      groups={groups}
      table={<OrdersTable />}
      empty={{
        title: 'No open orders',
        text: 'Open orders appear here once they are fetched from Faire. Use Refresh Orders to fetch them now.',
      }}
    />
  );
}
