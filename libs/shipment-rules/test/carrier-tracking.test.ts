import { describe, expect, it } from 'vitest';
import { CARRIER_TRACKING_URLS, FAIRE_CARRIERS, carrierDisplay, trackingUrlFor } from '../src/index.js';

describe('carrier display names and tracking links', () => {
  it('has a name and an https tracking page for every carrier in Faire’s list', () => {
    for (const code of FAIRE_CARRIERS) {
      const shown = carrierDisplay(code);
      expect(shown?.code).toBe(code);
      expect(shown?.label).not.toMatch(/_/);
      const url = trackingUrlFor(code, 'AB 12/3');
      expect(url).toMatch(/^https:\/\//);
      expect(url).toContain('AB%2012%2F3');
      expect(CARRIER_TRACKING_URLS[code]).toContain('{n}');
    }
  });

  it('reads Faire’s codes and people’s spellings alike', () => {
    expect(carrierDisplay('CANADA_POST')).toEqual({ code: 'CANADA_POST', label: 'Canada Post' });
    expect(carrierDisplay('DHL_EXPRESS')).toEqual({ code: 'DHL_EXPRESS', label: 'DHL Express' });
    expect(carrierDisplay('dhl_ecommerce')?.label).toBe('DHL eCommerce');
    expect(carrierDisplay('FedEx Ground')?.label).toBe('FedEx');
    expect(carrierDisplay('ROYAL_MAIL')?.label).toBe('Royal Mail');
    expect(trackingUrlFor('fedex', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrlFor('Canada Post', '1234567890123456')).toContain('canadapost-postescanada.ca');
  });

  it('leaves unknown carriers as text, without a link', () => {
    expect(carrierDisplay('  Bob’s Couriers ')).toEqual({ code: undefined, label: 'Bob’s Couriers' });
    expect(trackingUrlFor('Bob’s Couriers', 'X1')).toBeNull();
    expect(trackingUrlFor('UPS', '  ')).toBeNull();
    expect(carrierDisplay('')).toBeUndefined();
    expect(carrierDisplay(null)).toBeUndefined();
  });
});
