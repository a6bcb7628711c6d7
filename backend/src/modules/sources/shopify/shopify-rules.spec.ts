import { describe, expect, it } from '@jest/globals';
import { costFor, matchOrder } from '../label-rules.js';
import {
  companyKey,
  isFaireOrder,
  labelsOfOrder,
  shopDomainOf,
  shopifyCarrier,
  signCallbackQuery,
  signWebhook,
  verifyCallbackQuery,
  verifyWebhook,
} from './shopify-rules.js';
import type { ShopifyOrder } from './shopify.types.js';

const SECRET = 'app-secret';

function faireOrder(over: Partial<ShopifyOrder> = {}): ShopifyOrder {
  return {
    id: 'gid://shopify/Order/1001',
    name: '#1001',
    tags: ['Faire', 'Wholesale'],
    sourceName: 'faire',
    customAttributes: [{ key: 'Faire order number', value: 'ABC12345DE' }],
    fulfillments: [
      {
        id: 'gid://shopify/Fulfillment/77',
        status: 'SUCCESS',
        createdAt: '2026-11-20T10:00:00Z',
        trackingInfo: [
          { number: '1Z999AA10123456784', company: 'UPS' },
          { number: '1z999aa1 0123456784', company: 'UPS' },
          { number: '9400111899223197428490', company: 'USPS' },
        ],
      },
    ],
    ...over,
  };
}

