import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { headerFingerprint } from '@portal/shipment-rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
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

/** Issue 14: no dead end without a connection, fix in place, remembered mappings, know before you send. */
describe('UploadTab: before sending', () => {
  it('says there is no working Faire connection, who can fix it, and takes no file', async () => {
    const reason =
      'Your company has no working Faire connection, so shipments cannot be created. A company admin can connect Faire in Settings.';
    const fetch = mockApi({
      'GET /api/shipments/uploads/readiness': { body: { canProcess: false, reason } },
    });
    const { location } = renderScreen(<UploadTab />, { user: annAtAcme() });
    const alert = await screen.findByTestId('no-connection');
    expect(alert.textContent).toContain('No working Faire connection');
    expect(alert.textContent).toContain(reason);
    expect(screen.getByTestId('csv-dropzone').getAttribute('aria-disabled')).toBe('true');
    choose(csvFile(HEADER + 'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n'));
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByText('Review Shipment Data')).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'POST')).toEqual([]);
    fireEvent.click(within(alert).getByRole('button', { name: 'Open Settings' }));
    expect(location()).toContain('tab=settings');
  });

  it("reads a European file's costs in the brand's currency: £ read with a note, € refused saying why, the fix re-read in it", async () => {
    const fetch = mockApi({
      'GET /api/faire/connection': {
        body: {
          status: 'CONNECTED',
          canManage: true,
          brandId: 'b_thistle',
          brandName: 'Thistle & Rye',
          currency: 'GBP',
          authMode: 'OAUTH',
          connectedAt: '2026-11-01T00:00:00Z',
          connectedByName: 'Ann',
          lastError: null,
        },
      },
      'POST /api/shipments/process': { body: { results: [] } },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      csvFile(
        'order_id;tracking_number;carrier;ship_date;shipping_cost\n' +
          'bo_abc12345de;1Z999AA10123456784;ROYAL_MAIL;20.11.2026;£4,20\n' +
          'bo_xyz98765ab;1Z999AA10123456785;UPS;Nov 20, 2026;€ 4,20\n',
      ),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    // How each cell was read is written out under the row, not hidden behind an icon.
    const notes = within(dialog.getByTestId('review-row-2'))
      .getAllByTestId('row-note')
      .map((note) => note.textContent);
    expect(notes).toEqual([
      'Ship date "20.11.2026" was read as 20 November 2026 (day first)',
      'Shipping cost "£4,20" was read as 4.20 GBP (comma as the decimal separator)',
    ]);
    expect(dialog.getByTestId('review-row-3').textContent).toContain(
      `Shipping cost "€ 4,20" is in EUR, but your Faire brand's costs are in GBP; write the cost in GBP`,
    );
    expect(dialog.getByTestId('review-issues').textContent).toBe('1');
    fireEvent.click(dialog.getByRole('button', { name: 'Fix row 3' }));
    fireEvent.change(within(dialog.getByTestId('row-editor-3')).getByTestId('fix-shipping_cost'), {
      target: { value: '£4,50' },
    });
    fireEvent.click(within(dialog.getByTestId('row-editor-3')).getByRole('button', { name: 'Save' }));
    expect(dialog.getByTestId('review-issues').textContent).toBe('0');
    fireEvent.click(dialog.getByRole('button', { name: 'Process Shipments' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/shipments/process')).toHaveLength(1));
    const body = sentBodies(fetch, 'POST /api/shipments/process')[0] as {
      shipments: { shipDate: string; shippingCost: number; carrier: string }[];
    };
    expect(body.shipments.map((r) => [r.carrier, r.shipDate, r.shippingCost])).toEqual([
      ['ROYAL_MAIL', '2026-11-20T00:00:00.000Z', 420],
      ['UPS', '2026-11-20T00:00:00.000Z', 450],
    ]);
  });

  it('fixes an invalid cell in the review: re-validated at once, counts updated, the fixed row sent', async () => {
    const fetch = mockApi({
      'POST /api/shipments/process': { body: { results: [] } },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      csvFile(
        HEADER +
          'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n' +
          'bo_xyz98765ab,,UPS,2026-11-20,abc\n',
      ),
    );
    const dialog = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    expect(dialog.getByTestId('review-issues').textContent).toBe('1');
    fireEvent.click(dialog.getByRole('button', { name: 'Fix row 3' }));
    const editor = within(dialog.getByTestId('row-editor-3'));
    fireEvent.change(editor.getByTestId('fix-tracking_number'), { target: { value: '1Z999AA10123456785' } });
    fireEvent.click(editor.getByRole('button', { name: 'Save' }));
    // Still wrong: the cost. The shared rules say so at once.
    expect(dialog.getByTestId('review-row-3').textContent).toContain('Shipping cost must be a valid number');
    expect(dialog.getByTestId('review-issues').textContent).toBe('1');
    fireEvent.click(dialog.getByRole('button', { name: 'Fix row 3' }));
    fireEvent.change(within(dialog.getByTestId('row-editor-3')).getByTestId('fix-shipping_cost'), {
      target: { value: '4.20' },
    });
    fireEvent.click(within(dialog.getByTestId('row-editor-3')).getByRole('button', { name: 'Save' }));
    expect(dialog.getByTestId('review-issues').textContent).toBe('0');
    expect(dialog.getByTestId('review-valid').textContent).toBe('2');
    fireEvent.click(dialog.getByRole('button', { name: 'Process Shipments' }));
    await waitFor(() => expect(sentBodies(fetch, 'POST /api/shipments/process')).toHaveLength(1));
    const body = sentBodies(fetch, 'POST /api/shipments/process')[0] as { shipments: { row: number }[] };
    expect(body.shipments[1]).toEqual({
      row: 3,
      orderId: 'bo_xyz98765ab',
      trackingNumber: '1Z999AA10123456785',
      carrier: 'UPS',
      shipDate: '2026-11-20T00:00:00.000Z',
      shippingCost: 420,
      // The brand's cells as written, the one fixed in the review as fixed (decision 0032).
      cells: JSON.stringify(['bo_xyz98765ab', '1Z999AA10123456785', 'UPS', '2026-11-20', '4.20']),
    });
  });

  it('applies the mapping the company saved for these headers without asking, and lets it be changed', async () => {
    const headers = ['po number', 'awb', 'courier', 'date shipped', 'shipping_cost'];
    const fetch = mockApi({
      'GET /api/column-mappings': {
        body: {
          mappings: [
            {
              id: 'm1',
              fingerprint: headerFingerprint(headers),
              headers,
              mapping: {
                'po number': 'order_id',
                awb: 'tracking_number',
                courier: 'carrier',
                'date shipped': 'ship_date',
              },
              createdAt: '2026-11-20T00:00:00.000Z',
              lastUsedAt: '2026-11-20T00:00:00.000Z',
            },
          ],
        },
      },
      'POST /api/shipments/upload': { status: 503, body: { message: 'stop here' } },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      csvFile(
        'PO Number,AWB,Courier,Date Shipped,shipping_cost\nbo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n',
        'export.csv',
      ),
    );
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    expect(screen.queryByText('Map Your CSV Columns')).toBeNull();
    expect(review.getByTestId('saved-mapping-note').textContent).toContain(
      'Using the mapping you saved for these columns · Change',
    );
    expect(review.getByTestId('review-valid').textContent).toBe('1');
    fireEvent.click(review.getByRole('button', { name: 'Process Shipments' }));
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(([url, init]) => url === '/api/shipments/upload' && init?.method === 'POST'),
      ).toBe(true),
    );
    // The server applies the saved mapping itself: the file goes without one.
    const form = fetch.mock.calls.find(([url]) => url === '/api/shipments/upload')?.[1]?.body as FormData;
    expect(form.get('columnMapping')).toBeNull();
    fireEvent.click(review.getByRole('button', { name: 'Change' }));
    expect(await screen.findByText('Map Your CSV Columns')).toBeTruthy();
    expect(screen.getByTestId<HTMLSelectElement>('mapping-order_id').value).toBe('po number');
  });

  it('shows per row what the last sync knows of the order, from one batched call, and flags rows that cannot succeed', async () => {
    const fetch = mockApi({
      'POST /api/shipments/order-check': {
        body: {
          lastSyncAt: '2026-11-25T10:00:00.000Z',
          rows: [
            {
              orderId: 'bo_abc12345de',
              trackingNumber: '1Z999AA10123456784',
              known: true,
              state: 'PROCESSING',
              trackingAlreadyThere: false,
              cannotSucceed: false,
              warning: null,
            },
            {
              orderId: 'bo_xyz98765ab',
              trackingNumber: '986578788855',
              known: false,
              state: null,
              trackingAlreadyThere: false,
              cannotSucceed: true,
              warning: 'Not among your Faire orders as of the last sync.',
            },
          ],
        },
      },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      csvFile(
        HEADER +
          'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\nXYZ98765AB,986578788855,FedEx,11/20/2026,$1.05\n',
      ),
    );
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    expect((await review.findByTestId('order-check-flagged')).textContent).toBe(
      '1 row cannot succeed as things stand',
    );
    expect(within(review.getByTestId('review-row-2')).getByTestId('order-state').textContent).toBe(
      'PROCESSING on Faire',
    );
    expect(
      within(review.getByTestId('review-row-3')).getByTestId('order-check-warning').textContent,
    ).toContain('Not among your Faire orders');
    expect(sentBodies(fetch, 'POST /api/shipments/order-check')).toEqual([
      {
        rows: [
          { orderId: 'bo_abc12345de', trackingNumber: '1Z999AA10123456784' },
          { orderId: 'bo_xyz98765ab', trackingNumber: '986578788855' },
        ],
      },
    ]);
  });
});
