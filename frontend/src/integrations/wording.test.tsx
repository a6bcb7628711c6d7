import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { AttentionPage } from './AttentionPage';
import { IntegrationsCard } from './IntegrationsCard';
import { held, shipStation, shopify } from './testData';
import type { AttentionItem, SourceConnection } from './types';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const fromShopify = (id: string, over: Partial<AttentionItem> = {}) =>
  held(id, {
    source: 'SHOPIFY',
    reason: 'NO_COST',
    reasonText: 'Shopify gives no cost and no cost rule is set',
    cost: null,
    candidates: [],
    sourceRef: '#1001',
    ...over,
  });

function serveAttention(items: AttentionItem[]) {
  let list = items;
  mockApi({
    'GET /api/integrations/attention': () => ({ body: { items: list } }),
    'GET /api/faire/connection': { body: { status: 'CONNECTED', currency: 'USD', canManage: true } },
    'POST /api/integrations/attention/dismiss': (init) => {
      const { ids } = JSON.parse(init?.body as string) as { ids: string[] };
      list = list.filter((i) => !ids.includes(i.id));
      return { body: { dismissed: ids.length } };
    },
  });
}

function serveCard(connections: SourceConnection[]) {
  mockApi({
    'GET /api/integrations': { body: { connections, available: ['SHIPSTATION', 'SHOPIFY'] } },
  });
}

describe('a Shopify row is a fulfilment, a ShipStation row a label', () => {
  it('in Needs attention: the review button, the dialog and the dismiss toast', async () => {
    serveAttention([fromShopify('s-1'), held('h-2')]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    expect(await screen.findByRole('button', { name: /^Review label 9400/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^Review fulfilment / }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.getByText('Send this fulfilment to Faire?')).toBeTruthy();
    expect(
      dialog.getByText('No order matched this fulfilment. Type the Faire order it belongs to.'),
    ).toBeTruthy();
    expect(
      dialog.getByText(
        'Shopify gives no cost for a fulfilment: enter it, or set a cost rule on the connection.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).not.toMatch(/label/i);
    fireEvent.click(dialog.getByRole('button', { name: 'Dismiss' }));
    await waitFor(() =>
      expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: '1 fulfilment dismissed' })),
    );
  });

  it('in the bulk dismiss confirmation: fulfilments, or labels and fulfilments when mixed', async () => {
    serveAttention([fromShopify('s-1'), fromShopify('s-2'), held('h-3')]);
    renderScreen(<AttentionPage />, { user: annAtAcme('COMPANY_ADMIN') });
    await screen.findByRole('button', { name: /^Review label / });
    const boxes = () => screen.getAllByRole('checkbox');
    fireEvent.click(boxes()[1]!);
    fireEvent.click(boxes()[2]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('Dismiss 2 fulfilments?')).toBeTruthy();
    expect(screen.getByText(/These fulfilments are taken off the list/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    fireEvent.click(boxes()[3]!);
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.getByText('Dismiss 3 labels and fulfilments?')).toBeTruthy();
  });

  it("on the card: fulfilments sent today, Shopify's own switch name, and a disconnect that names the shop", async () => {
    serveCard([shopify({ sentToday: 2, costRule: { kind: 'FLAT', flatCents: 500 } })]);
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('connection-SHOPIFY'));
    expect(row.getByTestId('connection-activity').textContent).toBe(
      'Last sync 5 minutes ago · 2 fulfilments sent today',
    );
    expect(row.getByText('When a fulfilment is made')).toBeTruthy();
    expect(row.getByRole('switch', { name: /Accept new orders when a fulfilment is made/ })).toBeTruthy();
    // Shopify's items carry no cost of their own: no "$0 label" switch.
    expect(row.queryByRole('switch', { name: /whose cost is \$0/ })).toBeNull();
    expect(row.queryByTestId('cost-rule-needed')).toBeNull();
    fireEvent.click(row.getByRole('button', { name: 'Disconnect' }));
    const confirm = within(await screen.findByRole('dialog'));
    expect(confirm.getByText(/Fulfilments in Shopify will no longer reach Faire by themselves/)).toBeTruthy();
    expect(confirm.getByText(/the shop's stored access is deleted/)).toBeTruthy();
    expect(screen.getByRole('dialog').textContent).not.toMatch(/key and secret/);
  });

  it('ShipStation keeps its labels and its key and secret', async () => {
    serveCard([shipStation()]);
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('connection-SHIPSTATION'));
    expect(row.getByText('When a label is printed')).toBeTruthy();
    fireEvent.click(row.getByRole('button', { name: 'Disconnect' }));
    expect((await screen.findByRole('dialog')).textContent).toMatch(/stored key and secret are deleted/);
  });
});
