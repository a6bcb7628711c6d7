import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

describe('know before you send: the review asks what the last sync knows, and Faire for the rest', () => {
  let t: TestApp;
  let admin: TestAgent;
  let other: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({ SHIPMENT_PROCESS_WAIT_MS: '2000' });
    ({ agent: admin, companyId } = await t.companyAdmin('check@brand.test', 'Juniper', f.token));
    ({ agent: other } = await t.companyAdmin('check@other.test', 'Harbor', SANDBOX_FIXTURES.brand2.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('flags unknown orders and tracking numbers already there, says the state, and never calls Faire', async () => {
    await admin.post('/api/orders/refresh').expect(200);
    const sent = tracking();
    await upload(admin, csv([[f.processingOrderId, sent, 'UPS', today(), '1']])).expect(200);
    await waitForTerminal(t, companyId);
    const onOrder = t.sandbox.getOrder(f.preTransitOrderId)!.shipments[0]!.tracking_code;
    const fresh = tracking();
    t.sandbox.clearLedger();
    const res = await admin
      .post('/api/shipments/order-check')
      .send({
        rows: [
          { orderId: f.processingOrderId2.replace('bo_', '').toUpperCase(), trackingNumber: fresh },
          { orderId: 'bo_nosuchorder9', trackingNumber: tracking() },
          { orderId: f.processingOrderId, trackingNumber: sent },
          { orderId: f.preTransitOrderId, trackingNumber: onOrder },
        ],
      })
      .expect(200);
    expect(res.body.lastSyncAt).toEqual(expect.any(String));
    const [ok, unknown, uploaded, there] = res.body.rows;
    expect(ok).toMatchObject({
      orderId: f.processingOrderId2,
      known: true,
      state: 'PROCESSING',
      warning: null,
      cannotSucceed: false,
    });
    // Not synced, and not asked of Faire by this call: it may be today's order, so it is not condemned.
    expect(unknown).toMatchObject({ known: false, checked: 'NOT_CHECKED', cannotSucceed: false });
    expect(unknown.warning).toBe('Not synced yet: checked on Faire when you press Process.');
    expect(uploaded).toMatchObject({ trackingAlreadyThere: true });
    expect(there).toMatchObject({ known: true, trackingAlreadyThere: true });
    expect(there.warning).toContain('already on the order');
    expect(t.sandbox.ledger()).toEqual([]);

    // Another company knows nothing of these orders.
    const foreign = await other
      .post('/api/shipments/order-check')
      .send({ rows: [{ orderId: f.processingOrderId, trackingNumber: sent }] })
      .expect(200);
    expect(foreign.body.rows[0]).toMatchObject({ known: false, trackingAlreadyThere: false });
    await admin.post('/api/shipments/order-check').send({ rows: 'nope' }).expect(400);
  }, 60_000);

  it('with lookUp, asks Faire for orders the sync has not stored: found ones are checked, missing ones condemned', async () => {
    const placed = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const canceled = t.sandbox.createOrder('brand1', { state: 'CANCELED' });
    const res = await admin
      .post('/api/shipments/order-check')
      .send({
        lookUp: true,
        rows: [
          { orderId: placed.id, trackingNumber: tracking() },
          { orderId: canceled.id.replace('bo_', '').toUpperCase(), trackingNumber: tracking() },
          { orderId: 'bo_nosuchorder9', trackingNumber: tracking() },
        ],
      })
      .expect(200);
    const [found, closed, missing] = res.body.rows;
    expect(found).toMatchObject({
      known: true,
      checked: 'FOUND_ON_FAIRE',
      state: 'PROCESSING',
      warning: null,
    });
    expect(closed).toMatchObject({ known: true, checked: 'FOUND_ON_FAIRE', cannotSucceed: true });
    expect(closed.warning).toContain('canceled');
    expect(missing).toMatchObject({ known: false, checked: 'NOT_ON_FAIRE', cannotSucceed: true });
    expect(missing.warning).toContain('Faire has no such order');
    // What was found is stored like a synced order: the next check needs no Faire call.
    const again = await admin
      .post('/api/shipments/order-check')
      .send({ rows: [{ orderId: placed.id, trackingNumber: tracking() }] })
      .expect(200);
    expect(again.body.rows[0]).toMatchObject({ checked: 'STORED', known: true });
    // Another company's lookUp never finds this brand's orders.
    const foreign = await other
      .post('/api/shipments/order-check')
      .send({ lookUp: true, rows: [{ orderId: placed.id, trackingNumber: tracking() }] })
      .expect(200);
    expect(foreign.body.rows[0]).toMatchObject({ known: false, checked: 'NOT_ON_FAIRE' });
  }, 60_000);
});
