import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { toast } from '../test/toasts';
import { AttentionPage } from './AttentionPage';
import { held } from './testData';
import type { AttentionItem, SendOutcome } from './types';

beforeEach(() => toast.mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  viewport(1024);
});

const SEND = 'POST /api/integrations/attention/send';

/** The window's width, as a laptop's or a phone's (MUI's media queries read it). */
function viewport(width: number) {
  (globalThis as unknown as { happyDOM: { setViewport: (v: object) => void } }).happyDOM.setViewport({
    width,
    height: 844,
  });
}

function serve(items: AttentionItem[], answer?: Partial<SendOutcome>) {
  let list = items;
  return mockApi({
    'GET /api/integrations/attention': () => ({ body: { items: list } }),
    'GET /api/faire/connection': { body: { status: 'CONNECTED', currency: 'USD', canManage: true } },
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
  });
}

const shopifyHeld = (id: string, over: Partial<AttentionItem> = {}) =>
  held(id, {
    source: 'SHOPIFY',
    reason: 'NEW_ORDER',
    reasonText: 'The Faire order is new: accept it or turn on "accept new orders when a fulfilment is made"',
    cost: null,
    ruleCost: 375,
    candidates: [{ orderId: 'bo_aaa111', displayId: 'AAAA111111' }],
    sourceRef: '#1001',
    ...over,
  });

describe('Needs attention: costs as the rule says, and acting on many at once', () => {
  it('shows what the rule gives in the Cost column and offers it in the review, sent as the rule says', async () => {
    const fetch = serve([shopifyHeld('s-1')]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    const cost = within(await screen.findByTestId('attention-cost'));
    expect(cost.getByText('$3.75')).toBeTruthy();
    expect(cost.getByText('Cost rule')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /^Review fulfilment / }));
    const dialog = within(screen.getByRole('dialog', { name: 'Send this fulfilment to Faire?' }));
    expect(dialog.getByLabelText<HTMLInputElement>('Shipping cost (USD)').value).toBe('3.75');
    expect(
      dialog.getByText('What the cost rule gives this fulfilment. Change it to send another amount.'),
    ).toBeTruthy();
    // Shopify gave no cost, but the rule did: nothing to type, the send goes.
    const send = dialog.getByRole('button', { name: 'Send to Faire' });
    expect(send.hasAttribute('disabled')).toBe(false);
    fireEvent.click(send);
    // The amount offered is the rule's: the server applies it again (no cost in the call).
    await waitFor(() => expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['s-1'], orderId: 'bo_aaa111' }]));
    expect(toast).toHaveBeenCalledWith({ title: '1 fulfilment sent to Faire', variant: 'success' });
  });

  it('sends a changed cost, and says where the offered one came from when the label had its own', async () => {
    const fetch = serve([
      held('h-1', { cost: 845, ruleCost: 600, candidates: [{ orderId: 'bo_a', displayId: 'A' }] }),
    ]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    fireEvent.click(await screen.findByRole('button', { name: /^Review label / }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText(/What the cost rule gives this label \(ShipStation said \$8.45\)/)).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Shipping cost (USD)'), { target: { value: '7.00' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Send to Faire' }));
    await waitFor(() =>
      expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['h-1'], orderId: 'bo_a', cost: 700 }]),
    );
  });

  it('puts the selection bar above the table, not over the filters; one call and one toast for all', async () => {
    const fetch = serve(
      [held('h-1'), held('h-2'), held('h-3', { reason: 'NO_MATCH', candidates: [] }), held('h-4')],
      {
        sent: 1,
        alreadyOnFaire: 1,
        held: 1,
        stillHeld: [{ id: 'h-3', reasonText: 'No Faire order found for this label' }],
      },
    );
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    await screen.findAllByRole('button', { name: /^Review label / });
    expect(screen.queryByTestId('attention-bulk-bar')).toBeNull();
    const boxes = screen.getAllByRole('checkbox');
    fireEvent.click(boxes[1]!);
    fireEvent.click(boxes[2]!);
    fireEvent.click(boxes[3]!);
    const bar = await screen.findByTestId('attention-bulk-bar');
    expect(within(bar).getByTestId('attention-selected').textContent).toBe('3 labels selected');
    // In the list's flow, before the table (react-admin's own bar sat over the filter row).
    const table = screen.getByRole('table');
    expect(bar.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(bar.closest('.RaList-actions')).toBeNull();
    expect(document.querySelector('[data-test="bulk-actions-toolbar"]')).toBeNull();

    fireEvent.click(within(bar).getByRole('button', { name: 'Send to Faire' }));
    await waitFor(() => expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['h-1', 'h-2', 'h-3'] }]));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith({
        title: '1 label sent to Faire · 1 already on Faire · 1 still needs you',
        description: 'No Faire order found for this label',
        variant: 'default',
      }),
    );
    expect(toast).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByTestId('attention-bulk-bar')).toBeNull());
  });

  it('lets an admin tick items on a phone too, with the same bar above the cards', async () => {
    viewport(390);
    const fetch = serve([held('h-1'), held('h-2')]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    const lines = await screen.findAllByTestId('attention-line');
    expect(lines).toHaveLength(2);
    expect(screen.queryByRole('table')).toBeNull();
    fireEvent.click(within(lines[0]!).getByRole('checkbox'));
    const bar = await screen.findByTestId('attention-bulk-bar');
    expect(bar.compareDocumentPosition(lines[0]!) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    fireEvent.click(within(bar).getByRole('button', { name: 'Select all 2' }));
    await waitFor(() =>
      expect(within(bar).getByTestId('attention-selected').textContent).toBe('2 labels selected'),
    );
    fireEvent.click(within(bar).getByRole('button', { name: 'Send to Faire' }));
    await waitFor(() => expect(sentBodies(fetch, SEND)).toEqual([{ ids: ['h-1', 'h-2'] }]));
    expect(toast).toHaveBeenCalledWith({ title: '2 labels sent to Faire', variant: 'success' });
  });

  it('says a Shopify fulfilment cancelled after sending as such, in its own words', async () => {
    serve([
      shopifyHeld('s-9', {
        kind: 'ALERT',
        reason: 'VOIDED_AFTER_SEND',
        reasonText:
          'The Shopify fulfilment was cancelled after its tracking number reached Faire; Faire cannot remove a shipment, fix it on the order',
        ruleCost: null,
      }),
    ]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    expect(await screen.findByText('Cancelled after sending')).toBeTruthy();
    expect(screen.queryByText('Voided after sending')).toBeNull();
  });
});
