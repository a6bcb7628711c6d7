import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ShipStationSandboxHandle } from '../src/index.js';
import { api, call, ctl, receiver, start } from './helpers.js';

type Receiver = Awaited<ReturnType<typeof receiver>>;

const label = (n: number, extra: Record<string, unknown> = {}) => ({
  orderNumber: `WHK${String(n).padStart(7, '0')}`,
  trackingNumber: `9400111899223344556${String(n).padStart(3, '0')}`,
  carrierCode: 'stamps_com',
  shipmentCost: 8.5,
  ...extra,
});

describe('webhook deliveries', () => {
  let sbx: ShipStationSandboxHandle;
  let hook: Receiver;
  const subscribe = (event: string, extra: Record<string, unknown> = {}) =>
    call('POST', `${sbx.url}/webhooks/subscribe`, {
      body: { target_url: `${hook.url}/in`, event, ...extra },
    });

  beforeEach(async () => {
    sbx = await start();
    sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
    hook = await receiver();
  });
  afterEach(async () => {
    await sbx.close();
    await hook.close();
  });

  it('prints a label and delivers SHIP_NOTIFY whose resource_url lists it', async () => {
    await subscribe('SHIP_NOTIFY');
    await subscribe('FULFILLMENT_SHIPPED');
    const printed = await ctl(
      sbx,
      'POST',
      '/labels',
      label(1, { insuranceCost: 1.25, customField1: 'ABCDE12345' }),
    );
    expect(printed.status).toBe(201);
    expect(typeof printed.body.shipmentId).toBe('number');
    expect(printed.body.webhooks).toBe(1);
    await sbx.control.idle();
    expect(hook.received).toHaveLength(1);
    const { body, headers } = hook.received[0]!;
    expect(Object.keys(body).sort()).toEqual(['resource_type', 'resource_url']);
    expect(body.resource_type).toBe('SHIP_NOTIFY');
    expect(headers['content-type']).toContain('application/json');
    expect(headers['x-shopify-hmac-sha256']).toBeUndefined();
    const url = new URL(body.resource_url);
    expect(url.origin).toBe(sbx.url);
    const listed = await call('GET', body.resource_url);
    expect(listed.body.total).toBe(1);
    expect(listed.body.shipments[0]).toMatchObject({
      shipmentId: printed.body.shipmentId,
      orderNumber: 'WHK0000001',
      shipmentCost: 8.5,
      insuranceCost: 1.25,
      carrierCode: 'stamps_com',
      voided: false,
      advancedOptions: { storeId: 310002 },
    });
    expect(listed.body.shipments[0].advancedOptions).not.toHaveProperty('customField1');
    expect(sbx.control.deliveries()).toMatchObject([
      { outcome: 'delivered', status: 200, event: 'SHIP_NOTIFY' },
    ]);
  });

  it('prints a batch as one delivery listing every label', async () => {
    await subscribe('SHIP_NOTIFY');
    const labels = Array.from({ length: 120 }, (_, i) => label(i));
    const res = await ctl(sbx, 'POST', '/labels', { labels });
    expect(res.status).toBe(201);
    expect(res.body.shipments).toHaveLength(120);
    await sbx.control.idle();
    expect(hook.received).toHaveLength(1);
    const listed = await call('GET', `${hook.received[0]!.body.resource_url}&pageSize=500`);
    expect(listed.body.total).toBe(120);
  });

  it('lets a thousand labels printed at once be read in two calls', async () => {
    await subscribe('SHIP_NOTIFY');
    await ctl(sbx, 'DELETE', '/calls');
    const labels = Array.from({ length: 1000 }, (_, i) =>
      label(i + 1000, { trackingNumber: `1Z${String(i).padStart(16, '0')}` }),
    );
    expect((await ctl(sbx, 'POST', '/labels', { labels })).status).toBe(201);
    await sbx.control.idle();
    const resourceUrl = String(hook.received[0]!.body.resource_url);
    const page1 = await call('GET', `${resourceUrl}&pageSize=500&page=1`);
    const page2 = await call('GET', `${resourceUrl}&pageSize=500&page=2`);
    expect(page1.body).toMatchObject({ total: 1000, pages: 2 });
    expect(page1.body.shipments.length + page2.body.shipments.length).toBe(1000);
    expect(sbx.control.calls().total / 1000).toBeLessThanOrEqual(0.05);
  });

  it('delivers only to subscriptions of the event and store', async () => {
    await subscribe('SHIP_NOTIFY', { store_id: 310002 });
    await ctl(sbx, 'POST', '/labels', label(2));
    await sbx.control.idle();
    expect(hook.received).toHaveLength(0);
    await ctl(sbx, 'POST', '/labels', label(3, { customField1: 'ABCDE12345' }));
    await sbx.control.idle();
    expect(hook.received).toHaveLength(1);
  });

  it('marks an order shipped without any webhook, or with FULFILLMENT_SHIPPED when asked', async () => {
    await subscribe('SHIP_NOTIFY');
    await subscribe('FULFILLMENT_SHIPPED');
    const quiet = await ctl(sbx, 'POST', '/fulfillments', {
      orderNumber: 'Q1',
      trackingNumber: 'T1',
      carrierCode: 'ups',
    });
    expect(quiet.body.webhooks).toBe(0);
    await sbx.control.idle();
    expect(hook.received).toHaveLength(0);
    await ctl(sbx, 'POST', '/fulfillments', {
      orderNumber: 'Q2',
      trackingNumber: 'T2',
      carrierCode: 'ups',
      notify: true,
    });
    await sbx.control.idle();
    expect(hook.received).toHaveLength(1);
    expect(hook.received[0]!.body.resource_type).toBe('FULFILLMENT_SHIPPED');
    const listed = await call('GET', hook.received[0]!.body.resource_url);
    expect(listed.body.fulfillments.map((f: { orderNumber: string }) => f.orderNumber)).toEqual(['Q2']);
  });

  it('duplicates, delays and drops deliveries on request', async () => {
    await subscribe('SHIP_NOTIFY');
    expect((await ctl(sbx, 'POST', '/webhooks', { duplicate: 2 })).body).toMatchObject({ duplicate: 2 });
    await ctl(sbx, 'POST', '/labels', label(4));
    await sbx.control.idle();
    expect(hook.received).toHaveLength(3);
    expect(new Set(hook.received.map((r) => String(r.body.resource_url))).size).toBe(1);

    await ctl(sbx, 'POST', '/webhooks', { duplicate: 0, delayMs: 300 });
    const t0 = Date.now();
    await ctl(sbx, 'POST', '/labels', label(5));
    await new Promise((r) => setTimeout(r, 100));
    expect(hook.received).toHaveLength(3);
    await sbx.control.idle();
    expect(hook.received).toHaveLength(4);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(290);

    await ctl(sbx, 'POST', '/webhooks', { delayMs: 0, drop: true });
    await ctl(sbx, 'POST', '/labels', label(6));
    await sbx.control.idle();
    expect(hook.received).toHaveLength(4);
    expect(sbx.control.deliveries().at(-1)).toMatchObject({ outcome: 'dropped' });
    // A dropped delivery's label is still listed: a poll finds it.
    expect((await api(sbx, `/shipments?orderNumber=${label(6).orderNumber}`)).body.total).toBe(1);
  });

  it('reorders deliveries: the newer goes first, a flush releases what is held', async () => {
    await subscribe('SHIP_NOTIFY');
    await ctl(sbx, 'POST', '/webhooks', { reorder: true });
    const a = await ctl(sbx, 'POST', '/labels', label(7));
    await sbx.control.idle();
    expect(hook.received).toHaveLength(0);
    const b = await ctl(sbx, 'POST', '/labels', label(8));
    await sbx.control.idle();
    expect(hook.received.map((r) => String(r.body.resource_url))).toEqual([
      expect.stringContaining(`batchId=${b.body.batchId}`),
      expect.stringContaining(`batchId=${a.body.batchId}`),
    ]);
    await ctl(sbx, 'POST', '/labels', label(9));
    expect((await ctl(sbx, 'POST', '/webhooks/flush')).body).toEqual({ released: 1 });
    await sbx.control.idle();
    expect(hook.received).toHaveLength(3);
  });

  it('records a failing target without retrying', async () => {
    const failing = await receiver(500);
    try {
      await call('POST', `${sbx.url}/webhooks/subscribe`, {
        body: { target_url: `${failing.url}/x`, event: 'SHIP_NOTIFY' },
      });
      await ctl(sbx, 'POST', '/labels', label(10));
      await sbx.control.idle();
      expect(failing.received).toHaveLength(1);
      expect((await ctl(sbx, 'GET', '/webhooks/deliveries')).body).toMatchObject([
        { outcome: 'failed', status: 500 },
      ]);
    } finally {
      await failing.close();
    }
  });

  it('refuses bad knobs with 400', async () => {
    for (const body of [
      { duplicate: 11 },
      { delayMs: -1 },
      { drop: 2 },
      { reorder: 'yes' },
      { other: 1 },
      { resourceOrigin: 'ssapi7.shipstation.com' },
      { resourceOrigin: 'https://ssapi7.shipstation.com/shipments' },
      { subscribeAnswer: 'Id' },
    ]) {
      expect((await ctl(sbx, 'POST', '/webhooks', body)).status, JSON.stringify(body)).toBe(400);
    }
    expect((await ctl(sbx, 'GET', '/webhooks')).body).toEqual({
      duplicate: 0,
      delayMs: 0,
      drop: 0,
      reorder: false,
      resourceOrigin: null,
      subscribeAnswer: 'WebHookID',
    });
  });
});
