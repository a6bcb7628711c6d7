import { OPEN_ORDER_STATES, type OpenOrderState } from '@portal/shipment-rules';
import type { Schema } from '../api/schema';

/** Order states in the order the order screens group them (spec section 2; from the shared library). */
export const ORDER_STATES = OPEN_ORDER_STATES;

export type OrderState = OpenOrderState;

/** One open order as the API answers it (docs/openapi.json). */
export type Order = Schema<'OrderViewDto'>;

/** An order list as the API answers it (`GET /api/orders`, `/api/orders/problem`). */
export type OrdersResponse = Schema<'OrdersView'> & { total?: number };

export type StateBreakdown = Schema<'StateCountView'>;

export type AnalyticsStats = Schema<'OrderStatsView'>;

/** Underscores shown as spaces (spec section 4): PRE_TRANSIT reads "PRE TRANSIT". */
export function stateLabel(state: string): string {
  return state.replace(/_/g, ' ');
}

/** An order in the late-shipment rate card. */
export type LateRateOrder = Schema<'LateRateOrderView'>;

/** GET /api/orders/late-rate: the quarter's late-shipment rate against Faire's line. */
export type LateRate = Schema<'LateRateView'>;
