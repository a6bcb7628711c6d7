import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { summary } from '../test/uploads';
import {
  nextPollDelay,
  POLL_FIRST_MS,
  POLL_MAX_MS,
  type UploadRowView,
  type UploadSummary,
} from './resultsApi';
import { UploadResultsView } from './UploadResultsView';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const base: UploadSummary = summary({
  uploadId: 'up-9',
  filename: 'week48.csv',
  source: 'UPLOAD',
  totalRows: 3,
  validRows: 3,
  shipments: 3,
  success: 1,
  failed: 2,
  retryable: 2,
  byStatus: { SUCCESS: 1, FAILED: 2 },
});

const failedRow = (row: number): UploadRowView => ({
  row,
  status: 'FAILED',
  orderId: `bo_order${row}abcd`,
  displayId: `#ORDER${row}ABCD`,
  trackingNumber: `1Z999AA1012345678${row}`,
  carrier: 'UPS',
  reason: 'Faire refused the shipment',
  duplicate: false,
  shipmentId: `s${row}`,
  retryable: true,
  waitingOnFaire: false,
  nextRetryAt: null,
  nextRetryInSeconds: null,
  lastFault: null,
});

describe('UploadResultsView: Retry all failed', () => {
  it('retries every retryable row of the upload in one call, says so, and reads the upload again', async () => {
    let retried = false;
    const fetch = mockApi({
      'GET /api/shipments/uploads/up-9': () => ({
        body: retried
          ? { ...base, failed: 0, retryable: 0, pending: 2, done: false, state: 'IN_PROGRESS' }
          : base,
      }),
      'GET /api/shipments/uploads/up-9/rows?status=ISSUES&limit=1000': () => ({
        body: { total: 2, rows: [failedRow(3), failedRow(4)] },
      }),
      'POST /api/shipments/uploads/up-9/retry-failed': () => {
        retried = true;
        return { body: { retried: 2 } };
      },
    });
    renderScreen(<UploadResultsView uploadId="up-9" fileName="week48.csv" onClose={() => {}} />, {
      user: annAtAcme(),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    await dialog.findByTestId('issue-row-3');
    expect(dialog.getByTestId('fix-and-resend').textContent).toContain('never sent to Faire twice');
    fireEvent.click(dialog.getByRole('button', { name: 'Retry all failed' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Retrying failed rows',
        description: '2 rows sent to Faire again',
        variant: 'success',
      }),
    );
    const posts = fetch.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => url);
    expect(posts).toEqual(['/api/shipments/uploads/up-9/retry-failed']);
    // The summary is read again: nothing is left to retry, so the button goes away.
    await waitFor(() => expect(dialog.queryByRole('button', { name: 'Retry all failed' })).toBeNull());
  });

  it('offers no retry when no failed row can be retried', async () => {
    mockApi({
      'GET /api/shipments/uploads/up-9': { body: { ...base, retryable: 0 } },
      'GET /api/shipments/uploads/up-9/rows?status=ISSUES&limit=1000': {
        body: { total: 2, rows: [failedRow(3), failedRow(4)] },
      },
    });
    renderScreen(<UploadResultsView uploadId="up-9" fileName="week48.csv" onClose={() => {}} />, {
      user: annAtAcme(),
    });
    const dialog = within(await screen.findByRole('dialog', { name: 'Upload Results' }));
    await dialog.findByTestId('issue-row-3');
    expect(dialog.getByRole('link', { name: 'Download failed rows' })).toBeTruthy();
    expect(dialog.queryByRole('button', { name: 'Retry all failed' })).toBeNull();
  });
});

describe('nextPollDelay: polling with backoff while rows are in flight', () => {
  it('starts at 1 s, slows by half again while nothing changes, caps at 8 s, and is quick again on a change', () => {
    const delays: number[] = [];
    let d: number | null = null;
    for (let i = 0; i < 8; i++) delays.push((d = nextPollDelay(d, false)));
    expect(delays).toEqual([1000, 1500, 2250, 3375, 5063, 7595, 8000, 8000]);
    expect(delays[0]).toBe(POLL_FIRST_MS);
    expect(Math.max(...delays)).toBe(POLL_MAX_MS);
    expect(nextPollDelay(8000, true)).toBe(POLL_FIRST_MS);
  });
});
