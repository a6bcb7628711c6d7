import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, sentBodies } from '../test/fetchMock';
import { annAtAcme } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { AdminPage } from './AdminPage';
import { toast } from '../test/toasts';
import { adminApi, config, root } from '../test/adminData';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

describe('AdminPage access', () => {
  it('tells a non-admin they have no access, with a way back to the dashboard', async () => {
    const fetch = mockApi({});
    const { location } = renderScreen(<AdminPage />, { route: '/admin', user: annAtAcme() });
    expect(screen.getByRole('heading', { name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText("You don't have admin privileges to access this page.")).toBeTruthy();
    expect(screen.queryByText('Master Admin Panel')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Back to Dashboard' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
    expect(fetch.mock.calls.map(([url]) => String(url)).filter((u) => u.startsWith('/api/admin'))).toEqual(
      [],
    );
  });

  it('shows the panel to a platform admin, with a close button to /dashboard', async () => {
    adminApi();
    const { location } = renderScreen(<AdminPage />, { route: '/admin', user: root });
    expect(screen.getByRole('heading', { name: 'Master Admin Panel' })).toBeTruthy();
    for (const title of ['Faire API Configuration', 'User Management', 'System Status', 'Recent Activity']) {
      expect(screen.getByRole('region', { name: title })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: 'Close admin panel' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});

describe('Faire API Configuration card', () => {
  it('shows the application id fixed and disabled, and the secret only as its last 4', async () => {
    adminApi();
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Faire API Configuration' });
    const appId = await within(card).findByLabelText('Application ID');
    expect((appId as HTMLInputElement).value).toBe('apa_live_123');
    expect((appId as HTMLInputElement).disabled).toBe(true);
    const secret = within(card).getByLabelText<HTMLInputElement>('Application Secret');
    expect(secret.value).toBe('');
    expect(secret.placeholder).toBe('•••• x9Qz');
    expect(within(card).getByText(/Each user receives their own Faire access token/)).toBeTruthy();
  });

  it('toggles the secret between hidden and shown', async () => {
    adminApi();
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Faire API Configuration' });
    const secret = await within(card).findByLabelText<HTMLInputElement>('Application Secret');
    fireEvent.change(secret, { target: { value: 'new-secret' } });
    expect(secret.type).toBe('password');
    fireEvent.click(within(card).getByRole('button', { name: 'Show secret' }));
    expect(secret.type).toBe('text');
    expect(secret.value).toBe('new-secret');
    fireEvent.click(within(card).getByRole('button', { name: 'Hide secret' }));
    expect(secret.type).toBe('password');
  });

  it('saves only a typed secret and says so', async () => {
    const fetch = adminApi({ 'POST /api/admin/config': { body: config } });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Faire API Configuration' });
    const save = await within(card).findByRole('button', { name: 'Save Configuration' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(within(card).getByLabelText('Application Secret'), {
      target: { value: ' s3cret-value ' },
    });
    fireEvent.click(save);
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Configuration saved',
        description: 'API configuration updated successfully',
        variant: 'success',
      }),
    );
    expect(sentBodies(fetch, 'POST /api/admin/config')).toEqual([{ faireApplicationSecret: 's3cret-value' }]);
    await waitFor(() =>
      expect(within(card).getByLabelText<HTMLInputElement>('Application Secret').value).toBe(''),
    );
  });

  it("reports 'Save failed' with the server's message", async () => {
    adminApi({
      'POST /api/admin/config': {
        status: 400,
        body: { message: 'faireApplicationSecret must not contain spaces or control characters' },
      },
    });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Faire API Configuration' });
    fireEvent.change(await within(card).findByLabelText('Application Secret'), { target: { value: 'x' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save Configuration' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Save failed',
        description: 'faireApplicationSecret must not contain spaces or control characters',
        variant: 'destructive',
      }),
    );
  });

  it('tests the connection: connected and disconnected', async () => {
    let answer = { connected: true, message: '' };
    adminApi({ 'POST /api/admin/test-api': () => ({ body: answer }) });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Faire API Configuration' });
    fireEvent.click(await within(card).findByRole('button', { name: 'Test Connection' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'API Connected',
        description: 'Successfully connected to Faire API',
        variant: 'success',
      }),
    );
    answer = { connected: false, message: 'Faire refused the application id or secret' };
    await waitFor(() =>
      expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Test Connection' }).disabled).toBe(
        false,
      ),
    );
    fireEvent.click(within(card).getByRole('button', { name: 'Test Connection' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'API Disconnected',
        description: 'Faire refused the application id or secret',
        variant: 'destructive',
      }),
    );
  });
});

describe('User Management card', () => {
  it('shows the current admin with an Admin badge and each user with their connection', async () => {
    adminApi();
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'User Management' });
    const me = within(card).getByTestId('current-admin');
    expect(within(me).getByText('Rita Root')).toBeTruthy();
    expect(within(me).getByText('Admin')).toBeTruthy();
    const ann = await within(card).findByTestId('user-u1');
    expect(within(ann).getByText('Connected')).toBeTruthy();
    const bob = within(card).getByTestId('user-u2');
    expect(within(bob).getAllByText('bob@example.com')).toHaveLength(2);
    expect(within(bob).getByText('Not Connected')).toBeTruthy();
  });

  it("says 'No users found' and 'Failed to load users' with a Retry", async () => {
    let fail = true;
    adminApi({
      'GET /api/admin/users': () => (fail ? { status: 500, body: { message: 'boom' } } : { body: [] }),
    });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'User Management' });
    expect(await within(card).findByText('Failed to load users')).toBeTruthy();
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('No users found')).toBeTruthy();
  });

  it('invites someone to the chosen company', async () => {
    const fetch = adminApi({
      'GET /api/admin/companies': { body: [{ id: 'c1', name: 'Acme', members: 3 }] },
      'POST /api/admin/invite': { body: { id: 'm1' } },
    });
    renderScreen(<AdminPage />, { user: root });
    fireEvent.click(screen.getByRole('button', { name: 'Invite New User' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite New User' });
    fireEvent.change(within(dialog).getByLabelText('Email'), { target: { value: 'bea@example.com' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    expect(await within(dialog).findByText('Choose a company')).toBeTruthy();
    await waitFor(() =>
      expect(
        within(dialog).getByRole('combobox', { name: 'Company' }).getAttribute('aria-disabled'),
      ).toBeNull(),
    );
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Company' }));
    fireEvent.click(await screen.findByRole('option', { name: /Acme/ }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send Invitation' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Invitation sent',
        description: 'We emailed an invitation to bea@example.com',
        variant: 'success',
      }),
    );
    expect(sentBodies(fetch, 'POST /api/admin/invite')).toEqual([
      { companyId: 'c1', email: 'bea@example.com', role: 'COMPANY_USER' },
    ]);
  });
});
