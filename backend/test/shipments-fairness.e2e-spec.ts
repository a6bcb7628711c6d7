import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue } from 'bullmq';
import { QUEUES } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { csv, today, upload } from './helpers/shipments.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

type Counts = { pending: number; done: number };

async function counts(t: TestApp, companyId: string): Promise<Counts> {
  const { rows } = await t.db.query<Counts>(
    "SELECT count(*) FILTER (WHERE status = 'PENDING')::int AS pending, count(*) FILTER (WHERE status = 'SUCCESS')::int AS done FROM shipments WHERE company_id = $1",
    [companyId],
  );
  return rows[0]!;
}

/** Polls until the company has no pending row left; answers what the other company had at that moment. */
async function whenDone(t: TestApp, companyId: string, otherId: string, maxPolls = 900): Promise<Counts> {
  for (let i = 0; i < maxPolls; i++) {
    const own = await counts(t, companyId);
    if (own.pending === 0 && own.done > 0) return counts(t, otherId);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the rows never finished');
}

/**
 * One company's big file must not hold every worker slot while another company's rows wait, whatever
 * the slot count. With 4 slots A's share of 2 jobs leaves slots free; with 2 slots it is every slot,
 * and A's jobs (of 50 one-row orders: 5 s each at 10 requests/s) give theirs back to a waiting job
 * after a slice of about a second (decision 0041), rather than B waiting for one of them to end.
 */
describe.each([
  { slots: '4', orders: 40, perOrder: 10, stillPending: 100 },
  { slots: '2', orders: 200, perOrder: 1, stillPending: 150 },
])('fairness between companies ($slots worker slots)', ({ slots, orders, perOrder, stillPending }) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      FAIRE_REQUESTS_PER_SECOND: '10',
      SHIPMENT_WORKER_CONCURRENCY: slots,
      SHIPMENT_JOBS_PER_ACCOUNT: '2',
    });
  });

  afterAll(async () => {
    await t.close();
  });

  it("a small file of company B finishes long before company A's big file", async () => {
    const a = await t.companyAdmin('big@a.test', 'Big A', SANDBOX_FIXTURES.brand1.token);
    const b = await t.companyAdmin('small@b.test', 'Small B', SANDBOX_FIXTURES.brand2.token);
    const bigRows: string[][] = [];
    for (let o = 0; o < orders; o++) {
      const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      for (let i = 0; i < perOrder; i++) {
        bigRows.push([
          order.id,
          `1ZFA${String(o).padStart(3, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '3'),
          'UPS',
          today(),
          '1',
        ]);
      }
    }
    const small = t.sandbox.createOrder('brand2', { state: 'PROCESSING' });
    t.sandbox.knobs.set({ latencyMs: 50 });
    await upload(a.agent, csv(bigRows), 'big.csv').expect(200);
    await new Promise((r) => setTimeout(r, 500));
    await upload(b.agent, csv([[small.id, '1ZFB00000000000001', 'UPS', today(), '1']]), 'small.csv').expect(
      200,
    );
    // An order of events, not a duration: when B's single row is done, A's rows (40 or 200 requests at
    // 10/s) are still far from done, so B did not wait behind A's queue. The timings live in the bench.
    const aWhenBDone = await whenDone(t, b.companyId, a.companyId);
    expect(aWhenBDone.pending).toBeGreaterThan(stillPending);
    // With 2 slots A's share (2 jobs) is every slot: no permit is refused, a slot is given back.
    if (slots === '2') {
      await whenDone(t, a.companyId, b.companyId);
      t.sandbox.knobs.reset();
      return;
    }
    // A's jobs refused a permit carry their brand: their next tries ask before reading any row.
    const queue = new Queue(QUEUES.SHIPMENTS, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
    try {
      const waiting = await queue.getJobs(['delayed', 'wait', 'prioritized']);
      expect(waiting.map((j) => (j.data as { accountKey?: string }).accountKey)).toContain(
        SANDBOX_FIXTURES.brand1.brandId,
      );
    } finally {
      await queue.close();
    }
    const bWhenADone = await whenDone(t, a.companyId, b.companyId);
    t.sandbox.knobs.reset();
    expect(bWhenADone).toEqual({ pending: 0, done: 1 });
  }, 120_000);
});
