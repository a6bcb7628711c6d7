import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { annAtAcme } from '../test/fixtures';
import { mockApi, sentBodies } from '../test/fetchMock';
import { renderScreen } from '../test/render';
import { IntegrationsCard } from './IntegrationsCard';
import { shipStation, shopify } from './testData';
import type { CostRule, CostRuleInput, SourceConnection } from './types';
import { toast } from '../test/toasts';

beforeEach(() => toast.mockClear());
afterEach(() => vi.unstubAllGlobals());

const PATCH = `PATCH /api/integrations/${shopify().id}`;

/** Serves one connection; a PATCH stores the rule the way the backend does (percent as basis points). */
function serve(start: SourceConnection, refuse?: (rule: CostRuleInput) => string | null) {
  let conn = start;
  const fetch = mockApi({
    'GET /api/integrations': () => ({ body: { connections: [conn], available: ['SHIPSTATION', 'SHOPIFY'] } }),
    [`PATCH /api/integrations/${start.id}`]: (init) => {
      const { costRule: r } = JSON.parse(init?.body as string) as { costRule: CostRuleInput };
      const refused = refuse?.(r);
      if (refused) return { status: 400, body: { code: 'VALIDATION_FAILED', message: refused } };
      const stored: CostRule =
        r.kind === 'SHARE'
          ? { kind: 'SHARE', basisPoints: Math.round((r.percent ?? 0) * 100), minCents: r.minCents ?? 0 }
          : r.kind === 'PER_CARRIER'
            ? { kind: 'PER_CARRIER', carrierCents: r.carrierCents ?? {}, otherCents: r.otherCents ?? null }
            : r.kind === 'LABEL'
              ? { kind: 'LABEL' }
              : { kind: r.kind, flatCents: r.flatCents ?? 0 };
      conn = { ...conn, costRule: stored };
      return { body: conn };
    },
  });
  return fetch;
}

async function openKind(row: ReturnType<typeof within>, name: RegExp) {
  fireEvent.mouseDown(row.getByRole('combobox', { name: /Cost of each/ }));
  const options = within(await screen.findByRole('listbox'));
  return { options, pick: () => fireEvent.click(options.getByRole('option', { name })) };
}

