import { connectShop, faireOrderInShop, shopifyWorld, until, type ShopifyWorld } from './helpers/shopify.js';
import { tracking } from './helpers/shipments.js';

/**
 * The Shopify connector against the Shopify sandbox (decisions 0047-0049): a fulfilment of a Faire order
 * in Shopify becomes the Faire shipment through the one intake, once, however its webhook arrives or
 * does not; tokens expire and are renewed; a refused renewal loses nothing.
 */
describe('Shopify fulfilments become Faire shipments', () => {
  let w: ShopifyWorld;
  let connectionId: string;
  let n = 7100;

  beforeAll(async () => {
    w = await shopifyWorld({ SOURCE_POLL_INTERVAL_MS: '600000' });
    const to = await connectShop(w);
    expect(to).toMatch(/integration=shopify&outcome=connected/);
    const list = await w.admin.get('/api/integrations').expect(200);
    const conn = (list.body.connections as { id: string; kind: string; status: string }[]).find(
      (c) => c.kind === 'SHOPIFY',
    )!;
    expect(conn.status).toBe('CONNECTED');
    connectionId = conn.id;
    // Shopify gives no cost: a flat amount per shipment.
    await w.admin
      .patch(`/api/integrations/${connectionId}`)
      .send({ costRule: { kind: 'FLAT', flatCents: 850 } })
      .expect(200);
  });

  afterAll(async () => {
    await w?.close();
  });

  async function refreshOrders() {
    await w.admin.post('/api/orders/refresh').expect(200);
  }

  async function shipmentsOf(faireId: string) {
    const { rows } = await w.t.db.query<{
      tracking_number: string;
      status: string;
      source: string;
      cost: number;
    }>(
      `SELECT s.tracking_number, s.status, u.source, s.shipping_cost_cents AS cost
         FROM shipments s JOIN uploads u ON u.id = s.upload_id
        WHERE s.company_id = $1 AND s.order_id = $2`,
      [w.companyId, faireId],
    );
    return rows;
  }

  function onFaire(faireId: string): string[] {
    const order = w.t.sandbox.listOrders('brand1').find((o) => o.id === faireId);
    return (order?.shipments ?? []).map((s) => s.tracking_code);
  }

  it('stored the tokens sealed, and subscribed the fulfilment and uninstall webhooks', async () => {
    const { rows } = await w.t.db.query<{ credentials_ciphertext: string; webhook_ids: string[] }>(
      'SELECT credentials_ciphertext, webhook_ids FROM source_connections WHERE id = $1',
      [connectionId],
    );
    expect(rows[0]!.credentials_ciphertext).toMatch(/^v1\./);
    expect(rows[0]!.credentials_ciphertext).not.toMatch(/shpat|access/i);
    expect(rows[0]!.webhook_ids).toEqual([]);
    const topics = w.shopify.control
      .subscriptions()
      .map((s) => s.topic)
      .sort();
    expect(topics).toEqual(['app/uninstalled', 'fulfillments/create', 'fulfillments/update']);
  });

  it('a fulfilment with two tracking numbers becomes two Faire shipments, once each, even when its webhook comes three times', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await refreshOrders();
    w.shopify.control.setWebhookKnobs({ duplicate: 2 });
    const [a, b] = [tracking('SA'), tracking('SB')];
    w.shopify.control.fulfil({ orderName: name, trackingNumbers: [a, b], company: 'UPS' });
    await until('two shipments on Faire', async () => onFaire(faireId).length === 2);
    w.shopify.control.setWebhookKnobs({ duplicate: 0 });
    await w.shopify.control.idle();
    await new Promise((r) => setTimeout(r, 1000));
    expect(onFaire(faireId).sort()).toEqual([a, b].sort());
    const rows = await shipmentsOf(faireId);
    expect(rows).toHaveLength(2);
    // $8.50 a fulfilment, split across its two boxes.
    expect(rows.every((r) => r.source === 'SHOPIFY' && r.cost === 425)).toBe(true);
    const history = await w.admin.get('/api/shipments').expect(200);
    const items = history.body.shipments as {
      trackingNumber: string;
      source: string;
    }[];
    expect(items.filter((i) => [a, b].includes(i.trackingNumber)).map((i) => i.source)).toEqual([
      'SHOPIFY',
      'SHOPIFY',
    ]);
  });

  it('a fulfilment cancelled after it reached Faire raises an alert with the order', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await refreshOrders();
    const code = tracking('SC');
    const f = w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'UPS' });
    await until('the shipment on Faire', async () => onFaire(faireId).includes(code));
    await until('the row sent', async () => {
      const { rows } = await w.t.db.query(
        `SELECT 1 FROM source_labels WHERE tracking_number = $1 AND state = 'SENT'`,
        [code],
      );
      return rows.length > 0;
    });
    w.shopify.control.cancelFulfillment(f.legacyResourceId);
    const alert = await until('the alert', async () => {
      const list = await w.admin.get('/api/integrations').expect(200);
      const conns = list.body.connections as {
        id: string;
        alerts: { trackingNumber: string; text: string; orderId: string }[];
      }[];
      return conns.find((c) => c.id === connectionId)?.alerts.find((a) => a.trackingNumber === code);
    });
    expect(alert.text).toMatch(/Shopify fulfilment was cancelled after its tracking number reached Faire/);
    expect(alert.orderId).toBe(faireId);
    // Faire keeps the shipment (it cannot be removed), once.
    expect(onFaire(faireId).filter((c) => c === code)).toHaveLength(1);
  });

  it('an order named with its Faire display id is matched by its name', async () => {
    const { faireId, name } = faireOrderInShop(w, n++, true);
    await refreshOrders();
    const code = tracking('SN');
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'FedEx' });
    await until('the shipment on Faire', async () => onFaire(faireId).includes(code));
  });

  it('a fulfilment of an order that is not a Faire order is ignored', async () => {
    w.shopify.control.createOrder({ name: `#R${n++}`, tags: ['Retail'], sourceName: 'web' });
    const before = await w.t.db.query(
      'SELECT count(*)::int AS n FROM source_labels WHERE connection_id = $1',
      [connectionId],
    );
    const f = w.shopify.control.fulfil({
      orderName: `#R${n - 1}`,
      trackingNumber: tracking('SR'),
      company: 'UPS',
    });
    await until('the delivery read', async () => {
      const { rows } = await w.t.db.query(
        `SELECT 1 FROM shopify_webhooks WHERE webhook_id = ANY($1::text[]) AND done_at IS NOT NULL`,
        [f.webhookIds],
      );
      return rows.length > 0;
    });
    const after = await w.t.db.query(
      'SELECT count(*)::int AS n FROM source_labels WHERE connection_id = $1',
      [connectionId],
    );
    expect(after.rows[0].n).toBe(before.rows[0].n);
  });

  it('a dropped webhook is caught by the reconcile poll', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await refreshOrders();
    w.shopify.control.setWebhookKnobs({ drop: 1 });
    const code = tracking('SD');
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'USPS' });
    await new Promise((r) => setTimeout(r, 1500));
    expect(onFaire(faireId)).toEqual([]);
    w.shopify.control.setWebhookKnobs({ drop: 0 });
    // The poll is due (as 10 minutes later).
    await w.t.db.query('UPDATE source_connections SET last_poll_at = NULL WHERE id = $1', [connectionId]);
    await until('the shipment on Faire', async () => onFaire(faireId).includes(code));
    const calls = w.shopify.control.calls();
    expect(Object.keys(calls.byOperation).some((k) => /orders/.test(k))).toBe(true);
  });

  it('a THROTTLED answer waits for the query budget to refill, then the poll goes on', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await refreshOrders();
    w.shopify.control.setWebhookKnobs({ drop: 1 });
    const code = tracking('ST');
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'UPS' });
    const throttledBefore = w.shopify.control.calls().throttled;
    // An empty bucket refilling slowly: the poll's first page is refused THROTTLED.
    w.shopify.control.setThrottle({ maximumAvailable: 1000, restoreRate: 100, currentlyAvailable: 0 });
    await w.t.db.query('UPDATE source_connections SET last_poll_at = NULL WHERE id = $1', [connectionId]);
    await until('the shipment on Faire', async () => onFaire(faireId).includes(code), 60_000);
    expect(w.shopify.control.calls().throttled - throttledBefore).toBeGreaterThanOrEqual(1);
    w.shopify.control.setWebhookKnobs({ drop: 0 });
    w.shopify.control.setThrottle({ maximumAvailable: 2000, restoreRate: 1000 });
    const list = await w.admin.get('/api/integrations').expect(200);
    const conns = list.body.connections as { id: string; status: string }[];
    expect(conns.find((c) => c.id === connectionId)?.status).toBe('CONNECTED');
  });

  it('an expired token is renewed once and the work goes on', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await refreshOrders();
    const tokensBefore = w.shopify.control.calls().tokenRequests;
    w.shopify.control.setTokenKnobs({ expireNow: true });
    const code = tracking('SE');
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'UPS' });
    await until('the shipment on Faire', async () => onFaire(faireId).includes(code));
    expect(w.shopify.control.calls().tokenRequests - tokensBefore).toBe(1);
    const list = await w.admin.get('/api/integrations').expect(200);
    expect(list.body.connections.find((c: { id: string }) => c.id === connectionId).status).toBe('CONNECTED');
  });

  it('a refused renewal marks the connection failing with the reason, and loses nothing', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await refreshOrders();
    w.shopify.control.setTokenKnobs({ expireNow: true, refuseRefresh: true });
    const code = tracking('SF');
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'UPS' });
    const failing = await until('the connection failing', async () => {
      const list = await w.admin.get('/api/integrations').expect(200);
      const conns = list.body.connections as { id: string; status: string; statusReason: string | null }[];
      const c = conns.find((x) => x.id === connectionId);
      return c?.status === 'FAILING' ? c : null;
    });
    expect(failing.statusReason).toMatch(/Shopify refused to renew the access/);
    expect(onFaire(faireId)).toEqual([]);
    // The admin connects the shop again: the delivery kept waiting is read, and the shipment is made.
    w.shopify.control.setTokenKnobs({ refuseRefresh: false });
    await connectShop(w);
    await until('the shipment on Faire', async () => onFaire(faireId).includes(code));
    expect(await shipmentsOf(faireId)).toHaveLength(1);
  });

  it("disconnect drops the shop's subscriptions to this portal and keeps another install's", async () => {
    // Another install of the app (say, a staging portal) delivers the same topic elsewhere.
    w.shopify.control.subscribe('fulfillments/create', 'https://staging.portal.example/api/hooks/shopify');
    const ours = () =>
      w.shopify.control.subscriptions().filter((s) => !s.uri.startsWith('https://staging.portal.example/'));
    expect(ours()).toHaveLength(3);
    await w.admin.delete(`/api/integrations/${connectionId}`).expect(200);
    expect(ours()).toEqual([]);
    expect(w.shopify.control.subscriptions().map((s) => s.uri)).toEqual([
      'https://staging.portal.example/api/hooks/shopify',
    ]);
    // Kept, disconnected, with its settings: connecting again resumes it.
    const list = await w.admin.get('/api/integrations').expect(200);
    const conn = (list.body.connections as { kind: string; status: string; costRule: unknown }[]).find(
      (c) => c.kind === 'SHOPIFY',
    );
    expect(conn).toMatchObject({ status: 'DISCONNECTED', costRule: { kind: 'FLAT', flatCents: 850 } });
  });
});
