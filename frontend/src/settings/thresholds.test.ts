import { describe, expect, it } from 'vitest';
import { coerceDays, fromDraft, thresholdError } from './thresholds';

describe('coerceDays', () => {
  it('turns a non-numeric entry into 0', () => {
    expect(coerceDays('')).toBe(0);
    expect(coerceDays('abc')).toBe(0);
    expect(coerceDays('  ')).toBe(0);
  });

  it('turns a negative into 0', () => {
    expect(coerceDays('-3')).toBe(0);
    expect(coerceDays(-1)).toBe(0);
  });

  it('keeps whole numbers and drops decimals', () => {
    expect(coerceDays('8')).toBe(8);
    expect(coerceDays('2.9')).toBe(2);
    expect(coerceDays(0.5)).toBe(0);
    expect(coerceDays(' 3 ')).toBe(3);
  });

  it('refuses a value over the maximum inline, naming the maximum, instead of saving 365', () => {
    expect(coerceDays('400')).toBe(400);
    expect(thresholdError('400')).toBe('Days cannot be more than 365. Enter 365 or less.');
    expect(thresholdError('365')).toBeNull();
    expect(thresholdError('365.5')).toBeNull();
    expect(thresholdError('-1')).toBe('Days cannot be negative. Enter 0 or more.');
  });

  it('coerces a whole form', () => {
    expect(
      fromDraft({ newOrderDays: '1', processingDays: 'x', preTransitDays: '-2', inTransitDays: '8.7' }),
    ).toEqual({
      newOrderDays: 1,
      processingDays: 0,
      preTransitDays: 0,
      inTransitDays: 8,
    });
  });
});
