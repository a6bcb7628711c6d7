import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { randomBytes } from 'node:crypto';
import { csv, today, tracking, upload, waitForTerminal } from './helpers/shipments.js';
import type { TestAgent } from './helpers/test-app.js';
import {
  displayOf,
  labelOf,
  onFaire,
  releaseNow,
  SS_KEY,
  SS_SECRET,
  startSourcesApp,
  useShipStationCompany,
  waitFor,
  type SourcesApp,
} from './helpers/sources.js';

/** A Faire order id no order has yet (the sandbox can create an order with it later). */
function freshOrderId(): string {
  return `bo_${randomBytes(5).toString('hex')}`;
}

/** The label's row once decided (not WAITING), with what decided it. */
async function decided(s: SourcesApp, code: string) {
  return waitFor(`the label ${code} decided`, async () => {
    const { rows } = await s.t.db.query<{ state: string; reason: string | null; reason_text: string | null }>(
      "SELECT state, reason, reason_text FROM source_labels WHERE tracking_number = $1 AND state <> 'WAITING'",
      [code],
    );
    return rows[0];
  });
}

async function attentionCodes(agent: TestAgent): Promise<string[]> {
  const res = await agent.get('/api/integrations/attention').expect(200);
  return (res.body.items as { trackingNumber: string; reasonText: string }[]).map((i) => i.trackingNumber);
}

/**
 * A brand's first day with ShipStation (issue 33): orders synced when Faire and ShipStation are
 * connected, a label for an order the portal has not synced looked up on Faire and sent, held labels
 * decided again when the orders change, a void that always wins the hold, and labels printed before
 * the connection offered to a person, never sent by themselves.
 */
