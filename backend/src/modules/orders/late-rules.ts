/**
 * When an open order is late, and why (written down in docs/decisions/0005-late-and-problem-orders.md).
 * Pure: the caller passes "now" and the company's thresholds in days.
 */
export interface Thresholds {
  newOrderDays: number;
  processingDays: number;
  preTransitDays: number;
  inTransitDays: number;
}

export const DEFAULT_THRESHOLDS: Thresholds = {
  newOrderDays: 1,
  processingDays: 1,
  preTransitDays: 2,
  inTransitDays: 8,
};

export interface LateRuleInput {
  state: string;
  createdAt: Date;
  processingAt: Date | null;
  shipmentCreatedAt: Date | null;
  trackingNumber: string | null;
}

export interface LateVerdict {
  isProblem: boolean;
  problemReason: string | null;
}

const DAY_MS = 86_400_000;

function days(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`;
}

export function lateVerdict(order: LateRuleInput, t: Thresholds, now: Date): LateVerdict {
  const age = (since: Date) => now.getTime() - since.getTime();
  switch (order.state) {
    case 'NEW':
      return age(order.createdAt) > t.newOrderDays * DAY_MS
        ? { isProblem: true, problemReason: `Not accepted within ${days(t.newOrderDays)}` }
        : ok();
    case 'PROCESSING':
      return !order.trackingNumber && age(order.processingAt ?? order.createdAt) > t.processingDays * DAY_MS
        ? { isProblem: true, problemReason: 'Late Orders - No Tracking' }
        : ok();
    case 'PRE_TRANSIT':
      return order.shipmentCreatedAt && age(order.shipmentCreatedAt) > t.preTransitDays * DAY_MS
        ? { isProblem: true, problemReason: 'Possible Incorrect Tracking' }
        : ok();
    case 'IN_TRANSIT':
      return order.shipmentCreatedAt && age(order.shipmentCreatedAt) > t.inTransitDays * DAY_MS
        ? { isProblem: true, problemReason: 'In Transit Past Time Window' }
        : ok();
    default:
      return ok();
  }
}

function ok(): LateVerdict {
  return { isProblem: false, problemReason: null };
}
