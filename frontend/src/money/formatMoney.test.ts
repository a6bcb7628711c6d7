import { describe, expect, it } from 'vitest';
import { formatMoney } from './formatMoney';

describe('formatMoney', () => {
  it('formats minor units in the brand currency', () => {
    expect(formatMoney(123450, 'USD')).toBe('$1,234.50');
    expect(formatMoney(420, 'GBP')).toBe('£4.20');
    expect(formatMoney(1200, 'CAD')).toBe('CA$12.00');
    expect(formatMoney(1999, 'EUR')).toBe('€19.99');
    expect(formatMoney(500, 'JPY')).toBe('¥500');
  });

  it('answers a dash without an amount, and USD for an unknown currency', () => {
    expect(formatMoney(null, 'GBP')).toBe('-');
    expect(formatMoney(undefined)).toBe('-');
    expect(formatMoney(100, 'nope')).toBe('$1.00');
  });
});
