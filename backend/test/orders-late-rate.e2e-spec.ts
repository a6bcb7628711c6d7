import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const b1 = SANDBOX_FIXTURES.brand1;
const H = 3_600_000;

interface RateOrder {
  faireOrderId: string;
  displayId: string;
  firstScanAt?: string;
  overdue?: boolean;
}

/**
 * The quarter's late-shipment rate from the first-seen dates the syncs record, on orders with known
 * dates: both clocks are set to the middle of Q3 2026, where the sandbox's seeded orders (dated from the
 * real clock) have no shipments.
 */
describe('late-shipment rate (GET /api/orders/late-rate)', () => {
  let t: TestApp;
  let a: { agent: TestAgent; companyId: string };
  const T0 = new Date('2026-08-12T12:00:00Z');
  const T1 = new Date(T0.getTime() + 25 * H);
  const create = (id: string, input: Record<string, unknown>) =>
    t.sandbox.createOrder('brand1', { id, ...input });

  beforeAll(async () => {
    t = await createTestApp();
    // Frozen first, then set: a running clock moves between set() and freeze(). Set before the company
    // exists, so that its first order sync happens at T0: clocks never run backwards in production.
    t.sandbox.clock.freeze();
    t.sandbox.clock.set(T0);
    t.clock.set(T0);
    const shipped = (expected: string, inTransitAt: string) => ({
      state: 'PRE_TRANSIT',
      expected_ship_date: expected,
      transitions: { in_transit_at: inTransitAt, delivered_at: null },
    });
    // Scanned before the end of its expected day, the same day, and two days after it.
    create('bo_rateontime', shipped('2026-08-13T00:00:00.000Z', '2026-08-12T18:00:00.000Z'));
    create('bo_ratesameday', shipped('2026-08-13T00:00:00.000Z', '2026-08-13T10:00:00.000Z'));
    create('bo_ratelate', shipped('2026-08-10T00:00:00.000Z', '2026-08-12T18:00:00.000Z'));
    // Not shipped: due tomorrow, due yesterday, due in weeks.
    create('bo_rateatrisk', { state: 'PROCESSING', expected_ship_date: '2026-08-14T00:00:00.000Z' });
    create('bo_rateoverdue', { state: 'PROCESSING', expected_ship_date: '2026-08-12T00:00:00.000Z' });
    create('bo_ratelater', { state: 'PROCESSING', expected_ship_date: '2026-08-30T00:00:00.000Z' });
    // The company's first order sync (on creating it) is a full one and finds these orders.
    a = await t.companyAdmin('a@late-rate.test', 'Rate A', b1.token);
  });

  afterAll(async () => {
    t.clock.reset();
    await t.close();
  });

  const firstSeen = async (id: string) =>
    (
      await t.db.query(
        'SELECT first_seen_shipped_at, first_seen_in_transit_at FROM orders WHERE company_id = $1 AND faire_order_id = $2',
        [a.companyId, id],
      )
    ).rows[0] as { first_seen_shipped_at: Date | null; first_seen_in_transit_at: Date | null };

  it('records first seen shipped, then first seen in transit, from the syncs', async () => {
    await a.agent.post('/api/orders/refresh').expect(200);
    const before = await firstSeen('bo_ratelate');
    expect(before.first_seen_shipped_at).not.toBeNull();
    expect(before.first_seen_in_transit_at).toBeNull();
    expect((await firstSeen('bo_rateatrisk')).first_seen_shipped_at).toBeNull();
    const early = (await a.agent.get('/api/orders/late-rate').expect(200)).body;
    expect(early).toMatchObject({ shipped: 0, late: 0, rate: null, limit: 0.1 });
    expect(early.quarter.label).toBe('Q3 2026');

    // A day later (a full sync): the carrier scanned the three parcels.
    t.sandbox.clock.set(T1);
    t.clock.set(T1);
    a.agent = await t.signIn('a@late-rate.test'); // a day idle ends a session
    await a.agent.post('/api/orders/refresh').expect(200);
    const after = await firstSeen('bo_ratelate');
    expect(after.first_seen_in_transit_at?.toISOString()).toBe('2026-08-12T18:00:00.000Z');
    expect(after.first_seen_shipped_at?.toISOString()).toBe(before.first_seen_shipped_at?.toISOString());
  });

  it('counts a shipment late when its first scan comes after its expected ship day', async () => {
    const body = (await a.agent.get('/api/orders/late-rate').expect(200)).body;
    expect(body).toMatchObject({ shipped: 3, late: 1, limit: 0.1 });
    expect(body.rate).toBeCloseTo(1 / 3, 10);
    expect((body.lateOrders as RateOrder[]).map((o) => o.faireOrderId)).toEqual(['bo_ratelate']);
    expect(body.lateOrders[0]).toMatchObject({
      displayId: 'RATELATE',
      firstScanAt: '2026-08-12T18:00:00.000Z',
    });
  });

  it('lists the unscanned orders due within two days, the overdue ones marked, and projects the rate', async () => {
    const body = (await a.agent.get('/api/orders/late-rate').expect(200)).body;
    const mine = (body.atRisk as RateOrder[]).filter((o) => o.faireOrderId.startsWith('bo_rate'));
    expect(mine.map((o) => [o.faireOrderId, o.overdue])).toEqual([
      ['bo_rateoverdue', true],
      ['bo_rateatrisk', false],
    ]);
    expect(body.overdueCount).toBeGreaterThanOrEqual(1);
    expect(body.projectedRate).toBeCloseTo((1 + body.overdueCount) / (3 + body.overdueCount), 10);
    // The orders list's "past expected ship date" is the same rule.
    const past = (await a.agent.get('/api/orders?late=true&search=bo_rate').expect(200)).body;
    expect(past.orders.map((o: RateOrder) => o.faireOrderId)).toEqual(['bo_rateoverdue']);
  });

  it('never mixes companies', async () => {
    const b = await t.companyAdmin('b@late-rate.test', 'Rate B');
    const body = (await b.agent.get('/api/orders/late-rate').expect(200)).body;
    expect(body).toMatchObject({
      shipped: 0,
      late: 0,
      rate: null,
      atRiskCount: 0,
      lateOrders: [],
      atRisk: [],
    });
  });
});
