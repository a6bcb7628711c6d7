import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_KNOBS, SANDBOX_FIXTURES, type FaireOrder, type SandboxHandle } from '../src/index.js';
import { apiClient, call, control, ship, start, TOKEN1, TOKEN2 } from './helpers.js';
import { expectOrderShape } from './shape.js';

const F = SANDBOX_FIXTURES.brand1;
const DAY = 86_400_000;

describe('/_sandbox control API', () => {
  let sbx: SandboxHandle;
  let ctl: ReturnType<typeof control>;
  let api: ReturnType<typeof apiClient>;
  beforeAll(async () => {
    sbx = await start();
    ctl = control(sbx);
    api = apiClient(sbx);
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('GET/PUT /knobs', async () => {
    expect((await ctl.get('/knobs')).body).toEqual(DEFAULT_KNOBS);
    const put = await ctl.put('/knobs', { rate429Share: 0.5, retryAfterSeconds: 2 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ rate429Share: 0.5, retryAfterSeconds: 2, error5xxShare: 0 });
    expect(sbx.knobs.get().rate429Share).toBe(0.5);
    expect((await ctl.put('/knobs', { rate429Share: 3 })).status).toBe(400);
    expect((await ctl.put('/knobs', { bogus: true })).status).toBe(400);
    expect((await ctl.put('/knobs', [1])).status).toBe(400);
    sbx.knobs.reset();
    expect((await ctl.get('/knobs')).body).toEqual(DEFAULT_KNOBS);
  });

  it('GET/DELETE /ledger', async () => {
    sbx.reset();
    await api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZLEDGER'));
    const ledger = await ctl.get('/ledger');
    expect(ledger.status).toBe(200);
    expect(ledger.body).toEqual(sbx.ledger());
    expect(ledger.body).toHaveLength(1);
    expect(ledger.body[0].trackingCodes).toEqual(['1ZLEDGER']);
    const del = await ctl.del('/ledger');
    expect(del.status).toBe(200);
    expect(del.body).toEqual({ cleared: 1 });
    expect((await ctl.get('/ledger')).body).toEqual([]);
  });

  it('GET/PUT /clock', async () => {
    const put = await ctl.put('/clock', { now: '2026-03-01T10:00:00Z', frozen: true });
    expect(put.status).toBe(200);
    expect(put.body).toEqual({ now: '2026-03-01T10:00:00.000Z', frozen: true });
    const adv = await ctl.put('/clock', { advanceMs: DAY });
    expect(adv.body).toEqual({ now: '2026-03-02T10:00:00.000Z', frozen: true });
    expect((await ctl.get('/clock')).body).toEqual({ now: '2026-03-02T10:00:00.000Z', frozen: true });
    expect(sbx.clock.now().toISOString()).toBe('2026-03-02T10:00:00.000Z');
    const unfrozen = await ctl.put('/clock', { frozen: false });
    expect(unfrozen.body.frozen).toBe(false);
    expect((await ctl.put('/clock', { now: 'tomorrow' })).status).toBe(400);
    expect((await ctl.put('/clock', { advanceMs: 'x' })).status).toBe(400);
    sbx.clock.set(new Date());
  });

  it('POST /orders creates an order in a given state', async () => {
    sbx.clock.freeze();
    const now = sbx.clock.now().toISOString();
    const created = await ctl.post<FaireOrder>('/orders', {
      brandId: F.brandId,
      state: 'PROCESSING',
      notes: 'Rush',
    });
    expect(created.status).toBe(201);
    expectOrderShape(created.body);
    expect(created.body).toMatchObject({ state: 'PROCESSING', notes: 'Rush', updated_at: now });
    expect(created.body.shipments).toEqual([]);
    const viaApi = await api.get(`/orders/${created.body.id}`);
    expect(viaApi.status).toBe(200);
    expect(viaApi.body).toEqual(created.body);
    const shipped = await api.post<FaireOrder>(
      `/orders/${created.body.id}/shipments`,
      ship(created.body.id, '1ZNEW'),
    );
    expect(shipped.body.state).toBe('PRE_TRANSIT');

    const fresh = await ctl.post<FaireOrder>('/orders', { brandId: 'brand2' });
    expect(fresh.body.state).toBe('NEW');
    expect(fresh.body.created_at).toBe(now);
    expect((await apiClient(sbx, TOKEN2).get(`/orders/${fresh.body.id}`)).status).toBe(200);
    expect((await api.get(`/orders/${fresh.body.id}`)).status).toBe(404);

    expect((await ctl.post('/orders', { brandId: F.brandId, state: 'SHIPPED' })).status).toBe(400);
    expect((await ctl.post('/orders', { state: 'NEW' })).status).toBe(400);
    expect((await ctl.post('/orders', { brandId: 'b_nobody' })).status).toBe(400);
    sbx.clock.unfreeze();
  });

  it('POST /orders accepts ids, items, shipments and transitions', async () => {
    sbx.clock.freeze();
    const t = sbx.clock.now().getTime();
    const r = await ctl.post<FaireOrder>('/orders', {
      brandId: F.brandId,
      id: 'bo_testorder1',
      state: 'PRE_TRANSIT',
      created_at: new Date(t - 5 * DAY).toISOString(),
      items: [{ quantity: 3, price: { amount_minor: 2000, currency: 'USD' } }, { quantity: 1 }],
      shipments: [
        {
          carrier: 'usps',
          tracking_code: '9400100000000000000000',
          created_at: new Date(t - 3 * DAY).toISOString(),
        },
      ],
      transitions: { in_transit_at: new Date(t + DAY).toISOString(), delivered_at: null },
    });
    expect(r.status).toBe(201);
    expect(r.body.id).toBe('bo_testorder1');
    expect(r.body.display_id).toBe('TESTORDER1');
    expect(r.body.items).toHaveLength(2);
    expect(r.body.items[0]).toMatchObject({ quantity: 3, price_cents: 2000, order_id: 'bo_testorder1' });
    expect(r.body.shipments[0]).toMatchObject({ carrier: 'USPS', order_id: 'bo_testorder1' });
    expect(r.body.payout_costs.subtotal_after_brand_discounts.amount_minor).toBeGreaterThanOrEqual(6000);
    sbx.clock.advance(2 * DAY);
    expect(sbx.getOrder('bo_testorder1')?.state).toBe('IN_TRANSIT');
    sbx.clock.advance(30 * DAY);
    expect(sbx.getOrder('bo_testorder1')?.state).toBe('IN_TRANSIT');
    expect((await ctl.post('/orders', { brandId: F.brandId, id: 'bo_testorder1' })).status).toBe(400);
    sbx.clock.unfreeze();
  });

  it('handle.createOrder keeps a requested shipped state at creation time', () => {
    for (const state of ['PRE_TRANSIT', 'IN_TRANSIT', 'DELIVERED', 'CANCELED', 'BACKORDERED'] as const) {
      const o = sbx.createOrder('brand1', { state });
      expect(o.state).toBe(state);
      expectOrderShape(o);
      expect(sbx.getOrder(o.id)?.state).toBe(state);
    }
  });

  it('GET /brands and /fixtures', async () => {
    const r = await ctl.get('/brands');
    expect(r.status).toBe(200);
    expect(r.body).toEqual([
      {
        brandId: F.brandId,
        name: 'Juniper & Pine Candle Co.',
        token: TOKEN1,
        currency: 'USD',
        locale: 'en-US',
      },
      {
        brandId: SANDBOX_FIXTURES.brand2.brandId,
        name: 'Harbor & Quill Paper Goods',
        token: TOKEN2,
        currency: 'USD',
        locale: 'en-US',
      },
      {
        brandId: 'b_q7v2c5lx',
        name: 'Thistle & Rye Tea Merchants',
        token: 'sbx_brand3_token',
        currency: 'GBP',
        locale: 'en-GB',
      },
      {
        brandId: 'b_w5n2k8tc',
        name: 'Larch & Loon Stationery',
        token: 'sbx_brand4_token',
        currency: 'CAD',
        locale: 'en-CA',
      },
    ]);
    expect((await ctl.get('/fixtures')).body).toEqual(SANDBOX_FIXTURES);
  });

  it('GET /orders?brandId= and /orders/{id} give raw access', async () => {
    const list = await ctl.get<FaireOrder[]>('/orders?brandId=brand1');
    expect(list.status).toBe(200);
    expect(list.body.map((o) => o.id)).toEqual(sbx.listOrders('brand1').map((o) => o.id));
    const one = await ctl.get<FaireOrder>(`/orders/${F.newOrderId}`);
    expect(one.body.id).toBe(F.newOrderId);
    expect((await ctl.get('/orders/bo_zzzzzzzzzz')).status).toBe(404);
  });

  it('POST /reset restores the seeded state, knobs and ledger and forgets OAuth tokens', async () => {
    await api.put(`/orders/${F.newOrderId}/processing`, {});
    sbx.knobs.set({ latencyMs: 5 });
    await api.post(`/orders/${F.processingOrderId}/shipments`, ship(undefined, '1ZBEFORE'));
    const extra = sbx.createOrder('brand1', { state: 'NEW' });
    const r = await ctl.post('/reset');
    expect(r.status).toBe(200);
    expect(sbx.getOrder(F.newOrderId)?.state).toBe('NEW');
    expect(sbx.getOrder(F.processingOrderId)?.shipments).toEqual([]);
    expect(sbx.getOrder(extra.id)).toBeUndefined();
    expect(sbx.knobs.get()).toEqual(DEFAULT_KNOBS);
    expect(sbx.ledger()).toEqual([]);
  });

  it('is never subject to fault knobs; unknown paths 404, wrong methods 405', async () => {
    sbx.knobs.set({ error5xxShare: 1, rate429Share: 1 });
    expect((await ctl.get('/brands')).status).toBe(200);
    expect((await ctl.get('/nothing')).status).toBe(404);
    const wrong = await ctl.post('/knobs', {});
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('allow')).toBe('GET, PUT');
    sbx.knobs.reset();
  });

  it('the root answers a short description', async () => {
    const r = await call('GET', `${sbx.url}/`, { token: null });
    expect(r.body).toMatchObject({ name: 'Faire sandbox', apiBaseUrl: sbx.apiBaseUrl });
  });

  it('GET /orders/:id answers a readable page to a browser and JSON to a client', async () => {
    const created = await ctl.post('/orders', {
      brandId: 'brand1',
      id: 'bo_pagetest1',
      state: 'PROCESSING',
      address: { company_name: 'Wren <&> Thistle' },
    });
    expect(created.status).toBe(201);
    const html = await fetch(`${sbx.url}/_sandbox/orders/bo_pagetest1`, {
      headers: { Accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    });
    expect(html.status).toBe(200);
    expect(html.headers.get('content-type')).toContain('text/html');
    const text = await html.text();
    expect(text).toContain('<h1>Order #PAGETEST1</h1>');
    expect(text).toContain('PROCESSING');
    expect(text).toContain('Wren &lt;&amp;&gt; Thistle');
    expect(text).not.toContain('Wren <&>');
    const json = await fetch(`${sbx.url}/_sandbox/orders/bo_pagetest1`);
    expect(json.headers.get('content-type')).toContain('application/json');
    expect(((await json.json()) as FaireOrder).id).toBe('bo_pagetest1');
    const missing = await fetch(`${sbx.url}/_sandbox/orders/bo_nopenope`, {
      headers: { Accept: 'text/html' },
    });
    expect(missing.status).toBe(404);
    // A browser opening the link of an order this sandbox does not hold gets a page, not raw JSON.
    expect(missing.headers.get('content-type')).toContain('text/html');
    expect(await missing.text()).toContain('<h1>Order not found</h1>');
    const missingJson = await fetch(`${sbx.url}/_sandbox/orders/bo_nopenope`);
    expect(missingJson.headers.get('content-type')).toContain('application/json');
  });
});
