import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, ledgerCounts, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

describe('shipments: upload, processing, history, retry', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({ SHIPMENT_PROCESS_WAIT_MS: '4000' });
    ({ agent: admin, companyId } = await t.companyAdmin('ship@brand.test', 'Juniper', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  it('stores every row, creates each valid one on Faire exactly once, and names every problem by row', async () => {
    const tr = [tracking(), tracking(), tracking(), tracking(), tracking()];
    const file = csv([
      [f.processingOrderId, tr[0]!, 'UPS', today(), '12.50'],
      [f.processingOrderId, tr[1]!, 'UPS', today(), '3'], // same order: one create call
      [f.newOrderId.replace('bo_', '').toUpperCase(), tr[2]!, 'UPS', today(), '0'], // NEW: accepted first
      ['bo_doesnotexist1', tr[3]!, 'UPS', today(), '1'],
      [f.canceledOrderId, tr[4]!, 'UPS', today(), '1'],
      ['', tracking(), 'UPS', today(), '1'],
      [f.processingOrderId2, tracking(), 'UPS', 'yesterday', '1'],
      [f.processingOrderId2, tracking(), 'UPS', today(), '-4'],
    ]);
    const res = await upload(admin, file).expect(200);
    expect(res.body).toMatchObject({ filename: 'shipments.csv', totalRows: 8, validRows: 5, invalidRows: 3 });
    expect(
      res.body.preview.invalid.map((r: { row: number; validation: string }) => [r.row, r.validation]),
    ).toEqual([
      [7, 'Missing order ID'],
      [8, 'Invalid ship date format'],
      [9, 'Shipping cost cannot be negative'],
    ]);
    await waitForTerminal(t, companyId);
    const { rows } = await t.db.query(
      'SELECT order_id, tracking_number, status, error_message, marketplace_shipment_id, attempts FROM shipments ORDER BY row_number',
    );
    const status = Object.fromEntries(
      rows.map((r: { tracking_number: string; status: string }) => [r.tracking_number, r.status]),
    );
    expect(status[tr[0]!]).toBe('SUCCESS');
    expect(status[tr[1]!]).toBe('SUCCESS');
    expect(status[tr[2]!]).toBe('SUCCESS');
    expect(status[tr[3]!]).toBe('ORDER_NOT_FOUND');
    expect(status[tr[4]!]).toBe('ORDER_STATUS_INCORRECT');
    expect(
      rows.find((r: { tracking_number: string }) => r.tracking_number === tr[0]).marketplace_shipment_id,
    ).toMatch(/^s_/);
    expect(t.sandbox.getOrder(f.newOrderId)!.state).toBe('PRE_TRANSIT');
    const calls = t.sandbox.ledger().filter((l) => l.orderId === f.processingOrderId);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.trackingCodes.sort()).toEqual([tr[0], tr[1]].sort());
    const counts = ledgerCounts(t.sandbox);
    for (const code of tr.slice(0, 3)) {
      expect([...counts].filter(([k]) => k.endsWith(`|${code}`)).map(([, n]) => n)).toEqual([1]);
    }
    // rows with errors are kept as written; valid rows live in shipments with their row number
    const upRows = await t.db.query('SELECT row_number, valid, raw FROM upload_rows ORDER BY row_number');
    expect(upRows.rows.map((r: { row_number: number; valid: boolean }) => [r.row_number, r.valid])).toEqual([
      [7, false],
      [8, false],
      [9, false],
    ]);
    expect(upRows.rows[1].raw).toMatchObject({ ship_date: 'yesterday' });
    const stored = await t.db.query('SELECT row_number FROM shipments ORDER BY row_number');
    expect(stored.rows.map((r: { row_number: number }) => r.row_number)).toEqual([2, 3, 4, 5, 6]);
    const accepted = await t.db.query(
      "SELECT count(*)::int AS n FROM shipment_attempts WHERE outcome = 'ORDER_ACCEPTED'",
    );
    expect(accepted.rows[0].n).toBe(1);
    // the order row shows the tracking right away
    const order = await t.db.query('SELECT tracking_number, state FROM orders WHERE faire_order_id = $1', [
      f.newOrderId,
    ]);
    expect(order.rows[0]).toMatchObject({ tracking_number: tr[2], state: 'PRE_TRANSIT' });
  });

  it('treats the same file uploaded twice as the same shipments', async () => {
    const code = tracking();
    const file = csv([[f.processingOrderId2, code, 'FedEx', today(), '9.99']]);
    await upload(admin, file).expect(200);
    await waitForTerminal(t, companyId);
    const second = await upload(admin, file).expect(200);
    expect(second.body.duplicateRows).toBe(1);
    await waitForTerminal(t, companyId);
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM shipments WHERE tracking_number = $1', [
      code,
    ]);
    expect(rows[0].n).toBe(1);
    expect(t.sandbox.ledger().filter((l) => l.trackingCodes.includes(code))).toHaveLength(1);
  });

  it('counts a tracking code already on the Faire order as done without sending it again', async () => {
    const code = tracking();
    await fetch(`${t.sandbox.apiBaseUrl}/orders/${f.inTransitOrderId}/shipments`, {
      method: 'POST',
      headers: { 'X-FAIRE-ACCESS-TOKEN': f.token, 'Content-Type': 'application/json' },
      body: JSON.stringify({ shipments: [{ carrier: 'UPS', tracking_code: code }] }),
    });
    // Added by the other tool before the window: the brand's orders read in bulk within the window may
    // predate a shipment added less than a window ago (decision 0040's trade), never an older one.
    await new Promise((r) => setTimeout(r, t.config.shipments.snapshotWindowMs + 500));
    t.sandbox.clearLedger();
    await upload(admin, csv([[f.inTransitOrderId, code, 'UPS', today(), '1']])).expect(200);
    await waitForTerminal(t, companyId);
    const { rows } = await t.db.query('SELECT status FROM shipments WHERE tracking_number = $1', [code]);
    expect(rows[0].status).toBe('SUCCESS');
    expect(t.sandbox.ledger()).toHaveLength(0);
  });

  it('splits an order with more than 50 rows into create calls of at most 50', async () => {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const codes = Array.from({ length: 60 }, () => tracking());
    t.sandbox.clearLedger();
    await upload(admin, csv(codes.map((c) => [order.id, c, 'UPS', today(), '1']))).expect(200);
    await waitForTerminal(t, companyId);
    const calls = t.sandbox.ledger().filter((l) => l.orderId === order.id && l.outcome === 'created');
    expect(calls.map((c) => c.trackingCodes.length).sort((a, b) => a - b)).toEqual([10, 50]);
    const { rows } = await t.db.query(
      "SELECT count(*)::int AS n FROM shipments WHERE order_id = $1 AND status = 'SUCCESS'",
      [order.id],
    );
    expect(rows[0].n).toBe(60);
  });

  it('processes reviewed rows (Reading B) and answers per row', async () => {
    const a = tracking();
    const res = await admin
      .post('/api/shipments/process')
      .send({
        shipments: [
          {
            orderId: f.processingOrderId2,
            trackingNumber: a,
            carrier: 'UPS',
            shipDate: `${today()}T00:00:00.000Z`,
            shippingCost: 1250,
          },
          {
            orderId: 'bo_zzzzzzzzzz',
            trackingNumber: tracking(),
            carrier: 'UPS',
            shipDate: today(),
            shippingCost: 0,
          },
        ],
      })
      .expect(200);
    expect(res.body.results.map((r: { status: string }) => r.status)).toEqual(['SUCCESS', 'ORDER_NOT_FOUND']);
    const { rows } = await t.db.query(
      'SELECT shipping_cost_cents FROM shipments WHERE tracking_number = $1',
      [a],
    );
    expect(rows[0].shipping_cost_cents).toBe(1250);
  });

  it('lists history with filters, search and pagination', async () => {
    const all = await admin.get('/api/shipments').expect(200);
    expect(all.body.total).toBeGreaterThanOrEqual(9);
    expect(all.body.shipments[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        orderId: expect.stringMatching(/^bo_/),
        displayId: expect.stringMatching(/^#/),
        shippingCost: expect.any(Number),
        status: expect.any(String),
      }),
    );
    const failed = await admin.get('/api/shipments?status=ORDER_NOT_FOUND').expect(200);
    expect(failed.body.shipments.every((s: { status: string }) => s.status === 'ORDER_NOT_FOUND')).toBe(true);
    const search = await admin
      .get(`/api/shipments?search=${f.processingOrderId.slice(3, 9).toUpperCase()}`)
      .expect(200);
    expect(search.body.shipments.length).toBeGreaterThan(0);
    expect(search.body.shipments.every((s: { orderId: string }) => s.orderId === f.processingOrderId)).toBe(
      true,
    );
    const page = await admin.get('/api/shipments?limit=2&page=2').expect(200);
    expect(page.body.shipments).toHaveLength(2);
    expect(page.body.shipments[0].id).toBe(all.body.shipments[2].id);
    // A page past the end has no rows and still the total (one statement answers both).
    const past = await admin.get('/api/shipments?limit=2&page=1000').expect(200);
    expect(past.body).toEqual({ shipments: [], total: all.body.total });
    const none = await admin.get('/api/shipments?dateFrom=2000-01-01&dateTo=2000-01-02').expect(200);
    expect(none.body).toEqual({ shipments: [], total: 0 });
    await admin.get('/api/shipments?status=WHATEVER').expect(400);
    // Upload dates are days of the viewer's time zone.
    const one = all.body.shipments[0].id;
    await t.db.query(`UPDATE shipments SET uploaded_at = '2026-11-20T03:00:00Z' WHERE id = $1`, [one]);
    const ny = await admin
      .get('/api/shipments?dateFrom=2026-11-19&dateTo=2026-11-19&timeZone=America/New_York')
      .expect(200);
    expect(ny.body.shipments.map((s: { id: string }) => s.id)).toEqual([one]);
    const utc = await admin.get('/api/shipments?dateFrom=2026-11-19&dateTo=2026-11-19').expect(200);
    expect(utc.body.total).toBe(0);
    await admin.get('/api/shipments?dateFrom=2026-11-19&timeZone=Mars/Olympus').expect(400);
  });

  it('caps the history total at 10,000 ("10,000+") so a page stays fast with a million rows', async () => {
    const other = await t.companyAdmin('many@rows.test', 'Many Rows');
    const [upload] = (
      await t.db.query(
        `INSERT INTO uploads (company_id, source, file_name, total_rows) VALUES ($1, 'UPLOAD', 'seed.csv', 10050) RETURNING id`,
        [other.companyId],
      )
    ).rows;
    await t.db.query(
      `INSERT INTO shipments (company_id, upload_id, row_number, order_id, display_id, tracking_number, carrier, ship_date, shipping_cost_cents, status)
       SELECT $1, $2, g, 'bo_seed' || g, '#SEED' || g, '1ZSEED' || g, 'UPS', '2026-11-20', 100, 'SUCCESS' FROM generate_series(1, 10050) g`,
      [other.companyId, upload.id],
    );
    const page = await other.agent.get('/api/shipments?page=3').expect(200);
    expect(page.body).toMatchObject({ total: 10000, totalCapped: true });
    expect(page.body.shipments).toHaveLength(50);
    const narrowed = await other.agent.get('/api/shipments?search=1ZSEED1005').expect(200);
    expect(narrowed.body.totalCapped).toBeUndefined();
    expect(narrowed.body.total).toBe(2); // 1ZSEED1005 and 1ZSEED10050
  });

  it('retries a failed row and answers the outcome', async () => {
    const code = tracking();
    // Faire answers 5xx to reads and creates alike: the row waits PENDING (whether its order's state
    // came from a read of the order or from the brand's orders read in bulk, decision 0040).
    t.sandbox.knobs.set({
      error5xxShare: 1,
      faultPaths: ['GET /orders/{id}', 'POST /orders/{id}/shipments'],
    });
    const res = await admin.post('/api/shipments/process').send({
      shipments: [
        {
          orderId: f.preTransitOrderId,
          trackingNumber: code,
          carrier: 'UPS',
          shipDate: today(),
          shippingCost: 100,
        },
      ],
    });
    expect(res.body.results[0].status).toBe('PENDING');
    await t.db.query(
      `UPDATE shipments SET status = 'FAILED', error_message = 'Faire did not answer' WHERE tracking_number = $1`,
      [code],
    );
    t.sandbox.knobs.reset();
    const { rows } = await t.db.query('SELECT id FROM shipments WHERE tracking_number = $1', [code]);
    const retry = await admin.post(`/api/shipments/${rows[0].id}/retry`).expect(200);
    expect(retry.body).toMatchObject({ success: true, status: 'SUCCESS' });
    await admin.post(`/api/shipments/${rows[0].id}/retry`).expect(409);
  });

  it('writes one activity row per upload, per processed review and per retry', async () => {
    const { rows } = await t.db.query<{ action: string; n: number }>(
      "SELECT action, count(*)::int AS n FROM activity WHERE company_id = $1 AND action LIKE 'shipment%' GROUP BY action",
      [companyId],
    );
    const by = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    const uploads = await t.db.query<{ source: string; n: number }>(
      'SELECT source, count(*)::int AS n FROM uploads WHERE company_id = $1 GROUP BY source',
      [companyId],
    );
    const count = (source: string) => uploads.rows.find((u) => u.source === source)?.n ?? 0;
    expect(by['shipments.uploaded']).toBe(count('UPLOAD'));
    expect(by['shipments.processed']).toBe(count('PROCESS'));
    expect(by['shipment.retried']).toBe(1);
    // Named as people know it: the order's display id and the tracking number, never the row's uuid.
    const retried = await t.db.query(
      "SELECT target FROM activity WHERE company_id = $1 AND action = 'shipment.retried'",
      [companyId],
    );
    expect(retried.rows[0].target).toMatch(/^#[A-Z0-9]+ \(.+\)$/);
    const details = await t.db.query(
      "SELECT details FROM activity WHERE action = 'shipments.uploaded' LIMIT 1",
    );
    expect(details.rows[0].details).toEqual(
      expect.objectContaining({ totalRows: expect.any(Number), validRows: expect.any(Number) }),
    );
  });

  it('refuses a file over 10 MB with 413, a non-CSV file, and a quoted field that never closes; stores nothing', async () => {
    const before = await t.db.query('SELECT count(*)::int AS n FROM uploads');
    const big = Buffer.alloc(10 * 1024 * 1024 + 10, 'a');
    const res = await upload(admin, big, 'big.csv').expect(413);
    expect(res.body.message).toBe('File size must be less than 10MB');
    const txt = await upload(admin, csv([]), 'notes.txt').expect(400);
    expect(txt.body.message).toBe('Please select a CSV file');
    const open = Buffer.from(
      `order_id,tracking_number,carrier,ship_date,shipping_cost\n${f.processingOrderId},${tracking()},UPS,${today()},1\n${f.processingOrderId},"${tracking()},UPS,${today()},1\n`,
    );
    const broken = await upload(admin, open, 'broken.csv').expect(400);
    expect(broken.body.message).toBe('CSV parsing failed: row 3 opens a quoted field that is never closed');
    const after = await t.db.query('SELECT count(*)::int AS n FROM uploads');
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('asks for a column mapping when required columns are missing, and accepts one', async () => {
    const file = csv(
      [[f.processingOrderId2, tracking(), 'UPS', today(), '2']],
      ['Order #', 'Tracking No.', 'Ship Via', 'Date Shipped', 'shipping_cost'],
    );
    const res = await upload(admin, file).expect(400);
    expect(res.body.details).toMatchObject({
      requiresMapping: true,
      missingColumns: ['order_id', 'tracking_number', 'carrier', 'ship_date'],
    });
    const mapped = await upload(admin, file, 'mapped.csv', {
      'order #': 'order_id',
      'tracking no.': 'tracking_number',
      'ship via': 'carrier',
      'date shipped': 'ship_date',
    }).expect(200);
    expect(mapped.body).toMatchObject({ validRows: 1, invalidRows: 0 });
  });

  it('keeps each company to its own shipments (404 like a missing one)', async () => {
    const other = await t.companyAdmin('other@else.test', 'Else');
    const mine = await admin.get('/api/shipments?limit=1').expect(200);
    const id = mine.body.shipments[0].id;
    const foreign = await other.agent.post(`/api/shipments/${id}/retry`).expect(404);
    const missing = await other.agent
      .post('/api/shipments/00000000-0000-4000-8000-000000000000/retry')
      .expect(404);
    expect(foreign.body).toEqual(missing.body);
    const list = await other.agent.get('/api/shipments').expect(200);
    expect(list.body.total).toBe(0);
    const progress = await other.agent
      .get(`/api/shipments/uploads/${(await t.db.query('SELECT id FROM uploads LIMIT 1')).rows[0].id}`)
      .expect(404);
    expect(progress.body.code).toBe('NOT_FOUND');
  });
});
