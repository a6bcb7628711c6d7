import { normalizeTracking } from './tracking-key.js';

describe('normalizeTracking', () => {
  it('ignores case, spaces and dashes', () => {
    expect(normalizeTracking('1z 999-aa1 01')).toBe('1Z999AA101');
    expect(normalizeTracking('1Z999AA101')).toBe('1Z999AA101');
    expect(normalizeTracking('9400\u2011 1000\u200B0000')).toBe('940010000000');
  });

  it('keeps different codes different', () => {
    expect(normalizeTracking('1Z999AA101')).not.toBe(normalizeTracking('1Z999AA102'));
  });
});
