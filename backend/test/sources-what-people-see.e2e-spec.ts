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
  waitFor,
} from './helpers/sources.js';

interface ConnectionBody {
  id: string;
  status: string;
  sentToday: number;
  arrivedToday: number;
  acceptNewOrders: boolean;
  received: { total: number; waiting: number; nextSendAt: string | null };
  alerts: { trackingNumber: string }[];
}

/**
 * What people see of their sources is true (issue 34): items shown at once while they wait, sent now or
 * not sent by a person, "Hold for review" at once, one count per Faire shipment, $0 as no cost, a share
 * of the subtotal once per order, notices and settings that outlive a disconnect, roles in the log.
 */
describe('what people see of ShipStation', () => {
  const { s, co } = useShipStationCompany('see@brand.test');

  // This suite is about what is shown, not ShipStation's 40 calls a minute (sources-shipstation tests those).
  beforeAll(() => s.ss.control.setFaults({ rateLimitPerMinute: 1000 }));

  async function connection(): Promise<ConnectionBody> {
    const res = await co.agent.get('/api/integrations').expect(200);
    return (res.body.connections as ConnectionBody[]).find((c) => c.id === co.connectionId)!;
  }

  async function print(orderNumber: string, code: string, shipmentCost = 5.55) {
    s.ss.control.printLabels([{ orderNumber, trackingNumber: code, carrierCode: 'ups', shipmentCost }]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
  }

  async function patch(body: Record<string, unknown>) {
    await co.agent.patch(`/api/integrations/${co.connectionId}`).send(body).expect(200);
  }

  it('shows a label at once while it waits, with when it goes; "Send now" sends it, "Don\'t send" does not', async () => {
    const [a, b] = await processingOrders(s, co.agent, 2);
    const [now, never] = [tracking('WN'), tracking('WD')];
    await print(displayOf(a!), now);
    await print(displayOf(b!), never);
    const waiting = await co.agent.get('/api/integrations/waiting').expect(200);
    const items = waiting.body.items as {
      id: string;
      trackingNumber: string;
      sendAt: string;
      itemWord: string;
    }[];
    const first = items.find((i) => i.trackingNumber === now)!;
    const second = items.find((i) => i.trackingNumber === never)!;
    expect(first).toMatchObject({ source: 'SHIPSTATION', sourceName: 'ShipStation', itemWord: 'label' });
    // The grace in this app is 10 minutes: it goes about then.
    expect(new Date(first.sendAt).getTime() - Date.now()).toBeGreaterThan(8 * 60_000);
    const card = await connection();
    expect(card.received.waiting).toBeGreaterThanOrEqual(2);
    expect(card.received.nextSendAt).toEqual(expect.any(String));

    const sent = await co.agent
      .post('/api/integrations/waiting/send')
      .send({ ids: [first.id] })
      .expect(200);
    expect(sent.body).toMatchObject({ sent: 1, alreadyOnFaire: 0, voided: 0 });
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, now)).toBe(1);

    const kept = await co.agent
      .post('/api/integrations/waiting/dismiss')
      .send({ ids: [second.id] })
      .expect(200);
    expect(kept.body).toEqual({ dismissed: 1 });
    await releaseNow(s, co.connectionId);
    expect(await labelOf(s.t, never)).toMatchObject({ state: 'DISMISSED' });
    expect(onFaire(s.t, never)).toBe(0);
  });

  it('"Hold for review" puts a label in Needs attention at once, with the cost its rule gives', async () => {
    await patch({ mode: 'REVIEW' });
    try {
      const [order] = await processingOrders(s, co.agent, 1);
      const code = tracking('RV');
      await print(displayOf(order!), code, 4.2);
      // No grace in review mode: decided as soon as it is read.
      await waitFor('the label held for review', async () => (await labelOf(s.t, code))?.state === 'HELD');
      const att = await co.agent.get('/api/integrations/attention').expect(200);
      const item = att.body.items.find((i: { trackingNumber: string }) => i.trackingNumber === code);
      expect(item).toMatchObject({ reason: 'REVIEW', cost: 420, ruleCost: 420 });
    } finally {
      await patch({ mode: 'AUTO' });
    }
  });

  it('counts each Faire shipment once: a label for a tracking number a file sent is "already on Faire"', async () => {
    const before = await connection();
    const [a, b] = await processingOrders(s, co.agent, 2);
    const [own, dup] = [tracking('CT'), tracking('CD')];
    await upload(co.agent, csv([[b!.id, dup, 'UPS', today(), '3.00']])).expect(200);
    await waitForTerminal(s.t, co.companyId);
    await print(displayOf(a!), own);
    await print(displayOf(b!), dup);
    const outcome = await releaseNow(s, co.connectionId);
    expect(outcome).toMatchObject({ sent: 1, alreadyOnFaire: 1 });
    await waitForTerminal(s.t, co.companyId);
    expect(await labelOf(s.t, dup)).toMatchObject({ state: 'ALREADY_ON_FAIRE' });
    const after = await connection();
    expect(after.sentToday - before.sentToday).toBe(1);
    expect(after.arrivedToday - before.arrivedToday).toBe(1);
    expect(onFaire(s.t, dup)).toBe(1);
  });

  it('a label sent by a person counts as sent today, not as arrived on its own', async () => {
    await patch({ mode: 'REVIEW' });
    try {
      const before = await connection();
      const [order] = await processingOrders(s, co.agent, 1);
      const code = tracking('PS');
      await print(displayOf(order!), code);
      await waitFor('held', async () => (await labelOf(s.t, code))?.state === 'HELD');
      const item = (await labelOf(s.t, code))!;
      const sent = await co.agent
        .post('/api/integrations/attention/send')
        .send({ ids: [item.id] })
        .expect(200);
      expect(sent.body).toMatchObject({ sent: 1, alreadyOnFaire: 0 });
      await waitForTerminal(s.t, co.companyId);
      const after = await connection();
      expect(after.sentToday - before.sentToday).toBe(1);
      expect(after.arrivedToday - before.arrivedToday).toBe(0);
    } finally {
      await patch({ mode: 'AUTO' });
    }
  });

  it('a label cost of $0 waits as no cost, unless the company chose to send $0', async () => {
    const [a, b] = await processingOrders(s, co.agent, 2);
    const [zero, allowed] = [tracking('Z0'), tracking('Z1')];
    await print(displayOf(a!), zero, 0);
    await releaseNow(s, co.connectionId);
    expect(await labelOf(s.t, zero)).toMatchObject({ state: 'HELD', reason: 'NO_COST' });
    const { rows } = await s.t.db.query('SELECT reason_text FROM source_labels WHERE tracking_number = $1', [
      zero,
    ]);
    expect(rows[0]).toEqual({ reason_text: 'No cost on the label' });
    await patch({ sendZeroCost: true });
    try {
      await print(displayOf(b!), allowed, 0);
      await releaseNow(s, co.connectionId);
      await waitForTerminal(s.t, co.companyId);
      expect(onFaire(s.t, allowed)).toBe(1);
      const cost = await s.t.db.query(
        'SELECT shipping_cost_cents FROM shipments WHERE tracking_number = $1',
        [allowed],
      );
      expect(cost.rows[0]).toEqual({ shipping_cost_cents: 0 });
    } finally {
      await patch({ sendZeroCost: false });
    }
  });

  it('a share of the subtotal goes with the first label of an order only', async () => {
    await patch({ costRule: { kind: 'SHARE', percent: 10, minCents: 100 } });
    try {
      const [order] = await processingOrders(s, co.agent, 1);
      const [box1, box2] = [tracking('SH'), tracking('SH')];
      // No cost on the labels: the rule decides.
      await print(displayOf(order!), box1, 0);
      await print(displayOf(order!), box2, 0);
      await releaseNow(s, co.connectionId);
      await waitForTerminal(s.t, co.companyId);
      const { rows } = await s.t.db.query<{ tracking_number: string; shipping_cost_cents: number }>(
        'SELECT tracking_number, shipping_cost_cents FROM shipments WHERE tracking_number = ANY($1) ORDER BY tracking_number',
        [[box1, box2]],
      );
      const costs = rows.map((r) => r.shipping_cost_cents).sort((x, y) => y - x);
      expect(costs[0]).toBeGreaterThanOrEqual(100);
      expect(costs[1]).toBe(0);
    } finally {
      await patch({ costRule: { kind: 'LABEL' } });
    }
  });

  it('keeps a "fix it on Faire" notice and the settings through a disconnect; reconnecting resumes', async () => {
    await patch({ acceptNewOrders: true });
    const [order] = await processingOrders(s, co.agent, 1);
    const code = tracking('VD');
    const printed = s.ss.control.printLabels([
      { orderNumber: displayOf(order!), trackingNumber: code, carrierCode: 'ups', shipmentCost: 5.55 },
    ]);
    await s.ss.control.idle();
    await waitFor('the label', () => labelOf(s.t, code));
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    s.ss.control.voidLabel(printed.shipments[0]!.shipmentId);
    await s.sync.poll(co.connectionId);
    expect((await connection()).alerts.map((a) => a.trackingNumber)).toContain(code);

    await co.agent.delete(`/api/integrations/${co.connectionId}`).expect(200);
    const gone = await connection();
    expect(gone).toMatchObject({ status: 'DISCONNECTED', acceptNewOrders: true });
    expect(gone.alerts.map((a) => a.trackingNumber)).toContain(code);
    const att = await co.agent.get('/api/integrations/attention').expect(200);
    expect(att.body.items.map((i: { trackingNumber: string }) => i.trackingNumber)).toContain(code);

    const back = await co.agent
      .post('/api/integrations/shipstation')
      .send({ apiKey: SS_KEY, apiSecret: SS_SECRET })
      .expect(200);
    expect(back.body).toMatchObject({ id: co.connectionId, status: 'CONNECTED', acceptNewOrders: true });
    await patch({ acceptNewOrders: false });
  });

  it('records the role of every person in the activity log, and a source as the one that sent', async () => {
    const { rows } = await s.t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM activity
        WHERE company_id = $1 AND actor_user_id IS NOT NULL AND actor_role IS NULL`,
      [co.companyId],
    );
    expect(rows[0]!.n).toBe(0);
    const received = await s.t.db.query<{ actor_user_id: string | null; details: { source: string } }>(
      `SELECT actor_user_id, details FROM activity WHERE company_id = $1 AND action = 'sources.received'`,
      [co.companyId],
    );
    expect(received.rows.length).toBeGreaterThan(0);
    for (const r of received.rows) {
      expect(r.actor_user_id).toBeNull();
      expect(r.details.source).toBe('ShipStation');
    }
  });
});
