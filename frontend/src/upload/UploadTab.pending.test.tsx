import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { headerFingerprint } from '@portal/shipment-rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import type { UploadSummary } from './resultsApi';
import { UploadTab } from './UploadTab';
import { toast } from '../test/toasts';

beforeEach(() => {
  toast.mockClear();
  vi.stubGlobal('Worker', undefined);
});
afterEach(() => vi.unstubAllGlobals());

const HEADER = 'order_id,tracking_number,carrier,ship_date,shipping_cost\n';
const csvFile = (text: string, name = 'shipments.csv') => new File([text], name, { type: 'text/csv' });
const choose = (file: File) =>
  fireEvent.change(screen.getByTestId('csv-file-input'), { target: { files: [file] } });

const pendingSummary: UploadSummary = {
  uploadId: 'u-slow',
  filename: 'slow.csv',
  source: 'PROCESS',
  createdAt: '2026-11-25T10:00:00.000Z',
  uploadedBy: 'Ann',
  totalRows: 1,
  validRows: 1,
  invalidRows: 0,
  duplicateRows: 0,
  shipments: 1,
  staged: 0,
  success: 0,
  failed: 0,
  pending: 1,
  retryable: 0,
  byStatus: { PENDING: 1 },
  waitingOnFaire: 1,
  nextRetryAt: null,
  nextRetryInSeconds: 30,
  lastFault: null,
  done: false,
  state: 'IN_PROGRESS',
};

/** Issue 22: pending is pending, and an inline fix keeps the file's layout remembered. */
describe('UploadTab: rows still sending, and the layout of a fixed file', () => {
  it('says a row waiting for Faire is still sending, never failed, in the toast and in the results', async () => {
    mockApi({
      'POST /api/shipments/process': {
        body: {
          uploadId: 'u-slow',
          // Whatever words the row carries, PENDING is pending.
          results: [
            {
              orderId: 'bo_abc12345de',
              trackingNumber: '1Z999AA10123456784',
              status: 'PENDING',
              error: 'Still sending: Faire is having trouble (last: 503, next try in 4 min)',
            },
          ],
        },
      },
      'GET /api/shipments/uploads/u-slow': { body: pendingSummary },
      'GET /api/shipments/uploads/u-slow/rows?status=ISSUES&limit=1000': { body: { total: 0, rows: [] } },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(csvFile(HEADER + 'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n', 'slow.csv'));
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    fireEvent.click(review.getByRole('button', { name: 'Process Shipments' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Shipments processed',
        description: '1 still sending: Faire is slow, we keep trying',
        variant: 'default',
      }),
    );
    const results = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    expect((await results.findByTestId('progress-pending')).textContent).toBe('1');
    expect(results.getByTestId('progress-failed').textContent).toBe('0');
    expect(results.queryByTestId('fix-and-resend')).toBeNull();
  });

  it('remembers the mapping of a file fixed in the review: headers and mapping go with the rows', async () => {
    const headers = ['po number', 'awb', 'courier', 'date shipped', 'freight'];
    const mapping = {
      'po number': 'order_id',
      awb: 'tracking_number',
      courier: 'carrier',
      'date shipped': 'ship_date',
    };
    const fetch = mockApi({
      'GET /api/column-mappings': {
        body: {
          mappings: [
            {
              id: 'm1',
              fingerprint: headerFingerprint(headers),
              headers,
              mapping,
              createdAt: '2026-11-20T00:00:00.000Z',
              lastUsedAt: '2026-11-20T00:00:00.000Z',
            },
          ],
        },
      },
      'POST /api/shipments/process': { body: { results: [] } },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      csvFile(
        'PO Number,AWB,Courier,Date Shipped,Freight\n' +
          'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n' +
          'bo_xyz98765ab,1Z999AA10123456785,UPS,2026-11-20,abc\n',
        'export.csv',
      ),
    );
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    expect(review.getByTestId('review-file-note').textContent).toBe(
      'Shipping cost was read from the "Freight" column',
    );
    fireEvent.click(review.getByRole('button', { name: 'Fix row 3' }));
    fireEvent.change(within(review.getByTestId('row-editor-3')).getByTestId('fix-shipping_cost'), {
      target: { value: '4.20' },
    });
    fireEvent.click(within(review.getByTestId('row-editor-3')).getByRole('button', { name: 'Save' }));
    expect(review.getByTestId('review-issues').textContent).toBe('0');
    fireEvent.click(review.getByRole('button', { name: 'Process Shipments' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/shipments/process')).toHaveLength(1));
    const body = sentBodies(fetch, 'POST /api/shipments/process')[0] as Record<string, unknown>;
    expect(body.headers).toEqual(headers);
    expect(body.columnMapping).toEqual(mapping);
    expect((body.shipments as unknown[]).length).toBe(2);
  });
});
