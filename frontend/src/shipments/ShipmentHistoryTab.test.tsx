import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { shipStation, shopify } from '../integrations/testData';
import { renderScreen } from '../test/render';
import type { Shipment } from './api';
import { ShipmentHistoryTab } from './ShipmentHistoryTab';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

/** A history row as the server answers it; a patch may also send what the contract does not promise. */
const shipment = (id: string, patch: Partial<Record<keyof Shipment, unknown>> = {}) => ({
  id,
  uploadId: 'u1',
  rowNumber: 2,
  currency: 'USD',
  brandName: null,
  source: 'UPLOAD',
  sourceName: 'shipments.csv',
  sources: ['UPLOAD'],
  laterCosts: [],
  orderId: 'bo_abc12345de',
  displayId: '#ABC12345DE',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'FEDEX',
  shipDate: '2026-11-20',
  shippingCost: 1250,
  uploadedAt: '2026-11-21T15:04:00.000Z',
  status: 'SUCCESS',
  errorMessage: null,
  ...patch,
});

const PAGE1 = '/api/shipments?page=1&limit=50';

const tz = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

describe('ShipmentHistoryTab', () => {
  it("shows each cost in the currency it was sent in: a GBP brand's shipment reads £", async () => {
    mockApi({
      [`GET ${PAGE1}`]: {
        body: {
          total: 2,
          shipments: [
            shipment('s1', { shippingCost: 420, currency: 'GBP', brandName: 'Thistle & Rye Tea Merchants' }),
            shipment('s2', { shippingCost: 1250, currency: 'USD' }),
          ],
        },
      },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    const gbp = within(await screen.findByTestId('shipment-row-s1'));
    expect(gbp.getByText('£4.20')).toBeTruthy();
    expect(within(screen.getByTestId('shipment-row-s2')).getByText('$12.50')).toBeTruthy();
  });

  it('lists shipments with formatted values, status chips and pagination', async () => {
    mockApi({
      [`GET ${PAGE1}`]: {
        body: {
          total: 230,
          shipments: [
            shipment('s1'),
            shipment('s2', {
              status: 'ORDER_NOT_FOUND',
              errorMessage: 'Order not found on Faire',
              shipDate: null,
              shippingCost: null,
            }),
            shipment('s3', { status: 'weird' }),
          ],
        },
      },
      'GET /api/shipments?page=2&limit=50': { body: { total: 230, shipments: [shipment('s51')] } },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    const first = within(await screen.findByTestId('shipment-row-s1'));
    expect(first.getByText('bo_abc12345de')).toBeTruthy();
    expect(first.getByText('#ABC12345DE')).toBeTruthy();
    expect(first.getByText('FedEx')).toBeTruthy();
    expect(first.getByText('Nov 20, 2026')).toBeTruthy();
    expect(first.getByText('$12.50')).toBeTruthy();
    expect(first.getByTestId('status-chip').textContent).toBe('Success');
    expect(first.queryByRole('button', { name: /Retry/ })).toBeNull();
    const second = within(screen.getByTestId('shipment-row-s2'));
    expect(second.getByTestId('status-chip').textContent).toBe('Order Not Found');
    expect(second.getByText('Order not found on Faire')).toBeTruthy();
    expect(second.getAllByText('-')).toHaveLength(2);
    expect(second.getByRole('button', { name: /Retry/ })).toBeTruthy();
    expect(within(screen.getByTestId('shipment-row-s3')).getByTestId('status-chip').textContent).toBe(
      'Weird',
    );

    expect(screen.getByTestId('pagination-summary').textContent).toBe('Showing 1 to 50 of 230');
    expect(screen.getAllByRole('button', { name: /^Page \d$/ }).map((b) => b.textContent)).toEqual([
      '1',
      '2',
      '3',
      '4',
      '5',
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByTestId('shipment-row-s51')).toBeTruthy();
    expect(screen.getByTestId('pagination-summary').textContent).toBe('Showing 51 to 100 of 230');
  });

  it('sends the filters, omitting empty ones, and shows the empty text', async () => {
    const fetch = mockApi({
      [`GET ${PAGE1}`]: { body: { total: 0, shipments: [] } },
      'GET /api/shipments?page=1&limit=50&status=FAILED': { body: { total: 0, shipments: [] } },
      [`GET /api/shipments?page=1&limit=50&status=FAILED&dateFrom=2026-11-01&timeZone=${encodeURIComponent(tz)}`]:
        { body: { total: 0, shipments: [] } },
      [`GET /api/shipments?page=1&limit=50&search=1Z99&status=FAILED&dateFrom=2026-11-01&timeZone=${encodeURIComponent(tz)}`]:
        { body: { total: 0, shipments: [] } },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    expect(await screen.findByText('No shipments found')).toBeTruthy();
    fireEvent.change(screen.getByTestId('shipment-status'), { target: { value: 'FAILED' } });
    fireEvent.change(screen.getByTestId('shipment-date-from'), { target: { value: '2026-11-01' } });
    fireEvent.change(screen.getByTestId('shipment-search'), { target: { value: '1Z99' } });
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain(
        `/api/shipments?page=1&limit=50&search=1Z99&status=FAILED&dateFrom=2026-11-01&timeZone=${encodeURIComponent(tz)}`,
      ),
    );
    expect(fetch.mock.calls.every(([url]) => !String(url).includes('dateTo'))).toBe(true);
    expect(toast).not.toHaveBeenCalled();
  });

  it('retries a failed shipment and tells the outcome', async () => {
    let retried = false;
    const fetch = mockApi({
      [`GET ${PAGE1}`]: () => ({
        body: {
          total: 1,
          shipments: [
            shipment('s1', {
              status: retried ? 'SUCCESS' : 'FAILED',
              errorMessage: retried ? null : 'Timeout',
            }),
          ],
        },
      }),
      'POST /api/shipments/s1/retry': () => {
        retried = true;
        return { body: { success: true, status: 'SUCCESS', error: null } };
      },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Shipment retry successful!', variant: 'success' }),
    );
    await waitFor(() =>
      expect(within(screen.getByTestId('shipment-row-s1')).getByTestId('status-chip').textContent).toBe(
        'Success',
      ),
    );
    expect(fetch.mock.calls.filter(([url]) => url === PAGE1).length).toBe(2);
  });

  it("says 'Retry Failed' with the server's error, or 'Failed to create shipment'", async () => {
    let answer: unknown = { success: false, status: 'FAILED', error: 'Carrier rejected' };
    mockApi({
      [`GET ${PAGE1}`]: { body: { total: 1, shipments: [shipment('s1', { status: 'FAILED' })] } },
      'POST /api/shipments/s1/retry': () => ({ body: answer }),
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Retry Failed',
        description: 'Carrier rejected',
        variant: 'destructive',
      }),
    );
    answer = { success: false, status: 'FAILED', error: null };
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: /Retry/ }).disabled).toBe(false),
    );
    fireEvent.click(screen.getByRole('button', { name: /Retry/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Retry Failed',
        description: 'Failed to create shipment',
        variant: 'destructive',
      }),
    );
  });

  it("says 'Error' when the retry request fails, and 'Failed to fetch shipments' when the list does", async () => {
    let listOk = true;
    mockApi({
      [`GET ${PAGE1}`]: () =>
        listOk
          ? { body: { total: 1, shipments: [shipment('s1', { status: 'FAILED' })] } }
          : { status: 500, body: { message: 'boom' } },
      'POST /api/shipments/s1/retry': {
        status: 409,
        body: { message: 'Only failed shipments can be retried' },
      },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    listOk = false;
    fireEvent.click(await screen.findByRole('button', { name: /Retry/ }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Error',
        description: 'Failed to retry shipment',
        variant: 'destructive',
      }),
    );
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Failed to fetch shipments', variant: 'destructive' }),
    );
  });

  it('keeps its filters and page in the URL: a bookmarked filtered history opens as it was', async () => {
    const filter = encodeURIComponent(JSON.stringify({ status: 'FAILED', search: '1Z99' }));
    const fetch = mockApi({
      'GET /api/shipments?page=2&limit=50&search=1Z99&status=FAILED': {
        body: { total: 60, shipments: [shipment('f51', { status: 'FAILED' })] },
      },
      'GET /api/shipments?page=1&limit=50&search=1Z99&status=SUCCESS': {
        body: { total: 1, shipments: [shipment('ok1')] },
      },
    });
    const { location } = renderScreen(<ShipmentHistoryTab />, {
      user: annAtAcme(),
      route: `/dashboard?tab=history&filter=${filter}&page=2`,
    });
    expect(await screen.findByTestId('shipment-row-f51')).toBeTruthy();
    expect(screen.getByTestId<HTMLInputElement>('shipment-search').value).toBe('1Z99');
    expect(screen.getByTestId<HTMLSelectElement>('shipment-status').value).toBe('FAILED');
    expect(screen.getByTestId('pagination-summary').textContent).toBe('Showing 51 to 60 of 60');

    fireEvent.change(screen.getByTestId('shipment-status'), { target: { value: 'SUCCESS' } });
    expect(await screen.findByTestId('shipment-row-ok1')).toBeTruthy();
    const url = new URL(`http://x${location() ?? ''}`);
    expect(url.searchParams.get('tab')).toBe('history');
    expect(JSON.parse(url.searchParams.get('filter') ?? '{}')).toEqual({ status: 'SUCCESS', search: '1Z99' });
    expect(url.searchParams.get('page')).toBe('1');
    expect(
      fetch.mock.calls.every(([u]) => !String(u).includes('page=1&limit=50&search=1Z99&status=FAILED')),
    ).toBe(true);
  });

  it('names where each shipment came from, a file or ShipStation, and filters by every source the company has', async () => {
    const fetch = mockApi({
      // A disconnected Shopify is still one of the company's sources: its shipments stay.
      'GET /api/integrations': {
        body: { connections: [shipStation(), shopify({ status: 'DISCONNECTED' })], available: [] },
      },
      [`GET ${PAGE1}`]: {
        body: {
          total: 3,
          shipments: [
            shipment('s1', { source: 'UPLOAD', sourceName: 'march-labels.csv', sources: ['UPLOAD'] }),
            shipment('s2', { source: 'SHIPSTATION', sourceName: 'ShipStation', sources: ['SHIPSTATION'] }),
            // One label reported by a file and by ShipStation is one shipment with both sources.
            shipment('s3', {
              source: 'UPLOAD',
              sourceName: 'april.csv',
              sources: ['UPLOAD', 'SHIPSTATION'],
            }),
          ],
        },
      },
      'GET /api/shipments?page=1&limit=50&source=SHIPSTATION': {
        body: { total: 1, shipments: [shipment('s2', { source: 'SHIPSTATION', sources: ['SHIPSTATION'] })] },
      },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    const fromFile = within(await screen.findByTestId('shipment-row-s1'));
    expect(fromFile.getByTestId('shipment-source').textContent).toBe('march-labels.csv');
    const fromShipStation = within(screen.getByTestId('shipment-row-s2'));
    expect(fromShipStation.getByTestId('shipment-source').textContent).toBe('ShipStation');
    expect(
      fromShipStation.queryByText('ShipStation', { selector: '[data-source="SHIPSTATION"]' }),
    ).toBeTruthy();
    expect(within(screen.getByTestId('shipment-row-s3')).getByTestId('shipment-source').textContent).toBe(
      'april.csvShipStation',
    );

    const filter = screen.getByTestId<HTMLSelectElement>('shipment-source-filter');
    await waitFor(() =>
      expect([...filter.options].map((o) => o.text)).toEqual([
        'All',
        'File upload',
        'Reviewed rows',
        'ShipStation',
        'Shopify',
      ]),
    );
    fireEvent.change(filter, { target: { value: 'SHIPSTATION' } });
    await waitFor(() =>
      expect(fetch.mock.calls.map(([url]) => url)).toContain(
        '/api/shipments?page=1&limit=50&source=SHIPSTATION',
      ),
    );
    await waitFor(() => expect(screen.queryByTestId('shipment-row-s1')).toBeNull());
    expect(screen.getByTestId('shipment-row-s2')).toBeTruthy();
  });
});
