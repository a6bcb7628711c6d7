import { describe, expect, it } from 'vitest';
import { carrierName, formatMoney, trackingUrl } from './format';

describe('trackingUrl', () => {
  it('links UPS, FedEx and USPS by a case-insensitive carrier match', () => {
    expect(trackingUrl('UPS Ground', '1Z999AA10123456784')).toBe(
      'https://www.ups.com/track?tracknum=1Z999AA10123456784',
    );
    expect(trackingUrl('FedEx', '123456789012')).toBe(
      'https://www.fedex.com/fedextrack/?trknbr=123456789012',
    );
    expect(trackingUrl('usps priority', '9400100000000000000000')).toBe(
      'https://tools.usps.com/go/TrackConfirmAction?tLabels=9400100000000000000000',
    );
  });

  it('links every carrier in Faire’s list, by code or by name', () => {
    expect(trackingUrl('DHL_EXPRESS', '1234567890')).toContain('dhl.com');
    expect(trackingUrl('Canada Post', '1234567890123456')).toContain('canadapost-postescanada.ca');
    expect(trackingUrl('ROYAL_MAIL', 'AB123456789GB')).toContain('royalmail.com');
    expect(carrierName('CANADA_POST')).toBe('Canada Post');
    expect(carrierName('DHL_EXPRESS')).toBe('DHL Express');
    expect(carrierName('Speedy Couriers')).toBe('Speedy Couriers');
    expect(carrierName(null)).toBe('-');
  });

  it('gives no link for unknown carriers or a missing number', () => {
    expect(trackingUrl('Speedy Couriers', '1234567890')).toBeNull();
    expect(trackingUrl(null, '1234567890')).toBeNull();
    expect(trackingUrl('UPS', null)).toBeNull();
    expect(trackingUrl('UPS', '  ')).toBeNull();
  });

  it('encodes the number', () => {
    expect(trackingUrl('ups', 'A B&C')).toBe('https://www.ups.com/track?tracknum=A%20B%26C');
  });
});

describe('formatMoney', () => {
  it('shows cents as dollars with 2 decimals', () => {
    expect(formatMoney(123450)).toBe('$1,234.50');
    expect(formatMoney(5)).toBe('$0.05');
    expect(formatMoney(null)).toBe('-');
  });
});
