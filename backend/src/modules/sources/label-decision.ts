import { normalizeTrackingNumber, type CarrierCode } from '@portal/shipment-rules';
import type { CostRule } from './entities/source-connection.entity.js';
import type { OrderRefs } from './entities/source-label.entity.js';
import { HOLD_REASONS, costFor, gateFor, matchOrder, orderIdsIn, type HoldReason } from './label-rules.js';

/**
 * The decision about one label, as a pure function of what the release gathered (decisions 0035,
 * 0065): the label, the connection's settings, the company's stored Faire orders, the tracking numbers
 * already on them, and what a person picked. No database, no clock of its own, no source: the release
 * reads all of that first, and this says what becomes of the label.
 */

/** Labels printed before the connection are offered for this long; older ones are ignored. */
export const BEFORE_CONNECT_WINDOW_MS = 7 * 24 * 3_600_000;
/**
 * A label made this little before the connection counts as made after it: sources write whole seconds
 * (Shopify) or their own clock (ShipStation's Pacific wall time), and a label printed while connecting
 * is the brand's first day, not its past.
 */
export const CONNECT_SKEW_MS = 2 * 60_000;

/** A Faire order as the decision needs it. */
export interface OrderFacts {
  state: string;
  /** The tracking number of its latest shipment on Faire (null: none). */
  trackingNumber: string | null;
  /** Its subtotal in minor units of the brand's currency (null: unknown). */
  totalCents: number | null;
}

/** The label as stored. */
export interface LabelFacts {
  orderRefs: OrderRefs;
  trackingNumber: string;
  carrierCode: string | null;
  costCents: number | null;
  voided: boolean;
  labelCreatedAt: Date | null;
}

/** The connection's settings the decision reads. */
export interface ConnectionFacts {
  name: string;
  acceptNewOrders: boolean;
  acceptNewOrdersWords: string;
  mode: 'AUTO' | 'REVIEW';
  costRule: CostRule;
  carrierMap: Readonly<Record<string, string>>;
  currency: string;
  /** When it was last connected: labels made before it are offered to a person, never sent by themselves. */
  connectedAt: Date;
  /** A label whose own cost is 0 is sent at 0. */
  sendZeroCost: boolean;
  /** What the hold for a missing cost says, in the connector's words. */
  noCostWords: string;
  carrier(
    code: string | null,
    tracking: string,
    map: Readonly<Record<string, string>>,
  ): CarrierCode | undefined;
}

export interface DecisionContext {
  conn: ConnectionFacts;
  /** The Faire brand's currency; null when Faire is not connected. */
  brandCurrency: string | null;
  /** The company's stored Faire orders among those the label names (or the one a person picked). */
  orders: ReadonlyMap<string, OrderFacts>;
  /** `<order id>|<normalised tracking>` of shipments on Faire or on their way (any source). */
  onFaire: ReadonlySet<string>;
  /** Some order the label names could not be asked of Faire yet: the label waits instead of being held. */
  lookupPending: boolean;
  /** What a person sending it picked. */
  override?: { orderId?: string; costCents?: number };
  /** The label's place among the tracking numbers of one shipment a flat amount prices once. */
  split?: { index: number; of: number };
  /** Whether another label of this Faire order already carries the order's share of its subtotal. */
  orderShareTaken?: (orderId: string) => boolean;
  /** A person sends it (held labels): no grace, no review hold, new orders accepted. */
  byPerson: boolean;
  now: Date;
}

export type Verdict =
  | { kind: 'VOIDED' }
  /** Not decided yet: asked of Faire again shortly. */
  | { kind: 'WAIT' }
  /** Held (or dropped); `costCents` is what the rule gives it, shown and offered in its review. */
  | { kind: 'HOLD'; reason: HoldReason; text: string; orderId: string | null; costCents?: number | null }
  /**
   * Its tracking number is on the order already: nothing new reaches Faire. With a carrier and a cost it
   * still goes through the intake, which links it to that shipment as another of its sources.
   */
  | { kind: 'ALREADY_ON_FAIRE'; orderId: string; carrier?: CarrierCode; costCents?: number }
  | { kind: 'IGNORE'; orderId: string | null; text: string }
  | { kind: 'SEND'; orderId: string; carrier: CarrierCode; costCents: number };

/** Holds that depend on the Faire order only: decided again when the company's orders change. */
export const ORDER_HOLDS: ReadonlySet<string> = new Set([
  'NO_MATCH',
  'NEW_ORDER',
  'ORDER_CLOSED',
  'NO_FAIRE',
  'BEFORE_CONNECT',
]);

function hold(reason: HoldReason, orderId: string | null = null, text?: string): Verdict {
  return { kind: 'HOLD', reason, text: text ?? HOLD_REASONS[reason], orderId };
}

function onFaire(ctx: DecisionContext, label: LabelFacts, orderId: string, order: OrderFacts): boolean {
  const tracking = normalizeTrackingNumber(label.trackingNumber);
  if (ctx.onFaire.has(`${orderId}|${tracking}`)) return true;
  return !!order.trackingNumber && normalizeTrackingNumber(order.trackingNumber) === tracking;
}

