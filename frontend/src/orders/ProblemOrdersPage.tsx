import { useMemo } from 'react';
import { useOpenOrders, useProblemOrders } from './api';
import { groupOrders } from './grouping';
import type { GroupNote } from './OrderGroupSection';
import { OrdersScreen } from './OrdersScreen';
import { OrdersTable } from './OrdersTable';
import type { OrderState } from './types';

/** What each kind of late order probably means (spec section 2, Problem Orders). */
export const PROBLEM_NOTES: Partial<Record<OrderState, GroupNote>> = {
  PROCESSING: {
    title: 'Late Orders - No Tracking',
    text: 'These orders are past their ship window and still have no tracking on Faire. Add tracking to avoid cancellations.',
  },
  PRE_TRANSIT: {
    title: 'Possible Incorrect Tracking',
    text: 'These orders are still in pre-transit: the carrier has not scanned the package yet. Faire does not pay out pre-transit orders, so check the tracking number.',
  },
  IN_TRANSIT: {
    title: 'In Transit Past Time Window',
    text: 'These shipments have been in transit longer than expected and may have been lost. Check with the carrier.',
  },
};

/** /problem-orders: only the late orders, while each state's count is all of its open orders. */
export function ProblemOrdersPage() {
  const problem = useProblemOrders();
  const open = useOpenOrders();
  const problems = problem.data?.orders;
  const all = open.data?.orders;
  const groups = useMemo(() => groupOrders(problems ?? [], all ?? []), [problems, all]);

  const status =
    problem.isError || open.isError ? 'error' : problem.isPending || open.isPending ? 'pending' : 'success';

  return (
    <OrdersScreen
      title="Problem Orders"
      subtitle={
        problems && problems.length > 0
          ? `${problems.length} ${problems.length === 1 ? 'order needs' : 'orders need'} attention`
          : 'Orders that are late for their status, grouped by status.'
      }
      status={status}
      onRetry={() => {
        if (problem.isError) void problem.refetch();
        if (open.isError) void open.refetch();
      }}
      groups={groups}
      notes={PROBLEM_NOTES}
      table={<OrdersTable problemOnly />}
      empty={{ title: 'No problem orders', text: 'Every open order is on schedule. Nice work!' }}
    />
  );
}
