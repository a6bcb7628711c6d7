import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

describe('know before you send: the review asks what the last sync knows, in one call', () => {
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
    expect(unknown).toMatchObject({ known: false, cannotSucceed: true });
    expect(unknown.warning).toContain('Not among your Faire orders');
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
});