/** The cost the connection's rule gives the label (a person's cost first); null when it gives none. */
function ruleCost(
  label: LabelFacts,
  ctx: DecisionContext,
  orderId: string | null,
  carrier: string | undefined,
): number | null {
  if (ctx.override?.costCents !== undefined) return ctx.override.costCents;
  const { conn } = ctx;
  const order = orderId ? ctx.orders.get(orderId) : undefined;
  return costFor(conn.costRule, label.costCents, {
    carrier,
    subtotalCents: order?.totalCents ?? null,
    split: ctx.split,
    orderShareTaken: orderId ? (ctx.orderShareTaken?.(orderId) ?? false) : false,
    zeroIsCost: conn.sendZeroCost,
  });
}

/** A hold with the cost the rule would give, for the person who reviews it. */
function holdPriced(
  label: LabelFacts,
  ctx: DecisionContext,
  reason: HoldReason,
  orderId: string | null,
  text?: string,
): Verdict {
  const carrier = ctx.conn.carrier(label.carrierCode, label.trackingNumber, ctx.conn.carrierMap);
  return { ...hold(reason, orderId, text), costCents: ruleCost(label, ctx, orderId, carrier) } as Verdict;
}

export function decideLabel(label: LabelFacts, ctx: DecisionContext): Verdict {
  if (label.voided) return { kind: 'VOIDED' };
  if (ctx.brandCurrency === null) return hold('NO_FAIRE');
  const { conn } = ctx;
  const before =
    !ctx.byPerson &&
    label.labelCreatedAt !== null &&
    label.labelCreatedAt.getTime() < conn.connectedAt.getTime() - CONNECT_SKEW_MS;
  if (before && ctx.now.getTime() - label.labelCreatedAt!.getTime() > BEFORE_CONNECT_WINDOW_MS) {
    return { kind: 'IGNORE', orderId: null, text: 'Printed more than 7 days before the connection' };
  }
  let orderId: string;
  if (ctx.override?.orderId) orderId = ctx.override.orderId;
  else {
    const match = matchOrder(label.orderRefs, new Set(ctx.orders.keys()));
    if (match.kind !== 'MATCHED') {
      if (ctx.lookupPending && !ctx.byPerson) return { kind: 'WAIT' };
      // A label from before the connection that names no Faire order is not a Faire label: not offered.
      if (before) return { kind: 'IGNORE', orderId: null, text: HOLD_REASONS.NO_MATCH };
      return holdPriced(label, ctx, match.kind === 'NONE' ? 'NO_MATCH' : 'AMBIGUOUS', null);
    }
    orderId = match.orderId;
  }
  const order = ctx.orders.get(orderId);
  if (!order) return hold('NO_MATCH');
  // Already on Faire: nothing to send. A label from before the connection is not even linked (History
  // would fill with a past the brand did not send from here).
  if (before && onFaire(ctx, label, orderId, order)) return { kind: 'ALREADY_ON_FAIRE', orderId };
  if (onFaire(ctx, label, orderId, order)) {
    const carrier = conn.carrier(label.carrierCode, label.trackingNumber, conn.carrierMap);
    const sameCurrency =
      conn.costRule.kind === 'FLAT' || label.costCents === null || ctx.brandCurrency === conn.currency;
    const cents =
      ctx.override?.costCents ??
      (sameCurrency
        ? costFor(conn.costRule, label.costCents, { carrier, subtotalCents: order.totalCents })
        : null);
    return {
      kind: 'ALREADY_ON_FAIRE',
      orderId,
      ...(carrier && cents !== null ? { carrier, costCents: cents } : {}),
    };
  }
  if (before) {
    // Offered to a person while its order still waits for a shipment; never sent by itself.
    if (gateFor(order.state, true) === 'DROP' || order.trackingNumber) {
      return { kind: 'IGNORE', orderId, text: 'The Faire order shipped or closed since' };
    }
    return holdPriced(label, ctx, 'BEFORE_CONNECT', orderId);
  }
  const gate = gateFor(order.state, conn.acceptNewOrders || ctx.byPerson);
  if (gate === 'DROP') {
    return hold('ORDER_CLOSED', orderId, `The Faire order is ${order.state.toLowerCase()}: nothing was sent`);
  }
  if (gate === 'HOLD_NEW') {
    return holdPriced(
      label,
      ctx,
      'NEW_ORDER',
      orderId,
      `The Faire order is new: accept it or turn on "${conn.acceptNewOrdersWords}"`,
    );
  }
  const carrier = conn.carrier(label.carrierCode, label.trackingNumber, conn.carrierMap);
  if (!carrier) return holdPriced(label, ctx, 'UNKNOWN_CARRIER', orderId);
  if (ctx.override?.costCents === undefined) {
    const usesLabel = conn.costRule.kind !== 'FLAT' && label.costCents !== null;
    if (usesLabel && ctx.brandCurrency !== conn.currency) {
      return hold(
        'CURRENCY_MISMATCH',
        orderId,
        `The ${conn.name} cost is in ${conn.currency}, the Faire brand's currency is ${ctx.brandCurrency}: set the cost to send it`,
      );
    }
  }
  const cents = ruleCost(label, ctx, orderId, carrier);
  if (cents === null) return hold('NO_COST', orderId, conn.noCostWords);
  if (conn.mode === 'REVIEW' && !ctx.byPerson) {
    return { ...hold('REVIEW', orderId), costCents: cents } as Verdict;
  }
  return { kind: 'SEND', orderId, carrier, costCents: cents };
}

/** The Faire order ids a label names (for the lookups before a decision). */
export function namedOrders(refs: OrderRefs): string[] {
  return orderIdsIn(refs);
}
