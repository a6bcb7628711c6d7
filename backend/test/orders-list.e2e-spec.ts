import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const b1 = SANDBOX_FIXTURES.brand1;
const b2 = SANDBOX_FIXTURES.brand2;

interface OrderView {
  id: string;
  faireOrderId: string;
  trackingNumber: string | null;
  displayId: string;
  state: string;
  isProblem: boolean;
  payoutExpected: boolean;
  pastExpectedShipDate: boolean;
  createdAt: string;
  customerName: string | null;
  totalCents: number | null;
  expectedShipDate: string | null;
}
interface ListBody {
  orders: OrderView[];
  total: number;
}

const DAY = 86_400_000;

describe('orders list: search, filters, sort and pages (GET /api/orders)', () => {
  let t: TestApp;
  let a: { agent: TestAgent; companyId: string };
  let b: { agent: TestAgent; companyId: string };
  let all: OrderView[];
  const get = async (agent: TestAgent, query: string): Promise<ListBody> =>
    (await agent.get(`/api/orders?${query}`).expect(200)).body as ListBody;

  beforeAll(async () => {
    t = await createTestApp();
    a = await t.companyAdmin('a@orders-list.test', 'List A', b1.token);
    b = await t.companyAdmin('b@orders-list.test', 'List B', b2.token);
    const now = Date.now();
    const states = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'BACKORDERED'] as const;
    for (let i = 0; i < 40; i++) {
      t.sandbox.createOrder('brand1', {
        id: `bo_list${String(i).padStart(3, '0')}x`,
        state: states[i % states.length],
        address: { company_name: i === 7 ? 'Zebrafinch Goods Co' : `Shop ${i}` },
        // Half of them past their expected ship date.
        expected_ship_date: new Date(now + (i % 2 ? -1 : 1) * (i + 1) * DAY).toISOString(),
      });
    }
    await a.agent.post('/api/orders/refresh').expect(200);
    await b.agent.post('/api/orders/refresh').expect(200);
    all = (await get(a.agent, '')).orders;
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers every open order with a total when no parameter is given', async () => {
    const body = await get(a.agent, '');
    expect(body.total).toBe(body.orders.length);
    expect(body.orders.length).toBeGreaterThan(40);
  });

  it('finds an order by its id, its display id with or without "#", and its customer', async () => {
    const ids = (body: ListBody) => body.orders.map((o) => o.faireOrderId);
    expect(ids(await get(a.agent, 'search=bo_list007x'))).toEqual(['bo_list007x']);
    expect(ids(await get(a.agent, 'search=LIST007'))).toEqual(['bo_list007x']);
    expect(ids(await get(a.agent, `search=${encodeURIComponent('#LIST007X')}`))).toEqual(['bo_list007x']);
    expect(ids(await get(a.agent, `search=${encodeURIComponent('#list007')}`))).toEqual(['bo_list007x']);
    expect(ids(await get(a.agent, 'search=finch%20GOODS'))).toEqual(['bo_list007x']);
    // And by its tracking number, in any case (issue 22).
    const tracked = all.find((o) => o.trackingNumber && o.faireOrderId.startsWith('bo_'))!;
    const byTracking = await get(
      a.agent,
      `search=${encodeURIComponent(tracked.trackingNumber!.toLowerCase())}`,
    );
    expect(ids(byTracking)).toContain(tracked.faireOrderId);
    // A fragment matches every order that contains it, and "%" or "_" are not wildcards.
    expect((await get(a.agent, 'search=list01')).total).toBe(10);
    expect((await get(a.agent, 'search=%25')).total).toBe(0);
    expect((await get(a.agent, 'search=list_0')).total).toBe(0);
  });

  it('filters by state, problem, late and paid exactly as each order says it is', async () => {
    const same = async (query: string, pick: (o: OrderView) => boolean) => {
      const body = await get(a.agent, query);
      const expected = all
        .filter(pick)
        .map((o) => o.id)
        .sort();
      expect(body.orders.map((o) => o.id).sort()).toEqual(expected);
      expect(body.total).toBe(expected.length);
      return expected.length;
    };
    expect(await same('state=PROCESSING', (o) => o.state === 'PROCESSING')).toBeGreaterThan(8);
    expect(await same('state=in_transit', (o) => o.state === 'IN_TRANSIT')).toBeGreaterThan(8);
    expect(await same('problem=true', (o) => o.isProblem)).toBeGreaterThan(3);
    expect(await same('problem=false', (o) => !o.isProblem)).toBeGreaterThan(3);
    expect(await same('late=true', (o) => o.pastExpectedShipDate)).toBeGreaterThan(3);
    expect(await same('late=false', (o) => !o.pastExpectedShipDate)).toBeGreaterThan(3);
    await same('paid=true', (o) => o.payoutExpected);
    await same('paid=false', (o) => !o.payoutExpected);
    await same('state=NEW&problem=true', (o) => o.state === 'NEW' && o.isProblem);
    // Payouts are only expected once the carrier has the parcel.
    expect(all.filter((o) => o.payoutExpected).every((o) => o.state === 'IN_TRANSIT')).toBe(true);
    // Only orders the carrier has not scanned can still miss their expected ship date.
    expect(all.filter((o) => o.pastExpectedShipDate).some((o) => o.state === 'IN_TRANSIT')).toBe(false);
  });

  it('counts the total of a page exactly as it lists the whole match (problem, two-letter searches)', async () => {
    // A paged answer's total is a separate count (per state for problem=true, through the two-letter
    // index for a two-letter search); the unpaged answer is the rows themselves.
    for (const query of [
      'problem=true',
      'problem=false',
      'state=NEW&problem=true',
      'problem=true&late=true',
      'search=sh',
      'search=SH&problem=true',
      'search=o_',
      'search=%230_',
      'search=st',
      'search=zq',
    ]) {
      const whole = await get(a.agent, query);
      for (const page of [1, 2]) {
        const paged = await get(a.agent, `${query}&perPage=3&page=${page}`);
        expect({ query, page, total: paged.total }).toEqual({ query, page, total: whole.orders.length });
        expect(paged.orders.map((o) => o.id)).toEqual(
          whole.orders.slice((page - 1) * 3, page * 3).map((o) => o.id),
        );
      }
    }
    expect((await get(a.agent, 'search=sh')).orders.length).toBeGreaterThan(6);
    expect((await get(a.agent, 'search=o_')).orders.length).toBeGreaterThan(6);
    expect((await get(a.agent, 'problem=true')).orders.length).toBeGreaterThan(6);
  });

  it('sorts by expected ship date, created date and amount, both ways', async () => {
    const check = async (sort: string, key: (o: OrderView) => number | null) => {
      for (const order of ['ASC', 'DESC']) {
        const { orders } = await get(a.agent, `sort=${sort}&order=${order}`);
        expect(orders.length).toBe(all.length);
        const values = orders.map(key);
        const present = values.filter((v): v is number => v !== null);
        const firstNull = values.indexOf(null);
        if (firstNull >= 0) expect(values.slice(firstNull).every((v) => v === null)).toBe(true);
        const sorted = [...present].sort((x, y) => (order === 'ASC' ? x - y : y - x));
        expect(present).toEqual(sorted);
      }
    };
    const time = (v: string | null) => (v ? Date.parse(v) : null);
    await check('expectedShipDate', (o) => time(o.expectedShipDate));
    await check('createdAt', (o) => time(o.createdAt));
    await check('totalCents', (o) => o.totalCents);
  });

  it('pages through the whole list without gaps or repeats', async () => {
    const seen: string[] = [];
    let page = 1;
    let total: number | undefined;
    for (;;) {
      const body = await get(a.agent, `sort=totalCents&order=DESC&page=${page}&perPage=7&problem=false`);
      total = body.total;
      if (body.orders.length === 0) break;
      expect(body.orders.length).toBeLessThanOrEqual(7);
      seen.push(...body.orders.map((o) => o.id));
      page++;
    }
    expect(total).toBe(all.filter((o) => !o.isProblem).length);
    expect(seen.length).toBe(total);
    expect(new Set(seen).size).toBe(total);
    expect(page).toBe(Math.ceil(total / 7) + 1);
  });

  it('never shows another company’s orders, whatever the search', async () => {
    expect((await get(b.agent, 'search=bo_list007x')).total).toBe(0);
    expect((await get(b.agent, 'search=list')).total).toBe(0);
    const bAll = await get(b.agent, 'perPage=500&page=1');
    expect(bAll.total).toBeGreaterThan(0);
    const aIds = new Set(all.map((o) => o.id));
    expect(bAll.orders.some((o) => aIds.has(o.id))).toBe(false);
  });

  it.each([
    ['state=DELIVERED', 'state must be one of'],
    ['state=NEW&state=PROCESSING', 'state must be one of'],
    ['problem=yes', 'problem must be true or false'],
    ['late=1', 'late must be true or false'],
    ['paid=', 'paid must be true or false'],
    ['sort=customer', 'sort must be one of'],
    ['order=UP', 'order must be ASC or DESC'],
    ['page=0', 'page must be 1 or more'],
    ['page=abc', 'page must be a whole number'],
    ['perPage=1001', 'perPage must be between 1 and 1000'],
    ['limit=10', 'limit should not exist'],
    [`search=${'x'.repeat(101)}`, 'search'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await a.agent.get(`/api/orders?${query}`).expect(400);
    expect(res.body.message).toContain(message);
  });
});
