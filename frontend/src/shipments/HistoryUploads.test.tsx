import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { summary } from '../test/uploads';
import type { UploadSummary } from '../upload/resultsApi';
import type { Shipment } from './api';
import { ShipmentHistoryTab } from './ShipmentHistoryTab';

afterEach(() => vi.unstubAllGlobals());

const UPLOAD_ID = '0b9a7c1e-3f51-4c55-9d7b-1f2e3d4c5b6a';

const upload = (patch: Partial<UploadSummary> = {}): UploadSummary =>
  summary({
    uploadId: UPLOAD_ID,
    filename: 'week-48.csv',
    source: 'UPLOAD',
    totalRows: 3,
    validRows: 3,
    shipments: 3,
    success: 2,
    failed: 1,
    retryable: 1,
    byStatus: { SUCCESS: 2, ORDER_NOT_FOUND: 1 },
    ...patch,
  });

const shipment = (id: string, rowNumber: number, status: Shipment['status'] = 'SUCCESS'): Shipment => ({
  id,
  uploadId: UPLOAD_ID,
  rowNumber,
  orderId: `bo_order${rowNumber}x`,
  displayId: `#ORDER${rowNumber}X`,
  trackingNumber: `1Z999AA1012345678${rowNumber}`,
  carrier: 'UPS',
  shipDate: '2026-11-20',
  shippingCost: 100,
  currency: 'USD',
  brandName: null,
  uploadedAt: '2026-11-25T10:00:00.000Z',
  source: 'UPLOAD',
  sourceName: 'shipments.csv',
  sources: ['UPLOAD'],
  laterCosts: [],
  status,
  errorMessage: null,
});

