import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';

const connected = () => ({ ...annAtAcme(), hasFaireToken: true });
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { OpenOrdersPage } from './OpenOrdersPage';
import { ProblemOrdersPage } from './ProblemOrdersPage';
import { anOrder } from './testOrders';
import { toast } from '../test/toasts';

const cardOf = (id: string) => within(screen.getByTestId(`order-${id}`));

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const late = anOrder({
  id: 'p1',
  state: 'PROCESSING',
  isProblem: true,
  problemReason: 'No tracking 3 days after processing',
  estimatedPayoutAt: '2026-12-01T15:00:00Z',
});
const onTime = anOrder({
  id: 'p2',
  state: 'PROCESSING',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
});
const shipped = anOrder({
  id: 't1',
  state: 'IN_TRANSIT',
  trackingNumber: 'XYZ123',
  carrier: 'CANADA_POST',
  shipmentCreatedAt: '2026-11-03T15:00:00Z',
});
const newOrder = anOrder({ id: 'n1', state: 'NEW', displayId: 'N1' });
const paidSoon = anOrder({
  id: 'i1',
  state: 'IN_TRANSIT',
  isProblem: true,
  problemReason: 'In Transit Past Time Window',
  estimatedPayoutAt: '2099-01-05T15:00:00Z',
  payoutExpected: true,
});
const paidLate = anOrder({
  id: 'i2',
  state: 'IN_TRANSIT',
  isProblem: true,
  problemReason: 'In Transit Past Time Window',
  estimatedPayoutAt: '2020-01-05T15:00:00Z',
  payoutExpected: true,
});
const open = [shipped, late, onTime, newOrder, paidSoon, paidLate];

