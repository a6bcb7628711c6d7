import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ORDER_STATES,
  SANDBOX_FIXTURES,
  sandboxFixtures,
  type FaireOrder,
  type SandboxHandle,
} from '../src/index.js';
import { apiClient, call, start, TOKEN1, TOKEN2 } from './helpers.js';
import { expectCarrier, expectOrderShape } from './shape.js';

const DAY = 86_400_000;

describe('Faire API contract (shapes)', () => {
  let sbx: SandboxHandle;
  let api: ReturnType<typeof apiClient>;
  let brand1Orders: FaireOrder[];
  let brand2Orders: FaireOrder[];

  beforeAll(async () => {
    sbx = await start();
    sbx.clock.freeze();
    api = apiClient(sbx);
    const r1 = await api.get('/orders?limit=50');
    const r1b = await api.get(`/orders?cursor=${encodeURIComponent(r1.body.cursor)}`);
    brand1Orders = [...r1.body.orders, ...r1b.body.orders];
    const r2 = await apiClient(sbx, TOKEN2).get('/orders?limit=50');
    const r2b = await apiClient(sbx, TOKEN2).get(`/orders?cursor=${encodeURIComponent(r2.body.cursor)}`);
    brand2Orders = [...r2.body.orders, ...r2b.body.orders];
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('GET /brands/profile answers {brand_id, name, currency, locale}', async () => {
    const r = await api.get('/brands/profile');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toMatch(/^application\/json/);
    expect(r.body).toEqual({
      brand_id: SANDBOX_FIXTURES.brand1.brandId,
      name: 'Juniper & Pine Candle Co.',
      currency: 'USD',
      locale: 'en-US',
    });
    const r2 = await apiClient(sbx, TOKEN2).get('/brands/profile');
    expect(r2.body.brand_id).toBe(SANDBOX_FIXTURES.brand2.brandId);
    expect(r2.body.brand_id).toMatch(/^b_[a-z0-9]+$/);
    expect(r2.body.name).not.toBe(r.body.name);
  });

  it('the CAD brand: its profile says CAD, and every amount of its orders is in CAD', async () => {
    const cad = apiClient(sbx, 'sbx_brand4_token');
    expect((await cad.get('/brands/profile')).body).toEqual({
      brand_id: 'b_w5n2k8tc',
      name: 'Larch & Loon Stationery',
      currency: 'CAD',
      locale: 'en-CA',
    });
    const first = await cad.get('/orders?limit=50');
    const rest = await cad.get(`/orders?cursor=${encodeURIComponent(first.body.cursor)}`);
    const orders = [...first.body.orders, ...rest.body.orders] as FaireOrder[];
    expect(orders.length).toBe(sbx.listOrders('b_w5n2k8tc').length);
    for (const o of orders) expectOrderShape(o, 'CAD');
    expect(orders.some((o) => o.shipments.length > 0)).toBe(true);

    // A shipment sent in CAD keeps it; one sent with only the deprecated cents field gets the brand's.
    const id = SANDBOX_FIXTURES.brand4!.processingOrderId;
    const shipped = await cad.post(`/orders/${id}/shipments`, {
      shipments: [
        {
          carrier: 'CANADA_POST',
          tracking_code: '7012345678901234',
          maker_cost: { amount_minor: 1899, currency: 'CAD' },
        },
        { carrier: 'UPS', tracking_code: '1Z999AA10123456784', maker_cost_cents: 650 },
      ],
    });
    expect(shipped.status).toBe(200);
    expect(shipped.body.shipments.map((s: { maker_cost: unknown }) => s.maker_cost)).toEqual([
      { amount_minor: 1899, currency: 'CAD' },
      { amount_minor: 650, currency: 'CAD' },
    ]);
  });

  it('every seeded order carries every field of ExternalOrderV2 with the right types', () => {
    expect(brand1Orders.length).toBe(sbx.listOrders(SANDBOX_FIXTURES.brand1.brandId).length);
    for (const o of [...brand1Orders, ...brand2Orders]) expectOrderShape(o);
  });

  it('GET /orders/{id} returns the same order object as the list', async () => {
    for (const o of brand1Orders.slice(0, 10)) {
      const r = await api.get(`/orders/${o.id}`);
      expect(r.status).toBe(200);
      expect(r.body).toEqual(o);
    }
  });

  it('GET /orders envelope has orders, page, limit, sort_by and an opaque cursor', async () => {
    const r = await api.get('/orders?limit=10&updated_at_min=2000-01-01T00:00:00Z');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual([
      'cursor',
      'limit',
      'orders',
      'page',
      'sort_by',
      'updated_at_min',
    ]);
    expect(r.body.page).toBe(1);
    expect(r.body.limit).toBe(10);
    expect(r.body.sort_by).toBe('UPDATED_AT');
    expect(r.body.updated_at_min).toBe('2000-01-01T00:00:00.000Z');
    expect(typeof r.body.cursor).toBe('string');
    expect(r.body.orders).toHaveLength(10);
  });

  it('GET /retailers/public/{id} answers {retailer_id, name, is_insider}', async () => {
    const o = brand1Orders[0]!;
    const r = await api.get(`/retailers/public/${o.retailer_id}`);
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['is_insider', 'name', 'retailer_id']);
    expect(r.body.retailer_id).toBe(o.retailer_id);
    expect(r.body.name).toBe(o.address.company_name);
    expect(typeof r.body.is_insider).toBe('boolean');
    const missing = await api.get('/retailers/public/r_nosuchid');
    expect(missing.status).toBe(404);
    expect(typeof missing.body.message).toBe('string');
  });

  it('unknown paths answer 404 {message}; wrong methods on known paths answer 405', async () => {
    for (const path of ['/nothing', '/orders/bo_aaaaaaaaaa/items', '/brands']) {
      const r = await api.get(path);
      expect(r.status, path).toBe(404);
      expect(Object.keys(r.body)).toEqual(['message']);
    }
    const id = brand1Orders[0]?.id ?? '';
    const cases: Array<[string, string, string]> = [
      ['POST', '/orders', 'GET'],
      ['DELETE', `/orders/${id}`, 'GET'],
      ['POST', `/orders/${id}/processing`, 'PUT'],
      ['GET', `/orders/${id}/processing`, 'PUT'],
      ['PUT', `/orders/${id}/shipments`, 'POST'],
      ['GET', `/orders/${id}/shipments`, 'POST'],
      ['POST', '/brands/profile', 'GET'],
    ];
    for (const [method, path, allow] of cases) {
      const r = await api.call(method, path, method === 'GET' ? {} : { body: {} });
      expect(r.status, `${method} ${path}`).toBe(405);
      expect(typeof r.body.message).toBe('string');
      expect(r.headers.get('allow')).toBe(allow);
    }
  });

  it('a 404 outside the API is JSON too', async () => {
    const r = await call('GET', `${sbx.url}/nope`, { token: null });
    expect(r.status).toBe(404);
    expect(typeof r.body.message).toBe('string');
  });
});

describe('seed data', () => {
  let sbx: SandboxHandle;
  const now = new Date('2026-06-15T12:00:00.000Z');

  beforeAll(async () => {
    sbx = await start({ now });
    sbx.clock.freeze();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('has four brands with 60–90 orders each, in every state; the third sells in GBP, the fourth in CAD', () => {
    const brands = sbx.brands();
    expect(brands.map((b) => b.token)).toEqual([TOKEN1, TOKEN2, 'sbx_brand3_token', 'sbx_brand4_token']);
    const third = sbx.listOrders(brands[2]?.brandId ?? '');
    expect(third[0]?.items[0]?.price.currency).toBe('GBP');
    expect(brands[3]?.name).toBe('Larch & Loon Stationery');
    expect(sbx.listOrders(brands[3]?.brandId ?? '')[0]?.items[0]?.price.currency).toBe('CAD');
    expect(brands[0]?.name).toBe('Juniper & Pine Candle Co.');
    for (const b of brands) {
      const orders = sbx.listOrders(b.brandId);
      expect(orders.length).toBeGreaterThanOrEqual(60);
      expect(orders.length).toBeLessThanOrEqual(90);
      for (const s of ORDER_STATES) {
        expect(
          orders.some((o) => o.state === s),
          `${b.name} ${s}`,
        ).toBe(true);
      }
    }
    expect(sbx.listOrders(brands[0]?.brandId ?? '').length).toBeGreaterThan(30);
  });

  it('ids are unique across the whole data set', () => {
    const ids: string[] = [];
    for (const b of sbx.brands()) {
      for (const o of sbx.listOrders(b.brandId)) {
        ids.push(o.id, ...o.items.map((i) => i.id), ...o.shipments.map((s) => s.id));
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('addresses are US and Canadian; shipments use Faire carriers and real-looking tracking codes', () => {
    const orders = sbx.brands().flatMap((b) => sbx.listOrders(b.brandId));
    expect(orders.some((o) => o.address.country_code === 'CAN' && o.address.country === 'Canada')).toBe(true);
    expect(
      orders.some((o) => o.address.country_code === 'USA' && o.address.country === 'United States'),
    ).toBe(true);
    const carriers = new Set<string>();
    for (const s of orders.flatMap((o) => o.shipments)) {
      expectCarrier(s.carrier);
      carriers.add(s.carrier);
      const formats: Record<string, RegExp> = {
        UPS: /^1Z[0-9A-Z]{16}$/,
        FEDEX: /^\d{12}$/,
        USPS: /^\d{22}$/,
        CANADA_POST: /^\d{16}$/,
      };
      expect(s.tracking_code).toMatch(formats[s.carrier] ?? /./);
    }
    for (const c of ['UPS', 'FEDEX', 'USPS']) expect(carriers.has(c), c).toBe(true);
  });

  it('has late and on-time orders for each lateness rule', () => {
    const t = now.getTime();
    const firstShip = (o: FaireOrder): number =>
      Math.min(...o.shipments.map((s) => Date.parse(s.created_at)));
    const rules: Array<[string, (o: FaireOrder) => number, number]> = [
      ['NEW', (o) => Date.parse(o.created_at), 1 * DAY],
      ['PROCESSING', (o) => Date.parse(o.processing_at ?? ''), 1 * DAY],
      ['PRE_TRANSIT', firstShip, 2 * DAY],
      ['IN_TRANSIT', firstShip, 8 * DAY],
    ];
    for (const b of sbx.brands()) {
      for (const [state, since, limit] of rules) {
        const inState = sbx.listOrders(b.brandId).filter((o) => o.state === state);
        const late = inState.filter((o) => t - since(o) > limit);
        const onTime = inState.filter((o) => t - since(o) <= limit);
        expect(late.length, `${b.name} late ${state}`).toBeGreaterThan(0);
        expect(onTime.length, `${b.name} on-time ${state}`).toBeGreaterThan(0);
      }
    }
  });

  it('payout estimates, free shipping, discounts and backorder children appear', () => {
    const orders = sbx.listOrders('brand1');
    expect(orders.some((o) => o.estimated_payout_at !== null)).toBe(true);
    expect(orders.some((o) => o.estimated_payout_at === null)).toBe(true);
    expect(orders.some((o) => o.payment_initiated_at !== null)).toBe(true);
    expect(orders.some((o) => o.is_free_shipping)).toBe(true);
    expect(orders.some((o) => o.payout_costs.commission_bps === 2500)).toBe(true);
    expect(orders.some((o) => o.payout_costs.commission_bps === 1500)).toBe(true);
    const child = orders.find((o) => o.original_order_id !== null);
    expect(child).toBeDefined();
    expect(orders.some((o) => o.id === child?.original_order_id)).toBe(true);
  });

  it('fixtures point at orders in the documented states', () => {
    const f = sbx.fixtures();
    expect(f).toEqual(SANDBOX_FIXTURES);
    for (const bf of [f.brand1, f.brand2]) {
      const state = (id: string): string | undefined => sbx.getOrder(id)?.state;
      expect(state(bf.newOrderId)).toBe('NEW');
      expect(state(bf.lateNewOrderId)).toBe('NEW');
      expect(state(bf.processingOrderId)).toBe('PROCESSING');
      expect(state(bf.processingOrderId2)).toBe('PROCESSING');
      expect(state(bf.lateProcessingOrderId)).toBe('PROCESSING');
      expect(state(bf.preTransitOrderId)).toBe('PRE_TRANSIT');
      expect(state(bf.latePreTransitOrderId)).toBe('PRE_TRANSIT');
      expect(state(bf.inTransitOrderId)).toBe('IN_TRANSIT');
      expect(state(bf.lateInTransitOrderId)).toBe('IN_TRANSIT');
      expect(state(bf.deliveredOrderId)).toBe('DELIVERED');
      expect(state(bf.canceledOrderId)).toBe('CANCELED');
      expect(state(bf.backorderedOrderId)).toBe('BACKORDERED');
      expect(state(bf.pendingRetailerConfirmationOrderId)).toBe('PENDING_RETAILER_CONFIRMATION');
      expect(sbx.getOrder(bf.newOrderId)?.retailer_id).toBe(bf.retailerId);
      for (const id of Object.values(bf).filter((v) => v.startsWith('bo_'))) {
        expect(sbx.listOrders(bf.brandId).some((o) => o.id === id)).toBe(true);
      }
    }
    expect(sbx.getOrder(f.brand1.processingOrderId)?.shipments).toEqual([]);
  });

  it('the seed is deterministic: same ids for the same seed, whatever the clock', async () => {
    const other = await start({ now: new Date('2027-01-01T00:00:00.000Z') });
    try {
      const a = sbx
        .listOrders('brand1')
        .map((o) => o.id)
        .sort();
      const b = other
        .listOrders('brand1')
        .map((o) => o.id)
        .sort();
      expect(b).toEqual(a);
      expect(other.fixtures()).toEqual(sbx.fixtures());
    } finally {
      await other.close();
    }
    const seed2 = sandboxFixtures(2);
    expect(seed2.brand1.newOrderId).not.toBe(SANDBOX_FIXTURES.brand1.newOrderId);
  });

  it('SANDBOX_FIXTURES matches the ids documented in the README', () => {
    expect(SANDBOX_FIXTURES).toEqual({
      brand1: {
        brandId: 'b_d8k3m2qz',
        token: 'sbx_brand1_token',
        newOrderId: 'bo_xxxlwjv6mj',
        lateNewOrderId: 'bo_n1wyzqcpfz',
        processingOrderId: 'bo_pwxy4qid7b',
        processingOrderId2: 'bo_ngn4l9bnvg',
        lateProcessingOrderId: 'bo_sw3athlzpp',
        preTransitOrderId: 'bo_mirhe7wsm3',
        latePreTransitOrderId: 'bo_lsj8l1viwt',
        inTransitOrderId: 'bo_jmjbraf0yh',
        lateInTransitOrderId: 'bo_yjv7d68f40',
        deliveredOrderId: 'bo_lwzld0999n',
        canceledOrderId: 'bo_twnb86v7gt',
        backorderedOrderId: 'bo_wq1327coh1',
        pendingRetailerConfirmationOrderId: 'bo_hdq1dshhnr',
        retailerId: 'r_zvciiwh1',
      },
      brand2: {
        brandId: 'b_h4t9w6rn',
        token: 'sbx_brand2_token',
        newOrderId: 'bo_x7yavf6e65',
        lateNewOrderId: 'bo_dnecn9fm01',
        processingOrderId: 'bo_utmkp8zjqm',
        processingOrderId2: 'bo_mosvbn1jz9',
        lateProcessingOrderId: 'bo_wadq11gx0w',
        preTransitOrderId: 'bo_hwg6tftkjc',
        latePreTransitOrderId: 'bo_c5zy736r0b',
        inTransitOrderId: 'bo_izznyc1noi',
        lateInTransitOrderId: 'bo_s96aj54ovh',
        deliveredOrderId: 'bo_ngn24lp9ss',
        canceledOrderId: 'bo_xp0jnkfg4j',
        backorderedOrderId: 'bo_wfbi789vvx',
        pendingRetailerConfirmationOrderId: 'bo_u56pkhmbeb',
        retailerId: 'r_n65o8gpx',
      },
      brand3: expect.objectContaining({ brandId: 'b_q7v2c5lx', token: 'sbx_brand3_token' }),
      brand4: expect.objectContaining({ brandId: 'b_w5n2k8tc', token: 'sbx_brand4_token' }),
    });
  });

  it('order timestamps are relative to the clock at seed time', () => {
    for (const o of sbx.listOrders('brand1')) {
      expect(Date.parse(o.updated_at)).toBeLessThanOrEqual(now.getTime());
      expect(Date.parse(o.created_at)).toBeGreaterThan(now.getTime() - 120 * DAY);
    }
  });
});