describe('ShipStation on a brand’s first day', () => {
  const { s, co } = useShipStationCompany('first-day@brand.test');

  async function print(orderNumber: string, code: string) {
    s.ss.control.printLabels([{ orderNumber, trackingNumber: code, carrierCode: 'ups', shipmentCost: 5.55 }]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
  }

  it('syncs the company’s orders when Faire and ShipStation are connected, with no visit or click', async () => {
    await waitFor('the first sync done', async () => {
      const { rows } = await s.t.db.query(
        'SELECT 1 FROM order_sync_state WHERE company_id = $1 AND last_success_at IS NOT NULL',
        [co.companyId],
      );
      return rows.length > 0;
    });
    const { rows } = await s.t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM orders WHERE company_id = $1',
      [co.companyId],
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('a label for an order placed since the last sync is looked up on Faire and sent, no click', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('FD');
    await print(displayOf(order), code);
    const stored = () => s.t.db.query('SELECT 1 FROM orders WHERE faire_order_id = $1', [order.id]);
    expect((await stored()).rows).toHaveLength(0);
    const outcome = await releaseNow(s, co.connectionId);
    expect(outcome.sent).toBe(1);
    expect((await stored()).rows).toHaveLength(1);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'SENT' });
  });

  it('a label held for an order Faire does not have yet is sent once the order exists and is synced', async () => {
    const id = freshOrderId();
    const code = tracking('FD');
    await print(id.slice(3).toUpperCase(), code);
    await releaseNow(s, co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'NO_MATCH' });
    expect(await attentionCodes(co.agent)).toContain(code);
    s.t.sandbox.createOrder('brand1', { id, state: 'PROCESSING' });
    await co.agent.post('/api/orders/refresh').expect(200);
    await s.sync.tick();
    await waitFor('the held label sent', async () => (await labelOf(s.t, code))?.state === 'SENT');
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    expect(await attentionCodes(co.agent)).not.toContain(code);
  });

  it('a label decided while a sync was storing its order is decided again once the sync ends', async () => {
    const id = freshOrderId();
    const code = tracking('FD');
    await print(id.slice(3).toUpperCase(), code);
    await releaseNow(s, co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'NO_MATCH' });
    s.t.sandbox.createOrder('brand1', { id, state: 'PROCESSING' });
    await co.agent.post('/api/orders/refresh').expect(200);
    // As if the order's write had begun before the decision read its facts and committed after: the
    // order's own stamp is older than the decision; only the sync's mark, taken after it committed, is not.
    await s.t.db.query(
      `UPDATE orders SET fetched_at = (SELECT decided_at - interval '1 millisecond' FROM source_labels WHERE tracking_number = $2)
        WHERE company_id = $1`,
      [co.companyId, code],
    );
    await s.sync.tick();
    await waitFor('the held label sent', async () => (await labelOf(s.t, code))?.state === 'SENT');
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
  });

  it('a label a poll holds while its release runs is decided once let go, not left for the next tick', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('FD');
    await print(displayOf(order), code);
    // Another statement (a poll storing the label again) holds its row for a moment.
    const holder = await s.t.db.connect();
    await s.t.db.query(`UPDATE source_labels SET due_at = now() WHERE tracking_number = $1`, [code]);
    await holder.query('BEGIN');
    await holder.query('SELECT 1 FROM source_labels WHERE tracking_number = $1 FOR UPDATE', [code]);
    const outcome = s.release.releaseDue(co.connectionId);
    await new Promise((r) => setTimeout(r, 500));
    await holder.query('COMMIT');
    holder.release();
    expect((await outcome).sent).toBe(1);
    await waitForTerminal(s.t, co.companyId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'SENT' });
    expect(onFaire(s.t, code)).toBe(1);
  });

  it('a label held for a NEW order leaves Needs attention once a file shipped its tracking number', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'NEW' });
    await co.agent.post('/api/orders/refresh').expect(200);
    const code = tracking('FD');
    await print(displayOf(order), code);
    await releaseNow(s, co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'NEW_ORDER' });

    await upload(co.agent, csv([[order.id, code, 'UPS', today(), '5.55']])).expect(200);
    await waitForTerminal(s.t, co.companyId);
    await s.sync.tick();
    await waitFor('the label decided again', async () => (await labelOf(s.t, code))?.state !== 'HELD');
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'ALREADY_ON_FAIRE' });
    expect(onFaire(s.t, code)).toBe(1);
    expect(await attentionCodes(co.agent)).not.toContain(code);
  });

  it('a label voided inside its hold is never sent, and no alert says it was', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('FD');
    const printed = s.ss.control.printLabels([
      { orderNumber: displayOf(order), trackingNumber: code, carrierCode: 'ups', shipmentCost: 5.55 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    // Voided 30 s before the hold ends: voiding sends no webhook, and no poll ran since.
    s.ss.control.voidLabel(printed.shipments[0]!.shipmentId);
    expect(s.ss.control.deliveries().filter((d) => d.event === 'SHIP_NOTIFY').length).toBeGreaterThan(0);
    const outcome = await releaseNow(s, co.connectionId);
    expect(outcome.sent).toBe(0);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'VOIDED', voided: true });
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(0);
    const list = await co.agent.get('/api/integrations').expect(200);
    const conn = list.body.connections.find((c: { id: string }) => c.id === co.connectionId);
    expect(conn.alerts.map((a: { trackingNumber: string }) => a.trackingNumber)).not.toContain(code);
  });

  it('a label voided two hours after it was sent raises the alert through the poll of voids', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('FD');
    const printed = s.ss.control.printLabels([
      { orderNumber: displayOf(order), trackingNumber: code, carrierCode: 'ups', shipmentCost: 5.55 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    // Newer labels move the poll's mark on; the void comes two hours later, with no webhook.
    s.ss.control.advanceClock(2 * 3_600_000);
    try {
      s.ss.control.voidLabel(printed.shipments[0]!.shipmentId);
      await s.sync.poll(co.connectionId);
    } finally {
      s.ss.control.advanceClock(-2 * 3_600_000);
    }
    const { rows } = await s.t.db.query('SELECT state, alert FROM source_labels WHERE tracking_number = $1', [
      code,
    ]);
    expect(rows[0]).toEqual({ state: 'SENT', alert: 'VOIDED_AFTER_SEND' });
  });

  it('matches a label through a custom field of its ShipStation order, read once per order', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('CF');
    const printed = s.ss.control.printLabels([
      {
        orderNumber: `M-${Date.now()}`,
        customField1: displayOf(order),
        trackingNumber: code,
        carrierCode: 'ups',
        shipmentCost: 5.55,
      },
    ]);
    // As ShipStation answers it: the shipment carries no custom field, its order does.
    expect(JSON.stringify(printed.shipments[0])).not.toContain(displayOf(order));
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    s.ss.control.clearCalls();
    const outcome = await releaseNow(s, co.connectionId);
    expect(outcome.sent).toBe(1);
    expect(s.ss.control.calls().byEndpoint).toMatchObject({ 'GET /orders/{orderId}': 1 });
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    const { rows } = await s.t.db.query(
      "SELECT order_refs->>'customField1' AS cf1, refs_read_at IS NOT NULL AS read FROM source_labels WHERE tracking_number = $1",
      [code],
    );
    expect(rows[0]).toEqual({ cf1: displayOf(order), read: true });
  });

  it('a delivery ShipStation refuses is kept with the refusal and costs one call', async () => {
    const token = await hookToken(s);
    s.ss.control.setFaults({ next400: 1 });
    s.ss.control.clearCalls();
    await s.t
      .agent()
      .post(`/api/hooks/shipstation/${token}`)
      .unset('X-Requested-With')
      .send({
        resource_url:
          'https://ssapi11.shipstation.com/shipments?storeID=310001&batchId=424242&includeShipmentItems=False',
        resource_type: 'SHIP_NOTIFY',
      })
      .expect(200);
    // Read by the worker's job (the hook queued it); then the tick finds nothing more to read.
    await waitFor('the delivery read', async () => {
      const { rows } = await s.t.db.query(
        "SELECT 1 FROM source_events WHERE resource_url LIKE '%batchId=424242%' AND done_at IS NOT NULL",
      );
      return rows.length > 0;
    });
    await s.sync.tick();
    await new Promise((r) => setTimeout(r, 500));
    expect(s.ss.control.calls().total).toBe(1);
    const { rows } = await s.t.db.query(
      "SELECT refusal, done_at IS NOT NULL AS done FROM source_events WHERE resource_url LIKE '%batchId=424242%'",
    );
    expect(rows).toEqual([{ refusal: 'ShipStation refused the request (400)', done: true }]);
    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0]).toMatchObject({ status: 'CONNECTED', webhookProblem: null });
  });

  it('reads a webhook naming a numbered API host, and refuses one reaching back with its own query', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('FD');
    s.ss.control.setWebhookKnobs({ drop: 1 });
    let printed;
    try {
      printed = s.ss.control.printLabels([
        { orderNumber: displayOf(order), trackingNumber: code, carrierCode: 'ups', shipmentCost: 5.55 },
      ]);
      await s.ss.control.idle();
    } finally {
      s.ss.control.setWebhookKnobs({ drop: 0 });
    }
    const token = await hookToken(s);
    const real = new URL(printed.resourceUrl);
    const numbered = `https://ssapi7.shipstation.com${real.pathname}${real.search}`;
    await s.t
      .agent()
      .post(`/api/hooks/shipstation/${token}`)
      .unset('X-Requested-With')
      .send({ resource_url: numbered, resource_type: 'SHIP_NOTIFY' })
      .expect(200);
    await s.sync.readEvents(co.connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'WAITING' });

    const before = await s.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM source_labels');
    const forged = await s.t
      .agent()
      .post(`/api/hooks/shipstation/${token}`)
      .unset('X-Requested-With')
      .send({
        resource_url: 'https://ssapi4.shipstation.com/shipments?createDateStart=2000-01-01&pageSize=500',
        resource_type: 'SHIP_NOTIFY',
      })
      .expect(400);
    expect(forged.body.message).toMatch(/not on the ShipStation API/);
    await s.sync.readEvents(co.connectionId);
    const after = await s.t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM source_labels');
    expect(after.rows[0]!.n).toBe(before.rows[0]!.n);
  });
});

