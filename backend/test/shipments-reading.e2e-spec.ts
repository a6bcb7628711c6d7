import { SANDBOX_DEFAULTS, type SandboxHandle } from '@portal/faire-sandbox';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/** A new PROCESSING order of the brand. */
const newOrder = (sandbox: SandboxHandle, brand: string) =>
  sandbox.createOrder(brand, { state: 'PROCESSING' }).id;

/** Issue 22: a file is read as the brand meant it, and a slow Faire is not a stuck review. */
describe('files read as the brand meant them', () => {
  let t: TestApp;
  let us: { agent: TestAgent; companyId: string };
  let uk: { agent: TestAgent; companyId: string };

  beforeAll(async () => {
    // A long wait: the process answers below must come from the wait ending early, not from its limit.
    t = await createTestApp({
      SHIPMENT_PROCESS_WAIT_MS: '60000',
      FAIRE_TIMEOUT_MS: '1000',
      FAIRE_REQUESTS_PER_SECOND: '100',
    });
    us = await t.companyAdmin('reading@us.test', 'Juniper', SANDBOX_DEFAULTS.brand1Token);
    uk = await t.companyAdmin('reading@uk.test', 'Thistle', 'sbx_brand3_token');
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  const shipDateOf = async (code: string) =>
    (
      await t.db.query<{ ship_date: string }>(
        'SELECT ship_date::text AS ship_date FROM shipments WHERE tracking_number = $1',
        [code],
      )
    ).rows[0]?.ship_date;

  it("reads a UK brand's ambiguous dates day first by its locale, with a note, and stores 3 November", async () => {
    const ready = await uk.agent.get('/api/shipments/uploads/readiness').expect(200);
    expect(ready.body).toMatchObject({ canProcess: true, currency: 'GBP', locale: 'en-GB', dateOrder: null });
    const code = tracking('U');
    const res = await upload(
      uk.agent,
      csv([[newOrder(t.sandbox, 'brand3'), code, 'Royal Mail', '03/11/2026', '4.20']]),
    ).expect(200);
    expect(res.body.notes).toEqual([
      "Dates read day-first, as your Faire brand's locale (en-GB) writes dates: no date in this file settles it",
    ]);
    expect(res.body.preview.valid[0].warnings).toContain(
      `Ship date "03/11/2026" was read as 3 November 2026 (day first, as your Faire brand's locale (en-GB) writes dates)`,
    );
    expect(await shipDateOf(code)).toBe('2026-11-03');
    // No date settled the order: nothing is remembered.
    expect((await uk.agent.get('/api/shipments/uploads/readiness')).body.dateOrder).toBeNull();
  });

  it("lets a file's own dates decide, remembers the order for the next file, and refuses a file that writes both ways", async () => {
    const [a, b, c] = [tracking('D'), tracking('D'), tracking('D')];
    const first = await upload(
      us.agent,
      csv([
        [newOrder(t.sandbox, 'brand1'), a, 'UPS', '26.11.2026', '1'],
        [newOrder(t.sandbox, 'brand1'), b, 'UPS', '03/11/2026', '1'],
      ]),
    ).expect(200);
    expect(first.body.notes).toEqual(['Dates read day-first, like 26.11.2026 in row 2']);
    expect(await shipDateOf(b)).toBe('2026-11-03');
    expect((await us.agent.get('/api/shipments/uploads/readiness')).body.dateOrder).toBe('day-first');

    // The next file has only dates that read both ways: the company's remembered order, not en-US.
    await upload(us.agent, csv([[newOrder(t.sandbox, 'brand1'), c, 'UPS', '04/11/2026', '1']])).expect(200);
    expect(await shipDateOf(c)).toBe('2026-11-04');

    const both = await upload(
      us.agent,
      csv([
        [newOrder(t.sandbox, 'brand1'), tracking('X'), 'UPS', '26.11.2026', '1'],
        [newOrder(t.sandbox, 'brand1'), tracking('X'), 'UPS', '03/11/2026', '1'],
        [newOrder(t.sandbox, 'brand1'), tracking('X'), 'UPS', '11/26/2026', '1'],
      ]),
    ).expect(200);
    expect(both.body).toMatchObject({ validRows: 2, invalidRows: 1 });
    expect(both.body.preview.invalid[0]).toMatchObject({
      row: 3,
      validation:
        'Ship date "03/11/2026" could be 3 November 2026 or 11 March 2026, and this file writes dates both ways ' +
        '(26.11.2026 in row 2 is day first, 11/26/2026 in row 4 is month first); ' +
        'write it as 2026-11-03 or 2026-03-11 so it cannot be misread',
    });
    await waitForTerminal(t, us.companyId);
  }, 60_000);

  it('reads a warehouse export whose cost column is "Freight", and says which column it read', async () => {
    const rows = Array.from({ length: 14 }, (_, i) => [
      newOrder(t.sandbox, 'brand1'),
      tracking('F'),
      'UPS',
      today(),
      `${i + 1}.25`,
    ]);
    const res = await upload(
      us.agent,
      csv(rows, ['order_id', 'tracking_number', 'carrier', 'ship_date', 'Freight']),
    ).expect(200);
    expect(res.body).toMatchObject({ totalRows: 14, validRows: 14, invalidRows: 0 });
    expect(res.body.notes).toContain('Shipping cost was read from the "Freight" column');
    await waitForTerminal(t, us.companyId);
    const stored = await t.db.query<{ shipping_cost_cents: number; status: string }>(
      'SELECT shipping_cost_cents, status FROM shipments WHERE tracking_number = $1',
      [rows[2]![1]],
    );
    expect(stored.rows[0]).toEqual({ shipping_cost_cents: 325, status: 'SUCCESS' });
  }, 60_000);

  it('remembers the layout and date order of reviewed rows sent after an inline fix', async () => {
    const headers = ['po number', 'awb', 'courier', 'date shipped', 'shipping_cost'];
    const columnMapping = {
      'po number': 'order_id',
      awb: 'tracking_number',
      courier: 'carrier',
      'date shipped': 'ship_date',
    };
    const res = await us.agent
      .post('/api/shipments/process')
      .send({
        fileName: 'fixed.csv',
        headers,
        columnMapping,
        dateOrder: 'month-first',
        shipments: [
          {
            row: 2,
            orderId: newOrder(t.sandbox, 'brand1'),
            trackingNumber: tracking('L'),
            carrier: 'UPS',
            shipDate: `${today()}T00:00:00.000Z`,
            shippingCost: 420,
          },
        ],
      })
      .expect(200);
    expect(res.body.results[0].status).toBe('SUCCESS');
    const saved = (await us.agent.get('/api/column-mappings').expect(200)).body.mappings;
    expect(saved).toEqual([expect.objectContaining({ mapping: columnMapping })]);
    expect((await us.agent.get('/api/shipments/uploads/readiness')).body.dateOrder).toBe('month-first');
    // A mapping that does not fit is refused as an uploaded file's would be.
    await us.agent
      .post('/api/shipments/process')
      .send({
        columnMapping: { awb: 'not_a_field' },
        headers,
        shipments: [
          {
            orderId: 'bo_abc12345de',
            trackingNumber: tracking(),
            carrier: 'UPS',
            shipDate: today(),
            shippingCost: 1,
          },
        ],
      })
      .expect(400);
  }, 60_000);

  it('answers reviewed rows as soon as Faire keeps one waiting, PENDING, and the row succeeds once Faire is back', async () => {
    t.sandbox.knobs.set({ error5xxShare: 1 });
    const order = newOrder(t.sandbox, 'brand1');
    const code = tracking('W');
    const res = await us.agent
      .post('/api/shipments/process')
      .send({
        shipments: [
          {
            orderId: order,
            trackingNumber: code,
            carrier: 'UPS',
            shipDate: `${today()}T00:00:00.000Z`,
            shippingCost: 100,
          },
        ],
      })
      .expect(200);
    expect(res.body.results[0]).toMatchObject({ status: 'PENDING' });
    const [row] = (
      await t.db.query<{ status: string; attempts: number; error_message: string | null }>(
        'SELECT status, attempts, error_message FROM shipments WHERE tracking_number = $1',
        [code],
      )
    ).rows;
    // Answered because the row waits on Faire (the wait limit is a minute away).
    expect(row).toMatchObject({ status: 'PENDING' });
    expect(row!.attempts).toBeGreaterThanOrEqual(1);
    t.sandbox.knobs.reset();
    await waitForTerminal(t, us.companyId, 60_000);
    const done = await t.db.query('SELECT status FROM shipments WHERE tracking_number = $1', [code]);
    expect(done.rows[0]).toEqual({ status: 'SUCCESS' });
    expect(t.sandbox.listOrders('brand1').find((o) => o.id === order)?.shipments).toHaveLength(1);
  }, 45_000);

  it('keeps a GBP company’s order amounts in pounds after Faire is disconnected', async () => {
    await uk.agent.post('/api/orders/refresh').expect(200);
    const before = (await uk.agent.get('/api/orders').expect(200)).body.orders as { currency: string }[];
    expect(before.length).toBeGreaterThan(0);
    expect(new Set(before.map((o) => o.currency))).toEqual(new Set(['GBP']));
    await uk.agent.delete('/api/faire/connection').expect(200);
    const after = (await uk.agent.get('/api/orders').expect(200)).body.orders as { currency: string }[];
    expect(after.length).toBe(before.length);
    expect(new Set(after.map((o) => o.currency))).toEqual(new Set(['GBP']));
  });
});
