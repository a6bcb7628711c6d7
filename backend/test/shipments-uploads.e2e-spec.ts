import Papa from 'papaparse';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, ledgerCounts, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

interface RowView {
  row: number;
  status: string;
  orderId: string;
  trackingNumber: string;
  reason: string | null;
  waitingOnFaire: boolean;
  nextRetryInSeconds: number | null;
}

/** Reads the failed-rows file as a spreadsheet would. */
function parseCsv(text: string): string[][] {
  return Papa.parse<string[]>(text.trimEnd()).data;
}

async function until(check: () => Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 150));
  }
}

describe('upload results: list, summary, rows, failed rows, retry', () => {
  let t: TestApp;
  let admin: TestAgent;
  let other: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({ SHIPMENT_PROCESS_WAIT_MS: '3000', FAIRE_TIMEOUT_MS: '1000' });
    ({ agent: admin, companyId } = await t.companyAdmin('results@brand.test', 'Juniper', f.token));
    ({ agent: other } = await t.companyAdmin('other@brand.test', 'Elsewhere'));
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  it('lists every row that is not SUCCESS in file order with its reason, and gives them back as a safe CSV', async () => {
    const good = tracking();
    const late = 'bo_laterorder' + Date.now().toString(36);
    const file = csv([
      [f.processingOrderId, good, 'UPS', today(), '12.50'], // row 2: SUCCESS
      ['', tracking(), 'UPS', today(), '1'], // row 3: invalid
      [late, tracking(), 'UPS', today(), '2.00'], // row 4: ORDER_NOT_FOUND
      [f.processingOrderId, good, 'UPS', today(), '12.50'], // row 5: repeat of row 2
      [f.canceledOrderId, tracking(), 'UPS', today(), '1'], // row 6: ORDER_STATUS_INCORRECT
      [f.processingOrderId2, tracking(), '@SUM(A1)', '=NOW()', '1'], // row 7: invalid, formula cells
    ]);
    const res = await upload(admin, file, 'week 48.csv').expect(200);
    const uploadId = res.body.uploadId as string;
    await waitForTerminal(t, companyId);

    const summary = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    expect(summary.body).toMatchObject({
      uploadId,
      filename: 'week 48.csv',
      uploadedBy: 'results',
      totalRows: 6,
      success: 2,
      failed: 4,
      pending: 0,
      retryable: 2,
      done: true,
      state: 'DONE',
      waitingOnFaire: 0,
    });
    expect(summary.body.byStatus).toEqual({
      SUCCESS: 2,
      INVALID: 2,
      ORDER_NOT_FOUND: 1,
      ORDER_STATUS_INCORRECT: 1,
    });

    const issues = await admin.get(`/api/shipments/uploads/${uploadId}/rows?status=ISSUES`).expect(200);
    expect(issues.body.total).toBe(4);
    const rows = issues.body.rows as RowView[];
    expect(rows.map((r) => [r.row, r.status])).toEqual([
      [3, 'INVALID'],
      [4, 'ORDER_NOT_FOUND'],
      [6, 'ORDER_STATUS_INCORRECT'],
      [7, 'INVALID'],
    ]);
    expect(rows[0]!.reason).toBe('Missing order ID');
    expect(rows[1]!.orderId).toBe(late);
    expect(rows[1]!.reason).toMatch(/\S/);
    expect(rows[3]!.reason).toContain('Invalid ship date format');
    const all = await admin.get(`/api/shipments/uploads/${uploadId}/rows`).expect(200);
    expect((all.body.rows as RowView[]).map((r) => r.row)).toEqual([2, 3, 4, 5, 6, 7]);
    expect((all.body.rows as RowView[])[3]).toMatchObject({
      status: 'SUCCESS',
      reason: expect.stringContaining('row 2'),
    });
    await admin.get(`/api/shipments/uploads/${uploadId}/rows?status=NOPE`).expect(400);

    // The history filtered to this upload: its shipments in the file's row order.
    const history = await admin.get(`/api/shipments?uploadId=${uploadId}`).expect(200);
    expect(history.body.shipments.map((r: { rowNumber: number }) => r.rowNumber)).toEqual([2, 4, 6]);
    await admin.get('/api/shipments?uploadId=nope').expect(400);
    const foreign = await other.get(`/api/shipments?uploadId=${uploadId}`).expect(200);
    expect(foreign.body).toMatchObject({ total: 0, shipments: [] });

    const list = await admin.get('/api/shipments/uploads?page=1').expect(200);
    expect(list.body.total).toBe(1);
    expect(list.body.uploads[0]).toMatchObject({
      uploadId,
      filename: 'week 48.csv',
      success: 2,
      failed: 4,
      pending: 0,
    });

    const dl = await admin.get(`/api/shipments/uploads/${uploadId}/failed.csv`).expect(200);
    expect(dl.headers['content-type']).toMatch(/^text\/csv/);
    expect(dl.headers['content-disposition']).toContain('week-48-failed-rows.csv');
    const table = parseCsv(dl.text);
    // The brand's own file back (decision 0032): its header row as written, then the reason.
    expect(table[0]).toEqual([
      'order_id',
      'tracking_number',
      'carrier',
      'ship_date',
      'shipping_cost',
      'Faire error',
    ]);
    expect(table.slice(1).map((r) => r[0])).toEqual(['', late, f.canceledOrderId, f.processingOrderId2]);
    // The brand's cells as written, formula-looking ones too: it is their own file.
    expect(table[4]![2]).toBe('@SUM(A1)');
    expect(table[4]![3]).toBe('=NOW()');
    expect(table[4]![5]).toContain('Invalid ship date format');
    expect(table[1]![5]).toBe('Missing order ID');
    // The cost as the brand wrote it, ready to upload again.
    expect(table[2]![4]).toBe('2.00');

    // The order appears on Faire: "Retry all failed" sends the retryable rows again, in one go.
    t.sandbox.createOrder('brand1', { id: late, state: 'PROCESSING' });
    const retried = await admin.post(`/api/shipments/uploads/${uploadId}/retry-failed`).expect(200);
    expect(retried.body).toEqual({ retried: 2 });
    await waitForTerminal(t, companyId);
    const after = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    expect(after.body.byStatus).toEqual({ SUCCESS: 3, INVALID: 2, ORDER_STATUS_INCORRECT: 1 });
    expect([...ledgerCounts(t.sandbox)].filter(([, n]) => n > 1)).toEqual([]);
  }, 60_000);

  it('answers 404 for another company’s upload, the same as for one that does not exist', async () => {
    const res = await upload(admin, csv([[f.processingOrderId2, tracking(), 'UPS', today(), '1']])).expect(
      200,
    );
    const id = res.body.uploadId as string;
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const path of ['', '/rows', '/failed.csv']) {
      const a = await other.get(`/api/shipments/uploads/${id}${path}`).expect(404);
      const b = await other.get(`/api/shipments/uploads/${missing}${path}`).expect(404);
      expect(a.body).toEqual(b.body);
    }
    await other.post(`/api/shipments/uploads/${id}/retry-failed`).expect(404);
    await other.get('/api/shipments/uploads/not-a-uuid/rows').expect(404);
    const list = await other.get('/api/shipments/uploads').expect(200);
    expect(list.body).toMatchObject({ total: 0, uploads: [] });
    await waitForTerminal(t, companyId);
  }, 30_000);

  it('refuses to take rows while the company has no working Faire connection, and says who can fix it', async () => {
    const ready = await admin.get('/api/shipments/uploads/readiness').expect(200);
    expect(ready.body).toEqual({
      canProcess: true,
      reason: null,
      connection: 'CONNECTED',
      // How the company's files are read (decision 0030).
      currency: 'USD',
      locale: 'en-US',
      dateOrder: null,
    });
    const not = await other.get('/api/shipments/uploads/readiness').expect(200);
    expect(not.body.canProcess).toBe(false);
    expect(not.body.reason).toContain('Connect Faire in Settings');
    const before = await t.db.query('SELECT count(*)::int AS n FROM uploads');
    const up = await upload(other, csv([[f.processingOrderId2, tracking(), 'UPS', today(), '1']])).expect(
      409,
    );
    expect(up.body).toMatchObject({ code: 'MARKETPLACE_NOT_CONNECTED', message: not.body.reason });
    const body = {
      shipments: [
        {
          orderId: f.processingOrderId2,
          trackingNumber: tracking(),
          carrier: 'UPS',
          shipDate: today(),
          shippingCost: 1,
        },
      ],
    };
    await other.post('/api/shipments/process').send(body).expect(409);
    const afterCount = await t.db.query('SELECT count(*)::int AS n FROM uploads');
    expect(afterCount.rows[0].n).toBe(before.rows[0].n);
  });

  it('says a row is waiting on Faire, when it is tried next, then SUCCESS once Faire answers', async () => {
    t.sandbox.knobs.set({ error5xxShare: 1 });
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const res = await upload(admin, csv([[order.id, tracking(), 'UPS', today(), '3']])).expect(200);
    const id = res.body.uploadId as string;
    await until(async () => {
      const s = await admin.get(`/api/shipments/uploads/${id}`).expect(200);
      return s.body.waitingOnFaire === 1;
    }, 'the row to wait on Faire');
    const s = await admin.get(`/api/shipments/uploads/${id}`).expect(200);
    expect(s.body).toMatchObject({ pending: 1, done: false, state: 'IN_PROGRESS' });
    expect(s.body.nextRetryInSeconds).toBeGreaterThanOrEqual(1);
    const rows = await admin.get(`/api/shipments/uploads/${id}/rows?status=PENDING`).expect(200);
    expect(rows.body.rows[0]).toMatchObject({
      status: 'PENDING',
      waitingOnFaire: true,
      lastFault: expect.stringMatching(/^50[03]$/),
      reason: expect.stringMatching(
        /^Still sending: Faire is having trouble \(last: 50[03], next try in \d+ (s|min)\)$/,
      ),
    });
    expect(s.body.lastFault).toMatch(/^50[03]$/);
    // The history says the same.
    const history = await admin.get(`/api/shipments?uploadId=${id}`).expect(200);
    expect(history.body.shipments[0].errorMessage).toMatch(
      /^Still sending: Faire is having trouble \(last: 50[03], /,
    );
    t.sandbox.knobs.reset();
    await waitForTerminal(t, companyId);
    const done = await admin.get(`/api/shipments/uploads/${id}`).expect(200);
    expect(done.body).toMatchObject({ success: 1, pending: 0, done: true, waitingOnFaire: 0 });
  }, 90_000);
});
