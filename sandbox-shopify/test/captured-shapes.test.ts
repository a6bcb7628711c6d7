// The sandbox answers with the shapes of Shopify's documented and captured answers, kept as fixtures beside
// the connector's tests (backend/test/fixtures/shopify, each with its source).
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import type { ShopifySandboxHandle } from '../src/index.js';
import { ctl, gql, install, receiver, start, type Loose } from './helpers.js';

const fixture = (name: string): Loose =>
  JSON.parse(readFileSync(new URL(`../../backend/test/fixtures/shopify/${name}`, import.meta.url), 'utf8'));

/** Every key path of a JSON value (arrays by all their elements), to compare shapes, not values. */
function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shape(v, `${prefix}[]`)))];
  if (value === null || typeof value !== 'object') return [];
  const paths = Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...shape(v, `${prefix}${k}.`)]);
  return [...new Set(paths)];
}

const ORDER_FIELDS = `id name tags sourceName updatedAt customAttributes { key value }
  fulfillments { id status createdAt updatedAt trackingInfo { number company url } }`;

describe('shapes of the captured answers', () => {
  let sbx: ShopifySandboxHandle;
  afterEach(async () => {
    await sbx.close();
  });

  it('answers the order and orders queries as the fixtures show them', async () => {
    sbx = await start();
    const token = (await install(sbx)).access_token;
    const fulfilled = sbx.control
      .orders()
      .find(
        (o) =>
          o.fulfillments.length > 0 &&
          o.customAttributes.length > 0 &&
          o.createdAt > Date.now() - 50 * 86_400_000,
      )!;
    const one = await gql(sbx, token, `query O($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, {
      id: `gid://shopify/Order/${fulfilled.id}`,
    });
    expect(shape(one.body).sort()).toEqual(shape(fixture('order-with-fulfillments.json')).sort());
    const page = await gql(
      sbx,
      token,
      `query P($first: Int!) { orders(first: $first, sortKey: UPDATED_AT, query: "tag:Faire") {
        pageInfo { hasNextPage endCursor } edges { node { ${ORDER_FIELDS} } } } }`,
      { first: 50 },
    );
    expect(shape(page.body).sort()).toEqual(shape(fixture('orders-page.json')).sort());
  });

  it('refuses a local http address and answers THROTTLED as Shopify does', async () => {
    sbx = await start();
    const token = (await install(sbx)).access_token;
    const refused = await gql(
      sbx,
      token,
      `mutation S($sub: WebhookSubscriptionInput!) {
        webhookSubscriptionCreate(topic: FULFILLMENTS_CREATE, webhookSubscription: $sub) {
          webhookSubscription { id } userErrors { field message } } }`,
      { sub: { uri: 'http://localhost:3000/api/hooks/shopify', format: 'JSON' } },
    );
    const expected = fixture('webhook-subscription-create-user-errors.json');
    expect(refused.body.data).toEqual(expected.data);
    expect(shape(refused.body.extensions).sort()).toEqual(shape(expected.extensions).sort());

    await ctl(sbx, 'POST', '/throttle', { currentlyAvailable: 0 });
    const throttled = await gql(sbx, token, '{ orders(first: 50) { edges { node { id } } } }');
    expect(throttled.status).toBe(200);
    const captured = fixture('throttled.json');
    expect(throttled.body.errors).toEqual(captured.errors);
    expect(throttled.body.data).toBeUndefined();
    expect(shape(throttled.body).sort()).toEqual(shape(captured).sort());
  });

  it('delivers app/uninstalled and shop/redact with the documented fields', async () => {
    sbx = await start({ allowInsecureWebhookUris: true });
    const hook = await receiver();
    try {
      sbx.control.subscribe('app/uninstalled', hook.url);
      sbx.control.subscribe('shop/redact', hook.url);
      await ctl(sbx, 'POST', '/uninstall');
      await ctl(sbx, 'POST', '/privacy', { topic: 'shop/redact' });
      await sbx.control.idle();
      const body = (topic: string): Record<string, unknown> =>
        hook.received.find((r) => r.headers['x-shopify-topic'] === topic)!.body as Record<string, unknown>;
      expect(Object.keys(body('app/uninstalled'))).toEqual(
        Object.keys(fixture('webhook-app-uninstalled.json')),
      );
      expect(body('app/uninstalled').myshopify_domain).toBe(sbx.shop);
      expect(Object.keys(body('shop/redact'))).toEqual(Object.keys(fixture('webhook-shop-redact.json')));
    } finally {
      await hook.close();
    }
  });
});
