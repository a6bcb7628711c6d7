import { displayIdFor, isCarrierCode } from '@portal/shipment-rules';
import { AppError } from '../../common/errors/index.js';
import type { CostRule } from './entities/source-connection.entity.js';
import type { Candidate, OrderRefs } from './entities/source-label.entity.js';

/**
 * The pure decisions about a source's label (decision 0035): which Faire order it names, which carrier
 * Faire gets, what it cost, and what the order's state on Faire says to do with it.
 */

/** The fields a Faire order id may be written in, in the order they are trusted. */
export const REF_FIELDS = [
  'orderNumber',
  'customField1',
  'customField2',
  'customField3',
  'orderKey',
] as const;

/** A Faire order id or display id as a whole field: '#ABC12345DE', 'ABC12345DE', 'bo_abc12345de'. */
const ORDER_REF = /^#?\s*(?:bo_)?([a-z0-9]{8,20})$/i;

/** The Faire order ids (`bo_...`) a label's fields name, each once, in REF_FIELDS order. */
export function orderIdsIn(refs: OrderRefs): string[] {
  const ids: string[] = [];
  for (const field of REF_FIELDS) {
    const value = refs[field];
    if (typeof value !== 'string') continue;
    const m = ORDER_REF.exec(value.trim());
    if (!m) continue;
    const id = `bo_${m[1]!.toLowerCase()}`;
    if (!ids.includes(id)) ids.push(id);
  }
  return ids;
}

export type MatchResult =
  | { kind: 'MATCHED'; orderId: string }
  | { kind: 'NONE'; candidates: Candidate[] }
  | { kind: 'AMBIGUOUS'; candidates: Candidate[] };

/**
 * The one synced order of the company a label names; none, or more than one: no guess (the label waits
 * with the candidates found).
 */
export function matchOrder(refs: OrderRefs, synced: ReadonlySet<string>): MatchResult {
  const named = orderIdsIn(refs);
  const found = named.filter((id) => synced.has(id));
  const candidates = found.map((orderId) => ({ orderId, displayId: displayIdFor(orderId) }));
  if (found.length === 1) return { kind: 'MATCHED', orderId: found[0]! };
  return found.length === 0 ? { kind: 'NONE', candidates } : { kind: 'AMBIGUOUS', candidates };
}

/** Minor units of an amount the source gives in major units (12.5 -> 1250); null when none is usable. */
export function toCents(value: unknown): number | null {
  if (value === null || value === undefined || value === '') return null;
  const n = typeof value === 'number' ? value : Number(value);
  if (!Number.isFinite(n) || n < 0) return null;
  return Math.round(n * 100);
}

/** A label's cost: shipment cost plus insurance (insurance alone is not a label cost). */
export function labelCost(shipmentCost: unknown, insuranceCost: unknown): number | null {
  const cost = toCents(shipmentCost);
  if (cost === null) return null;
  return cost + (toCents(insuranceCost) ?? 0);
}

/** What a cost rule may look at besides the label's own cost. */
export interface CostContext {
  /** The Faire carrier the label goes with. */
  carrier?: string;
  /** The Faire order's subtotal in minor units of the brand's currency (null: not synced). */
  subtotalCents?: number | null;
  /**
   * The label's place among the tracking numbers of one shipment a flat amount prices once (a Shopify
   * fulfilment with several boxes): the amount is split, the first carrying the cents left over.
   */
  split?: { index: number; of: number };
  /** Another label of the same order already carries the order's share of its subtotal. */
  orderShareTaken?: boolean;
  /** A label cost of 0 is a cost (the company chose to send $0); otherwise 0 is no cost. */
  zeroIsCost?: boolean;
}

/** `cents` split `of` ways; the part of the `index`-th, the first carrying what does not divide. */
export function splitCents(cents: number, split?: { index: number; of: number }): number {
  if (!split || split.of <= 1) return cents;
  const each = Math.floor(cents / split.of);
  return split.index === 0 ? cents - each * (split.of - 1) : each;
}

/**
 * The cost Faire gets under the connection's rule; null when the label must wait for one. A label's own
 * cost wins where the rule reads it; a flat amount is per shipment (split across its tracking numbers);
 * a per-carrier amount is per parcel; a share of the subtotal is once per order.
 */
