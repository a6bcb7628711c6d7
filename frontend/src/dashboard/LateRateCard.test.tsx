import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import type { LateRate } from '../orders/types';
import { LATE_RATE_EXPLANATION, LateRateCard } from './LateRateCard';

afterEach(() => vi.unstubAllGlobals());

const order = (id: string, extra: object) => ({
  id,
  faireOrderId: `bo_${id}`,
  displayId: id.toUpperCase(),
  customerName: 'Corner Shop',
  expectedShipDate: '2026-11-10T00:00:00.000Z',
  marketplaceUrl: `https://faire.example/orders/bo_${id}`,
  ...extra,
});

const rate: LateRate = {
  quarter: { label: 'Q4 2026', start: '2026-10-01T00:00:00.000Z', end: '2027-01-01T00:00:00.000Z' },
  limit: 0.1,
  shipped: 8,
  late: 1,
  rate: 0.125,
  projectedRate: 2 / 9,
  lateOrders: [order('l1', { firstScanAt: '2026-11-12T18:00:00.000Z' })],
  atRiskCount: 2,
  overdueCount: 1,
  atRisk: [
    order('r1', { overdue: true, state: 'PROCESSING' }),
    order('r2', { overdue: false, state: 'NEW', expectedShipDate: '2026-11-27T00:00:00.000Z' }),
  ],
  atRiskHours: 48,
};

describe('LateRateCard', () => {
  it('shows the rate against the 10% line, what counts against it, what is at risk, and how it is counted', async () => {
    mockApi({ 'GET /api/orders/late-rate': { body: rate } });
    renderScreen(<LateRateCard enabled />);
    expect((await screen.findByTestId('late-rate-value')).textContent).toBe('12.5%');
    expect(screen.getByText('Late-shipment rate · Q4 2026')).toBeTruthy();
    expect(screen.getByText('Above Faire’s line')).toBeTruthy();
    expect(screen.getByText('1 of 8 shipments scanned after their expected ship date')).toBeTruthy();
    expect(screen.getByText('Faire’s 10% line')).toBeTruthy();
    expect(screen.getByText(/once shipped, the rate will be at least 22.2%/)).toBeTruthy();
    const counted = within(screen.getByTestId('late-rate-counted'));
    expect(counted.getByRole('link', { name: '#L1' }).getAttribute('href')).toBe(
      'https://faire.example/orders/bo_l1',
    );
    expect(counted.getByText('due Nov 10, 2026, scanned Nov 12, 2026')).toBeTruthy();
    const risk = within(screen.getByTestId('late-rate-at-risk'));
    expect(risk.getByText('At risk now (2)')).toBeTruthy();
    expect(risk.getByText('overdue since Nov 10, 2026')).toBeTruthy();
    expect(risk.getByText('ship by Nov 27, 2026')).toBeTruthy();
    expect(screen.getByText(LATE_RATE_EXPLANATION)).toBeTruthy();
  });

  it('says when nothing has been scanned this quarter', async () => {
    mockApi({
      'GET /api/orders/late-rate': {
        body: {
          ...rate,
          shipped: 0,
          late: 0,
          rate: null,
          projectedRate: null,
          lateOrders: [],
          atRisk: [],
          atRiskCount: 0,
          overdueCount: 0,
        },
      },
    });
    renderScreen(<LateRateCard enabled />);
    expect((await screen.findByTestId('late-rate-value')).textContent).toBe(
      'No shipments scanned yet this quarter',
    );
    expect(screen.getByText('No late shipments this quarter.')).toBeTruthy();
    expect(screen.getByText('Nothing due soon.')).toBeTruthy();
  });
});
