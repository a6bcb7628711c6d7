import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, ledgerCounts, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;
const WINDOW_MS = 2000;
const CALL = /^\[faire-sandbox\] (\w+) \/external-api\/v2(\S*) (\d{3}|-) \d+ms( next-page)?/;

/**
 * Decision 0040: the states of a brand's orders are read in bulk (pages of 50 of the orders updated since
 * the last read) and shared by its jobs for SHIPMENT_SNAPSHOT_WINDOW_MS; a clean run then makes one create
 * call per order and almost nothing else, and a tracking number another tool put on the order before the
 * window is still never sent again.
 */
describe('order states read in bulk', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  const calls: { method: string; path: string; nextPage: boolean }[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      {
        SHIPMENT_SNAPSHOT_WINDOW_MS: String(WINDOW_MS),
        FAIRE_REQUESTS_PER_SECOND: '100',
        SHIPMENT_RETRY_BASE_MS: '200',
      },
      {
        sandboxLog: (line) => {
          const m = CALL.exec(line);
          if (m) calls.push({ method: m[1]!, path: m[2]!, nextPage: Boolean(m[4]) });
        },
      },
    );
    ({ agent: admin, companyId } = await t.companyAdmin('bulk@brand.test', 'Bulk', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  /** Another tool adds a shipment to the order through Faire's API. */
  async function addElsewhere(orderId: string, code: string): Promise<void> {
    const res = await fetch(`${t.sandbox.apiBaseUrl}/orders/${orderId}/shipments`, {
      method: 'POST',
      headers: { 'X-FAIRE-ACCESS-TOKEN': f.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ shipments: [{ carrier: 'UPS', tracking_code: code, maker_cost_cents: 100 }] }),
    });
    expect(res.status).toBe(200);
  }

  async function statusOf(code: string): Promise<{ status: string; message: string | null }> {
    const { rows } = await t.db.query<{ status: string; message: string | null }>(
      `SELECT s.status, (SELECT a.message FROM shipment_attempts a WHERE a.shipment_id = s.id
                          ORDER BY a.finished_at DESC LIMIT 1) AS message
         FROM shipments s WHERE s.company_id = $1 AND s.tracking_number = $2`,
      [companyId, code],
    );
    expect(rows).toHaveLength(1);
    return rows[0]!;
  }

  it('a clean run makes one create per order and reads no order on its own', async () => {
    const orders = Array.from(
      { length: 30 },
      () => t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id,
    );
    const rows = orders.flatMap((o, i) =>
      Array.from({ length: 1 + (i % 3) }, () => [o, tracking('K'), 'UPS', today(), '1.00']),
    );
    calls.length = 0;
    const started = Date.now();
    await upload(admin, csv(rows), 'clean.csv').expect(200);
    await waitForTerminal(t, companyId, 60_000);
    const lasted = Date.now() - started;

    const single = calls.filter((c) => c.method === 'GET' && /^\/orders\/[^/?]+$/.test(c.path));
    const creates = calls.filter((c) => c.method === 'POST' && c.path.endsWith('/shipments'));
    const lists = calls.filter((c) => c.method === 'GET' && /^\/orders(\?|$)/.test(c.path));
    expect(single).toEqual([]);
    expect(creates).toHaveLength(orders.length);
    // A bulk read is counted by its first page (the sandbox logs its later pages as next-page).
    const reads = lists.filter((c) => !c.nextPage);
    expect(reads.length).toBeGreaterThan(0);
    // A read is renewed once it is three quarters of a window old, never sooner (a slow machine's run
    // outlives more of them), and never once per order: on a quiet machine one or two reads in all.
    expect(reads.length).toBeLessThanOrEqual(1 + Math.floor(lasted / (WINDOW_MS * 0.75)));
    expect(lists.length).toBeLessThan(orders.length / 3);
    const counts = ledgerCounts(t.sandbox);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
  }, 90_000);

  it('never sends again a tracking number another tool added before the bulk read', async () => {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id;
    const theirs = tracking('E');
    const ours = tracking('O');
    await addElsewhere(order, theirs);
    // The brand's states were read within the window by the test above, so this one has to notice
    // they are older than the window now and read the delta (or the order) again.
    await new Promise((r) => setTimeout(r, WINDOW_MS + 500));
    t.sandbox.clearLedger();
    calls.length = 0;
    await upload(
      admin,
      csv([
        [order, theirs, 'UPS', today(), '1.00'],
        [order, ours, 'UPS', today(), '1.00'],
      ]),
      'elsewhere.csv',
    ).expect(200);
    await waitForTerminal(t, companyId, 60_000);

    expect(await statusOf(theirs)).toEqual({
      status: 'SUCCESS',
      message: 'Already on the Faire order (not sent again)',
    });
    expect(await statusOf(ours)).toMatchObject({ status: 'SUCCESS', message: 'Shipment created on Faire' });
    const created = t.sandbox.ledger().filter((l) => l.outcome === 'created');
    expect(created.map((l) => l.trackingCodes)).toEqual([[ours]]);
    const onFaire = t.sandbox.getOrder(order)!.shipments.map((s) => s.tracking_code);
    expect(onFaire.filter((c) => c === theirs)).toHaveLength(1);
    // Settled from the bulk read: no read of the order on its own.
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/orders/${order}`)).toEqual([]);
  }, 60_000);

  it('reads the order on its own when a row was tried before (a lost answer)', async () => {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id;
    const code = tracking('R');
    // Faire makes the shipment and the answer is lost: the row waits PENDING, tried once.
    t.sandbox.knobs.set({ dropAfterCommitShare: 1, faultPaths: ['POST /orders/{id}/shipments'] });
    t.sandbox.clearLedger();
    calls.length = 0;
    await upload(admin, csv([[order, code, 'UPS', today(), '1.00']]), 'tried.csv').expect(200);
    await waitFor(async () => (await attemptsOf(code)) >= 1 && t.sandbox.ledger().length >= 1);
    t.sandbox.knobs.reset();
    await waitForTerminal(t, companyId, 60_000);

    expect((await statusOf(code)).status).toBe('SUCCESS');
    expect(ledgerCounts(t.sandbox).get(`${order}|${code}`)).toBe(1);
    // The state read in bulk cannot say whether the lost create landed: the order was read on its own.
    expect(calls.filter((c) => c.method === 'GET' && c.path === `/orders/${order}`).length).toBeGreaterThan(
      0,
    );
  }, 60_000);

  async function attemptsOf(code: string): Promise<number> {
    const { rows } = await t.db.query<{ attempts: number }>(
      'SELECT attempts FROM shipments WHERE company_id = $1 AND tracking_number = $2',
      [companyId, code],
    );
    return rows[0]?.attempts ?? 0;
  }

  async function waitFor(check: () => Promise<boolean>, timeoutMs = 30_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error('timed out');
      await new Promise((r) => setTimeout(r, 100));
    }
  }
});
