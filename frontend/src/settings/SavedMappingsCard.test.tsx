import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../test/fetchMock';
import { annAtAcme } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { SavedMappingsCard } from './SavedMappingsCard';

afterEach(() => vi.unstubAllGlobals());

describe('SavedMappingsCard', () => {
  it("lists the company's saved mappings and deletes one", async () => {
    let deleted = false;
    const fetch = mockApi({
      'GET /api/column-mappings': () => ({
        body: {
          mappings: deleted
            ? []
            : [
                {
                  id: 'm1',
                  fingerprint: 'h1-0000000000000000',
                  headers: ['awb', 'courier', 'date shipped', 'po number', 'shipping_cost'],
                  mapping: {
                    'po number': 'order_id',
                    awb: 'tracking_number',
                    courier: 'carrier',
                    'date shipped': 'ship_date',
                  },
                  createdAt: '2026-11-20T00:00:00.000Z',
                  lastUsedAt: '2026-11-21T00:00:00.000Z',
                },
              ],
        },
      }),
      'DELETE /api/column-mappings/m1': () => {
        deleted = true;
        return { body: { ok: true } };
      },
    });
    renderScreen(<SavedMappingsCard />, { user: annAtAcme() });
    const item = within(await screen.findByTestId('saved-mapping-m1'));
    expect(item.getByText('po number → Order ID')).toBeTruthy();
    expect(item.getByText('awb → Tracking number')).toBeTruthy();
    fireEvent.click(item.getByRole('button', { name: 'Delete saved mapping' }));
    await waitFor(() => expect(screen.queryByTestId('saved-mapping-m1')).toBeNull());
    expect(screen.getByText(/No saved mappings yet/)).toBeTruthy();
    expect(
      fetch.mock.calls.some(([url, init]) => url === '/api/column-mappings/m1' && init?.method === 'DELETE'),
    ).toBe(true);
  });
});