export function costFor(rule: CostRule, labelCents: number | null, ctx: CostContext = {}): number | null {
  const label = labelCents === 0 && !ctx.zeroIsCost ? null : labelCents;
  switch (rule.kind) {
    case 'LABEL':
      return label;
    case 'LABEL_OR_FLAT':
      return label ?? splitCents(rule.flatCents, ctx.split);
    case 'FLAT':
      return splitCents(rule.flatCents, ctx.split);
    case 'PER_CARRIER': {
      if (label !== null) return label;
      const own = ctx.carrier ? rule.carrierCents[ctx.carrier] : undefined;
      return typeof own === 'number' ? own : rule.otherCents;
    }
    case 'SHARE': {
      if (label !== null) return label;
      if (ctx.orderShareTaken) return 0;
      if (ctx.subtotalCents === null || ctx.subtotalCents === undefined) return null;
      return Math.max(rule.minCents, Math.round((ctx.subtotalCents * rule.basisPoints) / 10_000));
    }
    default:
      return null;
  }
}

/** A cost rule as an admin sent it (checked by the DTO's field rules first). */
export interface CostRuleInput {
  kind: CostRule['kind'];
  flatCents?: number;
  carrierCents?: Record<string, unknown>;
  otherCents?: number;
  percent?: number;
  minCents?: number;
}

/** The rule to store, or a 400 naming what is missing or wrong. */
export function costRuleOf(d: CostRuleInput): CostRule {
  const need = (field: string) =>
    new AppError('VALIDATION_FAILED', `costRule.${field} is required for ${d.kind}`);
  switch (d.kind) {
    case 'LABEL':
      return { kind: 'LABEL' };
    case 'LABEL_OR_FLAT':
    case 'FLAT':
      if (d.flatCents === undefined) throw need('flatCents');
      return { kind: d.kind, flatCents: d.flatCents };
    case 'PER_CARRIER': {
      if (d.carrierCents === undefined) throw need('carrierCents');
      const entries = Object.entries(d.carrierCents);
      if (entries.length > 50) {
        throw new AppError('VALIDATION_FAILED', 'costRule.carrierCents has more than 50 carriers');
      }
      const carrierCents: Record<string, number> = {};
      for (const [carrier, cents] of entries) {
        if (!isCarrierCode(carrier)) {
          throw new AppError(
            'VALIDATION_FAILED',
            `costRule.carrierCents: ${carrier.slice(0, 40)} is not a Faire carrier such as USPS or UPS`,
          );
        }
        if (typeof cents !== 'number' || !Number.isInteger(cents) || cents < 0 || cents > 100_000_000) {
          throw new AppError(
            'VALIDATION_FAILED',
            `costRule.carrierCents.${carrier} must be a whole number of cents`,
          );
        }
        carrierCents[carrier] = cents;
      }
      return { kind: 'PER_CARRIER', carrierCents, otherCents: d.otherCents ?? null };
    }
    case 'SHARE':
      if (d.percent === undefined) throw need('percent');
      return { kind: 'SHARE', basisPoints: Math.round(d.percent * 100), minCents: d.minCents ?? 0 };
  }
}

/** What Faire's state of the order says to do with a label for it. */
export type StateGate = 'SEND' | 'HOLD_NEW' | 'DROP';

export function gateFor(state: string, acceptNewOrders: boolean): StateGate {
  switch (state) {
    case 'PROCESSING':
    case 'PRE_TRANSIT':
    case 'IN_TRANSIT':
      return 'SEND';
    case 'NEW':
      return acceptNewOrders ? 'SEND' : 'HOLD_NEW';
    default:
      // CANCELED, DELIVERED, and anything Faire may add: never shipped from here.
      return 'DROP';
  }
}

/** Reasons a label waits in "Needs attention" or was dropped, with their words (the list shows them). */
export const HOLD_REASONS = {
  NO_MATCH: 'No Faire order found for this label',
  AMBIGUOUS: 'The label names more than one Faire order',
  NO_COST: 'No cost on the label',
  CURRENCY_MISMATCH: "The source's cost is in another currency than the Faire brand",
  UNKNOWN_CARRIER: 'The carrier could not be read',
  NEW_ORDER: 'The Faire order is new: accept it or turn on "accept new orders when a label is printed"',
  REVIEW: 'Held for review (the connection sends nothing automatically)',
  INVALID: 'The label could not be read as a shipment',
  NO_FAIRE: "Connect the company's Faire account to send labels",
  ORDER_CLOSED: 'The Faire order is canceled or delivered: nothing was sent',
  BEFORE_CONNECT: 'Printed before you connected',
  ALREADY_ON_FAIRE: 'Already on Faire: its tracking number was on the order',
  VOIDED_AFTER_SEND:
    'The label was voided after its tracking number reached Faire; Faire cannot remove a shipment, fix it on the order',
  CANCELLED_AFTER_SEND:
    'The Shopify fulfilment was cancelled after its tracking number reached Faire; Faire cannot remove a shipment, fix it on the order',
} as const;

export type HoldReason = keyof typeof HOLD_REASONS;
