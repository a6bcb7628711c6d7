import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Schema } from '../api/schema';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { UploadTab } from './UploadTab';

beforeEach(() => {
  toast.mockClear();
  vi.stubGlobal('Worker', undefined);
});
afterEach(() => vi.unstubAllGlobals());

const HEADER = 'order_id,tracking_number,carrier,ship_date,shipping_cost\n';
const choose = (text: string) =>
  fireEvent.change(screen.getByTestId('csv-file-input'), {
    target: { files: [new File([text], 'shipments.csv', { type: 'text/csv' })] },
  });

type Check = Schema<'OrderCheckRowView'>;
const row = (orderId: string, trackingNumber: string, over: Partial<Check> = {}): Check => ({
  orderId,
  trackingNumber,
  known: true,
  checked: 'STORED',
  state: 'PROCESSING',
  trackingAlreadyThere: false,
  cannotSucceed: false,
  warning: null,
  ...over,
});
const NOT_SYNCED = 'Not synced yet: checked on Faire when you press Process.';
const unsynced = (orderId: string, trackingNumber: string) =>
  row(orderId, trackingNumber, { known: false, checked: 'NOT_CHECKED', state: null, warning: NOT_SYNCED });

/** Issue 34: an order the sync has not stored is asked of Faire before the review calls it hopeless. */
describe('UploadTab: orders not synced yet', () => {
  it('says "not synced yet" while it asks Faire, then shows what Faire answered', async () => {
    let answer!: (v: { body: unknown }) => void;
    const looked = new Promise<{ body: unknown }>((resolve) => (answer = resolve));
    const fetch = mockApi({
      'POST /api/shipments/order-check': (init) => {
        const body = JSON.parse(init?.body as string) as { lookUp?: boolean };
        if (body.lookUp) return looked;
        return {
          body: {
            lastSyncAt: '2026-11-25T10:00:00.000Z',
            rows: [
              row('bo_abc12345de', '1Z999AA10123456784'),
              unsynced('bo_new1234567', '1Z999AA10123456791'),
              unsynced('bo_gone123456', '1Z999AA10123456805'),
            ],
          },
        };
      },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(
      HEADER +
        'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,12.50\n' +
        'bo_new1234567,1Z999AA10123456791,UPS,2026-11-20,12.50\n' +
        'bo_gone123456,1Z999AA10123456805,UPS,2026-11-20,12.50\n',
    );
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    const warning = (n: number) =>
      within(review.getByTestId(`review-row-${n}`)).queryByTestId('order-check-warning');
    await waitFor(() => expect(warning(3)?.getAttribute('data-looking')).toBe('true'));
    // While Faire is asked: not synced yet, never "cannot succeed".
    expect(warning(3)?.textContent).toBe(NOT_SYNCED);
    expect(warning(4)?.textContent).toBe(NOT_SYNCED);
    expect(review.getByTestId('order-check-looking').textContent).toBe(
      'Checking 2 orders not synced yet on Faire…',
    );
    expect(review.queryByTestId('order-check-flagged')).toBeNull();
    // Only the unsynced orders' rows are asked of Faire, in one call.
    expect(sentBodies(fetch, 'POST /api/shipments/order-check').at(-1)).toEqual({
      rows: [
        { orderId: 'bo_new1234567', trackingNumber: '1Z999AA10123456791' },
        { orderId: 'bo_gone123456', trackingNumber: '1Z999AA10123456805' },
      ],
      lookUp: true,
    });

    answer({
      body: {
        lastSyncAt: '2026-11-25T10:00:00.000Z',
        rows: [
          row('bo_new1234567', '1Z999AA10123456791', { checked: 'FOUND_ON_FAIRE' }),
          row('bo_gone123456', '1Z999AA10123456805', {
            known: false,
            checked: 'NOT_ON_FAIRE',
            state: null,
            cannotSucceed: true,
            warning:
              'Not among your Faire orders: Faire has no such order for your brand. Check the order ID.',
          }),
        ],
      },
    });
    await waitFor(() =>
      expect(review.getByTestId('order-check-flagged').textContent).toBe(
        '1 row cannot succeed as things stand',
      ),
    );
    expect(warning(3)).toBeNull();
    expect(within(review.getByTestId('review-row-3')).getByTestId('order-state').textContent).toBe(
      'PROCESSING on Faire',
    );
    expect(warning(4)?.textContent).toMatch(/^Not among your Faire orders: Faire has no such order/);
    expect(review.queryByTestId('order-check-looking')).toBeNull();
  });

  it('asks Faire about at most 10 orders a call, one call after the other', async () => {
    const ids = Array.from({ length: 12 }, (_, i) => `bo_lookup${String(i).padStart(4, '0')}`);
    const tracking = (i: number) => `1Z999AA1${String(1000000000 + i)}`;
    const fetch = mockApi({
      'POST /api/shipments/order-check': (init) => {
        const body = JSON.parse(init?.body as string) as {
          rows: { orderId: string; trackingNumber: string }[];
          lookUp?: boolean;
        };
        return {
          body: {
            lastSyncAt: null,
            rows: body.rows.map((r) =>
              body.lookUp
                ? row(r.orderId, r.trackingNumber, { checked: 'FOUND_ON_FAIRE' })
                : unsynced(r.orderId, r.trackingNumber),
            ),
          },
        };
      },
    });
    renderScreen(<UploadTab />, { user: annAtAcme() });
    choose(HEADER + ids.map((id, i) => `${id},${tracking(i)},UPS,2026-11-20,1.00\n`).join(''));
    const review = within(await screen.findByRole('dialog', { name: 'Review Shipment Data' }));
    await waitFor(() => expect(review.queryAllByTestId('order-check-warning')).toHaveLength(0));
    const calls = sentBodies(fetch, 'POST /api/shipments/order-check') as {
      rows: unknown[];
      lookUp?: boolean;
    }[];
    expect(calls.map((c) => [c.rows.length, !!c.lookUp])).toEqual([
      [12, false],
      [10, true],
      [2, true],
    ]);
  });
});
