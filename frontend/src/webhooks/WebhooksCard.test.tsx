import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { WebhooksCard } from './WebhooksCard';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const EVENTS = ['shipment.succeeded', 'shipment.failed', 'attention.created'];
const erp = {
  id: 'w1',
  url: 'https://erp.example.com/hooks',
  events: ['shipment.succeeded', 'shipment.failed'],
  enabled: true,
  disabledReason: null,
  createdBy: 'ann@example.com',
  createdAt: '2026-12-01T10:00:00Z',
  lastSuccessAt: null,
  failingSince: null,
};
const delivered = {
  id: 'd1',
  event: 'shipment.succeeded',
  objectId: 's1',
  status: 'DELIVERED',
  attempts: 1,
  lastStatus: 200,
  lastResponse: 'ok',
  lastError: null,
  lastAttemptAt: '2026-12-01T10:05:00Z',
  nextAttemptAt: null,
  createdAt: '2026-12-01T10:05:00Z',
  deliveredAt: '2026-12-01T10:05:00Z',
};
const retrying = {
  ...delivered,
  id: 'd2',
  event: 'shipment.failed',
  status: 'PENDING',
  attempts: 2,
  lastStatus: 503,
  lastResponse: 'upstream down',
  lastError: 'The endpoint answered 503',
  nextAttemptAt: new Date(Date.now() + 30 * 60_000).toISOString(),
  deliveredAt: null,
};

describe('WebhooksCard', () => {
  it('adds an endpoint, shows its secret once, tests it, lists its deliveries and deletes it', async () => {
    let endpoints = [erp];
    const secret = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0MTI=';
    const made = { ...erp, id: 'w2', url: 'https://zap.example.com/catch', events: ['attention.created'] };
    const fetch = mockApi({
      'GET /api/company/webhooks': () => ({
        body: { endpoints, limit: 10, canManage: true, events: EVENTS },
      }),
      'POST /api/company/webhooks': () => {
        endpoints = [...endpoints, made];
        return { status: 201, body: { ...made, secret } };
      },
      'POST /api/company/webhooks/w1/test': {
        body: { delivery: { ...delivered, id: 'd9', event: 'webhook.test' } },
      },
      'GET /api/company/webhooks/w1/deliveries': { body: { deliveries: [retrying, delivered] } },
      'DELETE /api/company/webhooks/w1': () => {
        endpoints = endpoints.filter((e) => e.id !== 'w1');
        return { body: { ok: true } };
      },
    });
    renderScreen(<WebhooksCard />, { user: annAtAcme() });
    const row = within(await screen.findByTestId('webhook-w1'));
    expect(row.getByText('https://erp.example.com/hooks')).toBeTruthy();
    expect(row.getByText('Active')).toBeTruthy();
    expect(row.getByText('A shipment is on Faire')).toBeTruthy();
    expect(row.getByText(/nothing delivered yet/)).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = within(screen.getByRole('dialog'));
    const add = dialog.getByRole('button', { name: 'Add endpoint' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(dialog.getByLabelText(/Endpoint URL/), {
      target: { value: ' https://zap.example.com/catch ' },
    });
    fireEvent.click(dialog.getByLabelText('A shipment is on Faire'));
    fireEvent.click(dialog.getByLabelText('A shipment failed'));
    fireEvent.click(add);
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(secret);
    expect(sentBodies(fetch, 'POST /api/company/webhooks')).toEqual([
      { url: 'https://zap.example.com/catch', events: ['attention.created'] },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-secret')).toBeNull());
    expect(await screen.findByTestId('webhook-w2')).toBeTruthy();
    expect(screen.queryByText(secret)).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Send a test to https://erp.example.com/hooks' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Test delivered', description: 'Your endpoint answered 200.' }),
      ),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Deliveries of https://erp.example.com/hooks' }));
    const pending = within(await screen.findByTestId('delivery-d2'));
    expect(pending.getByText('Retrying')).toBeTruthy();
    expect(
      pending.getByText(/HTTP 503 · 2 tries · next try in 30 min · The endpoint answered 503/),
    ).toBeTruthy();
    expect(pending.getByText('upstream down')).toBeTruthy();
    expect(within(screen.getByTestId('delivery-d1')).getByText('Delivered')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByTestId('delivery-d1')).toBeNull());

    fireEvent.click(await screen.findByRole('button', { name: 'More for https://erp.example.com/hooks' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Delete this endpoint?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Delete endpoint' }));
    await waitFor(() => expect(screen.queryByTestId('webhook-w1')).toBeNull());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Endpoint deleted' }));
  });

  it('rotates a secret after confirming and shows the new one once', async () => {
    const secret = 'whsec_bmV3c2VjcmV0bmV3c2VjcmV0bmV3c2VjcmV0bmV3c2U=';
    mockApi({
      'GET /api/company/webhooks': { body: { endpoints: [erp], limit: 10, canManage: true, events: EVENTS } },
      'POST /api/company/webhooks/w1/rotate-secret': { body: { id: 'w1', secret } },
    });
    renderScreen(<WebhooksCard />, { user: annAtAcme() });
    fireEvent.click(await screen.findByRole('button', { name: 'More for https://erp.example.com/hooks' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Rotate secret' }));
    const confirm = within(screen.getByRole('dialog', { name: 'Rotate the signing secret?' }));
    fireEvent.click(confirm.getByRole('button', { name: 'Rotate secret' }));
    expect((await screen.findByTestId('webhook-secret')).textContent).toBe(secret);
  });

  it('shows a turned-off endpoint with the reason, and members the list without the controls', async () => {
    const off = {
      ...erp,
      enabled: false,
      disabledReason: 'Turned off after every delivery failed for 24 hours.',
    };
    mockApi({
      'GET /api/company/webhooks': {
        body: { endpoints: [off], limit: 10, canManage: false, events: EVENTS },
      },
      'GET /api/company/webhooks/w1/deliveries': { body: { deliveries: [] } },
    });
    renderScreen(<WebhooksCard />, { user: annAtAcme('COMPANY_USER') });
    const row = within(await screen.findByTestId('webhook-w1'));
    expect(row.getByText('Turned off')).toBeTruthy();
    expect(row.getByText(off.disabledReason)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Add endpoint' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Send a test/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /More for/ })).toBeNull();
    fireEvent.click(row.getByRole('button', { name: /Deliveries of/ }));
    expect(await screen.findByText(/Nothing sent yet/)).toBeTruthy();
  });
});
