import { DEFAULT_THRESHOLDS, type ThresholdKey, type Thresholds } from '@portal/shipment-rules';

/**
 * When an open order is late, and why (written down in docs/decisions/0005-late-and-problem-orders.md).
 * One table, `LATE_CLOCKS`, says per state which clock runs and against which threshold; from it come
 * the TypeScript verdict below, the orders list's SQL (orders-list.sql.ts) and the expression of the
 * generated column `orders.problem_since` (`problemSinceSql`, kept equal to its migration by
 * late-rules.spec.ts). Pure: the caller passes "now" and the company's thresholds in days.
 */
export { DEFAULT_THRESHOLDS, type Thresholds };

export interface LateRuleInput {
  state: string;
  createdAt: Date;
  processingAt: Date | null;
  shipmentCreatedAt: Date | null;
  trackingNumber: string | null;
}

/** An order's time a late clock can start from, and its column in `orders`. */
export const CLOCK_COLUMNS = {
  createdAt: 'faire_created_at',
  processingAt: 'processing_at',
  shipmentCreatedAt: 'shipment_created_at',
} as const;

export type ClockField = keyof typeof CLOCK_COLUMNS;

export interface LateClock {
  state: string;
  /** The clock's start: the first of these times the order has. */
  startsAt: readonly ClockField[];
  /** The clock runs only while the order has no tracking number (null or empty). */
  onlyWithoutTracking: boolean;
  threshold: ThresholdKey;
  reason: (days: number) => string;
}

export const LATE_CLOCKS: readonly LateClock[] = [
  {
    state: 'NEW',
    startsAt: ['createdAt'],
    onlyWithoutTracking: false,
    threshold: 'newOrderDays',
    reason: (n) => `Not accepted within ${days(n)}`,
  },
  {
    state: 'PROCESSING',
    startsAt: ['processingAt', 'createdAt'],
    onlyWithoutTracking: true,
    threshold: 'processingDays',
    reason: () => 'Late Orders - No Tracking',
  },
  {
    state: 'PRE_TRANSIT',
    startsAt: ['shipmentCreatedAt'],
    onlyWithoutTracking: false,
    threshold: 'preTransitDays',
    reason: () => 'Possible Incorrect Tracking',
  },
  {
    state: 'IN_TRANSIT',
    startsAt: ['shipmentCreatedAt'],
    onlyWithoutTracking: false,
    threshold: 'inTransitDays',
    reason: () => 'In Transit Past Time Window',
  },
];

export interface LateVerdict {
  isProblem: boolean;
  problemReason: string | null;
}

const DAY_MS = 86_400_000;

function days(n: number): string {
  return `${n} day${n === 1 ? '' : 's'}`;
}

/** When the order's late clock started, or null when no clock runs (what `problem_since` stores). */
export function lateClockStart(order: LateRuleInput): Date | null {
  const clock = LATE_CLOCKS.find((c) => c.state === order.state);
  if (!clock || (clock.onlyWithoutTracking && order.trackingNumber)) return null;
  for (const field of clock.startsAt) {
    const at = order[field];
    if (at) return at;
  }
  return null;
}

export function lateVerdict(order: LateRuleInput, t: Thresholds, now: Date): LateVerdict {
  const clock = LATE_CLOCKS.find((c) => c.state === order.state);
  const since = lateClockStart(order);
  if (!clock || !since || now.getTime() - since.getTime() <= t[clock.threshold] * DAY_MS) {
    return { isProblem: false, problemReason: null };
  }
  return { isProblem: true, problemReason: clock.reason(t[clock.threshold]) };
}

/** `lateClockStart` in SQL over the columns of `orders`: the expression of `problem_since`. */
export function problemSinceSql(): string {
  const start = (c: LateClock) => {
    const cols = c.startsAt.map((f) => CLOCK_COLUMNS[f]);
    const at = cols.length === 1 ? cols[0]! : `coalesce(${cols.join(', ')})`;
    return c.onlyWithoutTracking ? `CASE WHEN coalesce(tracking_number, '') = '' THEN ${at} END` : at;
  };
  return `CASE state ${LATE_CLOCKS.map((c) => `WHEN '${c.state}' THEN ${start(c)}`).join(' ')} END`;
}
