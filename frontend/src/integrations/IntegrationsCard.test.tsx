import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { IntegrationsCard } from './IntegrationsCard';
import { shipStation } from './testData';
import type { SourceConnection } from './types';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const CONN = `/api/integrations/${shipStation().id}`;

describe('IntegrationsCard', () => {
  it('connects ShipStation with a pasted pair: a wrong pair is an inline error, nothing is connected', async () => {
    let connections: SourceConnection[] = [];
    const fetch = mockApi({
      'GET /api/integrations': () => ({ body: { connections, available: ['SHIPSTATION'] } }),
      'POST /api/integrations/shipstation': (init) => {
        const body = JSON.parse(init?.body as string) as { apiKey: string; apiSecret: string };
        if (body.apiSecret !== 'right-secret') {
          return {
            status: 400,
            body: { code: 'SOURCE_REFUSED', message: 'ShipStation refused this API key and secret.' },
          };
        }
        connections = [shipStation({ sentToday: 0, lastSyncAt: null })];
        return { body: connections[0] };
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('source-SHIPSTATION'));
    expect(row.getByText('Not connected')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Connect ShipStation' }));

    const form = within(screen.getByRole('form', { name: 'Connect ShipStation' }));
    const connect = form.getByRole('button', { name: 'Connect' });
    expect(connect.hasAttribute('disabled')).toBe(true);
    fireEvent.change(form.getByLabelText(/API key/), { target: { value: ' sbx_ss_key ' } });
    fireEvent.change(form.getByLabelText(/API secret/), { target: { value: 'wrong' } });
    fireEvent.click(connect);
    expect((await form.findByTestId('connect-error')).textContent).toBe(
      'ShipStation refused this API key and secret.',
    );
    expect(row.getByText('Not connected')).toBeTruthy();
    expect(toast).not.toHaveBeenCalled();

    // Typing again clears the error; the right pair connects, trimmed.
    fireEvent.change(form.getByLabelText(/API secret/), { target: { value: 'right-secret' } });
    expect(form.queryByTestId('connect-error')).toBeNull();
    fireEvent.click(form.getByRole('button', { name: 'Connect' }));
    expect((await row.findByTestId('connection-status')).textContent).toBe('Connected');
    expect(sentBodies(fetch, 'POST /api/integrations/shipstation')).toEqual([
      { apiKey: 'sbx_ss_key', apiSecret: 'wrong' },
      { apiKey: 'sbx_ss_key', apiSecret: 'right-secret' },
    ]);
    expect(screen.queryByRole('form', { name: 'Connect ShipStation' })).toBeNull();
    expect(row.getByTestId('connection-activity').textContent).toBe('Not synced yet · No labels sent today');
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'ShipStation connected' }));
  });

  it('shows status, last sync and labels sent today; an admin pauses, changes mode and new orders', async () => {
    let conn = shipStation();
    const fetch = mockApi({
      'GET /api/integrations': () => ({ body: { connections: [conn], available: ['SHIPSTATION'] } }),
      [`PATCH ${CONN}`]: (init) => {
        const patch = JSON.parse(init?.body as string) as Record<string, unknown>;
        conn = {
          ...conn,
          ...(patch.mode ? { mode: patch.mode as 'AUTO' | 'REVIEW' } : {}),
          ...(typeof patch.acceptNewOrders === 'boolean' ? { acceptNewOrders: patch.acceptNewOrders } : {}),
          ...(typeof patch.paused === 'boolean' ? { status: patch.paused ? 'PAUSED' : 'CONNECTED' } : {}),
        };
        return { body: conn };
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('source-SHIPSTATION'));
    expect(row.getByTestId('connection-status').textContent).toBe('Connected');
    expect(row.getByTestId('connection-activity').textContent).toBe(
      'Last sync 5 minutes ago · 3 labels sent today',
    );

    fireEvent.click(row.getByRole('button', { name: 'Hold for review' }));
    await waitFor(() => expect(sentBodies(fetch, `PATCH ${CONN}`)).toEqual([{ mode: 'REVIEW' }]));
    await waitFor(() =>
      expect(row.getByRole('button', { name: 'Hold for review' }).getAttribute('aria-pressed')).toBe('true'),
    );

    fireEvent.click(row.getByRole('switch', { name: /Accept new orders when a label is printed/ }));
    await waitFor(() => expect(sentBodies(fetch, `PATCH ${CONN}`).at(-1)).toEqual({ acceptNewOrders: true }));

    fireEvent.click(row.getByRole('button', { name: 'Pause' }));
    expect((await row.findByText('Paused')).closest('[data-testid="connection-status"]')).toBeTruthy();
    expect(sentBodies(fetch, `PATCH ${CONN}`).at(-1)).toEqual({ paused: true });
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'ShipStation paused' }));
    fireEvent.click(await row.findByRole('button', { name: 'Resume' }));
    await waitFor(() => expect(sentBodies(fetch, `PATCH ${CONN}`).at(-1)).toEqual({ paused: false }));
  });

  it('disconnects only after the confirm dialog says yes; the connection stays, disconnected', async () => {
    let connections = [shipStation()];
    const fetch = mockApi({
      'GET /api/integrations': () => ({ body: { connections, available: ['SHIPSTATION'] } }),
      [`DELETE ${CONN}`]: () => {
        connections = [
          shipStation({
            status: 'DISCONNECTED',
            statusReason: 'Disconnected in the portal by ann@acme.test',
          }),
        ];
        return { body: { ok: true } };
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('source-SHIPSTATION'));
    fireEvent.click(row.getByRole('button', { name: 'Disconnect' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Disconnect ShipStation?' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    fireEvent.click(row.getByRole('button', { name: 'Disconnect' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Disconnect ShipStation?' })).getByRole('button', {
        name: 'Disconnect',
      }),
    );
    await waitFor(() => expect(row.getByTestId('connection-status').textContent).toBe('Disconnected'));
    await waitFor(() =>
      expect(row.getByTestId('connection-disconnected').textContent).toMatch(
        /^Disconnected in the portal by ann@acme.test\. Nothing new arrives from it/,
      ),
    );
    expect(row.getByRole('button', { name: 'Connect ShipStation again' })).toBeTruthy();
    expect(row.queryByRole('button', { name: 'Disconnect' })).toBeNull();
    expect(fetch.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('says when webhooks could not be subscribed, while the connection works', async () => {
    mockApi({
      'GET /api/integrations': {
        body: {
          connections: [
            shipStation({
              webhookProblem:
                'ShipStation did not take the webhook subscriptions (SHIP_NOTIFY: ShipStation answered 500); labels arrive with the poll, every 10 minutes',
            }),
          ],
          available: ['SHIPSTATION'],
        },
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    expect((await screen.findByTestId('connection-webhooks')).textContent).toMatch(
      /labels arrive with the poll, every 10 minutes$/,
    );
    expect(screen.getByTestId('connection-status').textContent).toBe('Connected');
  });

  it('says why a connection is failing, in words, and shows alerts with a link to the order', async () => {
    const fetch = mockApi({
      'GET /api/integrations': {
        body: {
          connections: [
            shipStation({
              status: 'FAILING',
              statusReason: 'ShipStation refuses the API key: it was revoked or changed',
              alerts: [
                {
                  labelId: 'l-1',
                  kind: 'VOIDED_AFTER_SEND',
                  text: 'The label was voided after its tracking number reached Faire.',
                  orderId: 'bo_aaa111',
                  displayId: 'AAAA111111',
                  orderUrl: 'https://faire.example/brand-portal/orders/bo_aaa111',
                  trackingNumber: '9400111899223000001',
                  at: '2026-11-27T10:00:00Z',
                },
              ],
            }),
          ],
          available: ['SHIPSTATION'],
        },
      },
      'POST /api/integrations/attention/dismiss': { body: { dismissed: 1 } },
      'POST /api/integrations/shipstation': { body: shipStation() },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    expect((await screen.findByTestId('connection-failing')).textContent).toBe(
      'Failing: ShipStation refuses the API key: it was revoked or changed',
    );
    expect(screen.getByTestId('connection-status').textContent).toBe('Failing');
    // A revoked key is replaced in place, checked like a first connection.
    fireEvent.click(screen.getByRole('button', { name: 'Update key' }));
    const form = within(screen.getByRole('form', { name: 'Connect ShipStation' }));
    fireEvent.change(form.getByLabelText(/API key/), { target: { value: 'new_key' } });
    fireEvent.change(form.getByLabelText(/API secret/), { target: { value: 'new_secret' } });
    fireEvent.click(form.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST /api/integrations/shipstation')).toEqual([
        { apiKey: 'new_key', apiSecret: 'new_secret' },
      ]),
    );
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Connect ShipStation' })).toBeNull());
    const alerts = within(screen.getByTestId('connection-alerts'));
    expect(alerts.getByRole('link', { name: 'Open order AAAA111111' }).getAttribute('href')).toBe(
      'https://faire.example/brand-portal/orders/bo_aaa111',
    );
    fireEvent.click(alerts.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST /api/integrations/attention/dismiss')).toEqual([{ ids: ['l-1'] }]),
    );
  });

  it('shows a member the same card read-only: no button, no switch, no form', async () => {
    mockApi({
      'GET /api/integrations': {
        body: {
          connections: [
            shipStation({
              mode: 'REVIEW',
              acceptNewOrders: true,
              alerts: [
                {
                  labelId: 'l-1',
                  kind: 'VOIDED_AFTER_SEND',
                  text: 'The label was voided after it reached Faire.',
                  orderId: null,
                  displayId: null,
                  orderUrl: null,
                  trackingNumber: '9400111899223000001',
                  at: null,
                },
              ],
            }),
          ],
          available: ['SHIPSTATION'],
        },
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    const card = within(await screen.findByTestId('integrations-card'));
    expect((await card.findByTestId('connection-status')).textContent).toBe('Connected');
    expect(card.getByText('3 labels sent today', { exact: false })).toBeTruthy();
    expect(card.getByText('Hold for review')).toBeTruthy();
    expect(card.getByText('Accepted when a label is printed')).toBeTruthy();
    expect(card.getByText('Your company admin manages this connection.')).toBeTruthy();
    expect(card.getByText('The label was voided after it reached Faire.')).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
    expect(card.queryByRole('switch')).toBeNull();
    expect(card.queryByRole('checkbox')).toBeNull();
  });

  it('tells a member without a connection that their admin can connect it, with no Connect button', async () => {
    mockApi({ 'GET /api/integrations': { body: { connections: [], available: ['SHIPSTATION'] } } });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    expect(await screen.findByText('Your company admin can connect ShipStation.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
