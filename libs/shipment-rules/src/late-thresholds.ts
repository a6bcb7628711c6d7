/**
 * A company's late thresholds: how many days an open order may stay in a state before it is late
 * (docs/decisions/0005-late-and-problem-orders.md). Each threshold is declared once, here, with its
 * default, its label and its help text; the backend's validation, entity and migration default and the
 * frontend's settings card and activity log read them from here.
 */
export interface Thresholds {
  newOrderDays: number;
  processingDays: number;
  preTransitDays: number;
  inTransitDays: number;
}

export type ThresholdKey = keyof Thresholds;

/** The fewest and the most days a threshold may hold (the server refuses anything else). */
export const THRESHOLD_MIN_DAYS = 0;
export const THRESHOLD_MAX_DAYS = 365;

export interface ThresholdField {
  key: ThresholdKey;
  /** The spec's default (section 9), for a company that never saved its own. */
  defaultDays: number;
  label: string;
  help: string;
}

export const THRESHOLD_FIELDS: readonly ThresholdField[] = [
  {
    key: 'newOrderDays',
    defaultDays: 1,
    label: 'New orders',
    help: 'Days a new order may wait before it is late',
  },
  {
    key: 'processingDays',
    defaultDays: 1,
    label: 'Processing',
    help: 'Days in processing before it is late without tracking',
  },
  {
    key: 'preTransitDays',
    defaultDays: 2,
    label: 'Pre-transit',
    help: 'Days a label may sit unscanned by the carrier',
  },
  {
    key: 'inTransitDays',
    defaultDays: 8,
    label: 'In transit',
    help: 'Days in transit before the package may be lost',
  },
];

export const DEFAULT_THRESHOLDS: Readonly<Thresholds> = Object.freeze(
  Object.fromEntries(THRESHOLD_FIELDS.map((f) => [f.key, f.defaultDays])) as unknown as Thresholds,
);

/** One threshold's declaration. */
export function thresholdField(key: ThresholdKey): ThresholdField {
  return THRESHOLD_FIELDS.find((f) => f.key === key)!;
}

/** The server's answer to a threshold out of bounds or not whole. */
export function thresholdRuleMessage(key: ThresholdKey): string {
  return `${key} must be a whole number of days between ${THRESHOLD_MIN_DAYS} and ${THRESHOLD_MAX_DAYS}`;
}