describe('cost rule editor', () => {
  it('a Shopify connection without a rule says so; an admin saves a flat amount, sent in cents', async () => {
    const fetch = serve(shopify({ currency: 'CAD' }));
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('connection-SHOPIFY'));
    expect(row.getByTestId('cost-rule-needed').textContent).toMatch(
      /^Set a cost rule so fulfilments can be sent/,
    );
    expect(row.getByTestId('cost-rule-text').textContent).toMatch(
      /wait in Needs attention until a rule is set/,
    );

    // Shopify gives no label cost: "the label's own cost" is not offered.
    const { options, pick } = await openKind(row, /A flat amount per fulfilment/);
    expect(options.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'A flat amount per fulfilment',
      'An amount per carrier',
      'A share of the order subtotal',
    ]);
    pick();

    const amount = row.getByLabelText('Amount (CAD)');
    fireEvent.change(amount, { target: { value: '8.5' } });
    fireEvent.click(row.getByRole('button', { name: 'Save cost rule' }));
    await waitFor(() => expect(row.queryByTestId('cost-rule-needed')).toBeNull());
    expect(sentBodies(fetch, PATCH)).toEqual([{ costRule: { kind: 'FLAT', flatCents: 850 } }]);
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Shopify cost rule saved' }));
    expect(row.getByTestId('cost-rule-text').textContent).toBe('CA$8.50 per fulfilment.');
    // The editor shows the saved rule again.
    expect(row.getByLabelText<HTMLInputElement>('Amount (CAD)').value).toBe('8.50');
  });

  it('saves a share with a minimum and a per-carrier rule; a bad amount is refused before sending', async () => {
    const fetch = serve(shopify());
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('connection-SHOPIFY'));
    (await openKind(row, /A share of the order subtotal/)).pick();
    fireEvent.change(row.getByLabelText('Share of subtotal (%)'), { target: { value: '5.5' } });
    fireEvent.change(row.getByLabelText('At least (USD)'), { target: { value: '-2' } });
    fireEvent.click(row.getByRole('button', { name: 'Save cost rule' }));
    expect(row.getByText('The amount cannot be negative.')).toBeTruthy();
    expect(sentBodies(fetch, PATCH)).toEqual([]);
    fireEvent.change(row.getByLabelText('At least (USD)'), { target: { value: '$1,200.05' } });
    fireEvent.click(row.getByRole('button', { name: 'Save cost rule' }));
    await waitFor(() =>
      expect(row.getByTestId('cost-rule-text').textContent).toBe(
        '5.5% of the Faire order’s subtotal, at least $1,200.05.',
      ),
    );

    (await openKind(row, /An amount per carrier/)).pick();
    fireEvent.click(row.getByRole('button', { name: 'Add carrier' }));
    fireEvent.mouseDown(row.getByRole('combobox', { name: 'Carrier' }));
    fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: 'UPS' }));
    fireEvent.change(row.getByLabelText('Amount (USD)'), { target: { value: '12' } });
    fireEvent.click(row.getByRole('button', { name: 'Save cost rule' }));
    await waitFor(() =>
      expect(row.getByTestId('cost-rule-text').textContent).toBe(
        'UPS $12.00; fulfilments with another carrier wait in Needs attention.',
      ),
    );
    expect(sentBodies(fetch, PATCH)).toEqual([
      { costRule: { kind: 'SHARE', percent: 5.5, minCents: 120005 } },
      { costRule: { kind: 'PER_CARRIER', carrierCents: { UPS: 1200 } } },
    ]);
  });

  it('shows the server’s refusal where the rule was typed, with no toast', async () => {
    const fetch = serve(
      shipStation({ costRule: { kind: 'LABEL' } }),
      () => 'costRule.flatCents cannot be negative',
    );
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_ADMIN') });
    const row = within(await screen.findByTestId('connection-SHIPSTATION'));
    // ShipStation labels carry their own cost: that is offered, and no rule is asked for.
    expect(row.queryByTestId('cost-rule-needed')).toBeNull();
    (await openKind(row, /The label’s cost, else a flat amount/)).pick();
    fireEvent.change(row.getByLabelText('Amount (USD)'), { target: { value: '4' } });
    fireEvent.click(row.getByRole('button', { name: 'Save cost rule' }));
    expect((await row.findByTestId('cost-rule-error')).textContent).toBe(
      'costRule.flatCents cannot be negative',
    );
    expect(sentBodies(fetch, `PATCH /api/integrations/${shipStation().id}`)).toEqual([
      { costRule: { kind: 'LABEL_OR_FLAT', flatCents: 400 } },
    ]);
    expect(toast).not.toHaveBeenCalled();
    // Typing again clears the refusal.
    fireEvent.change(row.getByLabelText('Amount (USD)'), { target: { value: '5' } });
    expect(row.queryByTestId('cost-rule-error')).toBeNull();
  });

  it('a member reads the rule as text, with nothing to change', async () => {
    serve(shopify({ costRule: { kind: 'SHARE', basisPoints: 500, minCents: 800 } }));
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    const row = within(await screen.findByTestId('connection-SHOPIFY'));
    expect(row.getByTestId('cost-rule-text').textContent).toBe(
      '5% of the Faire order’s subtotal, at least $8.00.',
    );
    expect(row.queryByRole('combobox')).toBeNull();
    expect(row.queryByRole('button', { name: 'Save cost rule' })).toBeNull();
    expect(row.queryByRole('textbox')).toBeNull();
  });

  it('tells a member of a Shopify connection without a rule that the admin sets it', async () => {
    serve(shopify());
    renderScreen(<IntegrationsCard />, { user: annAtAcme('COMPANY_USER') });
    const row = within(await screen.findByTestId('connection-SHOPIFY'));
    expect(row.getByTestId('cost-rule-needed').textContent).toMatch(/Your company admin sets it\.$/);
  });
});
