import { seedOrders } from '@portal/faire-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShopifySandboxHandle } from '../src/index.js';
import { call, ctl, gql, install, start } from './helpers.js';

const ORDER_FIELDS = `id name tags sourceName note customAttributes { key value } createdAt updatedAt
  fulfillments { id status createdAt updatedAt trackingInfo { number company url } }`;

const ORDERS = `query Orders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    edges { cursor node { ${ORDER_FIELDS} } }
    pageInfo { hasNextPage endCursor }
  }
}`;

describe('GraphQL Admin API', () => {
  let sbx: ShopifySandboxHandle;
  let token: string;
  beforeAll(async () => {
    sbx = await start();
    sbx.control.setThrottle({ maximumAvailable: 100_000, restoreRate: 100_000, currentlyAvailable: 100_000 });
    token = (await install(sbx, 'read_orders')).access_token;
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('refuses a missing or wrong X-Shopify-Access-Token with 401, on any dated version', async () => {
    for (const version of ['2026-10', '2025-04', 'unstable']) {
      const res = await call('POST', `${sbx.url}/admin/api/${version}/graphql.json`, {
        query: '{ shop { name } }',
      });
      expect(res.status, version).toBe(401);
      expect((await gql(sbx, 'shpat_wrong', '{ shop { name } }', undefined, version)).status).toBe(401);
      expect((await gql(sbx, token, '{ shop { name } }', undefined, version)).status).toBe(200);
    }
    expect((await gql(sbx, token, '{ shop { name } }', undefined, 'v1')).status).toBe(404);
  });

  it('pages through every readable order by UPDATED_AT with cursors', async () => {
    const seen: string[] = [];
    let after: string | null = null;
    let last = '';
    for (let page = 0; page < 50; page++) {
      const res = await gql(sbx, token, ORDERS, { first: 10, after });
      expect(res.body.errors).toBeUndefined();
      const conn = res.body.data.orders;
      for (const e of conn.edges) {
        expect(e.node.updatedAt >= last).toBe(true);
        last = e.node.updatedAt;
        seen.push(e.node.id);
      }
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(new Set(seen).size).toBe(seen.length);
    const visible = sbx.control.orders().filter((o) => o.createdAt >= Date.now() - 60 * 86_400_000);
    expect(seen.length).toBe(visible.length);
    expect(seen[0]).toMatch(/^gid:\/\/shopify\/Order\/\d+$/);
  });

  it("mirrors Faire orders as Faire's app writes them", async () => {
    const res = await gql(sbx, token, ORDERS, { first: 200, query: 'tag:Faire source_name:faire' });
    const orders = res.body.data.orders.edges.map((e: { node: unknown }) => e.node);
    const displayIds = new Set(seedOrders('brand1').map((o) => o.display_id));
    expect(orders.length).toBeGreaterThan(20);
    for (const o of orders) {
      expect(o.tags).toEqual(['Faire', 'Wholesale']);
      expect(o.sourceName).toBe('faire');
      const attr = o.customAttributes.find((a: { key: string }) => a.key === 'Faire order number');
      expect(displayIds.has(attr ? attr.value : o.name), o.name).toBe(true);
    }
    expect(orders.some((o: { name: string }) => displayIds.has(o.name))).toBe(true);
    expect(orders.some((o: { name: string }) => /^#\d+$/.test(o.name))).toBe(true);
    const shipped = orders.find((o: { fulfillments: unknown[] }) => o.fulfillments.length > 0);
    expect(shipped.fulfillments[0]).toMatchObject({
      status: 'SUCCESS',
      trackingInfo: [{ number: expect.any(String), company: expect.any(String) }],
    });
  });

  it('filters with the query subset: updated_at, tag, name, negation and OR', async () => {
    const all = (await gql(sbx, token, ORDERS, { first: 200 })).body.data.orders.edges.map(
      (e: { node: { name: string; updatedAt: string; tags: string[] } }) => e.node,
    );
    const pivot = all[Math.floor(all.length / 2)].updatedAt;
    const newer = (await gql(sbx, token, ORDERS, { first: 200, query: `updated_at:>'${pivot}'` })).body.data
      .orders.edges;
    expect(newer.length).toBe(all.filter((o: { updatedAt: string }) => o.updatedAt > pivot).length);
    expect(newer.length).toBeGreaterThan(0);
    const retail = (await gql(sbx, token, ORDERS, { first: 200, query: '-tag:Faire' })).body.data.orders
      .edges;
    expect(retail.length).toBe(all.filter((o: { tags: string[] }) => !o.tags.includes('Faire')).length);
    const byName = (await gql(sbx, token, ORDERS, { first: 5, query: 'name:2001' })).body.data.orders.edges;
    expect(byName.map((e: { node: { name: string } }) => e.node.name)).toEqual(['#2001']);
    const either = (await gql(sbx, token, ORDERS, { first: 200, query: '(tag:Faire OR source_name:pos)' }))
      .body.data.orders.edges;
    expect(either.length).toBe(all.filter((o: { tags: string[] }) => o.tags.includes('Faire')).length + 1);
    const warned = await gql(sbx, token, ORDERS, { first: 1, query: 'colour:blue' });
    expect(warned.body.extensions.search[0].warnings[0].field).toBe('colour');
    const bad = await gql(sbx, token, ORDERS, { first: 1, query: "updated_at:>'not a date'" });
    expect(bad.body.errors[0].message).toContain('updated_at');
  });

  it('reads one order by id; an unknown or out-of-window order is null', async () => {
    const first = (await gql(sbx, token, ORDERS, { first: 1 })).body.data.orders.edges[0].node;
    const one = await gql(sbx, token, `query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, {
      id: first.id,
    });
    expect(one.body.data.order).toEqual(first);
    const none = await gql(sbx, token, '{ order(id: "gid://shopify/Order/1") { id } }');
    expect(none.body.data.order).toBeNull();
    const old = sbx.control.orders().find((o) => o.name === '#0990')!;
    const hidden = await gql(sbx, token, `{ order(id: "gid://shopify/Order/${old.id}") { id } }`);
    expect(hidden.body.data.order).toBeNull();
    const allOrders = (await install(sbx, 'read_orders,read_all_orders')).access_token;
    const visible = await gql(sbx, allOrders, `{ order(id: "gid://shopify/Order/${old.id}") { name } }`);
    expect(visible.body.data.order).toEqual({ name: '#0990' });
  });

  it('validates against the schema and checks the read_orders scope', async () => {
    const unknown = await gql(sbx, token, '{ orders(first: 1) { edges { node { price } } } }');
    expect(unknown.status).toBe(200);
    expect(unknown.body.errors[0].message).toContain('price');
    expect(unknown.body.data).toBeUndefined();
    const noFirst = await gql(sbx, token, '{ orders { edges { node { id } } } }');
    expect(noFirst.body.errors[0].message).toContain('first');
    const tooMany = await gql(sbx, token, '{ orders(first: 251) { edges { node { id } } } }');
    expect(tooMany.body.errors[0].message).toContain('250');
    const syntax = await gql(sbx, token, '{ orders(first: 1) {');
    expect(syntax.body.errors[0].message).toMatch(/Syntax Error/);
    const other = (await install(sbx, 'read_products')).access_token;
    const denied = await gql(sbx, other, '{ orders(first: 1) { edges { node { id } } } }');
    expect(denied.body.errors[0].extensions.code).toBe('ACCESS_DENIED');
    const missing = await call(
      'POST',
      `${sbx.url}/admin/api/2026-10/graphql.json`,
      { nope: 1 },
      { 'X-Shopify-Access-Token': token },
    );
    expect(missing.status).toBe(400);
  });

  it('registers, lists and deletes webhook subscriptions with mutations', async () => {
    const create = `mutation($topic: WebhookSubscriptionTopic!, $uri: String!) {
      webhookSubscriptionCreate(topic: $topic, webhookSubscription: { uri: $uri, format: JSON }) {
        webhookSubscription { id topic uri } userErrors { field message } } }`;
    const made = await gql(sbx, token, create, {
      topic: 'FULFILLMENTS_CREATE',
      uri: 'https://portal.test/api/hooks/shopify',
    });
    expect(made.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
    const sub = made.body.data.webhookSubscriptionCreate.webhookSubscription;
    expect(sub).toMatchObject({ topic: 'FULFILLMENTS_CREATE', uri: 'https://portal.test/api/hooks/shopify' });
    const again = await gql(sbx, token, create, {
      topic: 'FULFILLMENTS_CREATE',
      uri: 'https://portal.test/api/hooks/shopify',
    });
    expect(again.body.data.webhookSubscriptionCreate.userErrors[0].message).toContain('taken');
    const bad = await gql(sbx, token, create, { topic: 'APP_UNINSTALLED', uri: 'not a url' });
    expect(bad.body.data.webhookSubscriptionCreate.userErrors[0].message).toContain('invalid');
    const list = await gql(sbx, token, '{ webhookSubscriptions(first: 10) { nodes { id topic } } }');
    expect(list.body.data.webhookSubscriptions.nodes).toEqual([{ id: sub.id, topic: 'FULFILLMENTS_CREATE' }]);
    const del = await gql(
      sbx,
      token,
      `mutation { webhookSubscriptionDelete(id: "${sub.id}") { deletedWebhookSubscriptionId userErrors { message } } }`,
    );
    expect(del.body.data.webhookSubscriptionDelete.deletedWebhookSubscriptionId).toBe(sub.id);
    expect((await ctl(sbx, 'GET', '/webhooks/subscriptions')).body).toEqual([]);
  });
});

describe('outages', () => {
  it('answers 503 to the next N Admin API calls, then as before', async () => {
    const sbx = await start();
    try {
      const token = (await install(sbx)).access_token;
      const q = '{ orders(first: 1) { edges { node { id } } } }';
      expect((await ctl(sbx, 'POST', '/outage', { next503: 2 })).body).toEqual({
        next503: 2,
        operation: null,
      });
      expect((await gql(sbx, token, q)).status).toBe(503);
      expect((await gql(sbx, token, q)).status).toBe(503);
      expect((await gql(sbx, token, q)).status).toBe(200);
      expect((await ctl(sbx, 'POST', '/outage', { next503: -1 })).status).toBe(400);
      // Only the operation named fails; the others answer.
      await ctl(sbx, 'POST', '/outage', { next503: 1, operation: 'query shop' });
      expect((await gql(sbx, token, q)).status).toBe(200);
      expect((await gql(sbx, token, '{ shop { name } }')).status).toBe(503);
      expect((await gql(sbx, token, '{ shop { name } }')).status).toBe(200);
    } finally {
      await sbx.close();
    }
  });
});

describe('query cost and throttling', () => {
  it('reports extensions.cost and answers THROTTLED when the bucket is empty', async () => {
    let now = Date.UTC(2026, 10, 27, 12);
    const sbx = await start({ clock: () => new Date(now) });
    try {
      const token = (await install(sbx)).access_token;
      const q =
        '{ orders(first: 50) { edges { node { id name fulfillments(first: 5) { trackingInfo { number } } } } } }';
      const res = await gql(sbx, token, q);
      const cost = res.body.extensions.cost;
      expect(cost.requestedQueryCost).toBe(2 + 50 * (1 + 5 * 2));
      expect(cost.throttleStatus).toEqual({
        maximumAvailable: 2000,
        currentlyAvailable: 2000 - cost.requestedQueryCost,
        restoreRate: 100,
      });
      await ctl(sbx, 'POST', '/throttle', { currentlyAvailable: 100 });
      const throttled = await gql(sbx, token, q);
      expect(throttled.status).toBe(200);
      expect(throttled.body.errors[0]).toMatchObject({
        message: 'Throttled',
        extensions: { code: 'THROTTLED' },
      });
      expect(throttled.body.data).toBeUndefined();
      expect(throttled.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(100);
      now += 5_000;
      const again = await gql(sbx, token, q);
      expect(again.body.errors).toBeUndefined();
      expect(again.body.extensions.cost.throttleStatus.currentlyAvailable).toBe(600 - 552);
      const huge = await gql(
        sbx,
        token,
        '{ orders(first: 250) { edges { node { fulfillments(first: 10) { id } } } } }',
      );
      expect(huge.body.errors[0].extensions.code).toBe('MAX_COST_EXCEEDED');
      expect(sbx.control.calls()).toMatchObject({ throttled: 1, byOperation: { 'query orders': 4 } });
    } finally {
      await sbx.close();
    }
  });
});
