import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { ApiKeysCard } from './ApiKeysCard';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const erp = {
  id: 'k1',
  name: 'Warehouse ERP',
  prefix: 'fsk_Ab3dEf9hIj',
  scopes: ['shipments:write', 'orders:read'],
  createdBy: 'ann@example.com',
  createdAt: '2026-12-01T10:00:00Z',
  lastUsedAt: null,
  lastUsedFrom: null,
};

describe('ApiKeysCard', () => {
  it('creates a key, shows it once, and revokes a key after confirming', async () => {
    let keys = [erp];
    const made = { ...erp, id: 'k2', name: 'Zapier', key: 'fsk_Zz9yXx8wVv_secretpartofthekey' };
    const fetch = mockApi({
      'GET /api/company/api-keys': () => ({ body: { keys, limit: 25, canManage: true } }),
      'POST /api/company/api-keys': () => {
        keys = [...keys, { ...made, key: undefined } as unknown as typeof erp];
        return { status: 201, body: made };
      },
      'DELETE /api/company/api-keys/k1': () => {
        keys = keys.filter((k) => k.id !== 'k1');
        return { body: { ok: true } };
      },
    });
    renderScreen(<ApiKeysCard />, { user: annAtAcme() });
    const row = within(await screen.findByTestId('api-key-k1'));
    expect(row.getByText('Warehouse ERP')).toBeTruthy();
    expect(row.getByText('Send shipments')).toBeTruthy();
    expect(row.getByText(/never used/)).toBeTruthy();
    expect(screen.queryByText(made.key)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Create key' }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.change(dialog.getByLabelText(/Name/), { target: { value: '  Zapier ' } });
    fireEvent.click(dialog.getByLabelText('Read open orders'));
    fireEvent.click(dialog.getByRole('button', { name: 'Create key' }));
    expect((await screen.findByTestId('new-api-key')).textContent).toBe(made.key);
    expect(sentBodies(fetch, 'POST /api/company/api-keys')).toEqual([
      { name: 'Zapier', scopes: ['shipments:write', 'shipments:read'] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByTestId('api-key-k2')).toBeTruthy();
    expect(screen.queryByText(made.key)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Revoke Warehouse ERP' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Revoke Warehouse ERP?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Revoke key' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-k1')).toBeNull());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Key revoked' }));
  });

  it('shows members the list without the controls', async () => {
    mockApi({ 'GET /api/company/api-keys': { body: { keys: [erp], limit: 25, canManage: false } } });
    renderScreen(<ApiKeysCard />, { user: annAtAcme() });
    expect(await screen.findByTestId('api-key-k1')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create key' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Revoke/ })).toBeNull();
  });
});
