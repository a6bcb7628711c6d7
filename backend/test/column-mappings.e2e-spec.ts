import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;
const ODD = ['Order #', 'Tracking No.', 'Ship Via', 'Date Shipped', 'shipping_cost'];
const MAPPING = {
  'order #': 'order_id',
  'tracking no.': 'tracking_number',
  'ship via': 'carrier',
  'date shipped': 'ship_date',
};

describe('remembered column mappings', () => {
  let t: TestApp;
  let admin: TestAgent;
  let other: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({ SHIPMENT_PROCESS_WAIT_MS: '2000' });
    ({ agent: admin, companyId } = await t.companyAdmin('maps@brand.test', 'Juniper', f.token));
    ({ agent: other } = await t.companyAdmin('maps@other.test', 'Harbor', SANDBOX_FIXTURES.brand2.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('remembers a mapping per set of headers, applies it to the next such file, never across companies', async () => {
    const first = await upload(
      admin,
      csv([[f.processingOrderId, tracking(), 'UPS', today(), '1']], ODD),
      'a.csv',
      MAPPING,
    ).expect(200);
    expect(first.body).toMatchObject({ validRows: 1, savedMappingApplied: false });
    const list = await admin.get('/api/column-mappings').expect(200);
    expect(list.body.mappings).toHaveLength(1);
    expect(list.body.mappings[0]).toMatchObject({
      mapping: MAPPING,
      headers: ['date shipped', 'order #', 'ship via', 'shipping_cost', 'tracking no.'],
    });

    // Same columns, other order and case, no mapping sent: read with the saved one, and said so.
    const reordered = ['SHIP VIA', 'order #', 'Tracking No.', 'shipping_cost', 'Date Shipped'];
    const code = tracking();
    const second = await upload(
      admin,
      csv([['UPS', f.processingOrderId2, code, '1.50', today()]], reordered),
      'b.csv',
    ).expect(200);
    expect(second.body).toMatchObject({ validRows: 1, invalidRows: 0, savedMappingApplied: true });
    await waitForTerminal(t, companyId);
    const { rows } = await t.db.query('SELECT order_id, status FROM shipments WHERE tracking_number = $1', [
      code,
    ]);
    expect(rows[0]).toMatchObject({ order_id: f.processingOrderId2, status: 'SUCCESS' });

    // Another company with the same headers is asked to map: nothing leaks.
    const foreign = await upload(
      other,
      csv([[f.processingOrderId, tracking(), 'UPS', today(), '1']], ODD),
    ).expect(400);
    expect(foreign.body.details).toMatchObject({ requiresMapping: true });
    expect((await other.get('/api/column-mappings').expect(200)).body).toEqual({ mappings: [] });
    const id = list.body.mappings[0].id as string;
    const a = await other.delete(`/api/column-mappings/${id}`).expect(404);
    const b = await other.delete('/api/column-mappings/00000000-0000-4000-8000-000000000000').expect(404);
    expect(a.body).toEqual(b.body);

    // Forgotten: the next such file asks again.
    await admin.delete(`/api/column-mappings/${id}`).expect(200);
    expect((await admin.get('/api/column-mappings').expect(200)).body).toEqual({ mappings: [] });
    const again = await upload(
      admin,
      csv([[f.processingOrderId, tracking(), 'UPS', today(), '1']], ODD),
    ).expect(400);
    expect(again.body.details).toMatchObject({ requiresMapping: true });
  }, 60_000);
});
