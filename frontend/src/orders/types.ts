import { OPEN_ORDER_STATES, type OpenOrderState, type OrderView } from '@portal/shipment-rules';

/** Order states in the order the order screens group them (spec section 2; from the shared library). */
export const ORDER_STATES = OPEN_ORDER_STATES;

export type OrderState = OpenOrderState;

/** One open order as the API answers it (the shape lives in the shared library). */
export type Order = OrderView;

export interface OrdersResponse {
  orders: Order[];
  total?: number;
}

export interface StateBreakdown {
  state: OrderState;
  count: number;
  percent: number;
  late: number;
  latePaid: number;
}

export interface AnalyticsStats {
  openOrders: number;
  problemOrders: number;
  lastRefreshedAt: string | null;
  lastSyncError: string | null;
  byState: StateBreakdown[];
  shipments: { total: number; success: number; failed: number; pending: number };
}

/** Underscores shown as spaces (spec section 4): PRE_TRANSIT reads "PRE TRANSIT". */
export function stateLabel(state: string): string {
  return state.replace(/_/g, ' ');
}

/** An order in the late-shipment rate card. */
export interface LateRateOrder {
  id: string;
  faireOrderId: string;
  displayId: string;
  customerName: string | null;
  expectedShipDate: string;
  firstScanAt?: string;
  state?: OrderState;
  overdue?: boolean;
  marketplaceUrl: string;
}

/** GET /api/orders/late-rate: the quarter's late-shipment rate against Faire's line. */
export interface LateRate {
  quarter: { label: string; start: string; end: string };
  limit: number;
  shipped: number;
  late: number;
  rate: number | null;
  projectedRate: number | null;
  lateOrders: LateRateOrder[];
  atRiskCount: number;
  overdueCount: number;
  atRisk: LateRateOrder[];
  atRiskHours: number;
}
