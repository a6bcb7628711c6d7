import {
  displayOf,
  labelOf,
  onFaire,
  processingOrders,
  releaseNow,
  SS_KEY,
  SS_SECRET,
  useShipStationCompany,
  waitFor,
} from './helpers/sources.js';
import { tracking, waitForTerminal } from './helpers/shipments.js';

/**
 * What decides a label (decision 0035): Faire's state of the order, the cost and its currency, the
 * carrier, the mode, fulfilments marked shipped without a webhook, and a pause.
 */
describe('ShipStation label decisions', () => {
  const { s, co } = useShipStationCompany('ss-rules@brand.test');

  // About decisions, not ShipStation's 40 calls a minute (each release reads voids first; the
  // disconnect below unsubscribes both webhooks within the budget).
  beforeAll(() => s.ss.control.setFaults({ rateLimitPerMinute: 1000 }));

  afterEach(async () => {
    const live = await s.t.db.query(
      'SELECT 1 FROM source_connections WHERE id = $1 AND disconnected_at IS NULL',
      [co.connectionId],
    );
    if (!live.rowCount) return;
    await co.agent
      .patch(`/api/integrations/${co.connectionId}`)
      .send({
        paused: false,
        mode: 'AUTO',
        acceptNewOrders: false,
        currency: 'USD',
        costRule: { kind: 'LABEL' },
      })
      .expect(200);
  });

  /** Prints one label, lets the webhook be read, and decides it now. */
  async function printAndRelease(label: {
    orderNumber: string;
    trackingNumber: string;
    carrierCode?: string;
    shipmentCost?: number;
  }) {
    s.ss.control.printLabels([{ carrierCode: 'ups', shipmentCost: 3, ...label }]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, label.trackingNumber));
    return releaseNow(s, co.connectionId);
  }

  it('a NEW order waits unless new orders are accepted; then the label is sent and the order accepted', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'NEW' });
    await co.agent.post('/api/orders/refresh').expect(200);
    const code = tracking('SD');
    await printAndRelease({ orderNumber: displayOf(order), trackingNumber: code });
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'NEW_ORDER' });

    const second = s.t.sandbox.createOrder('brand1', { state: 'NEW' });
    await co.agent.post('/api/orders/refresh').expect(200);
    await co.agent.patch(`/api/integrations/${co.connectionId}`).send({ acceptNewOrders: true }).expect(200);
    const code2 = tracking('SD');
    await printAndRelease({ orderNumber: displayOf(second), trackingNumber: code2 });
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code2)).toBe(1);
    expect(onFaire(s.t, code)).toBe(0);
    expect(s.t.sandbox.listOrders('brand1').find((o) => o.id === second.id)?.state).not.toBe('NEW');
    // Two order syncs, two releases and a send: 3 s alone, past jest's 30 s with three lanes on two cores.
  }, 90_000);

  it('a canceled order is dropped with a note, never sent', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'CANCELED' });
    await co.agent.post('/api/orders/refresh').expect(200);
    const { rows } = await s.t.db.query('SELECT state FROM orders WHERE faire_order_id = $1', [order.id]);
    expect(rows[0]).toEqual({ state: 'CANCELED' });
    const code = tracking('SD');
    const outcome = await printAndRelease({ orderNumber: displayOf(order), trackingNumber: code });
    expect(outcome).toMatchObject({ sent: 0, dropped: 1 });
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'DROPPED', reason: 'ORDER_CLOSED' });
    expect(onFaire(s.t, code)).toBe(0);
  });

  it('a cost in another currency than the brand is held; the admin sets the cost and sends it', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    await co.agent.patch(`/api/integrations/${co.connectionId}`).send({ currency: 'CAD' }).expect(200);
    const code = tracking('SD');
    await printAndRelease({ orderNumber: displayOf(order!), trackingNumber: code, shipmentCost: 9 });
    const att = await co.agent.get('/api/integrations/attention').expect(200);
    const item = att.body.items.find((i: { trackingNumber: string }) => i.trackingNumber === code);
    expect(item).toMatchObject({ reason: 'CURRENCY_MISMATCH', currency: 'CAD', cost: 900 });
    expect(item.reasonText).toMatch(/CAD.*USD/);
    expect(item.candidates).toEqual([{ orderId: order!.id, displayId: `#${displayOf(order!)}` }]);
    await co.agent
      .post('/api/integrations/attention/send')
      .send({ ids: [item.id], cost: 675 })
      .expect(200);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    const { rows } = await s.t.db.query(
      'SELECT shipping_cost_cents FROM shipments WHERE tracking_number = $1',
      [code],
    );
    expect(rows[0]).toEqual({ shipping_cost_cents: 675 });
  });

  it('review mode holds everything; an order marked shipped without a webhook is found by the poll', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    await co.agent.patch(`/api/integrations/${co.connectionId}`).send({ mode: 'REVIEW' }).expect(200);
    const code = tracking('SD');
    await printAndRelease({ orderNumber: displayOf(order!), trackingNumber: code });
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'REVIEW' });

    await co.agent.patch(`/api/integrations/${co.connectionId}`).send({ mode: 'AUTO' }).expect(200);
    const [marked] = await processingOrders(s, co.agent, 1);
    const fcode = tracking('SD');
    s.ss.control.markShipped({ orderNumber: displayOf(marked!), trackingNumber: fcode, carrierCode: 'ups' });
    await s.sync.poll(co.connectionId);
    await releaseNow(s, co.connectionId);
    // A fulfilment has no label cost: under the LABEL rule it waits for one.
    expect(await labelOf(s.t, fcode)).toMatchObject({ state: 'HELD', reason: 'NO_COST' });
    await co.agent
      .patch(`/api/integrations/${co.connectionId}`)
      .send({ costRule: { kind: 'LABEL_OR_FLAT', flatCents: 500 } })
      .expect(200);
    const held = await labelOf(s.t, fcode);
    await co.agent
      .post('/api/integrations/attention/send')
      .send({ ids: [held!.id] })
      .expect(200);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, fcode)).toBe(1);
  });

  it('a paused connection reads nothing until it is resumed', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    await co.agent.patch(`/api/integrations/${co.connectionId}`).send({ paused: true }).expect(200);
    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0].status).toBe('PAUSED');
    const code = tracking('SD');
    s.ss.control.printLabels([
      { orderNumber: displayOf(order!), trackingNumber: code, carrierCode: 'ups', shipmentCost: 2 },
    ]);
    await s.ss.control.idle();
    expect(await s.sync.readEvents(co.connectionId)).toBe(0);
    expect(await labelOf(s.t, code)).toBeUndefined();
    await co.agent.patch(`/api/integrations/${co.connectionId}`).send({ paused: false }).expect(200);
    await s.sync.readEvents(co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'WAITING' });
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
  });

  it('refuses a carrier map naming something Faire does not know, and disconnects cleanly', async () => {
    const bad = await co.agent
      .patch(`/api/integrations/${co.connectionId}`)
      .send({ carrierMap: { my_courier: 'PIGEON' } })
      .expect(400);
    expect(bad.body.message).toMatch(/my_courier must map to a Faire carrier/);
    const other = await s.t.companyAdmin('ss-other@brand.test', 'Other');
    await other.agent.delete(`/api/integrations/${co.connectionId}`).expect(404);
    const auth = { Authorization: `Basic ${Buffer.from(`${SS_KEY}:${SS_SECRET}`).toString('base64')}` };
    const hooks = async () =>
      ((await (await fetch(`${s.ss.url}/webhooks`, { headers: auth })).json()) as { webhooks: unknown[] })
        .webhooks.length;
    const subscribed = await hooks();
    expect(subscribed).toBeGreaterThanOrEqual(2);
    await co.agent.delete(`/api/integrations/${co.connectionId}`).expect(200);
    expect(await hooks()).toBe(subscribed - 2);
    // Kept, disconnected and paused, its settings and alerts with it; nothing is read for it any more.
    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections).toHaveLength(1);
    expect(list.body.connections[0]).toMatchObject({ status: 'DISCONNECTED' });
    expect(list.body.connections[0].statusReason).toMatch(
      /^Disconnected in the portal by ss-rules@brand\.test/,
    );
    const { rows } = await s.t.db.query(
      'SELECT paused, credentials_ciphertext FROM source_connections WHERE id = $1',
      [co.connectionId],
    );
    expect(rows[0]).toEqual({ paused: true, credentials_ciphertext: '' });
    // Shipments already made stay, with their source.
    const hist = await co.agent.get('/api/shipments?source=SHIPSTATION').expect(200);
    expect(hist.body.total).toBeGreaterThan(0);
  });
});
