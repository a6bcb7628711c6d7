import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { issue, summary } from '../test/uploads';
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

describe('UploadTab', () => {
  it('shows the drop zone, the required columns, the order ID note and the template link', () => {
    mockApi({});
    renderScreen(<UploadTab />, { user: annAtAcme() });
    expect(screen.getByTestId('csv-dropzone')).toBeTruthy();
    const list = within(screen.getByRole('list', { name: 'Required columns' }));
    for (const c of ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost']) {
      expect(list.getByText(c)).toBeTruthy();
    }
    expect(screen.getByText('bo_abc12345de')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download Sample CSV Template' })).toBeTruthy();
  });

  it("refuses a file that is not .csv with 'Invalid file type'", () => {
    const fetch = mockApi({});
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(new File(['x'], 'shipments.xlsx'));
    expect(toast).toHaveBeenCalledWith({
      title: 'Invalid file type',
      description: 'Please select a CSV file',
      variant: 'destructive',
    });
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it("refuses a file over 10MB with 'File too large'", () => {
    mockApi({});
    renderScreen(<UploadTab />, { user: annAtAcme() });
    const big = csvFile('x');
    Object.defineProperty(big, 'size', { value: 10 * 1024 * 1024 + 1 });
    choose(big);
    expect(toast).toHaveBeenCalledWith({
      title: 'File too large',
      description: 'File size must be less than 10MB',
      variant: 'destructive',
    });
  });

  it("says 'CSV validation failed' for a file without data rows", async () => {
    mockApi({});
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(csvFile(HEADER));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'CSV validation failed',
        description: 'The file has no data rows',
        variant: 'destructive',
      }),
    );
  });

  it("says 'CSV validation failed' for a header over the column limit, without calling the server", async () => {
    const fetch = mockApi({});
    renderScreen(<UploadTab />, { user: annAtAcme() });
    const header = Array.from({ length: 101 }, (_, i) => `c${i}`).join(',');
    choose(csvFile(`${header}\n${'x,'.repeat(100)}x\n`));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'CSV validation failed',
        description: 'The header row has 101 columns; at most 100 are allowed',
        variant: 'destructive',
      }),
    );
    // The tab's own reads may go out; the file is never sent.
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
  });

  it('reviews a small file and processes its valid rows as JSON (Reading B)', async () => {
    const fetch = mockApi({
      'POST /api/shipments/process': {
        body: {
          uploadId: 'u1',
          results: [
            {
              orderId: 'bo_abc12345de',
              trackingNumber: '1Z999AA10123456784',
              status: 'SUCCESS',
              error: null,
            },
            {
              orderId: 'bo_xyz98765ab',
              trackingNumber: '986578788855',
              status: 'ORDER_NOT_FOUND',
              error: 'Order not found',
            },
          ],
        },
      },
      // The row with errors was stored with the upload: the server counts and lists it.
      'GET /api/shipments/uploads/u1': {
        body: summary({ uploadId: 'u1', totalRows: 3, invalidRows: 1, success: 1, failed: 2, retryable: 1 }),
      },
      'GET /api/shipments/uploads/u1/rows?status=ISSUES&limit=1000': {
        body: {
          total: 2,
          rows: [
            issue({ row: 3, status: 'ORDER_NOT_FOUND', reason: 'Order not found' }),
            issue({
              row: 4,
              status: 'INVALID',
              orderId: 'bo_x',
              trackingNumber: '',
              reason: 'Order ID too short',
              shipmentId: null,
              retryable: false,
            }),
          ],
        },
      },
    });
    const { queryClient } = renderScreen(<UploadTab />, { user: annAtAcme() });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    choose(
      csvFile(
        HEADER +
          'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n' +
          'XYZ98765AB,986578788855,FedEx,11/20/2026,$1.05\n' +
          'bo_x,,UPS,2026-11-20,1\n',
      ),
    );
    const dialog = within(await screen.findByRole('dialog'));
    expect(dialog.getByText('Review Shipment Data')).toBeTruthy();
    expect(dialog.getByTestId('review-valid').textContent).toBe('2');
    expect(dialog.getByTestId('review-issues').textContent).toBe('1');
    fireEvent.click(dialog.getByRole('button', { name: 'Process Shipments' }));
    await waitFor(() => expect(screen.queryByText('Review Shipment Data')).toBeNull());
    expect(sentBodies(fetch, 'POST /api/shipments/process')).toEqual([
      {
        fileName: 'shipments.csv',
        // 11/20/2026 can only be month first: the company's next file is read so when it does not say.
        dateOrder: 'month-first',
        // How the file was written, and each row's cells as written: its failed rows go back to the
        // brand as their own file (decision 0032).
        layout: {
          bom: false,
          header: JSON.stringify(['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost']),
          lineEnding: '\n',
          delimiter: ',',
          encoding: 'utf-8',
        },
        shipments: [
          {
            row: 2,
            orderId: 'bo_abc12345de',
            trackingNumber: '1Z999AA10123456784',
            carrier: 'UPS',
            shipDate: '2026-11-20T00:00:00.000Z',
            shippingCost: 1250,
            cells: JSON.stringify(['bo_abc12345de', '1Z999AA10123456784', 'UPS', '2026-11-20', '12.50']),
          },
          {
            row: 3,
            orderId: 'bo_xyz98765ab',
            trackingNumber: '986578788855',
            carrier: 'FEDEX',
            shipDate: '2026-11-20T00:00:00.000Z',
            shippingCost: 105,
            cells: JSON.stringify(['XYZ98765AB', '986578788855', 'FedEx', '11/20/2026', '$1.05']),
          },
        ],
        // The row with errors goes too, never to Faire: stored with the upload, so its results and
        // failed rows file have it with the review's words.
        invalidRows: [
          {
            row: 4,
            error: expect.stringContaining('Order ID too short'),
            orderId: 'bo_x',
            trackingNumber: '',
            carrier: 'UPS',
            shipDate: '2026-11-20',
            shippingCost: '1',
            cells: JSON.stringify(['bo_x', '', 'UPS', '2026-11-20', '1']),
          },
        ],
      },
    ]);
    // Anything failed: the spec's toast in the error colour, the row not sent (it had errors) counted
    // as failed like in the results view, where the detail lives.
    expect(toast).toHaveBeenCalledWith({
      title: 'Shipments processed',
      description: '1 successful, 2 failed',
      variant: 'destructive',
    });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['shipments'] });
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['/api/analytics/stats'] });
    const results = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    // The row not sent (row 4, it had errors, listed by the server) and the row Faire refused (row 3).
    await results.findByTestId('issue-row-3');
    const listed = results.getAllByTestId(/^issue-row-/).map((el) => el.getAttribute('data-testid'));
    expect(listed).toEqual(['issue-row-3', 'issue-row-4']);
    expect(results.getByTestId('issue-row-3').textContent).toContain('Order not found');
    expect(results.getByTestId('issue-row-4').textContent).toContain('Order ID too short');
    expect(results.getByTestId('progress-failed').textContent).toBe('2');
  });

  it("keeps the review open with 'Processing failed' when the call fails", async () => {
    mockApi({ 'POST /api/shipments/process': { status: 503, body: { message: 'Faire is unavailable' } } });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(csvFile(HEADER + 'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n'));
    fireEvent.click(await screen.findByRole('button', { name: 'Process Shipments' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Processing failed',
        description: 'Faire is unavailable',
        variant: 'destructive',
      }),
    );
    expect(screen.getByText('Review Shipment Data')).toBeTruthy();
  });

  it('maps columns, uploads the file with the mapping (Reading A) and shows live results', async () => {
    let polls = 0;
    let sawFirstState!: () => void;
    const firstStateSeen = new Promise<void>((resolve) => (sawFirstState = resolve));
    const live = (pending: number) =>
      summary({
        uploadId: 'up-1',
        filename: 'export.csv',
        source: 'UPLOAD',
        totalRows: 2,
        validRows: 1,
        invalidRows: 1,
        shipments: 1,
        pending,
        success: 1 - pending,
        failed: 1,
        byStatus: pending ? { PENDING: 1, INVALID: 1 } : { SUCCESS: 1, INVALID: 1 },
        waitingOnFaire: pending,
        nextRetryInSeconds: pending ? 40 : null,
        done: pending === 0,
        state: pending ? 'IN_PROGRESS' : 'DONE',
      });
    const fetch = mockApi({
      'POST /api/shipments/upload': {
        body: {
          uploadId: 'up-1',
          filename: 'export.csv',
          totalRows: 2,
          validRows: 1,
          invalidRows: 1,
          duplicateRows: 0,
          queued: 1,
          encoding: 'utf-8',
          preview: { valid: [], invalid: [] },
        },
      },
      // Held until the test saw the first poll's state (under load it came first: the row was gone).
      'GET /api/shipments/uploads/up-1': async () => {
        if (polls > 0) await firstStateSeen;
        return { body: live(polls++ === 0 ? 1 : 0) };
      },
      'GET /api/shipments/uploads/up-1/rows?status=ISSUES&limit=1000': () => ({
        body: {
          total: polls <= 1 ? 2 : 1,
          rows: [
            issue({
              row: 3,
              status: 'INVALID',
              orderId: 'bo_x',
              displayId: '#X',
              trackingNumber: '',
              reason: 'Order ID too short; Empty tracking number',
              retryable: false,
            }),
            ...(polls <= 1
              ? [
                  issue({
                    row: 2,
                    status: 'PENDING',
                    reason: 'Still sending: Faire is having trouble (last: 503, next try in 40 s)',
                    waitingOnFaire: true,
                    nextRetryInSeconds: 40,
                    lastFault: '503',
                    retryable: false,
                  }),
                ]
              : []),
          ],
        },
      }),
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      csvFile(
        'PO Number,AWB,Courier,Date Shipped,shipping_cost\n' +
          'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n' +
          'bo_x,,UPS,2026-11-20,1\n',
        'export.csv',
      ),
    );
    expect(await screen.findByText('Map Your CSV Columns')).toBeTruthy();
    fireEvent.change(screen.getByTestId('mapping-order_id'), { target: { value: 'po number' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    fireEvent.click(review.getByRole('button', { name: 'Process Shipments' }));
    const results = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    const form = fetch.mock.calls.find(([url]) => url === '/api/shipments/upload')?.[1]?.body as FormData;
    expect((form.get('csv') as File).name).toBe('export.csv');
    expect(JSON.parse(form.get('columnMapping') as string)).toEqual({
      'po number': 'order_id',
      awb: 'tracking_number',
      courier: 'carrier',
      'date shipped': 'ship_date',
    });
    expect(toast).toHaveBeenCalledWith({
      title: 'CSV uploaded successfully',
      description: '1 valid rows found, 1 with issues',
      variant: 'success',
    });
    expect((await results.findByTestId('issue-row-3')).textContent).toContain(
      'Order ID too short; Empty tracking number',
    );
    expect((await results.findByTestId('progress-pending')).textContent).toBe('1');
    // Counted down from the poll's 40 s: a loaded machine renders it a second or more after the poll.
    const waiting = /Still sending: Faire is having trouble \(last: 503, next try in (\d+) s\)/.exec(
      (await results.findByTestId('issue-row-2')).textContent ?? '',
    );
    expect(Number(waiting?.[1])).toBeGreaterThan(30);
    expect(Number(waiting?.[1])).toBeLessThanOrEqual(40);
    expect(await results.findByTestId('waiting-on-faire')).toBeTruthy();
    sawFirstState();
    // Polled again without a reload: the waiting row turned SUCCESS and left the list.
    expect(await results.findByText('Processing complete', undefined, { timeout: 4000 })).toBeTruthy();
    expect(results.getByTestId('progress-success').textContent).toBe('1');
    await waitFor(() => expect(results.queryByTestId('issue-row-2')).toBeNull());
    expect(results.getByRole('link', { name: 'Download failed rows' }).getAttribute('href')).toBe(
      '/api/shipments/uploads/up-1/failed.csv',
    );
    expect(results.getByText(/Uploading the whole\s+file again is safe/)).toBeTruthy();
    fireEvent.click(results.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByText('Upload Results')).toBeNull());
  });
});
