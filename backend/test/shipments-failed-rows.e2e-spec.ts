import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { byteOrderMark, decodeCsvBytes, encodeCsvText } from '@portal/shipment-rules';
import { today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

/** A `;` file with the brand's own columns between and after the five, its mapping, CRLF lines. */
const HEADER = ['Order ID', 'Notes', 'Tracking', 'Carrier', 'Ship Date', 'shipping_cost', 'Warehouse'];
const MAPPING = {
  'Order ID': 'order_id',
  Tracking: 'tracking_number',
  Carrier: 'carrier',
  'Ship Date': 'ship_date',
};

const line = (cells: string[], delimiter = ';', eol = '\r\n') => cells.join(delimiter) + eol;

/** The download as bytes. */
async function download(agent: TestAgent, uploadId: string): Promise<Buffer> {
  const res = await agent
    .get(`/api/shipments/uploads/${uploadId}/failed.csv`)
    .buffer(true)
    .parse((r, done) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => done(null, Buffer.concat(chunks)));
    })
    .expect(200);
  return res.body as Buffer;
}

function uniqueOrder(): string {
  return `bo_later${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
}

describe('the failed rows file is the brand’s own file back (decision 0032)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  /** Faire API requests the sandbox served. */
  const calls: string[] = [];

  beforeAll(async () => {
    t = await createTestApp(
      { SHIPMENT_PROCESS_WAIT_MS: '3000', FAIRE_TIMEOUT_MS: '1000' },
      { sandboxLog: (l) => calls.push(l) },
    );
    ({ agent: admin, companyId } = await t.companyAdmin('failed-rows@brand.test', 'Juniper', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('gives a `;` CRLF file back in its layout with the cells as written, and takes it back fixed with no mapping asked', async () => {
    const missing = uniqueOrder();
    const ok = [f.processingOrderId, 'fine', tracking(), 'UPS', today(), '12.50', 'Leeds'];
    const notFound = [missing, '"say ""hi""; twice"', tracking(), 'ups', today(), '2.00', 'York'];
    const badDate = [f.processingOrderId2, '=1+1', tracking(), 'UPS', '31/31/2026', '3', 'Bath'];
    const file = Buffer.from(
      line(HEADER) + line(ok) + line(notFound) + line(badDate) + line(['', '', '', '', '', '', '']),
    );
    const first = await upload(admin, file, 'week 48.csv', MAPPING).expect(200);
    await waitForTerminal(t, companyId);

    const bytes = await download(admin, first.body.uploadId as string);
    const text = bytes.toString('utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toBe('Order ID;Notes;Tracking;Carrier;Ship Date;shipping_cost;Warehouse;Faire error');
    expect(lines).toHaveLength(4); // header, two failed rows, the end of the last line
    expect(lines[1]!.startsWith(line(notFound).slice(0, -2) + ';')).toBe(true);
    expect(lines[2]!.startsWith(line(badDate).slice(0, -2) + ';')).toBe(true);
    expect(lines[2]).toMatch(/;Invalid ship date format/);
    expect(lines[1]).toMatch(/;York;Order not found/);
    expect(lines[3]).toBe('');

    // The brand fixes its rows (the order id, the date) and uploads the file again.
    const fixed = Buffer.from(text.replace(missing, f.processingOrderId).replace('31/31/2026', today()));
    const again = await upload(admin, fixed, 'week 48-failed-rows.csv').expect(200);
    expect(again.body).toMatchObject({ savedMappingApplied: true, totalRows: 2, validRows: 2 });
    await waitForTerminal(t, companyId);
    const summary = await admin.get(`/api/shipments/uploads/${again.body.uploadId}`).expect(200);
    expect(summary.body.byStatus).toEqual({ SUCCESS: 2 });
  }, 60_000);

  it('writes a Windows-1252 file back in Windows-1252, byte for byte', async () => {
    const header = line(
      ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost', 'Note'],
      ',',
    );
    const row = line([uniqueOrder(), tracking(), 'UPS', today(), '1', '“Livré” – 5€'], ',');
    const original = encodeCsvText(header + row, 'windows-1252');
    expect(decodeCsvBytes(original).encoding).toBe('windows-1252');
    const res = await upload(admin, Buffer.from(original), 'cp.csv').expect(200);
    await waitForTerminal(t, companyId);
    const bytes = await download(admin, res.body.uploadId as string);
    const headerBytes = Buffer.from(encodeCsvText(header.slice(0, -2) + ',Faire error\r\n', 'windows-1252'));
    expect(bytes.subarray(0, headerBytes.length).equals(headerBytes)).toBe(true);
    const rowBytes = Buffer.from(encodeCsvText(row.slice(0, -2) + ',', 'windows-1252'));
    expect(bytes.subarray(headerBytes.length, headerBytes.length + rowBytes.length).equals(rowBytes)).toBe(
      true,
    );
  }, 60_000);

  it('writes a UTF-16 file with its byte order mark back the same way', async () => {
    const header = line(['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost'], '\t', '\n');
    const row = line([uniqueOrder(), tracking(), 'UPS', today(), '1'], '\t', '\n');
    const original = Buffer.concat([byteOrderMark('utf-16le'), encodeCsvText(header + row, 'utf-16le')]);
    const res = await upload(admin, original, 'wide.csv').expect(200);
    await waitForTerminal(t, companyId);
    const bytes = await download(admin, res.body.uploadId as string);
    expect([...bytes.subarray(0, 2)]).toEqual([0xff, 0xfe]);
    const back = decodeCsvBytes(bytes);
    expect(back.encoding).toBe('utf-16le');
    const [h, r] = back.text.split('\n');
    expect(h).toBe(header.slice(0, -1) + '\tFaire error');
    expect(r!.startsWith(row.slice(0, -1) + '\t')).toBe(true);
  }, 60_000);

  it('keeps a NUL in a cell without a 500, and names the reason column so it cannot clash', async () => {
    const header = line(
      ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost', 'Faire error'],
      ',',
    );
    const nul = line([uniqueOrder(), tracking(), 'UPS', today(), '1', 'a\u0000b'], ',');
    const res = await upload(admin, Buffer.from(header + nul), 'nul.csv');
    expect(res.status).toBe(200);
    await waitForTerminal(t, companyId);
    const text = (await download(admin, res.body.uploadId as string)).toString('utf8');
    const [h, r] = text.split('\r\n');
    expect(h).toBe('order_id,tracking_number,carrier,ship_date,shipping_cost,Faire error,Faire error (2)');
    expect(r!.startsWith(nul.slice(0, -2) + ',')).toBe(true);
  }, 60_000);

  it('gives reviewed rows back the same way when the browser sends the layout and each row’s cells', async () => {
    const missing = uniqueOrder();
    const header = ['Order ID', 'Notes', 'Tracking', 'Carrier', 'Ship Date', 'shipping_cost', 'Faire error'];
    const okTracking = tracking();
    const badTracking = tracking();
    const item = (row: number, orderId: string, trackingNumber: string, cells: string[]) => ({
      row,
      orderId,
      trackingNumber,
      carrier: 'UPS',
      shipDate: `${today()}T00:00:00.000Z`,
      shippingCost: 250,
      cells: JSON.stringify(cells),
    });
    const layout = {
      bom: true,
      header: JSON.stringify(header),
      lineEnding: '\n',
      delimiter: ';',
      encoding: 'utf-8',
    };
    // A cell holding NUL travels JSON-escaped inside `cells`, never as a bare string.
    const notFoundCells = [missing, 'a\u0000b;c', badTracking, 'ups', today(), '2,50', 'theirs'];
    const res = await admin
      .post('/api/shipments/process')
      .send({
        fileName: 'reviewed.csv',
        layout,
        shipments: [
          item(2, f.processingOrderId, okTracking, [
            f.processingOrderId,
            '',
            okTracking,
            'UPS',
            today(),
            '2,50',
            '',
          ]),
          item(3, missing, badTracking, notFoundCells),
        ],
      })
      .expect(200);
    await waitForTerminal(t, companyId);
    const bytes = await download(admin, res.body.uploadId as string);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [h, r, end] = decodeCsvBytes(bytes).text.split('\n');
    expect(h).toBe('Order ID;Notes;Tracking;Carrier;Ship Date;shipping_cost;Faire error;Faire error (2)');
    expect(
      r!.startsWith(`${missing};"a\u0000b;c";${badTracking};ups;${today()};2,50;theirs;Order not found`),
    ).toBe(true);
    expect(end).toBe('');

    // Cells and layout are checked like any input: a bad layout or cells that are not a list of text are a 400.
    const bad = { fileName: 'x.csv', shipments: [item(2, f.processingOrderId, tracking(), ['a'])] };
    await admin
      .post('/api/shipments/process')
      .send({ ...bad, layout: { ...layout, delimiter: '|' } })
      .expect(400);
    await admin
      .post('/api/shipments/process')
      .send({ ...bad, layout, shipments: [{ ...bad.shipments[0], cells: '{"a":1}' }] })
      .expect(400);
  }, 60_000);

  it('keeps the review’s rows with errors: in the results as invalid, in the file with their reason, never sent', async () => {
    const header = ['Order ID', 'Notes', 'Tracking', 'Carrier', 'Ship Date', 'shipping_cost'];
    const okTracking = tracking();
    const badTracking = tracking();
    const layout = {
      bom: false,
      header: JSON.stringify(header),
      lineEnding: '\r\n',
      delimiter: ';',
      encoding: 'utf-8',
    };
    const okCells = [f.processingOrderId, 'first', okTracking, 'UPS', today(), '2,50'];
    // An order Faire would take: only its ship date is wrong, and the review said so.
    const badCells = [f.processingOrderId2, 'a;b', badTracking, 'UPS', '31/31/2026', '3'];
    const reason = 'Invalid ship date format. Use YYYY-MM-DD.';
    const body = {
      fileName: 'reviewed with errors.csv',
      layout,
      shipments: [
        {
          row: 2,
          orderId: f.processingOrderId,
          trackingNumber: okTracking,
          carrier: 'UPS',
          shipDate: `${today()}T00:00:00.000Z`,
          shippingCost: 250,
          cells: JSON.stringify(okCells),
        },
      ],
      invalidRows: [
        {
          row: 3,
          error: reason,
          orderId: f.processingOrderId2,
          trackingNumber: badTracking,
          carrier: 'UPS',
          shipDate: '31/31/2026',
          shippingCost: '3',
          cells: JSON.stringify(badCells),
        },
      ],
    };
    calls.length = 0;
    const res = await admin.post('/api/shipments/process').send(body).expect(200);
    // The answer is about the rows sent; the row with errors is the upload's, not the answer's.
    expect(res.body.results).toHaveLength(1);
    await waitForTerminal(t, companyId);
    const uploadId = res.body.uploadId as string;

    const summary = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    expect(summary.body).toMatchObject({ totalRows: 2, validRows: 1, invalidRows: 1, success: 1, failed: 1 });
    expect(summary.body.byStatus).toEqual({ SUCCESS: 1, INVALID: 1 });
    const issues = await admin.get(`/api/shipments/uploads/${uploadId}/rows?status=ISSUES`).expect(200);
    expect(issues.body.rows).toEqual([
      expect.objectContaining({
        row: 3,
        status: 'INVALID',
        orderId: f.processingOrderId2,
        trackingNumber: badTracking,
        reason,
        shipmentId: null,
        retryable: false,
      }),
    ]);

    // Nothing went to Faire for it: no call about its order, no shipment of it.
    expect(calls.some((c) => c.includes(`/orders/${f.processingOrderId}/`))).toBe(true);
    expect(calls.filter((c) => c.includes(`/orders/${f.processingOrderId2}`))).toEqual([]);
    const history = await admin.get(`/api/shipments?uploadId=${uploadId}`).expect(200);
    expect(history.body.shipments.map((s: { trackingNumber: string }) => s.trackingNumber)).toEqual([
      okTracking,
    ]);

    // The failed rows file: the brand's layout, the row with errors as written, the review's reason.
    const text = (await download(admin, uploadId)).toString('utf8');
    expect(text).toBe(
      'Order ID;Notes;Tracking;Carrier;Ship Date;shipping_cost;Faire error\r\n' +
        `${f.processingOrderId2};"a;b";${badTracking};UPS;31/31/2026;3;${reason}\r\n`,
    );

    // Checked like the other rows: a row number given twice, more rows than a reviewed file has.
    await admin
      .post('/api/shipments/process')
      .send({ ...body, invalidRows: [{ ...body.invalidRows[0], row: 2 }] })
      .expect(400);
    const many = Array.from({ length: 5000 }, (_, i) => ({ row: i + 3, error: 'Missing carrier' }));
    await admin
      .post('/api/shipments/process')
      .send({ ...body, layout: undefined, invalidRows: many })
      .expect(400);
    await admin
      .post('/api/shipments/process')
      .send({ ...body, invalidRows: [{ ...body.invalidRows[0], error: '' }] })
      .expect(400);
  }, 60_000);
});
