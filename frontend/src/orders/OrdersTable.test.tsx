import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { at } from '../test/at';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataProvider } from '../dataProvider';
import { annAtAcme } from '../test/fixtures';

const connected = () => ({ ...annAtAcme(), hasFaireToken: true });
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { ordersCsv } from './exportOrders';
import { OpenOrdersPage } from './OpenOrdersPage';
import { ordersListUrl } from './ordersQuery';
import { ProblemOrdersPage } from './ProblemOrdersPage';
import { anOrder } from './testOrders';

afterEach(() => vi.unstubAllGlobals());

const FIRST_PAGE = '/api/orders?sort=expectedShipDate&order=ASC&page=1&perPage=25';
const paid = anOrder({
  id: 'p1',
  displayId: 'P1',
  state: 'IN_TRANSIT',
  isProblem: true,
  problemReason: 'In Transit Past Time Window',
  payoutExpected: true,
  estimatedPayoutAt: '2099-01-01T00:00:00Z',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
});
const fresh = anOrder({ id: 'n1', state: 'NEW', customerName: 'Maple & Pine', totalCents: 5000 });

describe('ordersListUrl', () => {
  it('sends the server’s own parameters and leaves out empty ones', () => {
    expect(ordersListUrl({})).toBe('/api/orders');
    expect(
      ordersListUrl({
        filter: { q: ' #A1B2 ', state: 'NEW', problem: 'true', late: false, paid: '' },
        sort: { field: 'totalCents', order: 'DESC' },
        pagination: { page: 3, perPage: 50 },
      }),
    ).toBe(
      '/api/orders?search=%23A1B2&state=NEW&problem=true&late=false&sort=totalCents&order=DESC&page=3&perPage=50',
    );
  });
});

describe('ordersCsv', () => {
  it('writes the table’s columns, "#" display ids, and keeps formulas as text', () => {
    const csv = ordersCsv([paid, anOrder({ id: 'x', customerName: '=HYPERLINK("http://evil")' })]);
    const [head, first, second] = csv.split('\r\n');
    expect(head).toBe(
      'Order ID,Display ID,Customer,State,Created,Expected ship date,Amount,Carrier,Tracking number,Late,Late reason',
    );
    expect(first).toBe(
      'bo_p1,#P1,Corner Shop,IN TRANSIT,2026-11-01,2026-11-05,"$1,234.50",UPS,1Z999AA10123456784,yes,In Transit Past Time Window',
    );
    expect(second).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });
});

describe('orders table view', () => {
  it('switches from the cards to the table, which lists a page from the server', async () => {
    const fetch = mockApi({
      'GET /api/orders': { body: { orders: [paid, fresh] } },
      [`GET ${FIRST_PAGE}`]: { body: { orders: [paid, fresh], total: 2 } },
    });
    const { location } = renderScreen(<OpenOrdersPage />, {
      user: connected(),
      route: '/orders',
      dataProvider,
    });
    await screen.findByTestId('order-p1');
    fireEvent.click(screen.getByRole('button', { name: 'Table' }));
    await waitFor(() => expect(location()).toContain('view=table'));
    const table = await screen.findByRole('table');
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(at(rows, 1)).getByRole('link', { name: '#P1' }).getAttribute('href')).toBe(
      paid.marketplaceUrl,
    );
    expect(within(at(rows, 1)).getByText('Late (Paid)')).toBeTruthy();
    expect(within(at(rows, 1)).getByText('In Transit Past Time Window')).toBeTruthy();
    expect(within(at(rows, 2)).getByText('Maple & Pine')).toBeTruthy();
    expect(within(at(rows, 2)).getByText('$50.00')).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url === FIRST_PAGE)).toBe(true);
    expect(screen.queryByTestId('order-p1')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Cards' }));
    await screen.findByTestId('order-p1');
    expect(location()).toBe('/orders');
  });

  it('searches on the server and keeps the search in the URL', async () => {
    const searched = '/api/orders?search=maple&sort=expectedShipDate&order=ASC&page=1&perPage=25';
    mockApi({
      [`GET ${FIRST_PAGE}`]: { body: { orders: [paid, fresh], total: 2 } },
      [`GET ${searched}`]: { body: { orders: [fresh], total: 1 } },
    });
    const { location } = renderScreen(<OpenOrdersPage />, {
      user: connected(),
      route: '/orders?view=table',
      dataProvider,
    });
    await screen.findByRole('link', { name: '#P1' });
    fireEvent.change(screen.getByPlaceholderText('Order ID, customer or tracking number'), {
      target: { value: 'maple' },
    });
    await waitFor(() => expect(screen.queryByRole('link', { name: '#P1' })).toBeNull(), { timeout: 3000 });
    expect(screen.getByText('Maple & Pine')).toBeTruthy();
    expect(decodeURIComponent(location() ?? '')).toContain('"q":"maple"');
    expect(location()).toContain('view=table');
  });

  it('keeps Problem Orders’ table to problem orders', async () => {
    const problemPage = '/api/orders?problem=true&sort=expectedShipDate&order=ASC&page=1&perPage=25';
    mockApi({ [`GET ${problemPage}`]: { body: { orders: [paid], total: 1 } } });
    renderScreen(<ProblemOrdersPage />, {
      user: connected(),
      route: '/problem-orders?view=table',
      dataProvider,
    });
    expect(await screen.findByRole('link', { name: '#P1' })).toBeTruthy();
  });
});
