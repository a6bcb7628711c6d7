import { isLatePaid } from './LateChip';
import { ORDER_STATES, type Order, type OrderState } from './types';

export interface OrderGroup {
  state: OrderState;
  /** The orders listed under this state. */
  orders: Order[];
  /** Problem orders Faire pays out (in transit, payout date known). */
  latePaid: number;
  /** The other problem orders. */
  late: number;
  /** Every open order in this state (on Problem Orders this counts more than the listed ones). */
  total: number;
}

/**
 * Groups `listed` by state in the order NEW, PROCESSING, PRE_TRANSIT, IN_TRANSIT, BACKORDERED, keeping only
 * states that list at least one order. `allOpen` (all open orders) gives each group's order count; it
 * defaults to `listed`. Within a group, the oldest order comes first.
 */
export function groupOrders(listed: readonly Order[], allOpen: readonly Order[] = listed): OrderGroup[] {
  return ORDER_STATES.map((state) => {
    const orders = listed
      .filter((o) => o.state === state)
      .sort((a, b) => Date.parse(a.createdAt) - Date.parse(b.createdAt));
    const problems = orders.filter((o) => o.isProblem);
    return {
      state,
      orders,
      latePaid: problems.filter(isLatePaid).length,
      late: problems.filter((o) => !isLatePaid(o)).length,
      total: allOpen.filter((o) => o.state === state).length,
    };
  }).filter((g) => g.orders.length > 0);
}
