// The admin panel's System Status and Recent Activity cards; access, configuration and users are in
// AdminPage.test.tsx.
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../test/render';
import { AdminPage } from './AdminPage';
import { toast } from '../test/toasts';
import { activity, adminApi, root, stats } from '../test/adminData';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

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
    expect(within(card).getByTestId('status-Mail-in Receiver').textContent).toContain('Listening');
    expect(within(card).getByTestId('status-SFTP Drop').textContent).toContain('Down');
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
