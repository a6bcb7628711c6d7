import { describe, expect, it } from '@jest/globals';
import { matchesCarrierFormat } from '@portal/shipment-rules';
import { tracking } from '../helpers/shipments.js';

describe('tracking() test helper', () => {
  it.each(['', 'T', 'BS', 'TWO', 'ABCDEFGHIJKL'])(
    'answers unique UPS-shaped numbers with the prefix %j',
    (prefix) => {
      const numbers = Array.from({ length: 500 }, () => tracking(prefix));
      expect(new Set(numbers).size).toBe(numbers.length);
      for (const n of numbers) {
        expect(n.startsWith(`1Z${prefix}`)).toBe(true);
        expect(matchesCarrierFormat('UPS', n)).toBe(true);
      }
    },
  );

  it('defaults to the prefix T and upper-cases a prefix', () => {
    expect(tracking()).toMatch(/^1ZT[0-9A-Z]{15}$/);
    expect(tracking('sb')).toMatch(/^1ZSB[0-9A-Z]{14}$/);
  });

  it('refuses a prefix that leaves no room for the serial, or is not letters/digits', () => {
    expect(() => tracking('ABCDEFGHIJKLM')).toThrow(/at most 12/);
    expect(() => tracking('A-B')).toThrow(/letters\/digits/);
  });
});
