import { resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';
import { ordersListUrl } from './ordersQuery';

/** The `orders` list, the order screens' reads (open, problem, late rate, stats) and the refresh. */
export const ordersProvider = resourceProvider({
  lists: {
    async orders(params) {
      const body = await apiRequest<ResponseOf<'/api/orders', 'get'>>('GET', ordersListUrl(params));
      return { data: body.orders, total: body.total };
    },
  },
  actions: {
    getOpenOrders: () => apiRequest<ResponseOf<'/api/orders', 'get'>>('GET', '/api/orders'),
    getProblemOrders: () =>
      apiRequest<ResponseOf<'/api/orders/problem', 'get'>>('GET', '/api/orders/problem'),
    getLateRate: () => apiRequest<ResponseOf<'/api/orders/late-rate', 'get'>>('GET', '/api/orders/late-rate'),
    getOrderStats: () => apiRequest<ResponseOf<'/api/analytics/stats', 'get'>>('GET', '/api/analytics/stats'),
    /** Fetches orders from Faire (may take a few seconds). */
    refreshOrders: () => apiRequest<ResponseOf<'/api/orders/refresh', 'post'>>('POST', '/api/orders/refresh'),
  },
});

export type OrdersActions = typeof ordersProvider.actions;
export const useOrdersActions = () => useActions<OrdersActions>();