describe('labels printed before ShipStation was connected', () => {
  let s: SourcesApp;

  beforeAll(async () => {
    s = await startSourcesApp();
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('are offered as "Printed before you connected" and sent only when a person sends them', async () => {
    const a = await s.t.companyAdmin('before@brand.test', 'Before Co', SANDBOX_DEFAULTS.brand1Token);
    const order = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const shipped = s.t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    await a.agent.post('/api/orders/refresh').expect(200);
    const code = tracking('BC');
    const old = tracking('BC');
    const other = tracking('BC');
    // An hour before connecting: a label for an order still waiting, and one for an order that has
    // shipped since; eight days before: one more.
    s.ss.control.advanceClock(-3_600_000);
    s.ss.control.printLabels([
      { orderNumber: displayOf(order), trackingNumber: code, carrierCode: 'ups', shipmentCost: 5.55 },
      { orderNumber: displayOf(shipped), trackingNumber: other, carrierCode: 'ups', shipmentCost: 5.55 },
    ]);
    s.ss.control.advanceClock(-8 * 24 * 3_600_000 + 3_600_000);
    s.ss.control.printLabels([
      { orderNumber: displayOf(order), trackingNumber: old, carrierCode: 'ups', shipmentCost: 5.55 },
    ]);
    s.ss.control.advanceClock(8 * 24 * 3_600_000);
    await upload(a.agent, csv([[shipped.id, tracking('BX'), 'UPS', today(), '3.00']])).expect(200);
    await waitForTerminal(s.t, a.companyId);
    await a.agent.post('/api/orders/refresh').expect(200);

    const res = await a.agent
      .post('/api/integrations/shipstation')
      .send({ apiKey: SS_KEY, apiSecret: SS_SECRET })
      .expect(200);
    const connectionId = res.body.id as string;
    await s.sync.poll(connectionId);
    // Never sent by itself: not listed, nor counted, as waiting to be sent.
    const waiting = await a.agent.get('/api/integrations/waiting').expect(200);
    expect(waiting.body.items.map((i: { trackingNumber: string }) => i.trackingNumber)).not.toContain(code);
    const before = await a.agent.get('/api/integrations').expect(200);
    expect(before.body.connections[0].received).toMatchObject({ waiting: 0, nextSendAt: null });
    await releaseNow(s, connectionId);
    // Once decided it waits for a person; what it ignored, or was voided before the connection, is
    // counted nowhere (no screen shows it).
    const after = await a.agent.get('/api/integrations').expect(200);
    const { received } = after.body.connections[0];
    const { rows } = await s.t.db.query<{ all: number; unseen: number }>(
      `SELECT count(*)::int AS all,
              count(*) FILTER (WHERE state = 'IGNORED' OR (state = 'VOIDED' AND label_created_at < $2))::int AS unseen
         FROM source_labels WHERE connection_id = $1`,
      [connectionId, res.body.connectedAt],
    );
    expect(rows[0]!.unseen).toBeGreaterThan(0);
    expect(received).toMatchObject({ total: rows[0]!.all - rows[0]!.unseen, waiting: 0 });
    expect(received.held).toBeGreaterThanOrEqual(1);
    expect(await decided(s, code)).toMatchObject({
      state: 'HELD',
      reason: 'BEFORE_CONNECT',
      reason_text: 'Printed before you connected',
    });
    expect(await labelOf(s.t, other)).toMatchObject({ state: 'IGNORED' });
    // Eight days old: out of the 7-day window (not read at all, or read and ignored).
    expect((await labelOf(s.t, old))?.state ?? 'IGNORED').toBe('IGNORED');
    expect(onFaire(s.t, code)).toBe(0);
    const att = await a.agent.get('/api/integrations/attention').expect(200);
    const item = att.body.items.find((i: { trackingNumber: string }) => i.trackingNumber === code);
    expect(item.reasonText).toBe('Printed before you connected');
    expect(att.body.items.map((i: { trackingNumber: string }) => i.trackingNumber)).not.toContain(other);

    // Nothing sends it by itself: the orders synced again, a recheck, still held.
    await a.agent.post('/api/orders/refresh').expect(200);
    await s.sync.tick();
    await s.release.releaseDue(connectionId);
    expect(await labelOf(s.t, code)).toMatchObject({ state: 'HELD', reason: 'BEFORE_CONNECT' });

    await a.agent
      .post('/api/integrations/attention/send')
      .send({ ids: [item.id] })
      .expect(200);
    await waitForTerminal(s.t, a.companyId);
    expect(onFaire(s.t, code)).toBe(1);
  });
});

async function hookToken(s: SourcesApp): Promise<string> {
  const res = await fetch(`${s.ss.url}/webhooks`, {
    headers: { Authorization: `Basic ${Buffer.from(`${SS_KEY}:${SS_SECRET}`).toString('base64')}` },
  });
  const body = (await res.json()) as { webhooks: { Url: string }[] };
  const url = body.webhooks.map((w) => w.Url).find((u) => u.includes('/api/hooks/shipstation/'))!;
  return url.split('/').pop()!;
}
