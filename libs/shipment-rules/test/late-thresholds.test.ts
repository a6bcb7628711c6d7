import { describe, expect, it } from 'vitest';
import {
  DEFAULT_THRESHOLDS,
  THRESHOLD_FIELDS,
  THRESHOLD_MAX_DAYS,
  THRESHOLD_MIN_DAYS,
  thresholdField,
  thresholdRuleMessage,
} from '../src/index.js';

describe('late thresholds, declared once', () => {
  it("keeps the spec's defaults (section 9), derived from the one declaration", () => {
    expect(DEFAULT_THRESHOLDS).toEqual({
      newOrderDays: 1,
      processingDays: 1,
      preTransitDays: 2,
      inTransitDays: 8,
    });
    for (const f of THRESHOLD_FIELDS) expect(DEFAULT_THRESHOLDS[f.key]).toBe(f.defaultDays);
    expect(Object.isFrozen(DEFAULT_THRESHOLDS)).toBe(true);
  });

  it('labels each threshold and keeps every default within the bounds', () => {
    expect(THRESHOLD_FIELDS.map((f) => f.label)).toEqual([
      'New orders',
      'Processing',
      'Pre-transit',
      'In transit',
    ]);
    for (const f of THRESHOLD_FIELDS) {
      expect(f.defaultDays).toBeGreaterThanOrEqual(THRESHOLD_MIN_DAYS);
      expect(f.defaultDays).toBeLessThanOrEqual(THRESHOLD_MAX_DAYS);
    }
    expect(thresholdField('inTransitDays').help).toBe('Days in transit before the package may be lost');
  });

  it("says the server's rule in one sentence", () => {
    expect(thresholdRuleMessage('newOrderDays')).toBe(
      'newOrderDays must be a whole number of days between 0 and 365',
    );
  });
});
