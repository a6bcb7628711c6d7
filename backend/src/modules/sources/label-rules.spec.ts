import { costFor, faireCarrier, gateFor, labelCost, matchOrder, orderIdsIn } from './label-rules.js';

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
