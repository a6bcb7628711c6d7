import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import request from 'supertest';
import { csv, ledgerCounts, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { displayOf } from './helpers/sources.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

interface RowAnswer {
  row: number;
  outcome: 'accepted' | 'refused' | 'duplicate';
  shipmentId: string | null;
  status: string;
  errors: { field: string | null; code: string | null; message: string }[];
}

/**
 * The public shipments API (issue 36): rows posted with a company API key go through the one intake,
 * each answered at once, and reach Faire exactly once, whoever else sends the same row; an
 * Idempotency-Key answers a repeated post as the first time.
 */
describe('public shipments API (POST /api/v1/shipments)', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  let writer: string;
  let otherKey: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.companyAdmin('api@brand.test', 'Api A', SANDBOX_FIXTURES.brand1.token);
    admin = a.agent;
    companyId = a.companyId;
    writer = await createKey(admin, 'Warehouse ERP', ['shipments:write', 'shipments:read']);
    const b = await t.companyAdmin('api@other.test', 'Api B', SANDBOX_FIXTURES.brand2.token);
    otherKey = await createKey(b.agent, 'Other', ['shipments:write', 'shipments:read']);
  });

  afterAll(async () => {
    await t.close();
  });

  async function createKey(agent: TestAgent, name: string, scopes: string[]): Promise<string> {
    const res = await agent.post('/api/company/api-keys').send({ name, scopes }).expect(201);
    return res.body.key as string;
  }

  function v1(method: 'get' | 'post', path: string, key: string) {
    return request(t.app.getHttpServer())[method](path).set('Authorization', `Bearer ${key}`);
  }

  const order = () => t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
  const onFaire = (orderId: string, code: string) => ledgerCounts(t.sandbox).get(`${orderId}|${code}`) ?? 0;

  it('answers every row (accepted, refused with its rule, duplicate) and sends the accepted ones once', async () => {
    const [o1, o2, o3] = [order(), order(), order()];
    // A valid UPS number (its check digit holds), so the carrier can be told from it.
    const [c1, c2] = ['1Z999AA10123456784', tracking('API')];
    const res = await v1('post', '/api/v1/shipments', writer)
      .send([
        // A display id and no carrier: told from the tracking number.
        { orderId: displayOf(o1), trackingNumber: c1, shipDate: today(), shippingCost: '7.50' },
        {
          orderId: o2.id,
          trackingNumber: c2,
          carrier: 'UPS',
          shipDate: today(),
          shippingCostMinor: 495,
          currency: 'USD',
        },
        { orderId: o3.id, trackingNumber: '', carrier: 'UPS', shipDate: today(), shippingCost: '1.00' },
        { orderId: displayOf(o1), trackingNumber: c1, shipDate: today(), shippingCost: '7.50' },
        {
          orderId: o3.id,
          trackingNumber: tracking('API'),
          carrier: 'UPS',
          shipDate: today(),
          shippingCost: '2.00',
          currency: 'x',
        },
        {
          orderId: o3.id,
          trackingNumber: tracking('API'),
          carrier: 'UPS',
          shipDate: 'yesterday',
          shippingCost: '2.00',
        },
        {
          orderId: o3.id,
          trackingNumber: tracking('API'),
          carrier: 'UPS',
          shipDate: today(),
          shippingCostMinor: 100,
          currency: 'EUR',
        },
        'not a row',
      ])
      .expect(200);
    const rows = res.body.rows as RowAnswer[];
    expect(res.body).toMatchObject({ source: 'API', name: 'Warehouse ERP', replayed: false, total: 8 });
    expect(rows.map((r) => r.outcome)).toEqual([
      'accepted',
      'accepted',
      'refused',
      'duplicate',
      'accepted',
      'refused',
      'refused',
      'refused',
    ]);
    expect(rows[2]!.errors).toEqual([
      expect.objectContaining({ field: 'tracking_number', code: 'EMPTY_TRACKING_NUMBER' }),
    ]);
    expect(rows[5]!.errors[0]).toMatchObject({ field: 'ship_date', code: 'INVALID_SHIP_DATE_FORMAT' });
    expect(rows[6]!.errors[0]).toMatchObject({ field: 'currency', code: 'OTHER_CURRENCY' });
    expect(rows[7]!.errors[0]).toMatchObject({ code: 'NOT_AN_OBJECT' });
    expect(rows[3]!.shipmentId).toBe(rows[0]!.shipmentId);
    await waitForTerminal(t, companyId);
    expect(onFaire(o1.id, c1)).toBe(1);
    expect(onFaire(o2.id, c2)).toBe(1);
    expect(t.sandbox.getOrder(o2.id)!.shipments[0]!.maker_cost).toMatchObject({ amount_minor: 495 });
    // Read back: the shipment, and the upload with the same answers.
    const one = await v1('get', `/api/v1/shipments/${rows[0]!.shipmentId}`, writer).expect(200);
    expect(one.body).toMatchObject({ orderId: o1.id, trackingNumber: c1, carrier: 'UPS', status: 'SUCCESS' });
    expect(one.body.faireShipmentId).toEqual(expect.any(String));
    const again = await v1('get', `/api/v1/uploads/${res.body.uploadId}`, writer).expect(200);
    expect((again.body.rows as RowAnswer[]).map((r) => r.outcome)).toEqual(rows.map((r) => r.outcome));
    expect(again.body.rows[0].status).toBe('SUCCESS');
    // History names the source and the key.
    const history = await admin.get('/api/shipments/uploads?page=1&limit=20').expect(200);
    expect(history.body.uploads[0]).toMatchObject({
      source: 'API',
      filename: 'Warehouse ERP',
      uploadedBy: null,
    });
  });

  it('a row sent again, by the API or by a file, is a duplicate of the one shipment', async () => {
    const o = order();
    const code = tracking('APD');
    const row = {
      orderId: o.id,
      trackingNumber: code,
      carrier: 'UPS',
      shipDate: today(),
      shippingCost: '3.00',
    };
    const first = await v1('post', '/api/v1/shipments', writer).send([row]).expect(200);
    await waitForTerminal(t, companyId);
    const second = await v1('post', '/api/v1/shipments', writer).send([row]).expect(200);
    expect(second.body.rows[0]).toMatchObject({
      outcome: 'duplicate',
      shipmentId: first.body.rows[0].shipmentId,
    });
    await upload(admin, csv([[o.id, code, 'UPS', today(), '3.00']])).expect(200);
    await waitForTerminal(t, companyId);
    expect(onFaire(o.id, code)).toBe(1);
  });

  it('takes a CSV body read as an uploaded file is', async () => {
    const [o1, o2] = [order(), order()];
    const c1 = tracking('CSV');
    const text = [
      'order_id;tracking_number;carrier;ship_date;shipping_cost',
      `${o1.id};${c1};UPS;${today()};"3,20"`,
      `${o2.id};;UPS;${today()};1,00`,
    ].join('\r\n');
    const res = await v1('post', '/api/v1/shipments', writer)
      .set('Content-Type', 'text/csv')
      .send(text)
      .expect(200);
    expect((res.body.rows as RowAnswer[]).map((r) => r.outcome)).toEqual(['accepted', 'refused']);
    expect(res.body.rows[1].errors[0]).toMatchObject({ code: 'EMPTY_TRACKING_NUMBER' });
    await waitForTerminal(t, companyId);
    expect(onFaire(o1.id, c1)).toBe(1);
    const bad = await v1('post', '/api/v1/shipments', writer)
      .set('Content-Type', 'text/csv')
      .send('a,b\n1,2\n')
      .expect(400);
    expect(bad.body.message).toMatch(/^Missing required columns/);
    await v1('post', '/api/v1/shipments', writer).set('Content-Type', 'text/plain').send('x').expect(400);
  });

  it('honours an Idempotency-Key for a day: the same body answers the first answer, another body is a 422', async () => {
    const o = order();
    const code = tracking('IDK');
    const body = [
      { orderId: o.id, trackingNumber: code, carrier: 'UPS', shipDate: today(), shippingCost: '4.00' },
    ];
    const key = `retry-${code}`;
    const first = await v1('post', '/api/v1/shipments', writer)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(200);
    const replay = await v1('post', '/api/v1/shipments', writer)
      .set('Idempotency-Key', key)
      .send(body)
      .expect(200);
    expect(replay.body).toMatchObject({ uploadId: first.body.uploadId, replayed: true });
    expect(replay.body.rows[0].outcome).toBe('accepted');
    const other = [{ ...body[0], shippingCost: '5.00' }];
    const conflict = await v1('post', '/api/v1/shipments', writer)
      .set('Idempotency-Key', key)
      .send(other)
      .expect(422);
    expect(conflict.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    // Posted at once with one key: one upload, both answered with it.
    const k2 = `race-${code}`;
    const o2 = order();
    const body2 = [
      {
        orderId: o2.id,
        trackingNumber: tracking('IDR'),
        carrier: 'UPS',
        shipDate: today(),
        shippingCost: '1.00',
      },
    ];
    const both = await Promise.all(
      [0, 1].map(() => v1('post', '/api/v1/shipments', writer).set('Idempotency-Key', k2).send(body2)),
    );
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(new Set(both.map((r) => String(r.body.uploadId))).size).toBe(1);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM uploads WHERE company_id = $1 AND file_name = 'Warehouse ERP'",
      [companyId],
    );
    const uploads = rows[0]!.n;
    await v1('post', '/api/v1/shipments', writer).set('Idempotency-Key', k2).send(body2).expect(200);
    const after = await t.db.query(
      "SELECT count(*)::int AS n FROM uploads WHERE company_id = $1 AND file_name = 'Warehouse ERP'",
      [companyId],
    );
    expect(after.rows[0].n).toBe(uploads);
    await waitForTerminal(t, companyId);
    expect(onFaire(o.id, code)).toBe(1);
  });

  it('lists the shipments changed since a moment, page by page, each once, the company’s only', async () => {
    const since = new Date(Date.now() - 1000).toISOString();
    const posted = Array.from({ length: 7 }, () => ({
      orderId: order().id,
      trackingNumber: tracking('CHG'),
      carrier: 'UPS',
      shipDate: today(),
      shippingCost: '1.00',
    }));
    await v1('post', '/api/v1/shipments', writer).send(posted).expect(200);
    await waitForTerminal(t, companyId);
    const seen: { trackingNumber: string; updatedAt: string; status: string }[] = [];
    let cursor: string | null = null;
    for (let pages = 0; pages < 10; pages++) {
      const q = `updatedSince=${encodeURIComponent(since)}&limit=3${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await v1('get', `/api/v1/shipments?${q}`, writer).expect(200);
      seen.push(...(res.body.shipments as typeof seen));
      cursor = res.body.nextCursor as string | null;
      if (!cursor) break;
    }
    const mine = seen.filter((s) => posted.some((p) => p.trackingNumber === s.trackingNumber));
    expect(mine.map((s) => s.trackingNumber).sort()).toEqual(posted.map((p) => p.trackingNumber).sort());
    expect(new Set(seen.map((s) => s.trackingNumber)).size).toBe(seen.length);
    expect(mine.every((s) => s.status === 'SUCCESS')).toBe(true);
    const times = seen.map((s) => s.updatedAt);
    expect([...times].sort()).toEqual(times);
    const other = await v1(
      'get',
      `/api/v1/shipments?updatedSince=${encodeURIComponent(since)}`,
      otherKey,
    ).expect(200);
    const theirs = (other.body.shipments as typeof seen).map((s) => s.trackingNumber);
    expect(theirs.some((code) => posted.some((p) => p.trackingNumber === code))).toBe(false);
    await v1('get', '/api/v1/shipments', writer).expect(400);
    await v1('get', '/api/v1/shipments?updatedSince=yesterday', writer).expect(400);
    await v1('get', `/api/v1/shipments?updatedSince=${encodeURIComponent(since)}&cursor=x`, writer).expect(
      400,
    );
  });

  it('refuses bad bodies and keys with a clear 4xx', async () => {
    const row = {
      orderId: 'bo_x',
      trackingNumber: tracking('BAD'),
      carrier: 'UPS',
      shipDate: today(),
      shippingCost: '1',
    };
    const post = () => v1('post', '/api/v1/shipments', writer);
    expect(
      (
        await post()
          .send({ rows: [row] })
          .expect(400)
      ).body.message,
    ).toMatch(/JSON array/);
    expect((await post().send([]).expect(400)).body.message).toMatch(/no rows/);
    const big = await post()
      .send(Array.from({ length: 5001 }, () => row))
      .expect(413);
    expect(big.body.message).toMatch(/at most 5000 rows/);
    await post().set('Idempotency-Key', 'é'.repeat(3)).send([row]).expect(400);
    await post().set('Idempotency-Key', 'x'.repeat(256)).send([row]).expect(400);
    const reader = await createKey(admin, 'Reader', ['orders:read']);
    await v1('post', '/api/v1/shipments', reader).send([row]).expect(403);
    await v1('get', '/api/v1/shipments/not-an-id', writer).expect(404);
  });

  it('never reads or writes another company’s shipments', async () => {
    const o = order();
    const mine = await v1('post', '/api/v1/shipments', writer)
      .send([
        {
          orderId: o.id,
          trackingNumber: tracking('MIN'),
          carrier: 'UPS',
          shipDate: today(),
          shippingCost: '1.00',
        },
      ])
      .expect(200);
    await v1('get', `/api/v1/uploads/${mine.body.uploadId}`, otherKey).expect(404);
    await v1('get', `/api/v1/shipments/${mine.body.rows[0].shipmentId}`, otherKey).expect(404);
    // Brand 2's key posting brand 1's order: the row is B's, and Faire refuses it for B's brand.
    const code = tracking('OTH');
    await v1('post', '/api/v1/shipments', otherKey)
      .send([
        { orderId: o.id, trackingNumber: code, carrier: 'UPS', shipDate: today(), shippingCost: '1.00' },
      ])
      .expect(200);
    await waitForTerminal(t, companyId);
    expect(onFaire(o.id, code)).toBe(0);
  });
});
