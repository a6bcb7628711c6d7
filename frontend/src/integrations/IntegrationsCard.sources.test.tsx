import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { nextIntegrationsPoll } from './api';
import { ArrivedTodayCard } from './ArrivedTodayCard';
import { clockTime } from './format';
import { IntegrationsCard } from './IntegrationsCard';
import { shipStation, shopify } from './testData';
import type { ReceivedToday, SourceConnection } from './types';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const CONN = `/api/integrations/${shipStation().id}`;
const SEND_AT = '2026-12-07T23:53:00Z';
const received = (over: Partial<ReceivedToday>): ReceivedToday => ({
  total: 0,
  waiting: 0,
  sent: 0,
  alreadyOnFaire: 0,
  held: 0,
  voided: 0,
  nextSendAt: null,
  ...over,
});

function serve(connections: SourceConnection[]) {
  return mockApi({ 'GET /api/integrations': () => ({ body: { connections, available: [] } }) });
}

describe('what the card says of a source (issue 34)', () => {
  it('says what came today and when the waiting ones are sent, at once', async () => {
    serve([
      shipStation({ received: received({ total: 8, waiting: 8, nextSendAt: SEND_AT }) }),
      shopify({
        costRule: { kind: 'FLAT', flatCents: 750 },
        received: received({ total: 6, sent: 3, alreadyOnFaire: 1, held: 1, voided: 1 }),
      }),
    ]);
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const ss = within(await screen.findByTestId('connection-SHIPSTATION'));
    expect(ss.getByTestId('connection-received').textContent).toBe(
      `8 labels received today · sending at ${clockTime(SEND_AT)}`,
    );
    // The waiting ones are in History, the held one in Needs attention.
    expect(ss.getByRole('link', { name: `sending at ${clockTime(SEND_AT)}` }).getAttribute('href')).toBe(
      '/dashboard?tab=history',
    );
    const sh = within(screen.getByTestId('connection-SHOPIFY'));
    expect(sh.getByTestId('connection-received').textContent).toBe(
      '6 fulfilments received today · 3 sent · 1 already on Faire · 1 waits for you · 1 cancelled',
    );
    expect(sh.getByRole('link', { name: '1 waits for you' }).getAttribute('href')).toBe('/attention');
  });

  it('says "3 waiting, next at …" when some of today\'s are sent and some wait; nothing when none came', async () => {
    serve([shipStation({ received: received({ total: 5, sent: 2, waiting: 3, nextSendAt: SEND_AT }) })]);
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    expect((await screen.findByTestId('connection-received')).textContent).toBe(
      `5 labels received today · 2 sent · 3 waiting, next at ${clockTime(SEND_AT)}`,
    );
    expect(nextIntegrationsPoll(undefined)).toBe(30_000);
    const now = Date.parse(SEND_AT) - 10_000;
    const view = {
      connections: [shipStation({ received: received({ waiting: 1, total: 1, nextSendAt: SEND_AT }) })],
      available: [],
    };
    // Read again just after the next one goes, not 30 s later.
    expect(nextIntegrationsPoll(view, now)).toBe(12_000);
  });

  it('offers "Send labels whose cost is $0 at $0" to an admin', async () => {
    let conn = shipStation();
    const fetch = mockApi({
      'GET /api/integrations': () => ({ body: { connections: [conn], available: [] } }),
      [`PATCH ${CONN}`]: (init) => {
        conn = { ...conn, ...(JSON.parse(init?.body as string) as Partial<SourceConnection>) };
        return { body: conn };
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const zero = await screen.findByRole('switch', { name: /Send labels whose cost is \$0 at \$0/ });
    expect(screen.getByText(/it waits in Needs attention with “No cost on the label”/)).toBeTruthy();
    fireEvent.click(zero);
    await waitFor(() => expect(sentBodies(fetch, `PATCH ${CONN}`)).toEqual([{ sendZeroCost: true }]));
    await waitFor(() => expect((zero as HTMLInputElement).checked).toBe(true));
  });

  it('keeps a disconnected source with its notices and settings, and connects it again as it was', async () => {
    const alert = {
      labelId: 'l-1',
      kind: 'VOIDED_AFTER_SEND',
      text: 'The label was voided after its tracking number reached Faire; Faire cannot remove a shipment, fix it on the order',
      orderId: 'bo_aaa111',
      displayId: 'AAAA111111',
      orderUrl: null,
      trackingNumber: '9400111899223000001',
      at: '2026-11-27T10:00:00Z',
    };
    let conn = shipStation({
      status: 'DISCONNECTED',
      statusReason: 'Disconnected in the portal by ann@acme.test',
      acceptNewOrders: true,
      mode: 'REVIEW',
      alerts: [alert],
    });
    const fetch = mockApi({
      'GET /api/integrations': () => ({ body: { connections: [conn], available: ['SHIPSTATION'] } }),
      'POST /api/integrations/shipstation': () => {
        conn = { ...conn, status: 'CONNECTED', statusReason: null };
        return { body: conn };
      },
    });
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('source-SHIPSTATION'));
    expect(row.getByTestId('connection-status').textContent).toBe('Disconnected');
    // The notice is about a Faire order: it outlives the connection.
    expect(row.getByTestId('connection-alerts').textContent).toMatch(/voided after its tracking number/);
    expect(row.getByText('Hold for review')).toBeTruthy();
    expect(row.getByText('Accepted when a label is printed')).toBeTruthy();
    expect(row.getByText('Wait for a cost')).toBeTruthy();
    expect(row.getByTestId('settings-note').textContent).toBe(
      'Kept while disconnected: connecting again resumes ShipStation with these settings.',
    );
    expect(row.queryByRole('button', { name: 'Pause' })).toBeNull();

    fireEvent.click(row.getByRole('button', { name: 'Connect ShipStation again' }));
    const form = within(screen.getByRole('form', { name: 'Connect ShipStation' }));
    expect(form.getByText(/Connecting again resumes it with its settings/)).toBeTruthy();
    fireEvent.change(form.getByLabelText(/API key/), { target: { value: 'k' } });
    fireEvent.change(form.getByLabelText(/API secret/), { target: { value: 's' } });
    fireEvent.click(form.getByRole('button', { name: 'Connect' }));
    await waitFor(() =>
      expect(sentBodies(fetch, 'POST /api/integrations/shipstation')).toEqual([
        { apiKey: 'k', apiSecret: 's' },
      ]),
    );
    expect(toast).toHaveBeenCalledWith({
      title: 'ShipStation connected again',
      description: 'It resumes with the settings it had.',
      variant: 'success',
    });
    expect((await row.findByText('Connected')).closest('[data-testid="connection-status"]')).toBeTruthy();
    expect(row.getByRole('button', { name: 'Hold for review' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('counts on the dashboard the shipments that arrived on their own, not the ones a person sent', async () => {
    mockApi({
      'GET /api/integrations': {
        body: {
          connections: [
            shipStation({ sentToday: 5, arrivedToday: 4 }),
            shopify({ sentToday: 2, arrivedToday: 1 }),
          ],
          available: [],
        },
      },
      'GET /api/integrations/attention': { body: { items: [] } },
    });
    renderScreen(<ArrivedTodayCard />, { user: annAtAcme('COMPANY_ADMIN') });
    expect((await screen.findByTestId('arrived-today-text')).textContent).toBe(
      '5 arrived on their own today',
    );
  });
});
