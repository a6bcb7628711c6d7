// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `orders` routes use. */
export interface OrdersSchemas {
  OrderViewDto: {
    id: string;
    faireOrderId: string;
    displayId: string;
    state: 'NEW' | 'PROCESSING' | 'PRE_TRANSIT' | 'IN_TRANSIT' | 'BACKORDERED';
    isProblem: boolean;
    problemReason: string | null;
    estimatedPayoutAt: string | null;
    payoutExpected: boolean;
    pastExpectedShipDate: boolean;
    createdAt: string;
    customerName: string | null;
    totalCents: number | null;
    currency: string | null;
    expectedShipDate: string | null;
    trackingNumber: string | null;
    carrier: string | null;
    shipmentCreatedAt: string | null;
    fetchedAt: string;
    marketplaceUrl: string;
  };
  OrdersPageView: {
    orders: components['schemas']['OrderViewDto'][];
    /** Orders matching the filters, all pages */
    total: number;
  };
  QuarterView: {
    label: string;
    start: string;
    end: string;
  };
  LateRateOrderView: {
    id: string;
    faireOrderId: string;
    displayId: string;
    customerName: string | null;
    expectedShipDate: string;
    firstScanAt?: string;
    state?: string;
    overdue?: boolean;
    marketplaceUrl: string;
  };
  LateRateView: {
    quarter: components['schemas']['QuarterView'];
    /** Faire's line: at most this share of shipments late */
    limit: number;
    shipped: number;
    late: number;
    rate: number | null;
    /** If every overdue order shipped now */
    projectedRate: number | null;
    lateOrders: components['schemas']['LateRateOrderView'][];
    atRiskCount: number;
    overdueCount: number;
    atRisk: components['schemas']['LateRateOrderView'][];
    atRiskHours: number;
  };
  OrdersView: {
    orders: components['schemas']['OrderViewDto'][];
  };
  StateCountView: {
    state: 'NEW' | 'PROCESSING' | 'PRE_TRANSIT' | 'IN_TRANSIT' | 'BACKORDERED';
    count: number;
    percent: number;
    late: number;
    latePaid: number;
  };
  ShipmentCountsView: {
    total: number;
    success: number;
    pending: number;
    failed: number;
  };
  OrderStatsView: {
    openOrders: number;
    problemOrders: number;
    lastRefreshedAt: string | null;
    lastSyncError: string | null;
    byState: components['schemas']['StateCountView'][];
    shipments: components['schemas']['ShipmentCountsView'];
  };
}

/** The `orders` routes. */
export interface OrdersPaths {
  '/api/orders': {
    get: { response: components['schemas']['OrdersPageView'] };
  };
  '/api/orders/late-rate': {
    get: { response: components['schemas']['LateRateView'] };
  };
  '/api/orders/problem': {
    get: { response: components['schemas']['OrdersView'] };
  };
  '/api/orders/refresh': {
    post: { response: components['schemas']['MessageView'] };
  };
  '/api/analytics/stats': {
    get: { response: components['schemas']['OrderStatsView'] };
  };
}
