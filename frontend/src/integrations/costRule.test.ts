import { describe, expect, it } from 'vitest';
import { costRuleKinds, costRuleText, needsCostRule } from './costRule';

describe('cost rule in words', () => {
  it('a label’s own cost comes first for ShipStation, never for Shopify (it has none)', () => {
    const share = { kind: 'SHARE', basisPoints: 750, minCents: 500 } as const;
    expect(costRuleText(share, 'SHIPSTATION', 'GBP')).toBe(
      'The label’s own cost, else 7.5% of the Faire order’s subtotal, at least £5.00.',
    );
    expect(costRuleText(share, 'SHOPIFY', 'GBP')).toBe('7.5% of the Faire order’s subtotal, at least £5.00.');
    const perCarrier = { kind: 'PER_CARRIER', carrierCents: { FEDEX: 900 }, otherCents: 1100 } as const;
    expect(costRuleText(perCarrier, 'SHIPSTATION')).toBe(
      'The label’s own cost, else FedEx $9.00; any other carrier $11.00.',
    );
    expect(costRuleText({ kind: 'FLAT', flatCents: 650 }, 'SHIPSTATION')).toBe('$6.50 per label.');
  });

  it('Shopify is offered no label cost and needs a rule until it has one', () => {
    expect(costRuleKinds('SHOPIFY')).not.toContain('LABEL');
    expect(costRuleKinds('SHOPIFY')).not.toContain('LABEL_OR_FLAT');
    expect(costRuleKinds('SHIPSTATION')).toContain('LABEL');
    expect(needsCostRule('SHOPIFY', { kind: 'LABEL' })).toBe(true);
    expect(needsCostRule('SHOPIFY', undefined)).toBe(true);
    expect(needsCostRule('SHOPIFY', { kind: 'FLAT', flatCents: 0 })).toBe(false);
    expect(needsCostRule('SHIPSTATION', { kind: 'LABEL' })).toBe(false);
  });
});
