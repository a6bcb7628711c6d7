import { jest } from '@jest/globals';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { FaireClient } from '../src/modules/marketplace/faire.client.js';
import { FaireError } from '../src/modules/marketplace/faire.errors.js';
import { OrdersSyncService } from '../src/modules/orders/orders-sync.service.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const b1 = SANDBOX_FIXTURES.brand1;
const b2 = SANDBOX_FIXTURES.brand2;
const OPEN = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'BACKORDERED'];

interface OrderView {
  faireOrderId: string;
  state: string;
  isProblem: boolean;
  problemReason: string | null;
  estimatedPayoutAt: string | null;
  marketplaceUrl: string;
}

describe('orders: sync, late rules, dashboard numbers', () => {
  let t: TestApp;
  let a: { agent: TestAgent; companyId: string };
  let b: { agent: TestAgent; companyId: string };

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.companyAdmin('a@orders.test', 'Orders A', b1.token);
    b = await t.companyAdmin('b@orders.test', 'Orders B', b2.token);
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  it('refreshes through the queue and lists exactly the open orders Faire has for the brand', async () => {
    // Enough open orders for three pages of 50.
    for (let i = 0; i < 70; i++) t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const res = await a.agent.post('/api/orders/refresh').expect(200);
    expect(res.body).toEqual({ message: 'Orders refreshed' });
    const { body } = await a.agent.get('/api/orders').expect(200);
    const expected = t.sandbox
      .listOrders(b1.brandId)
      .filter((o) => OPEN.includes(o.state))
      .map((o) => o.id)
      .sort();
    expect(expected.length).toBeGreaterThan(100);
    expect(body.orders.map((o: OrderView) => o.faireOrderId).sort()).toEqual(expected);
    expect(body.orders[0].marketplaceUrl).toContain(body.orders[0].faireOrderId);
  });

  it('never mixes two companies', async () => {
    await b.agent.post('/api/orders/refresh').expect(200);
    const aIds = new Set(
      ((await a.agent.get('/api/orders')).body.orders as OrderView[]).map((o) => o.faireOrderId),
    );
    const bIds = ((await b.agent.get('/api/orders')).body.orders as OrderView[]).map((o) => o.faireOrderId);
    expect(bIds.length).toBeGreaterThan(0);
    expect(bIds.some((id) => aIds.has(id))).toBe(false);
  });

  it('marks the seeded late orders with the spec’s reasons', async () => {
    const { body } = await a.agent.get('/api/orders/problem').expect(200);
    const reason = (id: string) =>
      (body.orders as OrderView[]).find((o) => o.faireOrderId === id)?.problemReason;
    expect(reason(b1.lateNewOrderId)).toBe('Not accepted within 1 day');
    expect(reason(b1.lateProcessingOrderId)).toBe('Late Orders - No Tracking');
    expect(reason(b1.latePreTransitOrderId)).toBe('Possible Incorrect Tracking');
    expect(reason(b1.lateInTransitOrderId)).toBe('In Transit Past Time Window');
    expect(reason(b1.newOrderId)).toBeUndefined();
    expect((body.orders as OrderView[]).every((o) => o.isProblem)).toBe(true);
  });

  it('answers dashboard stats that match the order lists', async () => {
    const { body: stats } = await a.agent.get('/api/analytics/stats').expect(200);
    const open = (await a.agent.get('/api/orders')).body.orders as OrderView[];
    const problem = (await a.agent.get('/api/orders/problem')).body.orders as OrderView[];
    expect(stats.openOrders).toBe(open.length);
    expect(stats.problemOrders).toBe(problem.length);
    expect(stats.lastRefreshedAt).toEqual(expect.any(String));
    const processing = stats.byState.find((s: { state: string }) => s.state === 'PROCESSING');
    expect(processing.count).toBe(open.filter((o) => o.state === 'PROCESSING').length);
    expect(stats.byState.reduce((n: number, s: { count: number }) => n + s.count, 0)).toBe(open.length);
  });

  it('recalculates every order when a threshold changes (admin only)', async () => {
    await a.agent
      .put('/api/company-settings')
      .send({ newOrderDays: 30, processingDays: 30, preTransitDays: 30, inTransitDays: 30 })
      .expect(200);
    const { rows } = await t.db.query(
      'SELECT count(*)::int AS n FROM orders WHERE company_id = $1 AND is_problem',
      [a.companyId],
    );
    expect(rows[0].n).toBe(0);
    expect((await a.agent.get('/api/orders/problem')).body.orders).toHaveLength(0);
    const back = await a.agent
      .put('/api/company-settings')
      .send({ newOrderDays: 1, processingDays: 1, preTransitDays: 2, inTransitDays: 8 })
      .expect(200);
    expect(back.body).toEqual({ newOrderDays: 1, processingDays: 1, preTransitDays: 2, inTransitDays: 8 });
    expect((await a.agent.get('/api/orders/problem')).body.orders.length).toBeGreaterThan(0);
    await a.agent
      .put('/api/company-settings')
      .send({ newOrderDays: -1, processingDays: 1, preTransitDays: 2, inTransitDays: 8 })
      .expect(400);
    const minusTwo = await a.agent
      .put('/api/company-settings')
      .send({ newOrderDays: 1, processingDays: 1, preTransitDays: -2, inTransitDays: 8 })
      .expect(400);
    expect(minusTwo.body.message).toContain(
      'preTransitDays must be a whole number of days between 0 and 365',
    );
    expect((await a.agent.get('/api/company-settings').expect(200)).body.preTransitDays).toBe(2);
    await a.agent
      .put('/api/company-settings')
      .send({ newOrderDays: 1.5, processingDays: 1, preTransitDays: 2, inTransitDays: 8 })
      .expect(400);
    const activity = await t.db.query(
      "SELECT count(*)::int AS n FROM activity WHERE action = 'settings.thresholds_changed'",
    );
    expect(activity.rows[0].n).toBe(2);
  });

  it('follows orders that move or leave the open states on the next (incremental) sync', async () => {
    const order = t.sandbox.createOrder('brand1', { state: 'NEW' });
    await a.agent.post('/api/orders/refresh').expect(200);
    expect(
      ((await a.agent.get('/api/orders')).body.orders as OrderView[]).find((o) => o.faireOrderId === order.id)
        ?.state,
    ).toBe('NEW');
    await fetch(`${t.sandbox.apiBaseUrl}/orders/${order.id}/processing`, {
      method: 'PUT',
      headers: { 'X-FAIRE-ACCESS-TOKEN': b1.token, 'Content-Type': 'application/json' },
      body: '{}',
    });
    await fetch(`${t.sandbox.apiBaseUrl}/orders/${order.id}/cancel`, {
      method: 'PUT',
      headers: { 'X-FAIRE-ACCESS-TOKEN': b1.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ reason: 'OTHER' }),
    });
    expect(t.sandbox.getOrder(order.id)!.state).toBe('CANCELED');
    await a.agent.post('/api/orders/refresh').expect(200);
    expect(
      ((await a.agent.get('/api/orders')).body.orders as OrderView[]).some(
        (o) => o.faireOrderId === order.id,
      ),
    ).toBe(false);
    const { rows } = await t.db.query(
      'SELECT state, is_open, closed_at FROM orders WHERE faire_order_id = $1',
      [order.id],
    );
    expect(rows[0]).toMatchObject({ state: 'CANCELED', is_open: false });
    expect(rows[0].closed_at).not.toBeNull();
  });

  it('keeps the previous data and says so when a sync fails', async () => {
    const before = (await a.agent.get('/api/orders')).body.orders.length;
    t.sandbox.knobs.set({ error5xxShare: 1 });
    const res = await a.agent.post('/api/orders/refresh').expect(503);
    expect(res.body.message).toContain('Showing the last synced data');
    t.sandbox.knobs.reset();
    expect((await a.agent.get('/api/orders')).body.orders.length).toBe(before);
    const stats = (await a.agent.get('/api/analytics/stats')).body;
    expect(stats.lastSyncError).toEqual(expect.any(String));
    await a.agent.post('/api/orders/refresh').expect(200);
    expect((await a.agent.get('/api/analytics/stats')).body.lastSyncError).toBeNull();
  }, 60_000);

  it('runs the sync job again after a page Faire did not answer, and keeps every order once', async () => {
    await t.db.query('UPDATE order_sync_state SET last_success_at = NULL WHERE company_id = $1', [
      a.companyId,
    ]);
    const sync = t.app.get(OrdersSyncService);
    const spy = jest.spyOn(sync, 'syncCompany');
    // Only the second page fails (the first is read, then the run fails and is run again by BullMQ).
    let pages = 0;
    const faire = t.app.get(FaireClient);
    const listOrders = faire.listOrders.bind(faire);
    const list = jest.spyOn(faire, 'listOrders').mockImplementation(async (account, params) => {
      pages += 1;
      if (pages === 2) throw new FaireError('UNAVAILABLE', 'Faire answered 503');
      return listOrders(account, params);
    });
    const res = await a.agent.post('/api/orders/refresh').expect(200);
    list.mockRestore();
    expect(res.body).toEqual({ message: 'Orders refreshed' });
    expect(spy).toHaveBeenCalledTimes(2);
    spy.mockRestore();
    const { rows } = await t.db.query<{ n: number; ids: number }>(
      'SELECT count(*)::int AS n, count(DISTINCT faire_order_id)::int AS ids FROM orders WHERE company_id = $1',
      [a.companyId],
    );
    expect(rows[0]!.n).toBe(rows[0]!.ids);
    const open = t.sandbox.listOrders(b1.brandId).filter((o) => OPEN.includes(o.state));
    const listed = (await a.agent.get('/api/orders')).body.orders as OrderView[];
    expect(listed.map((o) => o.faireOrderId).sort()).toEqual(open.map((o) => o.id).sort());
    expect((await a.agent.get('/api/analytics/stats')).body.lastSyncError).toBeNull();
  }, 60_000);

  it('joins a refresh that is already running instead of starting a second one', async () => {
    t.sandbox.knobs.set({ latencyMs: 150 });
    await t.db.query('UPDATE order_sync_state SET last_success_at = NULL WHERE company_id = $1', [
      a.companyId,
    ]);
    const sync = t.app.get(OrdersSyncService);
    const spy = jest.spyOn(sync, 'syncCompany');
    const [r1, r2] = await Promise.all([
      a.agent.post('/api/orders/refresh'),
      a.agent.post('/api/orders/refresh'),
    ]);
    expect([r1.status, r2.status]).toEqual([200, 200]);
    expect(spy).toHaveBeenCalledTimes(1);
    spy.mockRestore();
  }, 60_000);

  it('lets a COMPANY_USER read but not change thresholds', async () => {
    const inv = await a.agent.post('/api/team/invite').send({ email: 'reader@orders.test' }).expect(200);
    void inv;
    const { rows } = await t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'reader@orders.test'",
    );
    const reader = await t.signIn('reader@orders.test');
    await reader
      .post('/api/team/accept-invite')
      .send({ token: new URL(rows[0]!.link).searchParams.get('token') })
      .expect(200);
    await reader.get('/api/company-settings').expect(200);
    await reader
      .put('/api/company-settings')
      .send({ newOrderDays: 5, processingDays: 1, preTransitDays: 2, inTransitDays: 8 })
      .expect(403);
  });
});
