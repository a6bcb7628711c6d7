import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, today, upload } from './helpers/shipments.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

async function doneAt(
  t: TestApp,
  companyId: string,
  started: number,
  timeoutMs = 90_000,
): Promise<{ first: number; all: number }> {
  let first = 0;
  for (;;) {
    const { rows } = await t.db.query<{ pending: number; done: number }>(
      "SELECT count(*) FILTER (WHERE status = 'PENDING')::int AS pending, count(*) FILTER (WHERE status = 'SUCCESS')::int AS done FROM shipments WHERE company_id = $1",
      [companyId],
    );
    if (!first && rows[0].done > 0) first = Date.now() - started;
    if (rows[0].pending === 0 && rows[0].done > 0) return { first, all: Date.now() - started };
    if (Date.now() - started > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** One company's big file must not hold every worker slot while another company's rows wait. */
describe('fairness between companies', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      FAIRE_REQUESTS_PER_SECOND: '10',
      SHIPMENT_WORKER_CONCURRENCY: '4',
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
    for (let o = 0; o < 40; o++) {
      const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      for (let i = 0; i < 10; i++)
        bigRows.push([
          order.id,
          `1ZFA${String(o).padStart(3, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '3'),
          'UPS',
          today(),
          '1',
        ]);
    }
    const small = t.sandbox.createOrder('brand2', { state: 'PROCESSING' });
    t.sandbox.knobs.set({ latencyMs: 50 });
    const started = Date.now();
    await upload(a.agent, csv(bigRows), 'big.csv').expect(200);
    await new Promise((r) => setTimeout(r, 500));
    const bStarted = Date.now();
    await upload(b.agent, csv([[small.id, '1ZFB00000000000001', 'UPS', today(), '1']]), 'small.csv').expect(
      200,
    );
    const [bigDone, smallDone] = await Promise.all([
      doneAt(t, a.companyId, started),
      doneAt(t, b.companyId, bStarted),
    ]);
    t.sandbox.knobs.reset();
    // B's single row is done within a few seconds, while A's 400 rows (80+ requests at 10/s) take far longer.
    expect(smallDone.all).toBeLessThan(bigDone.all * 0.3);
    expect(bigDone.all).toBeGreaterThan(7000);
  }, 120_000);
});
