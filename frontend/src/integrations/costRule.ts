import { carrierLabel } from '@portal/shipment-rules';
import { formatMoney } from '../money/formatMoney';
import { connectorUi } from '../connectors/registry';
import { capitalized, rowWord, sourceName } from './format';
import type { CostRule, CostRuleKind, SourceKind } from './types';

/** Whether a source's rows carry their own cost (ShipStation's labels do, Shopify's fulfilments not). */
export function hasOwnCost(source: SourceKind): boolean {
  return connectorUi(source).hasOwnCost;
}

/** The rule kinds a source can use: Shopify gives no label cost, so "the label's cost" is not offered. */
export function costRuleKinds(source: SourceKind): CostRuleKind[] {
  return hasOwnCost(source)
    ? ['LABEL', 'LABEL_OR_FLAT', 'FLAT', 'PER_CARRIER', 'SHARE']
    : ['FLAT', 'PER_CARRIER', 'SHARE'];
}

/** A rule kind in words, as the editor offers it. */
export function costRuleKindLabel(kind: CostRuleKind, source: SourceKind): string {
  const row = rowWord(source);
  switch (kind) {
    case 'LABEL':
      return hasOwnCost(source) ? `The ${row}’s own cost` : 'No rule yet';
    case 'LABEL_OR_FLAT':
      return `The ${row}’s cost, else a flat amount`;
    case 'FLAT':
      return `A flat amount per ${row}`;
    case 'PER_CARRIER':
      return 'An amount per carrier';
    case 'SHARE':
      return 'A share of the order subtotal';
  }
}

/** Whether a connection still has no way to find a cost for its rows (a Shopify one with no rule). */
export function needsCostRule(source: SourceKind, rule: CostRule | undefined): boolean {
  return !hasOwnCost(source) && (!rule || rule.kind === 'LABEL');
}

/** Basis points as a percent: 550 -> "5.5". */
export function percentText(basisPoints: number): string {
  return String(Math.round(basisPoints) / 100);
}

/** The rule in one sentence, for everyone who sees the connection. */
export function costRuleText(rule: CostRule | undefined, source: SourceKind, currency = 'USD'): string {
  const money = (cents: number) => formatMoney(cents, currency);
  const row = rowWord(source);
  const rows = rowWord(source, 2);
  if (!rule || rule.kind === 'LABEL') {
    return hasOwnCost(source)
      ? `The ${row}’s own cost; a ${row} without one waits in Needs attention.`
      : `No cost rule yet: ${sourceName(source)} ${rows} carry no cost, so they wait in Needs attention until a rule is set.`;
  }
  // PER_CARRIER and SHARE take a row's own cost first, when its source gives one (ShipStation's labels).
  const own = (text: string) =>
    hasOwnCost(source) ? `The ${row}’s own cost, else ${text}` : capitalized(text);
  switch (rule.kind) {
    case 'LABEL_OR_FLAT':
      return `The ${row}’s own cost, else ${money(rule.flatCents)}.`;
    case 'FLAT':
      return `${money(rule.flatCents)} per ${row}.`;
    case 'PER_CARRIER': {
      const each = Object.entries(rule.carrierCents)
        .map(([carrier, cents]) => `${carrierLabel(carrier)} ${money(cents)}`)
        .join(', ');
      const other =
        rule.otherCents === null
          ? `${rows} with another carrier wait in Needs attention`
          : `any other carrier ${money(rule.otherCents)}`;
      const text = `${each ? `${each}; ` : ''}${other}.`;
      return own(text);
    }
    case 'SHARE':
      return own(
        `${percentText(rule.basisPoints)}% of the Faire order’s subtotal, at least ${money(rule.minCents)}.`,
      );
  }
}
