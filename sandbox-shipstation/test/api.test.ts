import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipStationSandboxHandle } from '../src/index.js';
import { api, BASIC, call, ctl, start } from './helpers.js';

const PACIFIC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}$/;

describe('ShipStation V1 API', () => {
  let sbx: ShipStationSandboxHandle;
  beforeAll(async () => {
    sbx = await start();
    // These tests make more calls than ShipStation's 40 a minute: rate-limit.test.ts covers the limit.
    sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('refuses a missing or wrong key pair with 401', async () => {
    expect((await api(sbx, '/stores', { auth: null })).status).toBe(401);
    const wrong = `Basic ${Buffer.from('sbx_ss_key:nope').toString('base64')}`;
    const res = await api(sbx, '/stores', { auth: wrong });
    expect(res.status).toBe(401);
    expect(res.body.Message).toMatch(/denied/);
    expect((await api(sbx, '/stores', { auth: 'Bearer sbx_ss_key' })).status).toBe(401);
  });

  it('lists stores as a cheap probe', async () => {
    const res = await api(sbx, '/stores');
    expect(res.status).toBe(200);
    expect(res.body.map((s: { storeId: number }) => s.storeId)).toEqual([310001, 310002]);
    expect(res.body[0]).toMatchObject({
      storeName: expect.any(String),
      marketplaceName: 'Shopify',
      active: true,
    });
  });

  it('lists shipments with the V1 shape, Pacific times and page counts', async () => {
    const res = await api(sbx, '/shipments?pageSize=10');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ page: 1, total: expect.any(Number), pages: expect.any(Number) });
    expect(res.body.pages).toBe(Math.ceil(res.body.total / 10));
    expect(res.body.shipments).toHaveLength(10);
    const s = res.body.shipments[0];
    for (const key of ['shipmentId', 'orderId', 'orderKey', 'orderNumber', 'trackingNumber', 'carrierCode']) {
      expect(s[key], key).toBeDefined();
    }
    expect(s.createDate).toMatch(PACIFIC);
    expect(s.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof s.shipmentCost).toBe('number');
    expect(typeof s.insuranceCost).toBe('number');
    expect(typeof s.voided).toBe('boolean');
    // Real V1 shipments carry the bill-to fields and the store, never the order's custom fields.
    expect(Object.keys(s.advancedOptions)).toEqual([
      'billToParty',
      'billToAccount',
      'billToPostalCode',
      'billToCountryCode',
      'storeId',
    ]);
    expect(s.shipTo).toHaveProperty('addressVerified');
    expect(s.shipmentItems).toBeNull();
  });

  it('pages through every shipment exactly once', async () => {
    const first = await api(sbx, '/shipments?pageSize=7');
    const seen: number[] = [];
    for (let page = 1; page <= first.body.pages; page++) {
      const res = await api(sbx, `/shipments?pageSize=7&page=${page}`);
      seen.push(...res.body.shipments.map((s: { shipmentId: number }) => s.shipmentId));
    }
    expect(seen).toHaveLength(first.body.total);
    expect(new Set(seen).size).toBe(seen.length);
    const past = await api(sbx, `/shipments?pageSize=7&page=${first.body.pages + 1}`);
    expect(past.body.shipments).toEqual([]);
  });

  it('filters by order number, tracking number and dates, and sorts', async () => {
    const all = (await api(sbx, '/shipments?pageSize=500')).body.shipments;
    const sample = all[5];
    const byOrder = await api(sbx, `/shipments?orderNumber=${encodeURIComponent(sample.orderNumber)}`);
    expect(byOrder.body.shipments.length).toBeGreaterThan(0);
    expect(
      byOrder.body.shipments.every((s: { orderNumber: string }) => s.orderNumber === sample.orderNumber),
    ).toBe(true);
    const byTracking = await api(sbx, `/shipments?trackingNumber=${sample.trackingNumber}`);
    expect(byTracking.body.shipments.map((s: { shipmentId: number }) => s.shipmentId)).toEqual([
      sample.shipmentId,
    ]);

    const start = all[all.length - 4].createDate;
    const recent = await api(sbx, `/shipments?createDateStart=${encodeURIComponent(start)}`);
    expect(recent.body.total).toBeGreaterThanOrEqual(4);
    expect(recent.body.shipments.every((s: { createDate: string }) => s.createDate >= start)).toBe(true);
    const older = await api(sbx, `/shipments?createDateEnd=${encodeURIComponent(start)}&pageSize=500`);
    expect(older.body.total + recent.body.total).toBe(all.length + 1);

    const desc = await api(sbx, '/shipments?sortBy=CreateDate&sortDir=DESC&pageSize=3');
    expect(desc.body.shipments[0].shipmentId).toBe(
      [...all].sort((a, b) => (b.createDate < a.createDate ? -1 : 1))[0].shipmentId,
    );
    const day = all[0].shipDate;
    const byShip = await api(sbx, `/shipments?shipDateStart=${day}&shipDateEnd=${day}&pageSize=500`);
    expect(byShip.body.shipments.every((s: { shipDate: string }) => s.shipDate === day)).toBe(true);
    expect(byShip.body.total).toBeGreaterThan(0);
  });

  it('includes shipment items on request', async () => {
    const res = await api(sbx, '/shipments?includeShipmentItems=true&pageSize=1');
    expect(Array.isArray(res.body.shipments[0].shipmentItems)).toBe(true);
  });

  it('answers bad filters with 400 naming the parameter', async () => {
    for (const [q, word] of [
      ['pageSize=501', 'pageSize'],
      ['page=0', 'page'],
      ['sortBy=Cost', 'sortBy'],
      ['sortDir=UP', 'sortDir'],
      ['createDateStart=yesterday', 'createDateStart'],
    ]) {
      const res = await api(sbx, `/shipments?${q}`);
      expect(res.status, q).toBe(400);
      expect(res.body.Message).toContain(word);
    }
  });

  it('lists orders marked as shipped under /fulfillments only', async () => {
    const marked = await ctl(sbx, 'POST', '/fulfillments', {
      orderNumber: 'HAND0RDER1',
      trackingNumber: '1Z999AA10123456784',
      carrierCode: 'ups',
    });
    expect(marked.status).toBe(201);
    const res = await api(sbx, '/fulfillments?orderNumber=HAND0RDER1');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 1, page: 1, pages: 1 });
    expect(res.body.fulfillments[0]).toMatchObject({
      fulfillmentId: marked.body.fulfillmentId,
      trackingNumber: '1Z999AA10123456784',
      carrierCode: 'ups',
      voided: false,
    });
    expect(res.body.fulfillments[0].createDate).toMatch(PACIFIC);
    const labels = await api(sbx, '/shipments?orderNumber=HAND0RDER1');
    expect(labels.body.total).toBe(0);
    const seeded = await api(sbx, '/fulfillments');
    expect(seeded.body.total).toBeGreaterThanOrEqual(4);
  });

  it('subscribes, lists and deletes webhooks', async () => {
    const sub = await call('POST', `${sbx.url}/webhooks/subscribe`, {
      body: { target_url: 'http://127.0.0.1:9/hook', event: 'SHIP_NOTIFY', friendly_name: 'Portal' },
    });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({
      WebHookID: expect.any(Number),
      HookType: 'SHIP_NOTIFY',
      Url: 'http://127.0.0.1:9/hook',
      Name: 'Portal',
    });
    const list = await api(sbx, '/webhooks');
    expect(list.body.webhooks).toContainEqual(
      expect.objectContaining({
        WebHookID: sub.body.WebHookID,
        HookType: 'SHIP_NOTIFY',
        Url: 'http://127.0.0.1:9/hook',
        Name: 'Portal',
      }),
    );
    const del = await call('DELETE', `${sbx.url}/webhooks/${sub.body.WebHookID}`);
    expect(del.status).toBe(200);
    expect((await api(sbx, '/webhooks')).body.webhooks).toEqual([]);
    expect((await call('DELETE', `${sbx.url}/webhooks/${sub.body.WebHookID}`)).status).toBe(404);
  });

  it('refuses a bad subscription with 400', async () => {
    const bad = [
      { event: 'SHIP_NOTIFY' },
      { target_url: 'ftp://x', event: 'SHIP_NOTIFY' },
      { target_url: 'http://x.test/h', event: 'LABEL_PRINTED' },
      { target_url: 'http://x.test/h', event: 'SHIP_NOTIFY', store_id: 'abc' },
    ];
    for (const body of bad) {
      const res = await call('POST', `${sbx.url}/webhooks/subscribe`, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.Message).toBeTruthy();
    }
    const malformed = await fetch(`${sbx.url}/webhooks/subscribe`, {
      method: 'POST',
      headers: { Authorization: BASIC, 'Content-Type': 'application/json' },
      body: '{not json',
    });
    expect(malformed.status).toBe(400);
  });

  it('answers unknown paths 404 and wrong methods 405', async () => {
    expect((await api(sbx, '/carriers')).status).toBe(404);
    const res = await call('POST', `${sbx.url}/shipments`, { body: {} });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
