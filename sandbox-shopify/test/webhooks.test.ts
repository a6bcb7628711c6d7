import { createHmac } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShopifySandboxHandle } from '../src/index.js';
import { CLIENT_SECRET, ctl, gql, install, receiver, SHOP, start } from './helpers.js';

type Receiver = Awaited<ReturnType<typeof receiver>>;

describe('webhook emitter', () => {
  let sbx: ShopifySandboxHandle;
  let hook: Receiver;
  const faireOrderName = () =>
    sbx.control
      .orders()
      .find((o) => o.tags.includes('Faire') && o.fulfillments.length === 0 && o.cancelledAt === null)!.name;

  beforeEach(async () => {
    sbx = await start({ allowInsecureWebhookUris: true });
    hook = await receiver();
    for (const topic of [
      'fulfillments/create',
      'fulfillments/update',
      'app/uninstalled',
      'customers/redact',
    ]) {
      sbx.control.subscribe(topic, hook.url);
    }
  });
  afterEach(async () => {
    await sbx.close();
    await hook.close();
  });

  it('fulfils an order and delivers fulfillments/create signed like Shopify', async () => {
    const name = faireOrderName();
    const res = await ctl(sbx, 'POST', '/fulfil', {
      orderName: name,
      trackingNumber: '1Z999AA10123456784',
      company: 'ups',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      orderName: name,
      status: 'SUCCESS',
      trackingInfo: [{ number: '1Z999AA10123456784', company: 'UPS' }],
    });
    await sbx.control.idle();
    expect(hook.received).toHaveLength(1);
    const { headers, raw, body } = hook.received[0]!;
    expect(headers['x-shopify-topic']).toBe('fulfillments/create');
    expect(headers['x-shopify-shop-domain']).toBe(SHOP);
    expect(headers['x-shopify-webhook-id']).toBe(res.body.webhookIds[0]);
    expect(headers['x-shopify-event-id']).toBeTruthy();
    expect(headers['x-shopify-api-version']).toBe('2026-10');
    expect(headers['x-shopify-hmac-sha256']).toBe(
      createHmac('sha256', CLIENT_SECRET).update(raw).digest('base64'),
    );
    expect(body).toMatchObject({
      id: res.body.legacyResourceId,
      status: 'success',
      tracking_company: 'UPS',
      tracking_number: '1Z999AA10123456784',
      tracking_numbers: ['1Z999AA10123456784'],
      admin_graphql_api_id: res.body.id,
    });
    // The order shows the fulfilment and moved up in UPDATED_AT order.
    const token = (await install(sbx)).access_token;
    const read = await gql(
      sbx,
      token,
      `{ order(id: "${res.body.orderId}") { fulfillments { id status trackingInfo { number company url } } } }`,
    );
    expect(read.body.data.order.fulfillments.at(-1)).toEqual({
      id: res.body.id,
      status: 'SUCCESS',
      trackingInfo: [
        {
          number: '1Z999AA10123456784',
          company: 'UPS',
          url: 'https://www.ups.com/track?tracknum=1Z999AA10123456784',
        },
      ],
    });
  });

  it('cancels and edits a fulfilment, delivering fulfillments/update', async () => {
    const made = await ctl(sbx, 'POST', '/fulfil', {
      orderName: faireOrderName(),
      trackingNumbers: ['111111111111', '222222222222'],
      company: 'FedEx',
    });
    const edited = await ctl(sbx, 'POST', `/fulfillments/${made.body.legacyResourceId}/tracking`, {
      trackingNumber: '333333333333',
    });
    expect(edited.body.trackingInfo).toEqual([{ number: '333333333333', company: 'FedEx', url: null }]);
    const cancelled = await ctl(sbx, 'POST', `/fulfillments/${encodeURIComponent(made.body.id)}/cancel`);
    expect(cancelled.body.status).toBe('CANCELLED');
    expect((await ctl(sbx, 'POST', `/fulfillments/${encodeURIComponent(made.body.id)}/cancel`)).status).toBe(
      400,
    );
    expect((await ctl(sbx, 'POST', '/fulfillments/999/cancel')).status).toBe(404);
    await sbx.control.idle();
    expect(hook.received.map((r) => r.headers['x-shopify-topic'])).toEqual([
      'fulfillments/create',
      'fulfillments/update',
      'fulfillments/update',
    ]);
    expect(hook.received[2]!.body.status).toBe('cancelled');
  });

  it('duplicates with the same webhook id, drops, delays and reorders', async () => {
    await ctl(sbx, 'POST', '/webhooks', { duplicate: 1 });
    await ctl(sbx, 'POST', '/fulfil', { orderName: faireOrderName(), trackingNumber: 'D1', company: 'USPS' });
    await sbx.control.idle();
    expect(hook.received).toHaveLength(2);
    expect(hook.received[0]!.headers['x-shopify-webhook-id']).toBe(
      hook.received[1]!.headers['x-shopify-webhook-id'],
    );
    expect(hook.received[0]!.raw).toBe(hook.received[1]!.raw);

    await ctl(sbx, 'POST', '/webhooks', { duplicate: 0, drop: true });
    await ctl(sbx, 'POST', '/fulfil', { orderName: faireOrderName(), trackingNumber: 'D2', company: 'USPS' });
    await sbx.control.idle();
    expect(hook.received).toHaveLength(2);
    expect(sbx.control.deliveries().at(-1)).toMatchObject({
      outcome: 'dropped',
      topic: 'fulfillments/create',
    });

    await ctl(sbx, 'POST', '/webhooks', { drop: 0, reorder: true, delayMs: 200 });
    const a = await ctl(sbx, 'POST', '/fulfil', {
      orderName: faireOrderName(),
      trackingNumber: 'R1',
      company: 'USPS',
    });
    const b = await ctl(sbx, 'POST', '/fulfil', {
      orderName: faireOrderName(),
      trackingNumber: 'R2',
      company: 'USPS',
    });
    const t0 = Date.now();
    await sbx.control.idle();
    expect(Date.now() - t0).toBeGreaterThanOrEqual(150);
    expect(hook.received.slice(2).map((r) => r.headers['x-shopify-webhook-id'])).toEqual([
      b.body.webhookIds[0],
      a.body.webhookIds[0],
    ]);
    await ctl(sbx, 'POST', '/fulfil', { orderName: faireOrderName(), trackingNumber: 'R3', company: 'USPS' });
    expect((await ctl(sbx, 'POST', '/webhooks/flush')).body).toEqual({ released: 1 });
    await sbx.control.idle();
    expect(hook.received).toHaveLength(5);
  });

  it('retries a failed delivery with the original payload and webhook id', async () => {
    const flaky = await receiver([500, 503]);
    try {
      sbx.control.subscribe('fulfillments/create', flaky.url);
      await ctl(sbx, 'POST', '/webhooks', { retries: 2, retryDelayMs: 50 });
      await ctl(sbx, 'POST', '/fulfil', {
        orderName: faireOrderName(),
        trackingNumber: 'T1',
        company: 'UPS',
      });
      await sbx.control.idle();
      expect(flaky.received).toHaveLength(3);
      expect(new Set(flaky.received.map((r) => r.headers['x-shopify-webhook-id'])).size).toBe(1);
      expect(new Set(flaky.received.map((r) => r.raw)).size).toBe(1);
      const attempts = sbx.control.deliveries().filter((d) => d.uri === flaky.url);
      expect(attempts.map((d) => [d.attempt, d.outcome, d.status])).toEqual([
        [1, 'failed', 500],
        [2, 'failed', 503],
        [3, 'delivered', 200],
      ]);
    } finally {
      await flaky.close();
    }
  });

  it('delivers app/uninstalled and privacy webhooks', async () => {
    await ctl(sbx, 'POST', '/uninstall');
    await ctl(sbx, 'POST', '/privacy', { topic: 'customers/redact' });
    await sbx.control.idle();
    expect(hook.received.map((r) => r.headers['x-shopify-topic'])).toEqual([
      'app/uninstalled',
      'customers/redact',
    ]);
    expect(hook.received[0]!.body.myshopify_domain).toBe(SHOP);
    expect(hook.received[1]!.body).toMatchObject({ shop_domain: SHOP, customer: { id: expect.any(Number) } });
    expect((await ctl(sbx, 'POST', '/privacy', { topic: 'orders/create' })).status).toBe(400);
  });

  it('refuses bad control input with 400 or 404', async () => {
    expect((await ctl(sbx, 'POST', '/fulfil', { trackingNumber: 'X' })).status).toBe(400);
    expect((await ctl(sbx, 'POST', '/fulfil', { orderName: 'NOPE', trackingNumber: 'X' })).status).toBe(404);
    expect((await ctl(sbx, 'POST', '/fulfil', { orderName: faireOrderName() })).status).toBe(400);
    const cancelled = sbx.control.orders().find((o) => o.cancelledAt !== null)!;
    expect((await ctl(sbx, 'POST', '/fulfil', { orderId: cancelled.id, trackingNumber: 'X' })).status).toBe(
      400,
    );
    for (const body of [{ duplicate: 11 }, { drop: 2 }, { reorder: 1 }, { retries: -1 }, { x: 1 }]) {
      expect((await ctl(sbx, 'POST', '/webhooks', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect(
      (await ctl(sbx, 'POST', '/webhooks/subscriptions', { topic: 'orders/create', uri: hook.url })).status,
    ).toBe(400);
    expect(
      (await ctl(sbx, 'POST', '/webhooks/subscriptions', { topic: 'shop/redact', uri: 'ftp://x' })).status,
    ).toBe(400);
    expect((await ctl(sbx, 'POST', '/throttle', { restoreRate: -1 })).status).toBe(400);
    expect((await ctl(sbx, 'GET', '/nothing')).status).toBe(404);
    expect((await ctl(sbx, 'PUT', '/fulfil')).status).toBe(405);
  });

  it('adds orders, counts calls and resets to the seed', async () => {
    const made = await ctl(sbx, 'POST', '/orders', { name: '#3001', faireOrderNumber: 'ABCDE12345' });
    expect(made.body).toMatchObject({
      tags: ['Faire', 'Wholesale'],
      sourceName: 'faire',
      customAttributes: [{ key: 'Faire order number', value: 'ABCDE12345' }],
    });
    expect((await ctl(sbx, 'POST', '/orders', { name: '#3001' })).status).toBe(400);
    const token = (await install(sbx)).access_token;
    await gql(sbx, token, '{ shop { name } }');
    expect((await ctl(sbx, 'GET', '/calls')).body).toMatchObject({
      graphql: 1,
      tokenRequests: 1,
      byOperation: { 'query shop': 1 },
    });
    await ctl(sbx, 'POST', '/reset');
    expect(sbx.control.orders().some((o) => o.name === '#3001')).toBe(false);
    expect(sbx.control.subscriptions()).toEqual([]);
    expect((await gql(sbx, token, '{ shop { name } }')).status).toBe(401);
    expect(sbx.control.calls().graphql).toBe(0);
  });
});

describe('orders/updated', () => {
  it('follows every fulfilment change, with the order as REST shapes it', async () => {
    const sbx = await start({ allowInsecureWebhookUris: true });
    const hook = await receiver();
    try {
      sbx.control.subscribe('orders/updated', hook.url);
      const order = sbx.control
        .orders()
        .find((o) => o.customAttributes.length > 0 && o.fulfillments.length === 0)!;
      const made = sbx.control.fulfil({ orderId: order.id, trackingNumber: 'OU1', company: 'USPS' });
      sbx.control.cancelFulfillment(made.legacyResourceId);
      await sbx.control.idle();
      expect(hook.received).toHaveLength(2);
      expect(hook.received.map((r) => r.headers['x-shopify-topic'])).toEqual([
        'orders/updated',
        'orders/updated',
      ]);
      expect(hook.received[0]!.body).toMatchObject({
        id: order.id,
        name: order.name,
        tags: 'Faire, Wholesale',
        source_name: 'faire',
        note_attributes: [{ name: 'Faire order number', value: order.customAttributes[0]!.value }],
        fulfillments: [{ tracking_number: 'OU1', status: 'success' }],
      });
      expect(hook.received[1]!.body.fulfillments[0].status).toBe('cancelled');
    } finally {
      await sbx.close();
      await hook.close();
    }
  });
});
