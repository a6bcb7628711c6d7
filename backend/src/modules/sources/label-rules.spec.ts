import { costFor, gateFor, labelCost, matchOrder, orderIdsIn } from './label-rules.js';
import { shipStationCarrier as faireCarrier } from './shipstation/shipstation-carriers.js';

describe('label rules', () => {
  it('reads a Faire order id from the order number, the custom fields or the order key', () => {
    expect(orderIdsIn({ orderNumber: '#ABC12345DE' })).toEqual(['bo_abc12345de']);
    expect(orderIdsIn({ orderNumber: 'shopify 1001', customField1: 'bo_xyz98765ab' })).toEqual([
      'bo_xyz98765ab',
    ]);
    expect(orderIdsIn({ orderKey: 'XYZ98765AB', customField3: ' #xyz98765ab ' })).toEqual(['bo_xyz98765ab']);
    expect(orderIdsIn({ orderNumber: '1001', customField2: 'rush order' })).toEqual([]);
  });

  it('matches only one synced order; none or several wait with the candidates found', () => {
    const synced = new Set(['bo_abc12345de', 'bo_xyz98765ab']);
    expect(matchOrder({ orderNumber: 'ABC12345DE' }, synced)).toEqual({
      kind: 'MATCHED',
      orderId: 'bo_abc12345de',
    });
    expect(matchOrder({ orderNumber: 'QQQ12345DE' }, synced)).toEqual({ kind: 'NONE', candidates: [] });
    expect(matchOrder({ orderNumber: 'ABC12345DE', customField1: 'XYZ98765AB' }, synced)).toEqual({
      kind: 'AMBIGUOUS',
      candidates: [
        { orderId: 'bo_abc12345de', displayId: '#ABC12345DE' },
        { orderId: 'bo_xyz98765ab', displayId: '#XYZ98765AB' },
      ],
    });
    // A name that is not synced does not count against the one that is.
    expect(matchOrder({ orderNumber: 'QQQ12345DE', customField1: 'XYZ98765AB' }, synced)).toMatchObject({
      kind: 'MATCHED',
      orderId: 'bo_xyz98765ab',
    });
  });

  it('maps carrier codes, the company map first, then the tracking number', () => {
    expect(faireCarrier('stamps_com', '9400100000000000000000')).toBe('USPS');
    expect(faireCarrier('ups_walleted', 'x')).toBe('UPS');
    expect(faireCarrier('fedex', 'x')).toBe('FEDEX');
    expect(faireCarrier('dhl_express_worldwide', 'x')).toBe('DHL_EXPRESS');
    expect(faireCarrier('canada_post', 'x')).toBe('CANADA_POST');
    expect(faireCarrier('my_courier', 'x', { my_courier: 'PUROLATOR' })).toBe('PUROLATOR');
    expect(faireCarrier('my_courier', '1Z999AA10123456784')).toBe('UPS');
    expect(faireCarrier('my_courier', 'nothing-known')).toBeUndefined();
    expect(faireCarrier(null, 'nothing-known')).toBeUndefined();
  });

  it('adds insurance to the label cost; the rule decides when the label has none', () => {
    expect(labelCost(4.2, 1.05)).toBe(525);
    expect(labelCost('3.99', null)).toBe(399);
    expect(labelCost(null, 2)).toBeNull();
    expect(labelCost(-1, 0)).toBeNull();
    expect(costFor({ kind: 'LABEL' }, null)).toBeNull();
    expect(costFor({ kind: 'LABEL_OR_FLAT', flatCents: 500 }, null)).toBe(500);
    expect(costFor({ kind: 'LABEL_OR_FLAT', flatCents: 500 }, 120)).toBe(120);
    expect(costFor({ kind: 'FLAT', flatCents: 500 }, 120)).toBe(500);
  });

  it('splits a flat amount across one shipment’s tracking numbers, the first carrying the cents left', () => {
    const flat = { kind: 'FLAT', flatCents: 750 } as const;
    expect(costFor(flat, null, { split: { index: 0, of: 2 } })).toBe(375);
    expect(costFor(flat, null, { split: { index: 1, of: 2 } })).toBe(375);
    const odd = { kind: 'LABEL_OR_FLAT', flatCents: 1000 } as const;
    expect([0, 1, 2].map((index) => costFor(odd, null, { split: { index, of: 3 } }))).toEqual([
      334, 333, 333,
    ]);
    // Per carrier is per parcel: never split.
    const perCarrier = { kind: 'PER_CARRIER', carrierCents: { UPS: 900 }, otherCents: 500 } as const;
    expect(costFor(perCarrier, null, { carrier: 'UPS', split: { index: 1, of: 2 } })).toBe(900);
  });

  it('gives a share of the subtotal once per order', () => {
    const share = { kind: 'SHARE', basisPoints: 1000, minCents: 300 } as const;
    expect(costFor(share, null, { subtotalCents: 12_000 })).toBe(1200);
    expect(costFor(share, null, { subtotalCents: 12_000, orderShareTaken: true })).toBe(0);
  });

  it('reads a label cost of 0 as no cost, unless the company chose to send $0', () => {
    expect(costFor({ kind: 'LABEL' }, 0)).toBeNull();
    expect(costFor({ kind: 'LABEL' }, 0, { zeroIsCost: true })).toBe(0);
    expect(costFor({ kind: 'LABEL_OR_FLAT', flatCents: 500 }, 0)).toBe(500);
  });

  it("lets Faire's state decide", () => {
    expect(['PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT'].map((s) => gateFor(s, false))).toEqual([
      'SEND',
      'SEND',
      'SEND',
    ]);
    expect(gateFor('NEW', false)).toBe('HOLD_NEW');
    expect(gateFor('NEW', true)).toBe('SEND');
    expect(gateFor('CANCELED', true)).toBe('DROP');
    expect(gateFor('DELIVERED', true)).toBe('DROP');
  });
});
