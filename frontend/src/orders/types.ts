/** Order states in the order the order screens group them (spec section 2). */
export const ORDER_STATES = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'BACKORDERED'] as const;

export type OrderState = (typeof ORDER_STATES)[number];

export interface Order {
  id: string;
  faireOrderId: string;
  displayId: string;
  state: OrderState;
  isProblem: boolean;
  problemReason: string | null;
  estimatedPayoutAt: string | null;
  /** Faire pays this order out: in transit, with a payout date (pre-transit orders are never paid out). */
  payoutExpected: boolean;
  /** Past its expected ship date and not scanned by the carrier yet: Faire will count it late. */
  pastExpectedShipDate: boolean;
  createdAt: string;
  customerName: string | null;
  totalCents: number | null;
  expectedShipDate: string | null;
  trackingNumber: string | null;
  carrier: string | null;
  shipmentCreatedAt: string | null;
  fetchedAt: string;
  marketplaceUrl: string;
}

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
