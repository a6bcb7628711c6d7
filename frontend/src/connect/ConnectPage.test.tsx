import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { AUTHORIZE_URL } from './api';
import { CONNECTION_CHANNEL } from './channel';
import { ConnectPage } from './ConnectPage';
import { toast } from '../test/toasts';

const AUTH_URL = 'https://faire.example/oauth?state=s1';
const config = { googleEnabled: true, devLoginEnabled: false, sandboxMarketplace: true };
const connected = {
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

beforeEach(() => toast.mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** The API, with the authorize call held until `release` is called. */
function apiWithHeldAuthorize(routes: Parameters<typeof mockApi>[0]) {
  const base = mockApi(routes);
  let release: (answer: Response) => void = () => undefined;
  const held = new Promise<Response>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init?: RequestInit) => (url.startsWith(AUTHORIZE_URL) ? held : base(url, init))),
  );
  return {
    release: () =>
      release(
        new Response(JSON.stringify({ authUrl: AUTH_URL }), {
          headers: { 'content-type': 'application/json' },
        }),
      ),
  };
}

describe('ConnectPage', () => {
  it("reads 'Redirecting...' while authorizing, then opens Faire in a new tab and waits", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const api = apiWithHeldAuthorize({
      'GET /api/auth/config': { body: config },
      'GET /api/faire/connection': { body: { status: 'NOT_CONNECTED', canManage: true } },
    });
    renderScreen(<ConnectPage />, { route: '/oauth-setup', user: annAtAcme() });
    expect(screen.getByText('Authorize with Faire', { selector: 'h2' })).toBeTruthy();
    expect(screen.getByText('Add/update/delete order info')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Skip for now (demo mode)' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    expect(await screen.findByText('Sandbox marketplace')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Authorize with Faire' }));
    const pending = await screen.findByRole('button', { name: 'Redirecting...' });
    expect(pending.hasAttribute('disabled')).toBe(true);
    expect(open).not.toHaveBeenCalled();

    api.release();
    expect(await screen.findByTestId('connect-waiting')).toBeTruthy();
    expect(open).toHaveBeenCalledWith(AUTH_URL, '_blank', 'noopener');
  });

  it("toasts 'OAuth initialization failed' when the authorize call fails", async () => {
    mockApi({
      'GET /api/oauth/faire/authorize?intent=connect': {
        status: 503,
        body: { message: 'Faire is not configured' },
      },
    });
    renderScreen(<ConnectPage />, { route: '/oauth-setup', user: annAtAcme() });
    fireEvent.click(screen.getByRole('button', { name: 'Authorize with Faire' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: 'OAuth initialization failed',
        description: 'Faire is not configured',
        variant: 'destructive',
      }),
    );
  });

  it('completes in the starting tab when the Faire tab announces the connection', async () => {
    vi.spyOn(window, 'open').mockReturnValue(null);
    let status: unknown = { status: 'NOT_CONNECTED', canManage: true };
    mockApi({
      'GET /api/oauth/faire/authorize?intent=connect': { body: { authUrl: AUTH_URL } },
      'GET /api/faire/connection': () => ({ body: status }),
      'GET /api/auth/me': () => ({ body: { ...annAtAcme(), hasFaireToken: true } }),
    });
    renderScreen(<ConnectPage />, { route: '/oauth-setup', user: annAtAcme() });
    fireEvent.click(screen.getByRole('button', { name: 'Authorize with Faire' }));
    await screen.findByTestId('connect-waiting');

    status = connected;
    const faireTab = new BroadcastChannel(CONNECTION_CHANNEL);
    await act(async () => {
      faireTab.postMessage({ type: 'connected' });
      await new Promise((r) => setTimeout(r, 20));
    });
    faireTab.close();
    expect(await screen.findByText('Your Faire account is connected')).toBeTruthy();
    expect(await screen.findByText('Juniper & Co')).toBeTruthy();
  });

  it('announces the connection from the Faire tab and shows the success state there', async () => {
    mockApi({ 'GET /api/faire/connection': { body: connected } });
    const heard = new Promise<unknown>((resolve) => {
      const starter = new BroadcastChannel(CONNECTION_CHANNEL);
      starter.onmessage = (e: MessageEvent<unknown>) => {
        starter.close();
        resolve(e.data);
      };
    });
    renderScreen(<ConnectPage />, { route: '/oauth-setup?faire=connected', user: annAtAcme() });
    expect(screen.getByText('Your Faire account is connected')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to Dashboard' }).getAttribute('href')).toBe('/dashboard');
    await expect(heard).resolves.toEqual({ type: 'connected' });
  });

  it('shows why Faire did not connect, with Try again', async () => {
    mockApi({ 'GET /api/faire/connection': { body: { status: 'NOT_CONNECTED', canManage: true } } });
    const { location } = renderScreen(<ConnectPage />, {
      route: '/oauth-setup?faire=denied&message=Faire%20access%20was%20not%20granted.',
      user: annAtAcme(),
    });
    expect(screen.getByText('Faire access was not granted.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.queryByText('Faire access was not granted.')).toBeNull();
    expect(location()).toBe('/oauth-setup');
    expect(screen.getByRole('button', { name: 'Authorize with Faire' })).toBeTruthy();
  });

  it('shows a member where the orders come from, never a connect prompt', async () => {
    mockApi({ 'GET /api/faire/connection': { body: { ...connected, canManage: false } } });
    renderScreen(<ConnectPage />, { route: '/oauth-setup', user: annAtAcme('COMPANY_USER') });
    expect(await screen.findByText('Orders come from Juniper & Co, connected by Ann Admin.')).toBeTruthy();
    expect(screen.queryByText('Connect your Faire account')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Authorize with Faire' })).toBeNull();
  });

  it('asks the admin to confirm a brand change, then authorizes with the change intent', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const fetch = mockApi({
      'GET /api/faire/connection': { body: connected },
      'GET /api/oauth/faire/authorize?intent=change': { body: { authUrl: AUTH_URL } },
    });
    renderScreen(<ConnectPage />, { route: '/oauth-setup', user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: 'Change brand' }));
    const dialog = await screen.findByRole('dialog', { name: 'Change the Faire brand?' });
    expect(dialog.textContent).toContain(
      'Orders from Juniper & Co will be removed; shipments already created stay on Faire.',
    );
    expect(fetch.mock.calls.some(([url]) => String(url).startsWith(AUTHORIZE_URL))).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Change brand' }));
    await waitFor(() => expect(open).toHaveBeenCalledWith(AUTH_URL, '_blank', 'noopener'));
  });
});