describe('OpenOrdersPage', () => {
  it('groups orders by state with counts and shows each order', async () => {
    mockApi({ 'GET /api/orders': { body: { orders: open } } });
    renderScreen(<OpenOrdersPage />, { user: connected() });

    const sections = await screen.findAllByRole('region');
    expect(sections.map((s) => within(s).getByRole('heading').textContent)).toEqual([
      'NEW',
      'PROCESSING',
      'IN TRANSIT',
    ]);

    // The Late (Paid) / Late rule is explained where the label is.
    expect(cardOf('p1').getByText('Late').closest('[aria-label]')?.getAttribute('aria-label')).toContain(
      'Faire pays out only once the carrier scans the parcel',
    );
    const processing = within(screen.getByTestId('group-PROCESSING'));
    // A processing order is not paid out by Faire, whatever payout estimate it carries.
    expect(processing.getByTestId('count-late-paid').textContent).toBe('Late (Paid): 0');
    expect(processing.getByTestId('count-late').textContent).toBe('Late: 1');
    expect(processing.getByTestId('count-orders').textContent).toBe('2 orders in Processing · 1 late');
    const transit = within(screen.getByTestId('group-IN_TRANSIT'));
    expect(transit.getByTestId('count-late-paid').textContent).toBe('Late (Paid): 2');
    expect(transit.getByTestId('count-orders').textContent).toBe('3 orders in In transit · 2 late');
    expect(within(screen.getByTestId('group-NEW')).getByTestId('count-orders').textContent).toBe(
      '1 order in New',
    );
    // The display id always reads with one "#", whether the server sent it with one or not.
    expect(within(screen.getByTestId('order-n1')).getByRole('link', { name: /#N1/ })).toBeTruthy();
    expect(within(screen.getByTestId('order-i1')).getByText(/Payment scheduled/).textContent).toBe(
      'Payment scheduled Jan 5, 2099',
    );
    const passed = within(screen.getByTestId('order-i2'));
    expect(passed.queryByText(/Payment scheduled/)).toBeNull();
    expect(passed.getByText(/Payout estimated for/).textContent).toContain('Jan 5, 2020');

    const card = within(screen.getByTestId('order-p1'));
    const link = card.getByRole('link', { name: /#P1/ });
    expect(link.getAttribute('href')).toBe('https://www.faire.com/brand-portal/orders/bo_p1');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(card.getByText('$1,234.50')).toBeTruthy();
    expect(card.getByText('Corner Shop')).toBeTruthy();
    expect(card.getByText('No tracking')).toBeTruthy();
    const problem = within(card.getByTestId('problem-box'));
    expect(problem.getByText('No tracking 3 days after processing')).toBeTruthy();
    expect(problem.queryByText(/Payment scheduled/)).toBeNull();

    const ups = within(screen.getByTestId('order-p2')).getByRole('link', { name: '1Z999AA10123456784' });
    expect(ups.getAttribute('href')).toBe('https://www.ups.com/track?tracknum=1Z999AA10123456784');
    const other = within(screen.getByTestId('order-t1'));
    expect(other.getByRole('link', { name: 'XYZ123' }).getAttribute('href')).toContain(
      'canadapost-postescanada.ca',
    );
    expect(other.getByText('Nov 3, 2026')).toBeTruthy();
    expect(other.getByText('Canada Post')).toBeTruthy();
    expect(other.queryByText('CANADA_POST')).toBeNull();
    expect(screen.getByTestId('order-p2').querySelector('[data-testid="problem-box"]')).toBeNull();
  });

  it('refreshes then refetches the list', async () => {
    let orders = [newOrder];
    const fetch = mockApi({
      'GET /api/orders': () => ({ body: { orders } }),
      'POST /api/orders/refresh': () => {
        orders = open;
        return { body: { message: 'Orders refreshed' } };
      },
    });
    renderScreen(<OpenOrdersPage />, { user: connected() });
    await screen.findByTestId('order-n1');
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Orders' }));
    await screen.findByTestId('order-p1');
    expect(fetch.mock.calls.filter(([url]) => url === '/api/orders/refresh')).toHaveLength(1);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Orders Refreshed', variant: 'success' }),
    );
  });

  it("toasts 'Refresh Failed' when the refresh fails", async () => {
    mockApi({
      'GET /api/orders': { body: { orders: [] } },
      'POST /api/orders/refresh': { status: 503, body: { message: 'Faire is not answering' } },
    });
    renderScreen(<OpenOrdersPage />, { user: connected() });
    expect(await screen.findByText('No open orders')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Refresh Orders' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Refresh Failed',
        description: 'Failed to refresh orders. Faire is not answering',
        variant: 'destructive',
      }),
    );
  });
});

describe('without a Faire connection', () => {
  const notConnected = (canManage: boolean) => ({
    'GET /api/orders': { body: { orders: [] } },
    'GET /api/orders/problem': { body: { orders: [] } },
    'GET /api/faire/connection': { body: { status: 'NOT_CONNECTED', canManage } },
  });

  it('tells a member Faire is not connected and to ask an admin, with no Connect button and no Refresh', async () => {
    mockApi(notConnected(false));
    renderScreen(<ProblemOrdersPage />, { user: annAtAcme('COMPANY_USER') });
    const state = await screen.findByTestId('orders-not-connected');
    expect(within(state).getByText('Faire is not connected')).toBeTruthy();
    expect(within(state).getByText(/Ask a company admin/)).toBeTruthy();
    expect(within(state).queryByRole('link', { name: 'Connect Faire' })).toBeNull();
    expect(screen.queryByText('Every open order is on schedule. Nice work!')).toBeNull();
    expect(screen.getByRole('button', { name: 'Refresh Orders' }).hasAttribute('disabled')).toBe(true);
  });

  it('offers the company admin the Connect Faire link', async () => {
    mockApi(notConnected(true));
    renderScreen(<ProblemOrdersPage />, { user: annAtAcme('COMPANY_ADMIN') });
    const state = await screen.findByTestId('orders-not-connected');
    expect(within(state).getByRole('link', { name: 'Connect Faire' }).getAttribute('href')).toBe(
      '/oauth-setup',
    );
  });
});

describe('ProblemOrdersPage', () => {
  it('lists only problem orders, counts all open orders per state and explains each state', async () => {
    const stuck = anOrder({ id: 'x1', state: 'PRE_TRANSIT', isProblem: true, problemReason: 'Not scanned' });
    const all = [...open, stuck, anOrder({ id: 'x2', state: 'PRE_TRANSIT' })];
    mockApi({
      'GET /api/orders': { body: { orders: all } },
      'GET /api/orders/problem': { body: { orders: [late, stuck] } },
    });
    renderScreen(<ProblemOrdersPage />, { user: connected() });

    const processing = within(await screen.findByTestId('group-PROCESSING'));
    expect(processing.getByTestId('count-orders').textContent).toBe('2 orders in Processing · 1 late');
    expect(processing.getByText('Late Orders - No Tracking')).toBeTruthy();
    expect(processing.queryByTestId('order-p2')).toBeNull();
    const preTransit = within(screen.getByTestId('group-PRE_TRANSIT'));
    expect(preTransit.getByTestId('count-late').textContent).toBe('Late: 1');
    expect(preTransit.getByTestId('count-orders').textContent).toBe('2 orders in Pre transit · 1 late');
    expect(preTransit.getByText('Possible Incorrect Tracking')).toBeTruthy();
    expect(screen.queryByTestId('group-NEW')).toBeNull();
    expect(screen.queryByTestId('group-IN_TRANSIT')).toBeNull();
  });

  it('shows its empty state', async () => {
    mockApi({
      'GET /api/orders': { body: { orders: open.filter((o) => !o.isProblem) } },
      'GET /api/orders/problem': { body: { orders: [] } },
    });
    renderScreen(<ProblemOrdersPage />, { user: connected() });
    expect(await screen.findByText('No problem orders')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' }).getAttribute('href')).toBe('/dashboard');
  });
});
