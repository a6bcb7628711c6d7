import { useMemo } from 'react';
import { useOpenOrders } from './api';
import { groupOrders } from './grouping';
import { OrdersScreen } from './OrdersScreen';
import { OrdersTable } from './OrdersTable';

/** /orders: every open order, grouped by state. */
export function OpenOrdersPage() {
  const open = useOpenOrders();
  const orders = open.data?.orders;
  const groups = useMemo(() => groupOrders(orders ?? []), [orders]);
  const late = orders?.filter((o) => o.isProblem).length ?? 0;

  return (
    <OrdersScreen
      title="Open Orders"
      subtitle={
        orders && orders.length > 0
          ? `${orders.length} open ${orders.length === 1 ? 'order' : 'orders'}${late > 0 ? `, ${late} late` : ''}`
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
