import type { Order } from './types';

/** An order for tests; override what matters. */
export function anOrder(overrides: Partial<Order> = {}): Order {
  const id = overrides.id ?? 'o1';
  return {
    id,
    faireOrderId: `bo_${id}`,
    displayId: `#${id.toUpperCase()}`,
    state: 'NEW',
    isProblem: false,
    problemReason: null,
    estimatedPayoutAt: null,
    payoutExpected: false,
    pastExpectedShipDate: false,
    createdAt: '2026-11-01T15:00:00Z',
    customerName: 'Corner Shop',
    totalCents: 123450,
    currency: null,
    expectedShipDate: '2026-11-05T15:00:00Z',
    trackingNumber: null,
    carrier: null,
    shipmentCreatedAt: null,
    fetchedAt: '2026-11-02T15:00:00Z',
    marketplaceUrl: `https://www.faire.com/brand-portal/orders/bo_${id}`,
    ...overrides,
  };
}
