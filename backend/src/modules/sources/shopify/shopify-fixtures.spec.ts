import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../../common/config/index.js';
import { orderIdsIn } from '../label-rules.js';
import { labelsOfOrder, signedShopMatches } from './shopify-rules.js';
import { ShopifyClient } from './shopify.client.js';
import { ShopifyError } from './shopify-token-keeper.js';
import type { ShopifyOrder } from './shopify.types.js';

/** A fixture of Shopify's documented or captured answers (backend/test/fixtures/shopify). */
function fixture<T = Record<string, unknown>>(name: string): T {
  const url = new URL(`../../../../test/fixtures/shopify/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/**
 * Shopify's Admin API and webhooks as they answer (issue 33): the connector's reading of an order with
 * fulfilments, a page of orders, a THROTTLED answer, refused subscriptions and shop-wide webhooks.
 */
describe('Shopify answers as documented and captured', () => {
  it('reads an order: every tracking number once, a cancelled fulfilment never sendable, the Faire order named', () => {
    const { data } = fixture<{ data: { order: ShopifyOrder } }>('order-with-fulfillments.json');
    const labels = labelsOfOrder(data.order);
    expect(labels.map((l) => [l.trackingNumber, l.carrierCode, l.voided, l.sourceOrderId])).toEqual([
      ['9400111899223344556677', 'USPS', true, '5600000123'],
      ['1Z999AA10123456784', 'UPS', false, '5600000123'],
      ['1Z999AA10123456795', 'UPS', false, '5600000123'],
    ]);
    expect(orderIdsIn(labels[1]!.orderRefs)).toEqual(['bo_bxdmjbwxid']);
    expect(labels[1]!.labelCreatedAt?.toISOString()).toBe('2026-11-20T18:04:10.000Z');
  });

  it('reads a page of orders (the poll)', () => {
    const page = fixture<{ data: { orders: { edges: { node: ShopifyOrder }[] } } }>('orders-page.json');
    const labels = page.data.orders.edges.flatMap((e) => labelsOfOrder(e.node));
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels.map((l) => l.externalId)).size).toBe(labels.length);
  });

  describe('the client', () => {
    const client = new ShopifyClient({
      shopify: {
        apiBaseUrl: 'https://shopify.example',
        apiVersion: '2026-10',
        timeoutMs: 1000,
        clientId: 'id',
        clientSecret: 'secret',
      },
    } as unknown as AppConfig);
    const creds = {
      shop: 'snowdevil.myshopify.com',
      accessToken: 't',
      refreshToken: null,
      expiresAt: null,
      refreshTokenExpiresAt: null,
      scope: 'read_orders',
    };
    afterEach(() => jest.restoreAllMocks());

    it('turns THROTTLED into a passing fault with the time the bucket holds the query again', async () => {
      jest
        .spyOn(globalThis, 'fetch')
        .mockResolvedValue(new Response(JSON.stringify(fixture('throttled.json')), { status: 200 }));
      const before = Date.now();
      const err = await client.graphql(creds, '{ shop { id } }', {}, 277).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(ShopifyError);
      expect((err as ShopifyError).fault).toBe('RATE');
      expect((err as ShopifyError).transient).toBe(true);
      // 120 points of 277 (+ the reserve) at 100 a second: a second or more from now.
      expect((err as ShopifyError).retryAt!).toBeGreaterThanOrEqual(before + 1000);
    });

    it('hands refused subscriptions back with their words', async () => {
      jest.spyOn(globalThis, 'fetch').mockResolvedValue(
        new Response(JSON.stringify(fixture('webhook-subscription-create-user-errors.json')), {
          status: 200,
        }),
      );
      const { data } = await client.graphql<{
        webhookSubscriptionCreate: { webhookSubscription: null; userErrors: { message: string }[] };
      }>(creds, 'mutation { webhookSubscriptionCreate { userErrors { message } } }', {}, 10);
      expect(data.webhookSubscriptionCreate.userErrors.map((e) => e.message)).toEqual([
        'Address protocol http:// is not supported',
        'Address cannot be a Shopify or an internal domain',
      ]);
    });
  });

  it('acts on a shop-wide webhook only when its signed body names the header’s shop', () => {
    const redact = fixture('webhook-shop-redact.json');
    expect(signedShopMatches('shop/redact', redact, 'snowdevil.myshopify.com')).toBe(true);
    expect(signedShopMatches('shop/redact', redact, 'other.myshopify.com')).toBe(false);
    // The same body under another topic names no shop where that topic would.
    expect(signedShopMatches('app/uninstalled', redact, 'snowdevil.myshopify.com')).toBe(false);
    // Shopify's sample uninstall names no shop (a test notification): nothing is disconnected by it.
    const sample = fixture('webhook-app-uninstalled.json');
    expect(signedShopMatches('app/uninstalled', sample, 'snowdevil.myshopify.com')).toBe(false);
    const real = { ...sample, myshopify_domain: 'snowdevil.myshopify.com' };
    expect(signedShopMatches('app/uninstalled', real, 'snowdevil.myshopify.com')).toBe(true);
    // Order topics name their order, not a shop.
    expect(signedShopMatches('fulfillments/create', { order_id: 1 }, 'snowdevil.myshopify.com')).toBe(true);
  });
});
