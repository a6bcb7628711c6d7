import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { SettingsTab } from './SettingsTab';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const thresholds = { newOrderDays: 1, processingDays: 1, preTransitDays: 2, inTransitDays: 8 };
const connection = {
  status: 'CONNECTED',
  brandId: 'b_1',
  brandName: 'Juniper & Co',
  authMode: 'OAUTH',
  canManage: true,
  currency: 'USD',
  connectedByName: 'Ann Admin',
  connectedAt: '2026-11-01T10:00:00Z',
  lastError: null,
};

describe('SettingsTab', () => {
  it('shows the account and Connected to the brand name, and disconnects after confirming', async () => {
    let hasFaireToken = true;
    const fetch = mockApi({
      'GET /api/company-settings': { body: thresholds },
      'GET /api/faire/connection': () => ({
        body: hasFaireToken ? connection : { status: 'NOT_CONNECTED', canManage: true },
      }),
      'GET /api/faire/brand-profile': { body: { name: 'Juniper & Co' } },
      'GET /api/auth/me': () => ({ body: { ...annAtAcme(), hasFaireToken } }),
      'DELETE /api/faire/connection': () => {
        hasFaireToken = false;
        return { body: { ok: true } };
      },
    });
    renderScreen(<SettingsTab />, { user: { ...annAtAcme(), hasFaireToken: true } });
    expect(screen.getByText('ann@example.com')).toBeTruthy();
    const status = await screen.findByText('Connected');
    const card = within(status.closest('[data-testid="integration-status"]') as HTMLElement);
    expect(card.getByText('Juniper & Co')).toBeTruthy();
    expect(card.getByTestId('connected-by').textContent).toMatch(
      /^Connected by Ann Admin since Nov 1, 2026\./,
    );

    fireEvent.click(card.getByRole('button', { name: 'Disconnect' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Disconnect Faire?' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Disconnect' }));
    expect(await screen.findByText('Not connected')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('link', { name: 'Connect' }).getAttribute('href')).toBe('/oauth-setup');
  });

  it("shows 'Connection Failed' with Reconnect when Faire refuses the token", async () => {
    mockApi({
      'GET /api/company-settings': { body: thresholds },
      'GET /api/faire/connection': { body: { ...connection, status: 'FAILED' } },
      'GET /api/faire/brand-profile': {
        status: 502,
        body: { code: 'MARKETPLACE_REFUSED', message: 'Faire refused the stored connection.' },
      },
    });
    renderScreen(<SettingsTab />, { user: { ...annAtAcme(), hasFaireToken: true } });
    expect(await screen.findByText('Connection Failed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Reconnect' }).getAttribute('href')).toBe(
      '/oauth-setup?intent=reconnect',
    );
  });

  it('tells a member who connected the brand, and to ask their admin when it fails; no actions', async () => {
    let status = 'CONNECTED';
    mockApi({
      'GET /api/company-settings': { body: thresholds },
      'GET /api/faire/connection': () => ({ body: { ...connection, status, canManage: false } }),
      'GET /api/faire/brand-profile': { body: { name: 'Juniper & Co' } },
    });
    const view = renderScreen(<SettingsTab />, {
      user: { ...annAtAcme('COMPANY_USER'), hasFaireToken: true },
    });
    const card = within(await screen.findByTestId('integration-status'));
    expect(await card.findByText('Connected')).toBeTruthy();
    expect(card.getByTestId('connected-by').textContent).toContain('Connected by Ann Admin');
    expect(card.queryByRole('button')).toBeNull();
    expect(card.queryByRole('link')).toBeNull();
    view.unmount();
    status = 'FAILED';
    renderScreen(<SettingsTab />, { user: { ...annAtAcme('COMPANY_USER'), hasFaireToken: true } });
    expect(
      await screen.findByText('Ask your company admin to reconnect Faire. Uploads are paused until then.'),
    ).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Reconnect' })).toBeNull();
  });

  it('saves coerced whole-number thresholds for a company admin and refuses negatives inline', async () => {
    const fetch = mockApi({
      'GET /api/company-settings': { body: thresholds },
      'GET /api/faire/connection': { body: { status: 'NOT_CONNECTED', canManage: true } },
      'PUT /api/company-settings': (init) => ({ body: JSON.parse(init?.body as string) as unknown }),
    });
    renderScreen(<SettingsTab />, { user: annAtAcme('COMPANY_ADMIN') });
    expect(await screen.findByText('Not connected')).toBeTruthy();
    const inTransit = await screen.findByLabelText('In transit');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save.hasAttribute('disabled')).toBe(true);

    fireEvent.change(inTransit, { target: { value: '10.6' } });
    fireEvent.blur(inTransit);
    expect((inTransit as HTMLInputElement).value).toBe('10');
    // A negative number is refused where it was typed, not saved as 0.
    const preTransit = screen.getByLabelText('Pre-transit');
    fireEvent.change(preTransit, { target: { value: '-2' } });
    fireEvent.blur(preTransit);
    expect((preTransit as HTMLInputElement).value).toBe('-2');
    expect(screen.getByText('Days cannot be negative. Enter 0 or more.')).toBeTruthy();
    expect(preTransit.getAttribute('aria-invalid')).toBe('true');
    expect(save.hasAttribute('disabled')).toBe(true);
    fireEvent.submit(save.closest('form')!);
    expect(sentBodies(fetch, 'PUT /api/company-settings')).toEqual([]);
    fireEvent.change(preTransit, { target: { value: 'x' } });
    expect(screen.queryByText('Days cannot be negative. Enter 0 or more.')).toBeNull();
    fireEvent.click(save);

    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({ title: 'Settings updated', variant: 'success' }),
    );
    expect(sentBodies(fetch, 'PUT /api/company-settings')).toEqual([
      { newOrderDays: 1, processingDays: 1, preTransitDays: 0, inTransitDays: 10 },
    ]);
  });

  it("toasts 'Update failed' when saving fails", async () => {
    mockApi({
      'GET /api/company-settings': { body: thresholds },
      'PUT /api/company-settings': {
        status: 403,
        body: { message: 'You do not have permission to do this' },
      },
    });
    renderScreen(<SettingsTab />, { user: annAtAcme('COMPANY_ADMIN') });
    fireEvent.change(await screen.findByLabelText('New orders'), { target: { value: '3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'Update failed',
        description: 'You do not have permission to do this',
        variant: 'destructive',
      }),
    );
  });

  it('is read-only for a company user', async () => {
    mockApi({ 'GET /api/company-settings': { body: thresholds } });
    renderScreen(<SettingsTab />, { user: annAtAcme('COMPANY_USER') });
    const input = await screen.findByLabelText('Processing');
    expect(input.hasAttribute('disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save' })).toBeNull();
    expect(screen.getByText('Only company admins can change these thresholds.')).toBeTruthy();
  });

  it('turns the daily digest off for this member', async () => {
    const fetch = mockApi({
      'GET /api/company-settings': { body: thresholds },
      'GET /api/digest/preferences': { body: { dailyDigest: true, receives: true } },
      'PUT /api/digest/preferences': (init) => ({
        body: {
          dailyDigest: (JSON.parse(init?.body as string) as { dailyDigest: boolean }).dailyDigest,
          receives: false,
        },
      }),
    });
    renderScreen(<SettingsTab />, { user: annAtAcme('COMPANY_ADMIN') });
    const toggle = await screen.findByRole('switch', { name: 'Email me the daily digest' });
    expect((toggle as HTMLInputElement).checked).toBe(true);
    fireEvent.click(toggle);
    await waitFor(() =>
      expect(sentBodies(fetch, 'PUT /api/digest/preferences')).toEqual([{ dailyDigest: false }]),
    );
    await waitFor(() => expect((toggle as HTMLInputElement).checked).toBe(false));
  });
});
