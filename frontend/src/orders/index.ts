/** The orders' numbers and words the dashboard and settings use; the lists are routes (OpenOrdersPage, ...). */
export {
  LATE_RATE_QUERY_KEY,
  STATS_QUERY_KEY,
  invalidateOrderData,
  useLateRate,
  useOrderStats,
  useRefreshOrders,
} from './api';
export { displayIdLabel } from './format';
export { ORDER_STATES, stateLabel, type LateRate, type LateRateOrder, type StateBreakdown } from './types';
/** The orders' part of the data provider (decision 0053). */
export { ordersProvider, useOrdersActions, type OrdersActions } from './provider';
