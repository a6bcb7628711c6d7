import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CurrentUser } from '../auth/useCurrentUser';
import { mockApi, sentBodies } from '../test/fetchMock';
import { ann, annAtAcme } from '../test/fixtures';
import { renderScreen } from '../test/render';
import { AdminPage } from './AdminPage';
import type { ActivityItem, AdminConfig, AdminStats, AdminUser } from './api';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const root: CurrentUser = { ...ann, id: 'root', name: 'Rita Root', email: 'root@ops.test', isAdmin: true };

const config: AdminConfig = {
  faireApplicationId: {
    set: true,
    value: 'apa_live_123',
    last4: '_123',
    source: 'environment',
    updatedAt: null,
    updatedBy: null,
  },
  faireApplicationSecret: {
    set: true,
    last4: 'x9Qz',
    source: 'database',
    updatedAt: '2026-01-05T10:00:00Z',
    updatedBy: 'root@ops.test',
  },
  googleClientId: { set: false, value: null, last4: null, source: null, updatedAt: null, updatedBy: null },
  googleClientSecret: { set: false, last4: null, source: null, updatedAt: null, updatedBy: null },
};

const user = (patch: Partial<AdminUser>): AdminUser => ({
  id: 'u1',
  name: '',
  email: '',
  hasFaireToken: false,
  isAdmin: false,
  companyName: null,
  companyId: null,
  faireConnection: null,
  lastSignInAt: null,
  ...patch,
});
const users: AdminUser[] = [
  user({ name: 'Ann', email: 'ann@example.com', hasFaireToken: true, companyName: 'Acme', companyId: 'c1' }),
  user({ id: 'u2', email: 'bob@example.com' }),
];

const stats: AdminStats = {
  totalUsers: 42,
  totalShipments: 1234,
  activeUsers: 17,
  system: {
    api: 'Disconnected',
    database: 'Operational',
    oauth: 'Active',
    queue: 'Operational',
    stuckUploads: 0,
  },
  capacity: {
    pool: { size: 14, open: 6, inUse: 3, waiting: 0 },
    databaseConnections: 41,
    databaseMaxConnections: 100,
    queues: {
      shipments: { waiting: 1200, active: 8, delayed: 3, failed: 0 },
      orders: { waiting: 0, active: 0, delayed: 0, failed: 0 },
    },
  },
};

const at = (h: number, m: number) => new Date(new Date().setHours(h, m, 0, 0)).toISOString();
const activity: ActivityItem[] = [
  {
    id: '2',
    timestamp: at(13, 45),
    userId: 'root',
    actorEmail: 'root@ops.test',
    isAdmin: true,
    companyId: null,
    companyName: null,
    action: 'config.changed',
    target: 'faireApplicationSecret',
  },
  {
    id: '1',
    timestamp: at(9, 5),
    userId: 'u1',
    actorEmail: 'ann@example.com',
    isAdmin: false,
    companyId: 'c1',
    companyName: 'Acme',
    action: 'invitation.sent',
    target: 'bea@example.com',
  },
];

function adminApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    'GET /api/admin/config': { body: config },
    'GET /api/admin/users': { body: users },
    'GET /api/admin/stats': { body: stats },
    'GET /api/admin/activity?page=1&limit=10': { body: { items: activity, total: 2 } },
    ...overrides,
  });
}

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

describe('System Status card', () => {
  it('shows the live checks and the counts', async () => {
    adminApi();
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'System Status' });
    expect(
      within(await within(card).findByTestId('status-API Connection')).getByText('Disconnected'),
    ).toBeTruthy();
    expect(within(card).getByTestId('status-Database').textContent).toContain('Operational');
    expect(within(card).getByTestId('status-OAuth Service').textContent).toContain('Active');
    expect(within(card).getByTestId('status-Database Pool').textContent).toContain(
      '3 of 14 in use (server: 41 of 100)',
    );
    expect(within(card).getByTestId('status-Shipment Queue').textContent).toContain(
      '1,200 waiting, 8 running, 3 delayed',
    );
    expect(within(card).getByText('1,234')).toBeTruthy();
    expect(within(card).getByText('Shipments Processed')).toBeTruthy();
    expect(
      within(card)
        .getByRole('link', { name: /Open queue dashboard/ })
        .getAttribute('href'),
    ).toBe('/api/admin/queues');
  });

  it('shows stuck uploads only when there are some', async () => {
    adminApi({
      'GET /api/admin/stats': { body: { ...stats, system: { ...stats.system, stuckUploads: 3 } } },
    });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'System Status' });
    expect((await within(card).findByTestId('status-Stuck Uploads')).textContent).toContain('3');
  });

  it('has no stuck-uploads line when none is stuck', async () => {
    adminApi({
      'GET /api/admin/stats': { body: { ...stats, system: { ...stats.system, stuckUploads: 0 } } },
    });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'System Status' });
    await within(card).findByTestId('status-Database');
    expect(within(card).queryByTestId('status-Stuck Uploads')).toBeNull();
  });

  it("says 'Failed to load stats' with a Retry", async () => {
    adminApi({ 'GET /api/admin/stats': { status: 500, body: { message: 'boom' } } });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'System Status' });
    expect(await within(card).findByText('Failed to load stats')).toBeTruthy();
    expect(within(card).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('Recent Activity card', () => {
  it("shows time as hh:mm AM/PM, 'Admin' or 'User', and the action in words", async () => {
    adminApi();
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Recent Activity' });
    const adminRow = await within(card).findByTestId('activity-2');
    expect(within(adminRow).getByText('01:45 PM')).toBeTruthy();
    expect(within(adminRow).getByText('Admin')).toBeTruthy();
    expect(within(adminRow).getByText('Changed the API configuration: faireApplicationSecret')).toBeTruthy();
    const userRow = within(card).getByTestId('activity-1');
    expect(within(userRow).getByText('09:05 AM')).toBeTruthy();
    expect(within(userRow).getByText('User')).toBeTruthy();
  });

  it("says 'No recent activity', 'Failed to load activity' with a Retry", async () => {
    let fail = true;
    adminApi({
      'GET /api/admin/activity?page=1&limit=10': () =>
        fail ? { status: 500, body: { message: 'x' } } : { body: { items: [], total: 0 } },
    });
    renderScreen(<AdminPage />, { user: root });
    const card = screen.getByRole('region', { name: 'Recent Activity' });
    expect(await within(card).findByText('Failed to load activity')).toBeTruthy();
    fail = false;
    fireEvent.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('No recent activity')).toBeTruthy();
  });

  it('opens the whole log, filterable by action', async () => {
    const fetch = adminApi({
      'GET /api/admin/activity?page=1&limit=25': { body: { items: activity, total: 2 } },
      'GET /api/admin/activity?page=1&limit=25&action=invitation.sent': {
        body: { items: [activity[1]], total: 1 },
      },
    });
    renderScreen(<AdminPage />, { user: root });
    fireEvent.click(screen.getByRole('button', { name: 'View all activity' }));
    const dialog = await screen.findByRole('dialog', { name: 'All activity' });
    expect(await within(dialog).findByText('2 entries')).toBeTruthy();
    fireEvent.mouseDown(within(dialog).getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Sent an invitation' }));
    expect(await within(dialog).findByText('1 entry')).toBeTruthy();
    expect(within(dialog).getByText('ann@example.com · Acme')).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toContain(
      '/api/admin/activity?page=1&limit=25&action=invitation.sent',
    );
  });
});
