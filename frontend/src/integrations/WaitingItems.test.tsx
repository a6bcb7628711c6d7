import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { clockTime } from './format';
import { WaitingItems, sendsIn } from './WaitingItems';
import { nextWaitingPoll } from './waitingApi';
import { shipStation, shopify, waitingItem } from './testData';
import type { WaitingItem } from './types';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const SEND = 'POST /api/integrations/waiting/send';
const DONT = 'POST /api/integrations/waiting/dismiss';

function serve(items: WaitingItem[], answer: Record<string, unknown> = {}) {
  let list = items;
  return mockApi({
    'GET /api/integrations': { body: { connections: [shipStation(), shopify()], available: [] } },
    'GET /api/integrations/waiting': () => ({ body: { items: list } }),
    [SEND]: (init) => {
      const { ids } = JSON.parse(init?.body as string) as { ids: string[] };
      list = list.filter((i) => !ids.includes(i.id));
      return {
        body: {
          sent: ids.length,
          alreadyOnFaire: 0,
          held: 0,
          dropped: 0,
          voided: 0,
          stillHeld: [],
          ...answer,
        },
      };
    },
    [DONT]: (init) => {
      const { ids } = JSON.parse(init?.body as string) as { ids: string[] };
      list = list.filter((i) => !ids.includes(i.id));
      return { body: { dismissed: ids.length } };
    },
  });
}

describe('WaitingItems (History)', () => {
  it('shows each waiting item at once with its source and when it is sent; an admin sends one now', async () => {
    const first = waitingItem('w-1');
    const fetch = serve([first, waitingItem('w-2', { sourceRef: null })]);
    renderScreen(<WaitingItems />, { user: annAtAcme('COMPANY_ADMIN') });
    const card = within(await screen.findByTestId('waiting-items'));
    expect(card.getByText('Waiting to be sent · 2 labels')).toBeTruthy();
    // The hold is said, read off the items: received 2 minutes ago, sent 8 minutes from now.
    expect(card.getByText(/Each label waits 10 minutes before it goes to Faire/)).toBeTruthy();
    const row = within(screen.getByTestId(`waiting-${first.trackingNumber}`));
    expect(row.getByText('Waiting')).toBeTruthy();
    expect(row.getByTestId('waiting-send-at').textContent).toBe(`Sends at ${clockTime(first.sendAt)}`);
    expect(row.getByText('in 8 min')).toBeTruthy();
    expect(row.getByText('ShipStation', { selector: '[data-source="SHIPSTATION"]' })).toBeTruthy();
    expect(row.getByText('WHS-2001')).toBeTruthy();
    expect(row.getByText('$7.25')).toBeTruthy();

    fireEvent.click(row.getByRole('button', { name: `Send label ${first.trackingNumber} now` }));
    await waitFor(() => expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['w-1'] }]));
    expect(toast).toHaveBeenCalledWith({ title: '1 label sent to Faire', variant: 'success' });
    await waitFor(() => expect(screen.queryByTestId(`waiting-${first.trackingNumber}`)).toBeNull());
  });

  it('"Send all now" sends every item shown in one call, and one toast counts each outcome', async () => {
    const fetch = serve([waitingItem('w-1'), waitingItem('w-2'), waitingItem('w-3')], {
      sent: 1,
      alreadyOnFaire: 1,
      held: 1,
      stillHeld: [{ id: 'w-3', reasonText: 'No cost on the label' }],
    });
    renderScreen(<WaitingItems />, { user: annAtAcme('COMPANY_ADMIN') });
    fireEvent.click(await screen.findByRole('button', { name: 'Send all now' }));
    await waitFor(() => expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['w-1', 'w-2', 'w-3'] }]));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: '1 label sent to Faire · 1 already on Faire · 1 still needs you',
        description: 'No cost on the label',
        variant: 'default',
      }),
    );
    expect(toast).toHaveBeenCalledTimes(1);
  });

  it('"Don\'t send" asks first, then takes the item off for good', async () => {
    const item = waitingItem('w-1', { source: 'SHOPIFY', sourceName: 'Shopify', itemWord: 'fulfilment' });
    const fetch = serve([item]);
    renderScreen(<WaitingItems />, { user: annAtAcme('COMPANY_ADMIN') });
    expect(await screen.findByText('Waiting to be sent · 1 fulfilment')).toBeTruthy();
    expect(screen.getByText(/so one cancelled in the meantime is never sent/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: `Don't send fulfilment ${item.trackingNumber}` }));
    const dialog = within(screen.getByRole('dialog', { name: 'Don’t send this fulfilment?' }));
    expect(dialog.getByText(/never sent to Faire. The shipment stays as it is in Shopify/)).toBeTruthy();
    expect(sentBodies(fetch, DONT)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Don’t send' }));
    await waitFor(() => expect(sentBodies(fetch, DONT)).toEqual([{ ids: ['w-1'] }]));
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: '1 fulfilment not sent', description: 'It will not reach Faire.' }),
    );
    await waitFor(() => expect(screen.queryByTestId('waiting-items')).toBeNull());
  });

  it('shows a member the same items, without the buttons', async () => {
    serve([waitingItem('w-1'), waitingItem('w-2')]);
    renderScreen(<WaitingItems />, { user: annAtAcme('COMPANY_USER') });
    const card = within(await screen.findByTestId('waiting-items'));
    expect(card.getByText(/Your company admin can send them now or stop them/)).toBeTruthy();
    expect(card.queryByRole('button')).toBeNull();
  });

  it("follows History's filters: another source or a search leaves none", async () => {
    const fetch = serve([waitingItem('w-1')]);
    const { unmount, queryClient } = renderScreen(<WaitingItems filter={{ source: 'SHOPIFY' }} />, {
      user: annAtAcme('COMPANY_ADMIN'),
    });
    await waitFor(() => expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/integrations/waiting'));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(screen.queryByTestId('waiting-items')).toBeNull();
    unmount();
    renderScreen(<WaitingItems filter={{ source: 'SHIPSTATION', search: 'whs-2001' }} />, {
      user: annAtAcme('COMPANY_ADMIN'),
    });
    expect(await screen.findByTestId('waiting-items')).toBeTruthy();
  });

  it('reads the items again right after the next one goes', () => {
    const now = Date.parse('2026-12-07T10:00:00Z');
    expect(nextWaitingPoll([], now)).toBe(5_000);
    expect(nextWaitingPoll([waitingItem('w', { sendAt: '2026-12-07T10:00:02Z' })], now)).toBe(3_000);
    expect(sendsIn('2026-12-07T10:07:30Z', now)).toBe('in 8 min');
    expect(sendsIn('2026-12-07T10:00:20Z', now)).toBe('in under a minute');
    expect(sendsIn('2026-12-07T09:59:00Z', now)).toBe('any moment now');
  });
});
