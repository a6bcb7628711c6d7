import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../auth/useCurrentUser';
import { mockApi } from '../test/fetchMock';
import { ann } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { AdminPage } from './AdminPage';
import type { AdminFaireConnection, AdminUser } from './api';
import { sharedBrands } from './BrandConflict';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const root: CurrentUser = { ...ann, id: 'root', name: 'Rita Root', email: 'root@ops.test', isAdmin: true };

const juniper = (brandShared: boolean): AdminFaireConnection => ({
  brandId: 'b_d8k3m2qz',
  brandName: 'Juniper & Pine Candle Co.',
  status: 'CONNECTED',
  currency: 'USD',
  connectedByName: 'Ann',
  brandShared,
});

function user(
  id: string,
  companyId: string | null,
  companyName: string | null,
  c: AdminFaireConnection | null,
) {
  return {
    id,
    name: id.toUpperCase(),
    email: `${id}@example.com`,
    hasFaireToken: c !== null,
    isAdmin: false,
    companyName,
    companyId,
    faireConnection: c,
    lastSignInAt: null,
  } satisfies AdminUser;
}

/** Acme (two members) and Birch both hold Juniper & Pine; Cedar holds nothing. */
const sharedUsers = (): AdminUser[] => [
  user('ann', 'c-acme', 'Acme', juniper(true)),
  user('abe', 'c-acme', 'Acme', juniper(true)),
  user('bea', 'c-birch', 'Birch', juniper(true)),
  user('cy', 'c-cedar', 'Cedar', null),
];

/** The panel's routes; `users` is read again after each change. */
function panelApi(
  users: () => AdminUser[],
  release: (init: RequestInit | undefined) => { status?: number; body?: unknown },
) {
  return mockApi({
    'GET /api/admin/config': { body: null },
    'GET /api/admin/users': () => ({ body: users() }),
    'GET /api/admin/stats': { status: 500, body: { message: 'not in this test' } },
    'GET /api/admin/activity?page=1&limit=10': { body: { items: [], total: 0 } },
    'DELETE /api/admin/companies/c-birch/faire-connection': release,
  });
}

describe('sharedBrands', () => {
  it('lists each company holding a shared brand once, grouped by brand', () => {
    const groups = [...sharedBrands(sharedUsers()).values()];
    expect(groups).toEqual([
      [
        { companyId: 'c-acme', companyName: 'Acme', brandName: 'Juniper & Pine Candle Co.' },
        { companyId: 'c-birch', companyName: 'Birch', brandName: 'Juniper & Pine Candle Co.' },
      ],
    ]);
    expect(sharedBrands([user('x', 'c1', 'Solo', juniper(false))]).size).toBe(0);
  });
});

describe('a brand held by two companies, in User Management', () => {
  it('marks the companies, says which brand and which companies, and leaves the others alone', async () => {
    panelApi(sharedUsers, () => ({ body: { ok: true } }));
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'User Management' });
    const notice = await within(card).findByTestId('shared-brand-notice');
    expect(notice.textContent).toContain('A Faire brand is connected to more than one company');
    expect(notice.textContent).toContain('Juniper & Pine Candle Co.: Acme, Birch');
    for (const id of ['ann', 'abe', 'bea']) {
      const row = within(card).getByTestId(`user-${id}`);
      expect(within(row).getByText('Brand also held by another company')).toBeTruthy();
      expect(within(row).getByRole('button', { name: 'Release connection' })).toBeTruthy();
    }
    const cedar = within(card).getByTestId('user-cy');
    expect(within(cedar).queryByTestId('shared-brand-mark')).toBeNull();
    expect(within(cedar).queryByRole('button', { name: 'Release connection' })).toBeNull();
  });

  it('asks before releasing; Cancel sends nothing', async () => {
    const fetch = panelApi(sharedUsers, () => ({ body: { ok: true } }));
    renderScreen(<AdminPage />, { user: root });
    const row = await screen.findByTestId('user-bea');
    fireEvent.click(within(row).getByRole('button', { name: 'Release connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release Faire connection?' });
    expect(dialog.textContent).toContain('Birch will no longer be connected to Juniper & Pine Candle Co.');
    expect(dialog.textContent).toContain('Shipments already created stay on Faire.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toEqual([]);
  });

  it('releases the chosen company on confirmation; the list read again has no mark left', async () => {
    let users = sharedUsers();
    const fetch = panelApi(
      () => users,
      () => {
        users = [
          user('ann', 'c-acme', 'Acme', juniper(false)),
          user('abe', 'c-acme', 'Acme', juniper(false)),
          user('bea', 'c-birch', 'Birch', null),
          user('cy', 'c-cedar', 'Cedar', null),
        ];
        return { body: { ok: true } };
      },
    );
    renderScreen(<AdminPage />, { user: root });
    const row = await screen.findByTestId('user-bea');
    fireEvent.click(within(row).getByRole('button', { name: 'Release connection' }));
    const dialog = await screen.findByRole('dialog', { name: 'Release Faire connection?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release connection' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Connection released',
        description: 'Birch is no longer connected to Juniper & Pine Candle Co.',
        variant: 'success',
      }),
    );
    const deletes = fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE');
    expect(deletes.map(([url]) => url)).toEqual(['/api/admin/companies/c-birch/faire-connection']);
    await waitFor(() => expect(screen.queryByTestId('shared-brand-notice')).toBeNull());
    expect(screen.queryAllByTestId('shared-brand-mark')).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      within(screen.getByTestId('user-ann')).getByText('Acme · Faire: Juniper & Pine Candle Co.'),
    ).toBeTruthy();
  });

  it("keeps the dialog open and shows the server's reason when the release fails", async () => {
    panelApi(sharedUsers, () => ({
      status: 502,
      body: { message: 'Faire could not be reached; try again.' },
    }));
    renderScreen(<AdminPage />, { user: root });
    fireEvent.click(
      within(await screen.findByTestId('user-bea')).getByRole('button', { name: 'Release connection' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Release Faire connection?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release connection' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Failed to release connection',
        description: 'Faire could not be reached; try again.',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('dialog', { name: 'Release Faire connection?' })).toBeTruthy();
    expect(screen.getAllByTestId('shared-brand-mark')).toHaveLength(3);
  });
});
