import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, ledgerCounts, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

/**
 * An order's rows are grouped when the upload is staged and when its shipments are queued; the worker
 * takes each job's orders as queued. Rows of one order spread over a big file (and over what would be
 * different slices and jobs by position) still end in one create call per 50 of the order's rows.
 */
describe('rows of one order spread over a big file', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    // More valid rows than are made shipments within the request: staged in slices, then a worker.
    t = await createTestApp({ SHIPMENT_INLINE_ROWS: '500', FAIRE_REQUESTS_PER_SECOND: '100' });
    ({ agent: admin, companyId } = await t.companyAdmin('grouping@brand.test', 'Grouping', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('end in one create call per order and 50 rows, every row created once', async () => {
    // 40 orders of 50 rows, one of 60 (two calls: 50 and 10), one of 7 and one of 1: 2,068 rows.
    const sizes = [...Array.from({ length: 40 }, () => 50), 60, 7, 1];
    const orders = sizes.map(
      (n) => [t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id, n] as const,
    );
    const byOrder = orders.map(([order, n]) =>
      Array.from({ length: n }, () => [order, tracking('G'), 'UPS', today(), '1.00']),
    );
    // Round robin: each order's rows run from the top of the file to (nearly) its end.
    const rows: string[][] = [];
    for (let i = 0; rows.length < 2068; i++) {
      for (const list of byOrder) if (list[i]) rows.push(list[i]!);
    }
    t.sandbox.clearLedger();
    const res = await upload(admin, csv(rows), 'spread.csv').expect(200);
    expect(res.body).toMatchObject({ totalRows: 2068, validRows: 2068, invalidRows: 0 });
    await waitForTerminal(t, companyId, 120_000);

    const creates = t.sandbox.ledger().filter((l) => l.outcome === 'created');
    for (const [order, n] of orders) {
      const calls = creates.filter((l) => l.orderId === order).map((l) => l.trackingCodes.length);
      const expected = n > 50 ? [10, 50] : [n];
      expect({ order, calls: calls.sort((a, b) => a - b) }).toEqual({ order, calls: expected });
    }
    expect(creates).toHaveLength(44);
    const counts = ledgerCounts(t.sandbox);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    const { rows: done } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS'",
      [companyId],
    );
    expect(done[0]!.n).toBe(2068);
  }, 180_000);
});
