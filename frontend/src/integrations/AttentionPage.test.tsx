import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { AttentionPage } from './AttentionPage';
import { held } from './testData';
import type { AttentionItem } from './types';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const FAIRE = {
  status: 'CONNECTED',
  canManage: true,
  brandId: 'b_1',
  brandName: 'Juniper & Co',
  currency: 'USD',
  authMode: 'OAUTH',
  connectedAt: '2026-11-01T10:00:00Z',
  connectedByName: 'Ann',
  lastError: null,
};

function serve(items: AttentionItem[]) {
  let list = items;
  const fetch = mockApi({
    'GET /api/integrations/attention': () => ({ body: { items: list } }),
    'GET /api/faire/connection': { body: FAIRE },
    'POST /api/integrations/attention/send': (init) => {
      const { ids } = JSON.parse(init?.body as string) as { ids: string[] };
      list = list.filter((i) => !ids.includes(i.id));
      return { body: { sent: ids.length, held: 0, dropped: 0 } };
    },
    'POST /api/integrations/attention/dismiss': (init) => {
      const { ids } = JSON.parse(init?.body as string) as { ids: string[] };
      list = list.filter((i) => !ids.includes(i.id));
      return { body: { dismissed: ids.length } };
    },
  });
  return fetch;
}

const SEND = 'POST /api/integrations/attention/send';
const DISMISS = 'POST /api/integrations/attention/dismiss';

describe('AttentionPage', () => {
  it('lets an admin pick the order among the candidates, set the cost and send one label', async () => {
    const fetch = serve([
      held('h-1'),
      held('h-2', { reason: 'NO_COST', reasonText: 'The label has no cost', cost: null, candidates: [] }),
    ]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    expect(await screen.findByText('The label names more than one Faire order')).toBeTruthy();
    expect(screen.getByText('Several matching orders')).toBeTruthy();
    expect(screen.getByText('AAAA111111, BBBB222222')).toBeTruthy();
    expect(screen.getByText('$8.45')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Review label .*h-1$/ }));
    const dialog = within(screen.getByRole('dialog', { name: 'Send this label to Faire?' }));
    const send = dialog.getByRole('button', { name: 'Send to Faire' });
    // No guess: with two candidates nothing is picked until the admin picks one.
    expect(send.hasAttribute('disabled')).toBe(true);
    fireEvent.click(dialog.getByRole('radio', { name: /BBBB222222/ }));
    const cost = dialog.getByLabelText('Shipping cost (USD)');
    expect((cost as HTMLInputElement).value).toBe('8.45');
    fireEvent.change(cost, { target: { value: '9.10' } });
    fireEvent.click(send);
    await waitFor(() =>
      expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['h-1'], orderId: 'bo_bbb222', cost: 910 }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '1 label sent to Faire' }));
    await waitFor(() => expect(screen.queryByText('The label names more than one Faire order')).toBeNull());
  });

  it('asks for an order and a cost when none was found, and refuses a bad cost where it was typed', async () => {
    const fetch = serve([
      held('h-2', {
        reason: 'NO_MATCH',
        reasonText: 'No Faire order found for this label',
        cost: null,
        candidates: [],
      }),
    ]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    fireEvent.click(await screen.findByRole('button', { name: /Review label/ }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('ShipStation gave no cost for this label.')).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Order ID or display ID'), { target: { value: 'CCCC333333' } });
    fireEvent.change(dialog.getByLabelText('Shipping cost (USD)'), { target: { value: '-3' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send to Faire' }));
    expect(dialog.getByText('The cost cannot be negative.')).toBeTruthy();
    expect(sentBodies(fetch, SEND)).toEqual([]);
    fireEvent.change(dialog.getByLabelText('Shipping cost (USD)'), { target: { value: '6' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send to Faire' }));
    await waitFor(() =>
      expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['h-2'], orderId: 'CCCC333333', cost: 600 }]),
    );
  });

  it('sends or dismisses several labels at once with the bulk actions; dismiss asks first', async () => {
    const fetch = serve([
      held('h-1', {
        candidates: [{ orderId: 'bo_aaa111', displayId: 'AAAA111111' }],
        reason: 'NEW_ORDER',
        reasonText: 'The Faire order is new',
      }),
      held('h-2', { reason: 'REVIEW', reasonText: 'Held for review' }),
      held('h-3', {
        kind: 'ALERT',
        reason: 'VOIDED_AFTER_SEND',
        reasonText: 'Voided after it reached Faire',
      }),
    ]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    await screen.findByText('The Faire order is new');
    const boxes = () => screen.getAllByRole('checkbox');
    // The header's "select all", then one per row.
    fireEvent.click(boxes()[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Send to Faire' }));
    // An alert is never sent: only the held labels go.
    await waitFor(() => expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['h-1', 'h-2'] }]));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '2 labels sent to Faire' }));
    await waitFor(() => expect(screen.queryByText('The Faire order is new')).toBeNull());

    fireEvent.click(boxes()[0]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Dismiss 1 label?' }));
    expect(sentBodies(fetch, DISMISS)).toEqual([]);
    fireEvent.click(dialog.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() => expect(sentBodies(fetch, DISMISS)).toEqual([{ ids: ['h-3'] }]));
    expect(await screen.findByText('Nothing needs your attention')).toBeTruthy();
  });

  it('keeps the dialog open and says why when the label is still held or the order is refused', async () => {
    let answer: { status?: number; body: unknown } = {
      body: { sent: 0, held: 1, dropped: 0, stillHeld: [{ id: 'h-1', reasonText: 'The label has no cost' }] },
    };
    mockApi({
      'GET /api/integrations/attention': { body: { items: [held('h-1')] } },
      'GET /api/faire/connection': { body: FAIRE },
      'POST /api/integrations/attention/send': () => answer,
    });
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    fireEvent.click(await screen.findByRole('button', { name: /Review label/ }));
    const dialog = within(screen.getByRole('dialog'));
    fireEvent.click(dialog.getByRole('radio', { name: /AAAA111111/ }));
    fireEvent.click(dialog.getByRole('button', { name: 'Send to Faire' }));
    expect((await dialog.findByTestId('still-held')).textContent).toBe('Not sent: The label has no cost');
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: '1 label still needs you', description: 'The label has no cost' }),
    );

    answer = { status: 400, body: { message: 'AAAA111111 is not one of your Faire orders' } };
    fireEvent.click(dialog.getByRole('button', { name: 'Send to Faire' }));
    expect((await dialog.findByTestId('send-error')).textContent).toBe(
      'AAAA111111 is not one of your Faire orders',
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('shows a member the same list read-only: no checkbox, no Review, no bulk action', async () => {
    serve([held('h-1')]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_USER') });
    expect(await screen.findByText('The label names more than one Faire order')).toBeTruthy();
    expect(screen.getByText('Your company admin sends or dismisses these labels.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Review/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send to Faire' })).toBeNull();
  });

  it('filters by reason', async () => {
    serve([held('h-1'), held('h-2', { reason: 'NO_COST', reasonText: 'The label has no cost' })]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    expect(await screen.findByText('The label has no cost')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox', { name: /Reason/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'No cost' }));
    await waitFor(() => expect(screen.queryByText('The label names more than one Faire order')).toBeNull());
    expect(screen.getByText('The label has no cost')).toBeTruthy();
  });
});
