import { publicRow } from './public-rows.js';

const base = {
  orderId: 'BXDMJBWXID',
  trackingNumber: '1Z999AA10123456784',
  shipDate: '2026-12-07',
  shippingCost: '7.50',
};

describe('publicRow (a row of POST /api/v1/shipments)', () => {
  it('reads a decimal cost, a display id with #, and detects the carrier when missing', () => {
    expect(publicRow({ ...base, orderId: '#BXDMJBWXID' }, 'USD')).toEqual({
      ok: true,
      orderId: 'BXDMJBWXID',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      carrierRaw: 'UPS',
      shipDate: '2026-12-07',
      shippingCostCents: 750,
    });
  });

  it('takes minor units with the brand’s currency, and a moment as its UTC date', () => {
    const row = publicRow(
      {
        ...base,
        shippingCost: undefined,
        shippingCostMinor: 1234,
        currency: 'usd',
        shipDate: '2026-12-07T23:30:00-05:00',
      },
      'USD',
    );
    expect(row).toMatchObject({ ok: true, shippingCostCents: 1234, shipDate: '2026-12-08' });
  });

  it('names what cannot be read, with a code', () => {
    const codes = (input: unknown) => {
      const r = publicRow(input, 'USD');
      return r.ok ? [] : r.errors.map((e) => e.code);
    };
    expect(codes({ ...base, shippingCost: undefined })).toEqual(['MISSING_SHIPPING_COST']);
    expect(codes({ ...base, shippingCost: 7.5 })).toEqual(['INVALID_SHIPPING_COST']);
    expect(codes({ ...base, shippingCost: '7,50' })).toEqual(['INVALID_SHIPPING_COST']);
    expect(codes({ ...base, shippingCost: '-1' })).toEqual(['INVALID_SHIPPING_COST']);
    expect(codes({ ...base, shippingCost: undefined, shippingCostMinor: 750 })).toEqual(['MISSING_CURRENCY']);
    expect(codes({ ...base, shippingCost: undefined, shippingCostMinor: 750, currency: 'CAD' })).toEqual([
      'OTHER_CURRENCY',
    ]);
    expect(codes({ ...base, shippingCost: undefined, shippingCostMinor: 7.5, currency: 'USD' })).toEqual([
      'INVALID_SHIPPING_COST',
    ]);
    expect(codes({ ...base, shippingCostMinor: 750, currency: 'USD' })).toEqual(['COST_TWICE']);
    expect(codes({ ...base, trackingNumber: 'ZZ-NOT-KNOWN' })).toEqual(['CARRIER_NOT_DETECTED']);
    expect(codes({ ...base, orderId: 'x'.repeat(201) })).toEqual(['TOO_LONG']);
    expect(codes(null)).toEqual(['NOT_AN_OBJECT']);
    expect(codes([1])).toEqual(['NOT_AN_OBJECT']);
  });

  it('leaves the judging of values to the shared rules (an odd date passes through as given)', () => {
    expect(publicRow({ ...base, shipDate: '2026-13-45T00:00:00Z' }, 'USD')).toMatchObject({
      ok: true,
      shipDate: '2026-13-45T00:00:00Z',
    });
    expect(publicRow({ ...base, carrier: 'Canada Post' }, 'USD')).toMatchObject({
      carrier: 'CANADA_POST',
      carrierRaw: 'Canada Post',
    });
  });
});
