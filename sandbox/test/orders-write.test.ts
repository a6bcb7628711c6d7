import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_FIXTURES, type FaireOrder, type SandboxHandle } from '../src/index.js';
import { apiClient, ISO_MILLIS, ship, start, TOKEN2 } from './helpers.js';
import { expectOrderShape } from './shape.js';

const F = SANDBOX_FIXTURES.brand1;

describe('auth and 404', () => {
  let sbx: SandboxHandle;
  beforeAll(async () => {
    sbx = await start();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('401 {message} without credentials or with a wrong token', async () => {
    for (const token of [null, 'nope', '']) {
      const r = await apiClient(sbx, token).get('/orders');
      expect(r.status, String(token)).toBe(401);
      expect(Object.keys(r.body)).toEqual(['message']);
    }
    expect((await apiClient(sbx, null).get(`/orders/${F.newOrderId}`)).status).toBe(401);
    expect((await apiClient(sbx, 'nope').put(`/orders/${F.newOrderId}/processing`, {})).status).toBe(401);
    expect(sbx.getOrder(F.newOrderId)?.state).toBe('NEW');
  });

  it('404 for an unknown order and for another brand’s order', async () => {
    const api = apiClient(sbx);
    const unknown = await api.get('/orders/bo_zzzzzzzzzz');
    expect(unknown.status).toBe(404);
    expect(typeof unknown.body.message).toBe('string');
    const other = await apiClient(sbx, TOKEN2).get(`/orders/${F.processingOrderId}`);
    expect(other.status).toBe(404);
    const otherWrite = await apiClient(sbx, TOKEN2).post(
      `/orders/${F.processingOrderId}/shipments`,
      ship(undefined, '1Z999AA10123456784'),
    );
    expect(otherWrite.status).toBe(404);
    expect(sbx.getOrder(F.processingOrderId)?.shipments).toEqual([]);
    expect((await apiClient(sbx, TOKEN2).put(`/orders/${F.newOrderId}/processing`, {})).status).toBe(404);
  });
});

describe('PUT /orders/{id}/processing', () => {
  let sbx: SandboxHandle;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    sbx = await start();
    api = apiClient(sbx);
  });
  beforeEach(() => {
    sbx.reset();
    sbx.clock.freeze();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('moves NEW to PROCESSING and answers the full order', async () => {
    const now = sbx.clock.now().toISOString();
    const r = await api.put<FaireOrder>(`/orders/${F.newOrderId}/processing`, {});
    expect(r.status).toBe(200);
    expectOrderShape(r.body);
    expect(r.body.id).toBe(F.newOrderId);
    expect(r.body.state).toBe('PROCESSING');
    expect(r.body.processing_at).toBe(now);
    expect(r.body.updated_at).toBe(now);
    expect(r.body.items.every((i) => i.state === 'PROCESSING')).toBe(true);
    expect((await api.get(`/orders/${F.newOrderId}`)).body).toEqual(r.body);
  });

  it('stores expected_ship_date', async () => {
    const r = await api.put<FaireOrder>(`/orders/${F.lateNewOrderId}/processing`, {
      expected_ship_date: '2030-01-05',
    });
    expect(r.status).toBe(200);
    expect(r.body.expected_ship_date).toBe('2030-01-05T00:00:00.000Z');
    const bad = await api.put(`/orders/${F.newOrderId}/processing`, { expected_ship_date: 'soon' });
    expect(bad.status).toBe(400);
    expect(sbx.getOrder(F.newOrderId)?.state).toBe('NEW');
  });

  it('requires a body', async () => {
    const r = await api.call('PUT', `/orders/${F.newOrderId}/processing`);
    expect(r.status).toBe(400);
    expect(typeof r.body.message).toBe('string');
    const malformed = await api.call('PUT', `/orders/${F.newOrderId}/processing`, { rawBody: '{oops' });
    expect(malformed.status).toBe(400);
    expect(sbx.getOrder(F.newOrderId)?.state).toBe('NEW');
  });

  it('refuses every state but NEW with 400 naming the state', async () => {
    const cases: Array<[string, string]> = [
      [F.processingOrderId, 'PROCESSING'],
      [F.preTransitOrderId, 'PRE_TRANSIT'],
      [F.deliveredOrderId, 'DELIVERED'],
      [F.canceledOrderId, 'CANCELED'],
      [F.backorderedOrderId, 'BACKORDERED'],
      [F.pendingRetailerConfirmationOrderId, 'PENDING_RETAILER_CONFIRMATION'],
    ];
    for (const [id, state] of cases) {
      const before = sbx.getOrder(id);
      const r = await api.put(`/orders/${id}/processing`, {});
      expect(r.status, state).toBe(400);
      expect(r.body.message).toContain(state);
      expect(sbx.getOrder(id)).toEqual(before);
    }
    // A second accept of the same order is refused as well.
    expect((await api.put(`/orders/${F.newOrderId}/processing`, {})).status).toBe(200);
    expect((await api.put(`/orders/${F.newOrderId}/processing`, {})).status).toBe(400);
  });
});

describe('POST /orders/{id}/shipments', () => {
  let sbx: SandboxHandle;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    sbx = await start();
    api = apiClient(sbx);
  });
  beforeEach(() => {
    sbx.reset();
    sbx.clock.freeze();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('ships a PROCESSING order: 200 + full order in PRE_TRANSIT with the new shipment', async () => {
    const now = sbx.clock.now().toISOString();
    const r = await api.post<FaireOrder>(
      `/orders/${F.processingOrderId}/shipments`,
      ship(F.processingOrderId, '1Z999AA10123456784'),
    );
    expect(r.status).toBe(200);
    expectOrderShape(r.body);
    expect(r.body.state).toBe('PRE_TRANSIT');
    expect(r.body.updated_at).toBe(now);
    expect(r.body.items.every((i) => i.state === 'PRE_TRANSIT')).toBe(true);
    expect(r.body.shipments).toHaveLength(1);
    const s = r.body.shipments[0];
    expect(s).toMatchObject({
      order_id: F.processingOrderId,
      carrier: 'UPS',
      tracking_code: '1Z999AA10123456784',
      shipping_type: 'SHIP_ON_YOUR_OWN',
      maker_cost: { amount_minor: 1250, currency: 'USD' },
      maker_cost_cents: 1250,
      shipping_label_url: null,
      created_at: now,
      updated_at: now,
    });
    expect(s?.id).toMatch(/^s_[a-z0-9]{10}$/);
    expect(s?.created_at).toMatch(ISO_MILLIS);
    expect((await api.get(`/orders/${F.processingOrderId}`)).body).toEqual(r.body);
    expect(sbx.ledger()).toEqual([
      {
        at: now,
        brandId: F.brandId,
        orderId: F.processingOrderId,
        trackingCodes: ['1Z999AA10123456784'],
        outcome: 'created',
        status: 200,
        shipmentIds: [s?.id],
        authMode: 'access_token',
      },
    ]);
  });

  it('accepts maker_cost_cents, lower-case carriers, free-text carriers and several shipments at once', async () => {
    const r = await api.post<FaireOrder>(`/orders/${F.processingOrderId}/shipments`, {
      shipments: [
        { carrier: 'fedex', tracking_code: '771234567890', maker_cost_cents: 999 },
        { carrier: 'Canada Post', tracking_code: '7012345678901234', shipping_type: 'SHIP_WITH_FAIRE' },
        { carrier: 'Bob’s Courier', tracking_code: 'BOB-1' },
      ],
    });
    expect(r.status).toBe(200);
    const [a, b, c] = r.body.shipments;
    expect(a).toMatchObject({
      carrier: 'FEDEX',
      maker_cost: { amount_minor: 999, currency: 'USD' },
      maker_cost_cents: 999,
    });
    expect(b).toMatchObject({
      carrier: 'CANADA_POST',
      shipping_type: 'SHIP_WITH_FAIRE',
      maker_cost_cents: 0,
    });
    expect(c).toMatchObject({ carrier: 'Bob’s Courier', tracking_code: 'BOB-1' });
    expect(new Set(r.body.shipments.map((s) => s.id)).size).toBe(3);
    expect(sbx.ledger()[0]?.shipmentIds).toEqual(r.body.shipments.map((s) => s.id));
  });

  it('accepts a duplicate tracking code: a second shipment with the same code is created', async () => {
    const body = ship(F.processingOrderId, '1Z999AA10123456784');
    const first = await api.post<FaireOrder>(`/orders/${F.processingOrderId}/shipments`, body);
    const second = await api.post<FaireOrder>(`/orders/${F.processingOrderId}/shipments`, body);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.body.state).toBe('PRE_TRANSIT');
    expect(second.body.shipments).toHaveLength(2);
    expect(second.body.shipments.map((s) => s.tracking_code)).toEqual([
      '1Z999AA10123456784',
      '1Z999AA10123456784',
    ]);
    expect(sbx.ledger().map((e) => e.outcome)).toEqual(['created', 'created']);
  });

  it('adds parcels to PRE_TRANSIT and IN_TRANSIT orders without changing their state', async () => {
    for (const [id, state] of [
      [F.preTransitOrderId, 'PRE_TRANSIT'],
      [F.inTransitOrderId, 'IN_TRANSIT'],
    ] as const) {
      const before = sbx.getOrder(id)?.shipments.length ?? 0;
      const r = await api.post<FaireOrder>(`/orders/${id}/shipments`, ship(id, `TRACK-${state}`));
      expect(r.status).toBe(200);
      expect(r.body.state).toBe(state);
      expect(r.body.shipments).toHaveLength(before + 1);
    }
  });

  it('refuses NEW, CANCELED, DELIVERED, BACKORDERED and PENDING_RETAILER_CONFIRMATION with 400 naming the state', async () => {
    const cases: Array<[string, string]> = [
      [F.newOrderId, 'NEW'],
      [F.canceledOrderId, 'CANCELED'],
      [F.deliveredOrderId, 'DELIVERED'],
      [F.backorderedOrderId, 'BACKORDERED'],
      [F.pendingRetailerConfirmationOrderId, 'PENDING_RETAILER_CONFIRMATION'],
    ];
    for (const [id, state] of cases) {
      const before = sbx.getOrder(id);
      const r = await api.post(`/orders/${id}/shipments`, ship(id, '1Z999AA10123456784'));
      expect(r.status, state).toBe(400);
      expect(r.body.message).toContain(state);
      expect(sbx.getOrder(id)).toEqual(before);
    }
    expect(sbx.ledger().map((e) => [e.outcome, e.status, e.shipmentIds])).toEqual(
      cases.map(() => ['rejected', 400, []]),
    );
  });

  it('validates the body: order_id must match, carrier and tracking_code are required', async () => {
    const id = F.processingOrderId;
    const bad: unknown[] = [
      ship(F.processingOrderId2, '1Z999AA10123456784'),
      { shipments: [{ tracking_code: '1Z999AA10123456784' }] },
      { shipments: [{ carrier: 'UPS' }] },
      { shipments: [{ carrier: 'UPS', tracking_code: '  ' }] },
      { shipments: [] },
      {},
      ship(id, 'X', { shipping_type: 'FAIRE_SHIPPING_LABEL' }),
      ship(id, 'X', { maker_cost: { amount_minor: 12.5, currency: 'USD' } }),
      ship(id, 'X', { maker_cost: undefined, maker_cost_cents: -1 }),
    ];
    for (const body of bad) {
      const r = await api.post(`/orders/${id}/shipments`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(typeof r.body.message).toBe('string');
    }
    const mismatch = await api.post(`/orders/${id}/shipments`, ship(F.processingOrderId2, 'X'));
    expect(mismatch.body.message).toContain(F.processingOrderId2);
    const malformed = await api.call('POST', `/orders/${id}/shipments`, { rawBody: '{"shipments": [' });
    expect(malformed.status).toBe(400);
    const order = sbx.getOrder(id);
    expect(order?.state).toBe('PROCESSING');
    expect(order?.shipments).toEqual([]);
    expect(sbx.ledger().every((e) => e.outcome === 'rejected' && e.shipmentIds.length === 0)).toBe(true);
  });

  it('records 401 and 404 calls in the ledger', async () => {
    await apiClient(sbx, 'wrong').post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, 'T1'));
    await api.post('/orders/bo_zzzzzzzzzz/shipments', ship(undefined, 'T2'));
    expect(sbx.ledger()).toMatchObject([
      {
        outcome: 'unauthorized',
        status: 401,
        brandId: null,
        trackingCodes: ['T1'],
        shipmentIds: [],
        authMode: null,
      },
      {
        outcome: 'not_found',
        status: 404,
        brandId: F.brandId,
        orderId: 'bo_zzzzzzzzzz',
        trackingCodes: ['T2'],
      },
    ]);
    sbx.clearLedger();
    expect(sbx.ledger()).toEqual([]);
  });
});

describe('PUT /orders/{id}/cancel', () => {
  let sbx: SandboxHandle;
  beforeAll(async () => {
    sbx = await start();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('cancels NEW orders and refuses shipped ones', async () => {
    const api = apiClient(sbx);
    const ok = await api.put<FaireOrder>(`/orders/${F.newOrderId}/cancel`, { reason: 'ITEM_OUT_OF_STOCK' });
    expect(ok.status).toBe(200);
    expect(ok.body.state).toBe('CANCELED');
    expect(ok.body.items.every((i) => i.state === 'CANCELED')).toBe(true);
    const shipped = await api.put(`/orders/${F.preTransitOrderId}/cancel`, { reason: 'OTHER' });
    expect(shipped.status).toBe(400);
    expect(shipped.body.message).toContain('PRE_TRANSIT');
    const badReason = await api.put(`/orders/${F.lateNewOrderId}/cancel`, { reason: 'BORED' });
    expect(badReason.status).toBe(400);
  });
});
