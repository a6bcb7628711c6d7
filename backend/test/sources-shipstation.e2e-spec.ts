import { createServer, type Server } from 'node:http';
import { ShipStationClient } from '../src/modules/sources/index.js';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import {
  displayOf,
  labelOf,
  onFaire,
  processingOrders,
  releaseNow,
  SS_KEY,
  SS_SECRET,
  useShipStationCompany,
  type SourcesApp,
  waitFor,
} from './helpers/sources.js';

/**
 * ShipStation labels become Faire shipments without a file (issue 23): connect, webhooks, the poll,
 * grace and voids, "Needs attention", the same label from a file, and a resource elsewhere.
 */
describe('ShipStation connector', () => {
  const { s, co } = useShipStationCompany('ss-admin@brand.test');

  afterEach(() => {
    s.ss.control.setWebhookKnobs({ duplicate: 0, drop: 0, delayMs: 0, reorder: false });
    s.ss.control.setFaults({ status429: 0, status5xx: 0, next429: 0, next5xx: 0 });
    s.ss.control.revoke(false);
  });

  it('connects with a probe: a wrong pair is a 400 with a message, a member 403, the admin sees it listed', async () => {
    const other = await s.t.companyAdmin('ss-wrong@brand.test', 'Wrong pair');
    const wrong = await other.agent
      .post('/api/integrations/shipstation')
      .send({ apiKey: SS_KEY, apiSecret: 'not_the_secret' })
      .expect(400);
    expect(wrong.body.message).toMatch(/ShipStation refused this API key and secret/);
    const none = await other.agent.get('/api/integrations').expect(200);
    expect(none.body).toEqual({ connections: [], available: ['SHIPSTATION', 'SHOPIFY'] });

    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.available).toEqual(['SHIPSTATION', 'SHOPIFY']);
    expect(list.body.connections).toHaveLength(1);
    const c = list.body.connections[0];
    expect(c).toMatchObject({ kind: 'SHIPSTATION', status: 'CONNECTED', mode: 'AUTO', canManage: true });
    expect(JSON.stringify(list.body)).not.toContain(SS_SECRET);
    // Both events subscribed to this connection's own URL.
    const { rows } = await s.t.db.query<{ webhook_ids: string[] }>(
      'SELECT webhook_ids FROM source_connections WHERE id = $1',
      [co.connectionId],
    );
    expect(rows[0]!.webhook_ids).toHaveLength(2);
    const stored = await s.t.db.query<{ c: string }>(
      'SELECT credentials_ciphertext AS c FROM source_connections',
    );
    for (const r of stored.rows) expect(r.c).not.toContain(SS_SECRET);

    // A member reads it and cannot change it.
    const inv = await co.agent.post('/api/team/invite').send({ email: 'ss-member@brand.test' }).expect(200);
    const { rows: mail } = await s.t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'ss-member@brand.test'",
    );
    const member = await s.t.signIn('ss-member@brand.test');
    await member
      .post('/api/team/accept-invite')
      .send({ token: new URL(mail[0]!.link).searchParams.get('token') })
      .expect(200);
    expect(inv.body.id).toBeTruthy();
    const seen = await member.get('/api/integrations').expect(200);
    expect(seen.body.connections[0]).toMatchObject({ status: 'CONNECTED', canManage: false });
    await member
      .post('/api/integrations/shipstation')
      .send({ apiKey: SS_KEY, apiSecret: SS_SECRET })
      .expect(403);
    await member.patch(`/api/integrations/${co.connectionId}`).send({ paused: true }).expect(403);
  });

  it('a printed label reaches Faire once, marked as from ShipStation, even when its webhook is duplicated', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('SS');
    s.ss.control.setWebhookKnobs({ duplicate: 2 });
    s.ss.control.printLabels([
      {
        orderNumber: `#${displayOf(order!)}`,
        trackingNumber: code,
        carrierCode: 'ups_walleted',
        shipmentCost: 4.2,
        insuranceCost: 1,
      },
    ]);
    await s.ss.control.idle();
    await waitFor('the label from the webhook', () => labelOf(s.t, code));
    const outcome = await releaseNow(s, co.connectionId);
    expect(outcome.sent).toBe(1);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    const hist = await co.agent.get('/api/shipments?source=SHIPSTATION').expect(200);
    const row = hist.body.shipments.find((x: { trackingNumber: string }) => x.trackingNumber === code);
    expect(row).toMatchObject({
      source: 'SHIPSTATION',
      sourceName: 'ShipStation',
      shippingCost: 520,
      carrier: 'UPS',
    });
    expect(row.status).toBe('SUCCESS');
    const uploads = await co.agent.get('/api/shipments?source=UPLOAD').expect(200);
    expect(uploads.body.shipments.some((x: { trackingNumber: string }) => x.trackingNumber === code)).toBe(
      false,
    );
    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0].sentToday).toBeGreaterThanOrEqual(1);
    expect(list.body.connections[0].lastSyncAt).not.toBeNull();
  });

  it('a dropped webhook is caught by the poll', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('SS');
    s.ss.control.setWebhookKnobs({ drop: 1 });
    s.ss.control.printLabels([
      { orderNumber: displayOf(order!), trackingNumber: code, carrierCode: 'ups', shipmentCost: 3 },
    ]);
    await s.ss.control.idle();
    expect(await labelOf(s.t, code)).toBeUndefined();
    await s.sync.poll(co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'WAITING' });
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
  });

  it('a label voided inside its grace period is never sent', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('SS');
    const printed = s.ss.control.printLabels([
      { orderNumber: displayOf(order!), trackingNumber: code, carrierCode: 'ups', shipmentCost: 3 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    s.ss.control.voidLabel(Number(printed.shipments[0]!.shipmentId));
    // Voiding fires no webhook: the poll sees it.
    await s.sync.poll(co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'VOIDED', voided: true });
    const outcome = await releaseNow(s, co.connectionId);
    expect(outcome.sent).toBe(0);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(0);
    const { rows } = await s.t.db.query('SELECT 1 FROM shipments WHERE tracking_number = $1', [code]);
    expect(rows).toHaveLength(0);
  });

  it('a label voided after it was sent raises an alert with a link to the order', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('SS');
    const printed = s.ss.control.printLabels([
      { orderNumber: displayOf(order!), trackingNumber: code, carrierCode: 'ups', shipmentCost: 3 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    s.ss.control.voidLabel(Number(printed.shipments[0]!.shipmentId));
    await s.sync.poll(co.connectionId);
    const list = await co.agent.get('/api/integrations').expect(200);
    const alert = list.body.connections[0].alerts.find(
      (a: { trackingNumber: string }) => a.trackingNumber === code,
    );
    expect(alert).toMatchObject({ kind: 'VOIDED_AFTER_SEND', orderId: order!.id });
    expect(alert.orderUrl).toContain(order!.id);
    const att = await co.agent.get('/api/integrations/attention').expect(200);
    const item = att.body.items.find((i: { trackingNumber: string }) => i.trackingNumber === code);
    expect(item).toMatchObject({ kind: 'ALERT', reason: 'VOIDED_AFTER_SEND' });
    await co.agent
      .post('/api/integrations/attention/dismiss')
      .send({ ids: [item.id] })
      .expect(200);
    const after = await co.agent.get('/api/integrations').expect(200);
    expect(after.body.connections[0].alerts).toHaveLength(0);
  });

  it('an unmatched label waits with the reason, the admin picks the order, and it is sent', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('SS');
    s.ss.control.printLabels([
      { orderNumber: 'M-1099', trackingNumber: code, carrierCode: 'ups', shipmentCost: 6.5 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    await releaseNow(s, co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'NO_MATCH' });
    const att = await co.agent.get('/api/integrations/attention').expect(200);
    const item = att.body.items.find((i: { trackingNumber: string }) => i.trackingNumber === code);
    expect(item).toMatchObject({
      kind: 'HELD',
      reason: 'NO_MATCH',
      sourceRef: 'M-1099',
      cost: 650,
      currency: 'USD',
    });
    expect(item.reasonText).toMatch(/No Faire order found/);
    expect(onFaire(s.t, code)).toBe(0);
    await co.agent
      .post('/api/integrations/attention/send')
      .send({ ids: [item.id], orderId: 'QQQQQQQQQQ' })
      .expect(400);
    const sent = await co.agent
      .post('/api/integrations/attention/send')
      .send({ ids: [item.id], orderId: `#${displayOf(order!)}` })
      .expect(200);
    expect(sent.body).toMatchObject({ sent: 1, held: 0 });
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
  });

  it('the same tracking number from a file and from ShipStation is one Faire shipment with two sources', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('SS');
    await upload(co.agent, csv([[order!.id, code, 'UPS', today(), '4.20']])).expect(200);
    await waitForTerminal(s.t, co.companyId);
    s.ss.control.printLabels([
      {
        orderNumber: displayOf(order!),
        trackingNumber: code.toLowerCase(),
        carrierCode: 'ups',
        shipmentCost: 4.2,
      },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code.toLowerCase()));
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    const { rows } = await s.t.db.query('SELECT id FROM shipments WHERE tracking_number = $1', [code]);
    expect(rows).toHaveLength(1);
    const hist = await co.agent.get('/api/shipments?source=SHIPSTATION').expect(200);
    const row = hist.body.shipments.find((x: { trackingNumber: string }) => x.trackingNumber === code);
    expect(row).toMatchObject({ source: 'UPLOAD', sources: ['UPLOAD', 'SHIPSTATION'] });
  });

  it('refuses a delivery whose resource_url points elsewhere, without a request to it', async () => {
    let hits = 0;
    const elsewhere: Server = createServer((_req, res) => {
      hits += 1;
      res.end('{}');
    });
    await new Promise<void>((r) => elsewhere.listen(0, '127.0.0.1', r));
    const port = (elsewhere.address() as { port: number }).port;
    try {
      const token = await hookToken(s);
      const res = await s.t
        .agent()
        .post(`/api/hooks/shipstation/${token}`)
        .unset('X-Requested-With')
        .send({ resource_url: `http://127.0.0.1:${port}/shipments?batchId=1`, resource_type: 'SHIP_NOTIFY' })
        .expect(400);
      expect(res.body.message).toMatch(/not on the ShipStation API/);
      await s.sync.readEvents(co.connectionId);
      expect(hits).toBe(0);
    } finally {
      await new Promise<void>((r) => elsewhere.close(() => r()));
    }
  });

  it('a 429 storm and a revoked key end in "failing" with the reason, and nothing is lost', async () => {
    const orders = await processingOrders(s, co.agent, 2);
    const codes = [tracking('SS'), tracking('SS')];
    s.ss.control.setWebhookKnobs({ drop: 1 });
    s.ss.control.printLabels(
      orders.map((o, i) => ({
        orderNumber: displayOf(o),
        trackingNumber: codes[i]!,
        carrierCode: 'ups',
        shipmentCost: 2,
      })),
    );
    s.ss.control.setFaults({ status429: 1 });
    for (let i = 0; i < 3; i++) {
      await expect(s.sync.poll(co.connectionId)).rejects.toThrow(/429|limiting|budget/);
    }
    let list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0]).toMatchObject({ status: 'FAILING' });
    expect(list.body.connections[0].statusReason).toMatch(/limiting requests|rate budget/);
    s.ss.control.setFaults({ status429: 0 });
    s.ss.control.revoke(true);
    // A minute later: a fresh window on both sides (the sandbox's clock, and the budget this process kept).
    s.ss.control.advanceClock(61_000);
    s.t.app.get(ShipStationClient).forget(co.connectionId);
    await expect(s.sync.poll(co.connectionId)).rejects.toThrow(/refused the API key/);
    list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0]).toMatchObject({ status: 'FAILING' });
    expect(list.body.connections[0].statusReason).toMatch(/refused the API key and secret/);
    s.ss.control.revoke(false);
    await s.sync.poll(co.connectionId);
    list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0]).toMatchObject({ status: 'CONNECTED', statusReason: null });
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    for (const code of codes) expect(onFaire(s.t, code)).toBe(1);
  });
});

/** A webhook token of the company's connection: the one its subscriptions in the sandbox carry. */
async function hookToken(s: SourcesApp): Promise<string> {
  const res = await fetch(`${s.ss.url}/webhooks`, {
    headers: { Authorization: `Basic ${Buffer.from(`${SS_KEY}:${SS_SECRET}`).toString('base64')}` },
  });
  const body = (await res.json()) as { webhooks: { Url: string }[] };
  const url = body.webhooks.map((w) => w.Url).find((u) => u.includes('/api/hooks/shipstation/'))!;
  return url.split('/').pop()!;
}
