import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalyticsStats } from '../orders/types';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { DashboardTab } from './DashboardTab';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const connected = { ...annAtAcme(), hasFaireToken: true };
const connection = {
  status: 'CONNECTED',
  canManage: false,
  brandId: 'b_h4t9w6rn',
  brandName: 'Harbor & Quill',
  currency: 'USD',
  authMode: 'OAUTH',
  connectedAt: '2026-11-01T10:00:00Z',
  connectedByName: 'Ann Rivera',
  lastError: null,
};
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const empty: AnalyticsStats = {
  openOrders: 0,
  problemOrders: 0,
  lastRefreshedAt: null,
  lastSyncError: null,
  byState: [],
  shipments: { total: 0, success: 0, failed: 0, pending: 0 },
};

const filled: AnalyticsStats = {
  ...empty,
  openOrders: 10,
  problemOrders: 3,
  lastRefreshedAt: minutesAgo(90),
  byState: [
    { state: 'NEW', count: 4, percent: 40, late: 0, latePaid: 0 },
    { state: 'PROCESSING', count: 5, percent: 50, late: 2, latePaid: 1 },
    { state: 'IN_TRANSIT', count: 1, percent: 10, late: 1, latePaid: 0 },
  ],
};

const refreshCalls = (fetch: ReturnType<typeof mockApi>) =>
  fetch.mock.calls.filter(([url, init]) => url === '/api/orders/refresh' && init?.method === 'POST').length;

describe('DashboardTab', () => {
  it('refreshes once on arrival when there are no orders yet, even under StrictMode', async () => {
    let stats = empty;
    const fetch = mockApi({
      'GET /api/analytics/stats': () => ({ body: stats }),
      'GET /api/faire/connection': { body: connection },
      'POST /api/orders/refresh': () => {
        stats = filled;
        return { body: { message: 'Orders refreshed' } };
      },
    });
    renderScreen(<DashboardTab />, { user: connected, strict: true });
    expect(await screen.findByTestId('breakdown-PROCESSING')).toBeTruthy();
    expect(refreshCalls(fetch)).toBe(1);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Orders Refreshed' }));
  });

  it('does not refresh recent data and shows counts, breakdown and freshness', async () => {
    const fetch = mockApi({
      'GET /api/analytics/stats': { body: filled },
      'GET /api/faire/connection': { body: connection },
    });
    renderScreen(<DashboardTab />, { user: connected, strict: true });
    const row = within(await screen.findByTestId('breakdown-PROCESSING'));
    expect(row.getByText('50%')).toBeTruthy();
    expect(row.getByText('2')).toBeTruthy();
    expect(within(screen.getByTestId('stat-open-orders')).getByTestId('stat-value').textContent).toBe('10');
    expect(within(screen.getByTestId('stat-problem-orders')).getByTestId('stat-value').textContent).toBe('3');
    const fresh = screen.getByTestId('last-refreshed');
    expect(fresh.textContent).toBe('Last refreshed 1 hour ago');
    expect(fresh.getAttribute('data-tone')).toBe('orange');
    expect(refreshCalls(fetch)).toBe(0);
  });

  it('shows the exact time of the last refresh when the freshness is hovered', async () => {
    const at = minutesAgo(30);
    mockApi({
      'GET /api/analytics/stats': { body: { ...filled, lastRefreshedAt: at } },
      'GET /api/faire/connection': { body: connection },
    });
    renderScreen(<DashboardTab />, { user: connected });
    fireEvent.mouseOver(await screen.findByTestId('last-refreshed'));
    const exact = new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' });
    expect((await screen.findByRole('tooltip')).textContent).toBe(exact);
  });

  it('refreshes data older than 24 hours, and on the button', async () => {
    const fetch = mockApi({
      'GET /api/analytics/stats': { body: { ...filled, lastRefreshedAt: minutesAgo(25 * 60) } },
      'GET /api/faire/connection': { body: connection },
      'POST /api/orders/refresh': { body: { message: 'Orders refreshed' } },
    });
    renderScreen(<DashboardTab />, { user: connected });
    await waitFor(() => expect(refreshCalls(fetch)).toBe(1));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Refresh Orders' }).hasAttribute('disabled')).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Orders' }));
    await waitFor(() => expect(refreshCalls(fetch)).toBe(2));
  });

  it('tells a member where the orders come from, never to connect', async () => {
    mockApi({
      'GET /api/analytics/stats': { body: filled },
      'GET /api/faire/connection': { body: connection },
    });
    renderScreen(<DashboardTab />, { user: { ...annAtAcme('COMPANY_USER'), hasFaireToken: true } });
    expect((await screen.findByTestId('company-connection')).textContent).toBe(
      'Orders come from Harbor & Quill, connected by Ann Rivera.',
    );
    expect(screen.queryByTestId('connect-faire-card')).toBeNull();
    expect(screen.queryByText('Connect your Faire account')).toBeNull();
  });

  it('gives a platform admin without a company one explanation instead of cards that cannot load', async () => {
    const fetch = mockApi({ 'GET /api/faire/connection': { body: { status: 'NO_COMPANY' } } });
    renderScreen(<DashboardTab />, { user: annAtAcme() });
    expect((await screen.findByTestId('no-company-note')).textContent).toMatch(
      /platform admin without a company/,
    );
    expect(screen.queryByText('Failed to load order stats')).toBeNull();
    expect(fetch.mock.calls.some(([url]) => url === '/api/analytics/stats')).toBe(false);
  });

  it('points an admin without a Faire connection to /oauth-setup instead of refreshing', async () => {
    const fetch = mockApi({
      'GET /api/analytics/stats': { body: empty },
      'GET /api/faire/connection': { body: { status: 'NOT_CONNECTED', canManage: true } },
    });
    renderScreen(<DashboardTab />, { user: annAtAcme() });
    expect(await screen.findByText('No order data available yet')).toBeTruthy();
    const card = within(screen.getByTestId('connect-faire-card'));
    expect(card.getByRole('link', { name: 'Connect Faire' }).getAttribute('href')).toBe('/oauth-setup');
    expect(refreshCalls(fetch)).toBe(0);
  });
});