describe('Shipment History: uploads', () => {
  it('lists uploads with who, when and outcomes; choosing one shows its shipments in file order', async () => {
    const fetch = mockApi({
      'GET /api/shipments/uploads?page=1&limit=5': { body: { total: 1, page: 1, uploads: [upload()] } },
      'GET /api/shipments?page=1&limit=50': { body: { total: 0, shipments: [] } },
      [`GET /api/shipments?page=1&limit=50&uploadId=${UPLOAD_ID}`]: {
        body: {
          total: 3,
          shipments: [shipment('a', 2), shipment('b', 3, 'ORDER_NOT_FOUND'), shipment('c', 4)],
        },
      },
    });
    const { location } = renderScreen(<ShipmentHistoryTab />, {
      user: annAtAcme(),
      route: '/dashboard?tab=history',
    });
    const list = within(await screen.findByRole('table', { name: 'Uploads list' }));
    const row = within(list.getByTestId(`upload-${UPLOAD_ID}`));
    expect(row.getByText('week-48.csv')).toBeTruthy();
    expect(row.getByText('Ann')).toBeTruthy();
    expect(row.getByText('Done, with failures')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'week-48.csv' }));
    await screen.findByTestId('shipment-row-a');
    const ids = screen.getAllByTestId(/^shipment-row-/).map((el) => el.getAttribute('data-testid'));
    expect(ids).toEqual(['shipment-row-a', 'shipment-row-b', 'shipment-row-c']);
    expect(screen.getByTestId('upload-filter').textContent).toContain('week-48.csv');
    expect(location()).toContain(`upload=${UPLOAD_ID}`);
    expect(fetch.mock.calls.some(([url]) => String(url).includes(`uploadId=${UPLOAD_ID}`))).toBe(true);
  });

  it('refreshes itself while a shown shipment is pending', async () => {
    let calls = 0;
    mockApi({
      'GET /api/shipments/uploads?page=1&limit=5': { body: { total: 0, page: 1, uploads: [] } },
      'GET /api/shipments?page=1&limit=50': () => ({
        body: { total: 1, shipments: [shipment('p', 2, calls++ === 0 ? 'PENDING' : 'SUCCESS')] },
      }),
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme() });
    const row = within(await screen.findByTestId('shipment-row-p'));
    expect(row.getByTestId('status-chip').textContent).toBe('Pending');
    await waitFor(() => expect(row.getByTestId('status-chip').textContent).toBe('Success'), {
      timeout: 6000,
    });
  });

  it("reopens an upload's results from the list: per-row reasons, Retry all failed, Download failed rows", async () => {
    const posts: string[] = [];
    mockApi({
      'GET /api/shipments/uploads?page=1&limit=5': { body: { total: 1, page: 1, uploads: [upload()] } },
      'GET /api/shipments?page=1&limit=50': { body: { total: 0, shipments: [] } },
      [`GET /api/shipments/uploads/${UPLOAD_ID}`]: { body: upload() },
      [`GET /api/shipments/uploads/${UPLOAD_ID}/rows?status=ISSUES&limit=1000`]: {
        body: {
          total: 1,
          rows: [
            {
              row: 3,
              status: 'ORDER_NOT_FOUND',
              orderId: 'bo_order3x',
              displayId: '#ORDER3X',
              trackingNumber: '1Z999AA10123456783',
              carrier: 'UPS',
              reason: 'Order not found on Faire',
              duplicate: false,
              shipmentId: 'b',
              retryable: true,
              waitingOnFaire: false,
              nextRetryAt: null,
              nextRetryInSeconds: null,
            },
          ],
        },
      },
      [`POST /api/shipments/uploads/${UPLOAD_ID}/retry-failed`]: () => {
        posts.push('retry-failed');
        return { body: { retried: 1 } };
      },
    });
    const { location } = renderScreen(<ShipmentHistoryTab />, {
      user: annAtAcme(),
      route: '/dashboard?tab=history',
    });
    const list = within(await screen.findByRole('table', { name: 'Uploads list' }));
    fireEvent.click(list.getByRole('button', { name: 'Results of week-48.csv' }));
    const results = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    expect(location()).toContain(`results=${UPLOAD_ID}`);
    await results.findByText('Order not found on Faire');
    expect(results.getByText('week-48.csv')).toBeTruthy();
    const download = results.getByRole('link', { name: 'Download failed rows' });
    expect(download.getAttribute('href')).toBe(`/api/shipments/uploads/${UPLOAD_ID}/failed.csv`);
    fireEvent.click(results.getByRole('button', { name: 'Retry all failed' }));
    await waitFor(() => expect(posts).toEqual(['retry-failed']));
    fireEvent.click(results.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload Results' })).toBeNull());
    expect(location()).not.toContain('results=');
  });

  it('names a batch ShipStation sent by its source, in the list and in its results', async () => {
    const batch = upload({ filename: 'ShipStation', source: 'SHIPSTATION', uploadedBy: null, failed: 0 });
    mockApi({
      'GET /api/shipments/uploads?page=1&limit=5': { body: { total: 1, page: 1, uploads: [batch] } },
      'GET /api/shipments?page=1&limit=50': { body: { total: 0, shipments: [] } },
      [`GET /api/shipments/uploads/${UPLOAD_ID}`]: { body: batch },
      [`GET /api/shipments/uploads/${UPLOAD_ID}/rows?status=ISSUES&limit=1000`]: {
        body: { total: 0, rows: [] },
      },
    });
    renderScreen(<ShipmentHistoryTab />, { user: annAtAcme(), route: '/dashboard?tab=history' });
    const list = within(await screen.findByRole('table', { name: 'Uploads list' }));
    const row = within(list.getByTestId(`upload-${UPLOAD_ID}`));
    // Sent by the source, not by a person: the source's tag, and its name as the sender.
    expect(row.getAllByText('ShipStation')).toHaveLength(2);
    expect(row.getByText('ShipStation', { selector: '[data-source="SHIPSTATION"]' })).toBeTruthy();
    fireEvent.click(list.getByRole('button', { name: 'Results of ShipStation' }));
    const results = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    expect((await results.findByTestId('results-source')).textContent).toBe('Sent by ShipStation');
  });
});
