import { seedOrders } from '@portal/faire-sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipStationOrder, ShipStationSandboxHandle, ShipStationShipment } from '../src/index.js';
import { api, ctl, start } from './helpers.js';

describe('seed and control API', () => {
  let sbx: ShipStationSandboxHandle;
  let seeded: ShipStationShipment[];
  let orders: Map<number, ShipStationOrder>;
  beforeAll(async () => {
    sbx = await start();
    sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
    seeded = (await ctl(sbx, 'GET', '/labels')).body;
    const listed: ShipStationOrder[] = (await ctl(sbx, 'GET', '/orders')).body;
    orders = new Map(listed.map((o) => [o.orderId, o]));
  });
  afterAll(async () => {
    await sbx.close();
  });

  it("mirrors the Faire sandbox orders: display id in orderNumber, in the order's customField1, or nowhere", () => {
    const faire = seedOrders('brand1');
    const displayIds = new Set(faire.map((o) => o.display_id));
    const inNumber = seeded.filter((s) => displayIds.has(s.orderNumber.replace(/^#/, '')));
    const fieldOf = (s: ShipStationShipment) => orders.get(s.orderId)?.advancedOptions.customField1 ?? null;
    const inField = seeded.filter((s) => {
      const cf1 = fieldOf(s);
      return cf1 !== null && displayIds.has(cf1);
    });
    const nowhere = seeded.filter((s) => !inNumber.includes(s) && !inField.includes(s));
    expect(inNumber.length).toBeGreaterThan(inField.length);
    expect(inField.length).toBeGreaterThan(0);
    expect(nowhere.length).toBeGreaterThan(0);
    expect(seeded.some((s) => s.orderNumber.startsWith('#') && displayIds.has(s.orderNumber.slice(1)))).toBe(
      true,
    );
    // Labels of orders already shipped on Faire carry Faire's tracking codes.
    const codes = new Set(faire.flatMap((o) => o.shipments.map((x) => x.tracking_code)));
    expect(seeded.filter((s) => codes.has(s.trackingNumber)).length).toBeGreaterThan(20);
  });

  it('has several labels per order, voided reprints and labels with insurance', () => {
    const perOrder = new Map<number, number>();
    for (const s of seeded) perOrder.set(s.orderId, (perOrder.get(s.orderId) ?? 0) + 1);
    expect([...perOrder.values()].some((n) => n > 1)).toBe(true);
    const voided = seeded.filter((s) => s.voided);
    expect(voided.length).toBeGreaterThan(0);
    expect(voided.every((s) => s.voidDate !== null)).toBe(true);
    expect(seeded.some((s) => s.insuranceCost > 0)).toBe(true);
  });

  it('voids a label; a second void and an unknown label are refused', async () => {
    const printed = await ctl(sbx, 'POST', '/labels', {
      orderNumber: 'VOID000001',
      trackingNumber: '1Z999AA10123456784',
      carrierCode: 'ups',
      shipmentCost: 12,
    });
    const res = await ctl(sbx, 'POST', `/labels/${printed.body.shipmentId}/void`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ voided: true, voidDate: expect.any(String) });
    const listed = await api(sbx, '/shipments?orderNumber=VOID000001');
    expect(listed.body.shipments[0]).toMatchObject({ voided: true });
    expect((await ctl(sbx, 'POST', `/labels/${printed.body.shipmentId}/void`)).status).toBe(400);
    expect((await ctl(sbx, 'POST', '/labels/999/void')).status).toBe(404);
    expect((await ctl(sbx, 'POST', '/labels/abc/void')).status).toBe(404);
  });

  it('keeps labels of one order number on one order', async () => {
    const a = await ctl(sbx, 'POST', '/labels', {
      orderNumber: 'SAME000001',
      trackingNumber: 'A1',
      carrierCode: 'ups',
      shipmentCost: 1,
    });
    const b = await ctl(sbx, 'POST', '/labels', {
      orderNumber: 'SAME000001',
      trackingNumber: 'A2',
      carrierCode: 'ups',
      shipmentCost: 2,
    });
    expect(a.body.shipments[0].orderId).toBe(b.body.shipments[0].orderId);
    expect(a.body.shipmentId).not.toBe(b.body.shipmentId);
  });

  it('refuses incomplete labels with 400 naming the field', async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ trackingNumber: 'X', carrierCode: 'ups', shipmentCost: 1 }, 'orderNumber'],
      [{ orderNumber: 'X', carrierCode: 'ups', shipmentCost: 1 }, 'trackingNumber'],
      [{ orderNumber: 'X', trackingNumber: 'X', shipmentCost: 1 }, 'carrierCode'],
      [{ orderNumber: 'X', trackingNumber: 'X', carrierCode: 'ups' }, 'shipmentCost'],
      [{ orderNumber: 'X', trackingNumber: 'X', carrierCode: 'ups', shipmentCost: -1 }, 'shipmentCost'],
      [
        { orderNumber: 'X', trackingNumber: 'X', carrierCode: 'ups', shipmentCost: 1, insuranceCost: 'a' },
        'insuranceCost',
      ],
    ];
    for (const [body, field] of cases) {
      const res = await ctl(sbx, 'POST', '/labels', body);
      expect(res.status, field).toBe(400);
      expect(res.body.message).toContain(field);
    }
    expect((await ctl(sbx, 'POST', '/labels', { labels: [] })).status).toBe(400);
    expect((await ctl(sbx, 'POST', '/fulfillments', { orderNumber: 'X' })).status).toBe(400);
  });

  it('counts API calls by endpoint and clears the count', async () => {
    await ctl(sbx, 'DELETE', '/calls');
    await api(sbx, '/shipments?pageSize=1');
    await api(sbx, '/shipments?pageSize=1');
    await api(sbx, '/stores');
    const calls = (await ctl(sbx, 'GET', '/calls')).body;
    expect(calls).toMatchObject({ total: 3, byEndpoint: { 'GET /shipments': 2, 'GET /stores': 1 } });
    expect((await ctl(sbx, 'DELETE', '/calls')).body.total).toBe(3);
    expect(sbx.control.calls().total).toBe(0);
  });

  it('resets to the seed: printed labels, subscriptions and knobs are gone', async () => {
    await ctl(sbx, 'POST', '/webhooks', { duplicate: 1 });
    await ctl(sbx, 'POST', '/labels', {
      orderNumber: 'GONE000001',
      trackingNumber: 'G1',
      carrierCode: 'ups',
      shipmentCost: 1,
    });
    expect((await ctl(sbx, 'POST', '/reset')).body).toEqual({ ok: true });
    sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
    expect((await api(sbx, '/shipments?orderNumber=GONE000001')).body.total).toBe(0);
    expect((await ctl(sbx, 'GET', '/labels')).body).toHaveLength(seeded.length);
    expect(sbx.control.webhookKnobs().duplicate).toBe(0);
  });

  it('moves its clock forward on request', async () => {
    const before = Date.now();
    expect((await ctl(sbx, 'POST', '/clock', { advanceMs: 86_400_000 })).status).toBe(200);
    const printed = await ctl(sbx, 'POST', '/labels', {
      orderNumber: 'LATE000001',
      trackingNumber: 'L1',
      carrierCode: 'ups',
      shipmentCost: 1,
    });
    const shipDate = printed.body.shipments[0].shipDate;
    expect(shipDate > new Date(before - 86_400_000).toISOString().slice(0, 10)).toBe(true);
    expect((await ctl(sbx, 'POST', '/clock', { advanceMs: -5 })).status).toBe(400);
  });

  it('answers unknown control paths 404 and wrong methods 405', async () => {
    expect((await ctl(sbx, 'GET', '/nothing')).status).toBe(404);
    const res = await ctl(sbx, 'PUT', '/labels');
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, POST');
  });
});
