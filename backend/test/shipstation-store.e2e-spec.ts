import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { tracking, waitForTerminal } from './helpers/shipments.js';
import {
  displayOf,
  onFaire,
  processingOrders,
  releaseNow,
  useShipStationCompany,
  waitFor,
} from './helpers/sources.js';

/**
 * The portal as a ShipStation Custom Store (issue 38): ShipStation (the sandbox's store client) pulls
 * the brand's Faire orders and posts a ship notice per label or Mark as Shipped, which reaches Faire
 * once through the same release as every label.
 */
describe('ShipStation store mode', () => {
  const { s, co } = useShipStationCompany('store-admin@brand.test');
  const creds = { url: '', username: '', password: '' };
  const store = () => s.ss.control.store;
  const basic = (password = creds.password) =>
    `Basic ${Buffer.from(`${creds.username}:${password}`).toString('base64')}`;
  const post = (query: string, body: string, auth = basic()) =>
    fetch(`${creds.url}?action=shipnotify&${query}`, {
      method: 'POST',
      headers: { Authorization: auth, 'Content-Type': 'application/xml' },
      body,
    });
  const notice = (orderId: string, code: string) =>
    `<?xml version="1.0" encoding="utf-8"?><ShipNotice><OrderID>${orderId}</OrderID><Carrier>USPS</Carrier>` +
    `<TrackingNumber>${code}</TrackingNumber><ShippingCost>3.00</ShippingCost></ShipNotice>`;
  const storeLabels = async (code: string) =>
    (
      await s.t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM source_labels WHERE tracking_number = $1 AND external_id LIKE 'store:%'",
        [code],
      )
    ).rows[0]!.n;
  const shipped = async (code: string) => {
    const hist = await co.agent.get('/api/shipments?source=SHIPSTATION').expect(200);
    const rows = hist.body.shipments as Array<Record<string, unknown>>;
    return rows.find((x) => x.trackingNumber === code);
  };

  beforeAll(async () => {
    const res = await co.agent.post('/api/integrations/shipstation/store').expect(200);
    Object.assign(creds, res.body);
    store().register(creds);
  });

  it('turns on with a password shown once and kept only as its hash', async () => {
    expect(creds.url).toMatch(/\/api\/hooks\/shipstation-store\/[A-Za-z0-9_-]{32}$/);
    expect(creds.url).not.toContain(co.companyId);
    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0].store).toMatchObject({ url: creds.url, username: creds.username });
    expect(JSON.stringify(list.body)).not.toContain(creds.password);
    const { rows } = await s.t.db.query<{ h: string }>(
      'SELECT store_password_hash AS h FROM source_connections WHERE id = $1',
      [co.connectionId],
    );
    expect(rows[0]!.h).toMatch(/^scrypt\$/);
    expect(rows[0]!.h).not.toContain(creds.password);
  });

  it('exports 120 Faire orders over pages of 50, with ship-to, items and the expected ship date', async () => {
    const orders = await processingOrders(s, co.agent, 120);
    const got = await store().pull();
    expect(got.status).toBe(200);
    expect(got.pages).toBe(Math.ceil(got.orders / 50));
    expect(got.pages).toBeGreaterThanOrEqual(3);
    const seen = new Map(
      store()
        .orders()
        .map((o) => [o.orderId, o]),
    );
    for (const o of orders) expect(seen.has(o.id)).toBe(true);
    const one = seen.get(orders[0]!.id)!;
    expect(one.orderNumber).toBe(displayOf(orders[0]!));
    expect(one.orderStatus).toBe('PROCESSING');
    expect(one.shipTo.Name || one.shipTo.Company).toBeTruthy();
    expect(one.items[0]!.sku).toBe(orders[0]!.items[0]!.sku);
    expect(one.items[0]!.quantity).toBe(orders[0]!.items[0]!.quantity);
    expect(one.internalNotes).toContain(displayOf(orders[0]!));
  });

  it('a NEW order enters the export once accepted on Faire, and a cancelled one leaves it', async () => {
    const order = s.t.sandbox.createOrder('brand1', { state: 'NEW' });
    const [gone] = await processingOrders(s, co.agent, 1);
    const window = () => ({ startMs: Date.now() - 10 * 60_000, endMs: Date.now() + 60_000 });
    await store().pull(window());
    expect(
      store()
        .orders()
        .some((o) => o.orderId === order.id),
    ).toBe(false);
    const faire = (path: string, body: unknown) =>
      fetch(`${s.t.sandbox.apiBaseUrl}/orders/${path}`, {
        method: 'PUT',
        headers: { 'X-FAIRE-ACCESS-TOKEN': SANDBOX_DEFAULTS.brand1Token, 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
    await faire(`${order.id}/processing`, {});
    await faire(`${gone!.id}/cancel`, { reason: 'OTHER' });
    await co.agent.post('/api/orders/refresh').expect(200);
    store().register(creds); // forget what was seen
    await store().pull(window());
    const ids = store()
      .orders()
      .map((o) => o.orderId);
    expect(ids).toContain(order.id);
    expect(ids).not.toContain(gone!.id);
  });

  it('a label printed for an exported order reaches Faire once, with its cost and carrier', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    await store().pull();
    const code = tracking('ST');
    const out = await store().ship({
      orderId: order!.id,
      trackingNumber: code,
      carrier: 'UPS',
      shippingCost: 6.25,
    });
    expect(out.statuses).toEqual([200]);
    // ShipStation's V1 webhook reports the same label: two reports, one shipment.
    await s.ss.control.idle();
    await waitFor('both reports', async () => {
      const { rows } = await s.t.db.query('SELECT 1 FROM source_labels WHERE tracking_number = $1', [code]);
      return rows.length === 2;
    });
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    expect(await shipped(code)).toMatchObject({ status: 'SUCCESS', shippingCost: 625, carrier: 'UPS' });
  });

  it('a label voided inside its grace is sent from neither report', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    await store().pull();
    const code = tracking('SV');
    const out = await store().ship({ orderId: order!.id, trackingNumber: code, shippingCost: 4 });
    s.ss.control.voidLabel(out.shipmentId!);
    // Voiding fires no webhook and no notice: the V1 poll reads it, and it reaches the notice too.
    await s.sync.poll(co.connectionId);
    await releaseNow(s, co.connectionId);
    const { rows } = await s.t.db.query<{ state: string }>(
      'SELECT state FROM source_labels WHERE tracking_number = $1',
      [code],
    );
    expect(rows.map((r) => r.state)).toEqual(['VOIDED', 'VOIDED']);
    expect(onFaire(s.t, code)).toBe(0);
  });

  it('Mark as Shipped (no cost) goes through the cost rule', async () => {
    await co.agent
      .patch(`/api/integrations/${co.connectionId}`)
      .send({ costRule: { kind: 'LABEL_OR_FLAT', flatCents: 500 } })
      .expect(200);
    const [order] = await processingOrders(s, co.agent, 1);
    await store().pull();
    const code = tracking('SM');
    const out = await store().ship({
      orderId: order!.id,
      trackingNumber: code,
      carrier: 'FedEx',
      markOnly: true,
    });
    expect(out.statuses).toEqual([200]);
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
    expect(await shipped(code)).toMatchObject({ shippingCost: 500, carrier: 'FEDEX' });
  });

  it('the same notice three times is one shipment', async () => {
    const [order] = await processingOrders(s, co.agent, 1);
    await store().pull();
    const code = tracking('S3');
    const out = await store().ship({ orderId: order!.id, trackingNumber: code, markOnly: true, times: 3 });
    expect(out.statuses).toEqual([200, 200, 200]);
    expect(await storeLabels(code)).toBe(1);
    await releaseNow(s, co.connectionId);
    await waitForTerminal(s.t, co.companyId);
    expect(onFaire(s.t, code)).toBe(1);
  });

  it("refuses a notice for another company's order or an unknown one", async () => {
    const other = s.t.sandbox.createOrder('brand2', { state: 'PROCESSING' });
    for (const id of [other.id, 'bo_zzzzzzzzzz']) {
      const res = await post('', notice(id, tracking('SX')));
      expect(res.status).toBe(404);
      expect(await res.text()).toMatch(/No Faire order of this store/);
    }
  });

  it('wrong credentials, an unknown store and no credentials are one 401; other actions are refused', async () => {
    expect((await store().pull({ wrongPassword: true })).status).toBe(401);
    const unknown = creds.url.replace(/[^/]+$/, 'A'.repeat(32));
    const answers = await Promise.all([
      fetch(`${creds.url}?action=export`, { headers: { Authorization: basic('nope') } }),
      fetch(`${unknown}?action=export`, { headers: { Authorization: basic() } }),
      fetch(`${creds.url}?action=export`),
    ]);
    for (const r of answers) {
      expect(r.status).toBe(401);
      expect(await r.text()).toBe('The store username or password is wrong');
    }
    const other = await fetch(`${creds.url}?action=delete`, { headers: { Authorization: basic() } });
    expect(other.status).toBe(400);
    const get = await fetch(`${creds.url}?action=shipnotify`, { headers: { Authorization: basic() } });
    expect(get.status).toBe(400);
  });

  it('refuses an XML bomb, malformed XML and a 20 MB body, and health still answers', async () => {
    const bomb =
      '<?xml version="1.0"?><!DOCTYPE b [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">' +
      '<!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><ShipNotice><OrderID>&c;</OrderID></ShipNotice>';
    const res = await post('', bomb);
    expect(res.status).toBe(400);
    expect(await res.text()).toMatch(/DOCTYPE/);
    const broken = await post('', '<ShipNotice><OrderID>bo_x</ShipNotice>');
    expect(broken.status).toBe(400);
    expect(await broken.text()).toMatch(/malformed/);
    const [big, health] = await Promise.all([
      post('', 'a'.repeat(20 * 1024 * 1024)).then(
        (r) => r.status,
        () => 413, // the server may close the connection while the client still sends
      ),
      co.agent.get('/api/health'),
    ]);
    expect(big).toBe(413);
    expect(health.status).toBe(200);
  });

  it('turning store mode off closes the URL', async () => {
    await co.agent.delete('/api/integrations/shipstation/store').expect(200);
    expect((await store().pull()).status).toBe(401);
    const list = await co.agent.get('/api/integrations').expect(200);
    expect(list.body.connections[0].store).toBeNull();
  });
});