describe('Shopify rules', () => {
  it('accepts *.myshopify.com shop domains only', () => {
    expect(shopDomainOf('demo-shop.myshopify.com')).toBe('demo-shop.myshopify.com');
    expect(shopDomainOf(' https://Demo.MyShopify.com/ ')).toBe('demo.myshopify.com');
    for (const bad of [
      'demo.shopify.com',
      'evil.com/.myshopify.com',
      'demo.myshopify.com.evil.com',
      '-demo.myshopify.com',
      'a.b.myshopify.com',
      'demo.myshopify.com:8080',
      '',
      42,
    ]) {
      expect(shopDomainOf(bad)).toBeNull();
    }
  });

  it('verifies a webhook on its raw bytes, and refuses any change', () => {
    const raw = Buffer.from('{"id":1,"order_id":1001}');
    const sig = signWebhook(raw, SECRET);
    expect(verifyWebhook(raw, sig, SECRET)).toBe(true);
    expect(verifyWebhook(Buffer.from('{"id":1, "order_id":1001}'), sig, SECRET)).toBe(false);
    expect(verifyWebhook(raw, signWebhook(raw, 'other'), SECRET)).toBe(false);
    expect(verifyWebhook(raw, undefined, SECRET)).toBe(false);
    expect(verifyWebhook(raw, 'short', SECRET)).toBe(false);
  });

  it('verifies the OAuth callback query', () => {
    const q = { code: 'c0de', shop: 'demo.myshopify.com', state: 's', timestamp: '1764300000' };
    const hmac = signCallbackQuery(q, SECRET);
    expect(verifyCallbackQuery({ ...q, hmac }, SECRET)).toBe(true);
    expect(verifyCallbackQuery({ ...q, shop: 'other.myshopify.com', hmac }, SECRET)).toBe(false);
    const flipped = hmac.slice(0, -1) + (hmac.endsWith('0') ? '1' : '0');
    expect(verifyCallbackQuery({ ...q, hmac: flipped }, SECRET)).toBe(false);
    expect(verifyCallbackQuery({ ...q, code: ['a', 'b'], hmac }, SECRET)).toBe(false);
    expect(verifyCallbackQuery(q, SECRET)).toBe(false);
  });

  it("tells Faire's orders from the others", () => {
    expect(isFaireOrder(faireOrder())).toBe(true);
    expect(isFaireOrder(faireOrder({ sourceName: 'web', tags: ['faire'], customAttributes: [] }))).toBe(true);
    expect(isFaireOrder(faireOrder({ sourceName: 'web', tags: [], customAttributes: [] }))).toBe(false);
    expect(labelsOfOrder(faireOrder({ sourceName: 'pos', tags: ['VIP'], customAttributes: [] }))).toEqual([]);
  });

  it('makes one row per distinct tracking number of each fulfilment, keyed by fulfilment and number', () => {
    const rows = labelsOfOrder(faireOrder());
    expect(rows.map((r) => r.externalId)).toEqual(['77:1Z999AA10123456784', '77:9400111899223197428490']);
    expect(rows[0]).toMatchObject({
      kind: 'FULFILLMENT',
      carrierCode: 'UPS',
      costCents: null,
      shipDate: '2026-11-20',
      voided: false,
      orderRefs: { orderNumber: 'ABC12345DE', orderKey: '#1001' },
    });
    const cancelled = labelsOfOrder(
      faireOrder({
        fulfillments: [
          { id: 'gid://shopify/Fulfillment/78', status: 'CANCELLED', trackingInfo: [{ number: 'X1' }] },
        ],
      }),
    );
    expect(cancelled[0]).toMatchObject({ externalId: '78:X1', voided: true });
  });

  it('matches on the attribute or the order name, confirmed against synced orders, never guessing', () => {
    const synced = new Set(['bo_abc12345de', 'bo_zzz99999yy']);
    const byAttr = labelsOfOrder(faireOrder())[0]!.orderRefs;
    expect(matchOrder(byAttr, synced)).toEqual({ kind: 'MATCHED', orderId: 'bo_abc12345de' });
    const byName = labelsOfOrder(faireOrder({ name: '#ZZZ99999YY', customAttributes: [] }))[0]!.orderRefs;
    expect(matchOrder(byName, synced)).toEqual({ kind: 'MATCHED', orderId: 'bo_zzz99999yy' });
    const both = labelsOfOrder(faireOrder({ name: 'ZZZ99999YY' }))[0]!.orderRefs;
    expect(matchOrder(both, synced).kind).toBe('AMBIGUOUS');
    const unknown = labelsOfOrder(
      faireOrder({ customAttributes: [{ key: 'Faire order number', value: 'QQQ11111QQ' }] }),
    )[0]!.orderRefs;
    expect(matchOrder(unknown, synced)).toEqual({ kind: 'NONE', candidates: [] });
  });

  it("maps Shopify's company names to Faire carriers; unknown ones by the tracking number, else none", () => {
    const cases: [string, string][] = [
      ['FedEx', 'FEDEX'],
      ['DHL Express', 'DHL_EXPRESS'],
      ['DHL eCommerce', 'DHL_ECOMMERCE'],
      ['Canada Post', 'CANADA_POST'],
      ['Royal Mail', 'ROYAL_MAIL'],
      ['UPS', 'UPS'],
      ['USPS', 'USPS'],
      ['Australia Post', 'AUSTRALIA_POST'],
      ['DPD UK', 'DPDUK'],
      ['DPD', 'DPD'],
      ['PostNL', 'POSTNL'],
      ['Evri', 'EVRI'],
    ];
    for (const [company, carrier] of cases) expect(shopifyCarrier(company, 'X', {})).toBe(carrier);
    expect(shopifyCarrier('Speedy Couriers', '1Z999AA10123456784')).toBe('UPS');
    expect(shopifyCarrier('Speedy Couriers', 'NOPE')).toBeUndefined();
    expect(shopifyCarrier('Speedy Couriers', 'NOPE', { [companyKey('Speedy Couriers')]: 'FEDEX' })).toBe(
      'FEDEX',
    );
    expect(companyKey('Speedy  Couriers!')).toBe('speedy_couriers');
  });

  it('cost rules: flat, per carrier, share of the subtotal with a minimum, else none', () => {
    expect(costFor({ kind: 'FLAT', flatCents: 900 }, null)).toBe(900);
    const perCarrier = { kind: 'PER_CARRIER' as const, carrierCents: { UPS: 1200 }, otherCents: null };
    expect(costFor(perCarrier, null, { carrier: 'UPS' })).toBe(1200);
    expect(costFor(perCarrier, null, { carrier: 'USPS' })).toBeNull();
    expect(costFor({ ...perCarrier, otherCents: 700 }, null, { carrier: 'USPS' })).toBe(700);
    const share = { kind: 'SHARE' as const, basisPoints: 500, minCents: 800 };
    expect(costFor(share, null, { subtotalCents: 40_000 })).toBe(2000);
    expect(costFor(share, null, { subtotalCents: 10_000 })).toBe(800);
    expect(costFor(share, null, { subtotalCents: null })).toBeNull();
    // A source's own cost comes first.
    expect(costFor(share, 1534, { subtotalCents: 40_000 })).toBe(1534);
    expect(costFor({ kind: 'LABEL' }, null)).toBeNull();
  });
});
