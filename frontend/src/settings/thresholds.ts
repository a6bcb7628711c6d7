import {
  DEFAULT_THRESHOLDS as RULES_DEFAULTS,
  THRESHOLD_FIELDS as RULES_FIELDS,
  THRESHOLD_MAX_DAYS,
  THRESHOLD_MIN_DAYS,
} from '@portal/shipment-rules';
import type { Schema } from '../api/schema';

/** The company's thresholds in days, as `GET/PUT /api/company-settings` carry them. */
export type Thresholds = Schema<'ThresholdsDto'>;

export type ThresholdKey = keyof Thresholds;

/** The spec's defaults (section 9), shown until the company's values load; the rules library's. */
export const DEFAULT_THRESHOLDS: Thresholds = { ...RULES_DEFAULTS };

/** The smallest and the largest threshold the server accepts. */
export const MIN_DAYS = THRESHOLD_MIN_DAYS;
export const MAX_DAYS = THRESHOLD_MAX_DAYS;

/** Each threshold's label and help, as the rules library declares them. */
export const THRESHOLD_FIELDS: readonly { key: ThresholdKey; label: string; help: string }[] = RULES_FIELDS;

/**
 * A threshold input as a whole number of days: non-numeric becomes 0 (spec), negatives become 0 and
 * decimals drop their fraction. A value over MAX_DAYS is kept as typed: `thresholdError` refuses it.
 */
export function coerceDays(raw: string | number): number {
  const n = typeof raw === 'number' ? raw : Number.parseFloat(String(raw).trim());
  if (!Number.isFinite(n) || n <= 0) return 0;
  return Math.floor(n);
}

/**
 * The inline message under a threshold that cannot be saved: a negative number or one over the
 * maximum is refused with what to enter, never silently changed (400 was saved as 365 before).
 */
export function thresholdError(raw: string): string | null {
  const n = Number.parseFloat(String(raw).trim());
  if (!Number.isFinite(n)) return null;
  if (n < 0) return 'Days cannot be negative. Enter 0 or more.';
  if (Math.floor(n) > MAX_DAYS) return `Days cannot be more than ${MAX_DAYS}. Enter ${MAX_DAYS} or less.`;
  return null;
}

export type ThresholdDraft = Record<ThresholdKey, string>;

export function toDraft(t: Thresholds): ThresholdDraft {
  return {
    newOrderDays: String(t.newOrderDays),
    processingDays: String(t.processingDays),
    preTransitDays: String(t.preTransitDays),
    inTransitDays: String(t.inTransitDays),
  };
}

export function fromDraft(d: ThresholdDraft): Thresholds {
  return {
    newOrderDays: coerceDays(d.newOrderDays),
    processingDays: coerceDays(d.processingDays),
    preTransitDays: coerceDays(d.preTransitDays),
    inTransitDays: coerceDays(d.inTransitDays),
  };
}
