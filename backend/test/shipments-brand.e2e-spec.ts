import { SANDBOX_DEFAULTS, type SandboxHandle } from '@portal/faire-sandbox';
import { csv, today, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

/** `n` new PROCESSING orders of a brand with one tracking number each, as CSV rows. */
function rowsFor(sandbox: SandboxHandle, brand: string, n: number, tag: string, carrier = 'UPS'): string[][] {
  return Array.from({ length: n }, (_, i) => {
    const order = sandbox.createOrder(brand, { state: 'PROCESSING' });
    const code =
      carrier === 'UPS' ? `1Z${tag}${String(i).padStart(6, '0')}`.padEnd(18, '0').slice(0, 18) : tag;
    return [order.id, code, carrier, today(), '4.20'];
  });
}

/** Shipments on the sandbox per (order, tracking code as stored), for every brand. */
function onFaire(sandbox: SandboxHandle): Map<string, number> {
  const counts = new Map<string, number>();
  for (const b of sandbox.brands()) {
    for (const order of sandbox.listOrders(b.brandId)) {
      for (const s of order.shipments) {
        const key = `${order.id}|${s.tracking_code}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
    }
  }
  return counts;
}

describe('shipments per Faire brand', () => {
  let t: TestApp;
  /** One company holds the GBP brand (a second company connecting to it would be refused). */
  let gbp: ReturnType<TestApp['companyAdmin']> | undefined;
  const gbpCompany = () => (gbp ??= t.companyAdmin('gbp@brand.test', 'Pounds', 'sbx_brand3_token'));

  beforeAll(async () => {
    t = await createTestApp({ FAIRE_REQUESTS_PER_SECOND: '100', FAIRE_TIMEOUT_MS: '1000' });
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  it('two companies forced onto one brand, uploading the same file at once, create each shipment once', async () => {
    const a = await t.companyAdmin('a@same.test', 'Same A', SANDBOX_DEFAULTS.brand1Token);
    const b = await t.companyAdmin('b@same.test', 'Same B');
    // The product refuses this; force it in the database, as a leftover of the per-user era could be.
    await t.db.query(
      `INSERT INTO marketplace_connections (company_id, connected_by, seal_id, auth_mode, brand_id, brand_name,
                                            token_ciphertext, scopes, status, currency)
       SELECT $1, $2, seal_id, auth_mode, brand_id, brand_name, token_ciphertext, scopes, status, currency
         FROM marketplace_connections WHERE company_id = $3`,
      [b.companyId, b.userId, a.companyId],
    );
    const rows = rowsFor(t.sandbox, 'brand1', 60, 'S');
    const file = csv(rows);
    // Slow answers keep both companies' work on the same orders overlapping.
    t.sandbox.knobs.set({ latencyMs: 40 });
    await Promise.all([upload(a.agent, file).expect(200), upload(b.agent, file).expect(200)]);
    await waitForTerminal(t, a.companyId, 120_000);
    await waitForTerminal(t, b.companyId, 120_000);
    const counts = onFaire(t.sandbox);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    const { rows: statuses } = await t.db.query(
      `SELECT company_id, status, brand_id, count(*)::int AS n FROM shipments
        WHERE company_id = ANY($1::uuid[]) GROUP BY 1, 2, 3`,
      [[a.companyId, b.companyId]],
    );
    expect(statuses).toHaveLength(2);
    for (const s of statuses) expect(s).toMatchObject({ status: 'SUCCESS', brand_id: 'b_d8k3m2qz', n: 60 });
  }, 150_000);

  it('a GBP brand’s shipment carries GBP, only in the documented cost field; history shows GBP and the brand', async () => {
    const { agent, companyId } = await gbpCompany();
    expect((await agent.get('/api/faire/connection')).body).toMatchObject({
      brandName: 'Thistle & Rye Tea Merchants',
      currency: 'GBP',
    });
    const rows = rowsFor(t.sandbox, 'brand3', 1, 'G');
    t.sandbox.clearLedger();
    await upload(agent, csv(rows)).expect(200);
    await waitForTerminal(t, companyId);
    const order = t.sandbox.getOrder(rows[0]![0]!)!;
    expect(order.shipments).toHaveLength(1);
    expect(order.shipments[0]!.maker_cost).toEqual({ amount_minor: 420, currency: 'GBP' });
    const history = await agent.get('/api/shipments').expect(200);
    expect(history.body.shipments[0]).toMatchObject({
      status: 'SUCCESS',
      shippingCost: 420,
      currency: 'GBP',
      brandName: 'Thistle & Rye Tea Merchants',
    });
    const stored = await t.db.query('SELECT currency FROM uploads WHERE company_id = $1', [companyId]);
    expect(stored.rows).toEqual([{ currency: 'GBP' }]);
  });

  it('a GBP brand’s file as a European spreadsheet writes it: £ and decimal commas read in GBP, day-first dates read, another currency refused', async () => {
    const { agent, companyId } = await gbpCompany();
    const rows = rowsFor(t.sandbox, 'brand3', 4, 'E');
    const day = today();
    const [y, m, d] = day.split('-');
    rows[0]![3] = `${d}.${m}.${y}`;
    rows[0]![4] = '£4,20';
    rows[1]![3] = `${d}/${m}/${y} 09:15`;
    rows[1]![4] = '1.234,56 GBP';
    rows[2]![4] = '€ 4,20';
    rows[3]![3] = '46346';
    t.sandbox.clearLedger();
    const res = await upload(agent, csv(rows)).expect(200);
    expect(res.body).toMatchObject({ totalRows: 4, validRows: 2, invalidRows: 2 });
    const valid = res.body.preview.valid as { warnings: string[] }[];
    expect(valid[0]!.warnings).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          new RegExp(`^Ship date "${d}\\.${m}\\.${y}" was read as \\d+ \\w+ ${y} \\(day first\\)$`),
        ),
        'Shipping cost "£4,20" was read as 4.20 GBP (comma as the decimal separator)',
      ]),
    );
    const invalid = res.body.preview.invalid as { row: number; validation: string }[];
    expect(invalid.map((r) => [r.row, r.validation])).toEqual([
      [
        4,
        'Shipping cost "€ 4,20" is in EUR, but your Faire brand\'s costs are in GBP; write the cost in GBP',
      ],
      [5, expect.stringContaining('Ship date "46346" looks like a spreadsheet\'s date number')],
    ]);
    await waitForTerminal(t, companyId);
    const sent = rows.map(([id]) => t.sandbox.getOrder(id!)!.shipments.map((s) => s.maker_cost));
    expect(sent).toEqual([
      [{ amount_minor: 420, currency: 'GBP' }],
      [{ amount_minor: 123456, currency: 'GBP' }],
      [],
      [],
    ]);
    const stored = await t.db.query(
      'SELECT ship_date::text AS d FROM shipments WHERE upload_id = $1 ORDER BY row_number',
      [res.body.uploadId],
    );
    expect(stored.rows.map((r: { d: string }) => r.d.slice(0, 10))).toEqual([day, day]);
  });

  it('a CAD brand: the connection reads CAD, its shipment carries CAD, history keeps CAD and the brand', async () => {
    const { agent, companyId } = await t.companyAdmin('cad@brand.test', 'Loonies', 'sbx_brand4_token');
    expect((await agent.get('/api/faire/connection')).body).toMatchObject({
      status: 'CONNECTED',
      brandName: 'Larch & Loon Stationery',
      currency: 'CAD',
    });
    const rows = rowsFor(t.sandbox, 'brand4', 2, 'C');
    rows[1]![4] = '1,234.56';
    t.sandbox.clearLedger();
    await upload(agent, csv(rows)).expect(200);
    await waitForTerminal(t, companyId);
    const costs = rows.map(([id]) => t.sandbox.getOrder(id!)!.shipments.map((s) => s.maker_cost));
    expect(costs).toEqual([
      [{ amount_minor: 420, currency: 'CAD' }],
      [{ amount_minor: 123456, currency: 'CAD' }],
    ]);
    const history = await agent.get('/api/shipments').expect(200);
    const byOrder = new Map(
      (history.body.shipments as { orderId: string }[]).map((s) => [s.orderId, s as Record<string, unknown>]),
    );
    expect(byOrder.get(rows[1]![0]!)).toMatchObject({
      status: 'SUCCESS',
      shippingCost: 123456,
      currency: 'CAD',
      brandName: 'Larch & Loon Stationery',
    });
    const stored = await t.db.query(
      'SELECT DISTINCT currency, brand_id FROM shipments WHERE company_id = $1',
      [companyId],
    );
    expect(stored.rows).toEqual([{ currency: 'CAD', brand_id: 'b_w5n2k8tc' }]);
  });

  it('an HTML 403 storm is a block, not a refused token: the connection stays Connected and rows are retried', async () => {
    const { agent, companyId } = await t.companyAdmin(
      'cdn@brand.test',
      'Blocked',
      SANDBOX_DEFAULTS.brand2Token,
    );
    const rows = rowsFor(t.sandbox, 'brand2', 5, 'B');
    t.sandbox.clearLedger();
    t.sandbox.knobs.set({ html403Share: 1 });
    await upload(agent, csv(rows)).expect(200);
    // Wait until the rows met the block (after the client's own retries) and wait for a later attempt.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const { rows: waiting } = await t.db.query(
        `SELECT count(*)::int AS n FROM shipments
          WHERE company_id = $1 AND status = 'PENDING' AND last_fault = '403 page'`,
        [companyId],
      );
      if (waiting[0].n === 5) break;
      if (Date.now() > deadline) throw new Error('the rows never met the block');
      await new Promise((r) => setTimeout(r, 200));
    }
    expect((await agent.get('/api/faire/connection')).body.status).toBe('CONNECTED');
    const pending = await t.db.query(
      `SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'PENDING'`,
      [companyId],
    );
    expect(pending.rows[0].n).toBe(5);
    t.sandbox.knobs.reset();
    await waitForTerminal(t, companyId, 120_000);
    expect((await agent.get('/api/faire/connection')).body.status).toBe('CONNECTED');
    const counts = onFaire(t.sandbox);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    const done = await t.db.query(
      `SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS'`,
      [companyId],
    );
    expect(done.rows[0].n).toBe(5);
  }, 150_000);

  it('a tracking code Faire echoes re-formatted after a dropped answer still gives exactly one shipment', async () => {
    // One brand, one company: release brand 2 from the previous test's company.
    await t.db.query(`DELETE FROM marketplace_connections WHERE brand_id = 'b_h4t9w6rn'`);
    const { agent, companyId } = await t.companyAdmin(
      'fmt@brand.test',
      'Format',
      SANDBOX_DEFAULTS.brand2Token,
    );
    // Dashes survive validation for this carrier; Faire answers the code without them.
    const rows = rowsFor(t.sandbox, 'brand2', 1, 'JD-0146-0000-7777', 'DHL_EXPRESS');
    t.sandbox.clearLedger();
    t.sandbox.knobs.set({
      reformatTrackingCodes: true,
      dropAfterCommitShare: 1,
      faultPaths: ['POST /orders/{id}/shipments'],
    });
    await upload(agent, csv(rows)).expect(200);
    await waitForTerminal(t, companyId, 60_000);
    t.sandbox.knobs.reset();
    const creates = t.sandbox.ledger();
    expect(creates).toHaveLength(1);
    expect(creates[0]!.outcome).toBe('dropped_after_commit');
    const order = t.sandbox.getOrder(rows[0]![0]!)!;
    expect(order.shipments.map((s) => s.tracking_code)).toEqual(['JD-0146-0000-7777']);
    const row = await t.db.query(`SELECT status FROM shipments WHERE company_id = $1`, [companyId]);
    expect(row.rows).toEqual([{ status: 'SUCCESS' }]);
  }, 90_000);
});
