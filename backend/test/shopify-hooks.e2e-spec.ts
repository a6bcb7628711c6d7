import { SHOPIFY_DEMO_CLIENT } from '../src/common/config/index.js';
import { signCallbackQuery, signWebhook } from '../src/modules/sources/shopify/shopify-rules.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const SHOP = 'hooks-shop.myshopify.com';

/**
 * Shopify's side door (decision 0047): connecting starts only for a real shop domain, the callback is
 * refused without Shopify's signature and this session's state, and a webhook is accepted only with the
 * signature of its raw body, once per webhook id; the privacy topics and the uninstall are answered.
 */
describe('Shopify connect and webhooks', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  let connectionId: string;

  beforeAll(async () => {
    // No worker: what a delivery queues stays queued, so the test sees exactly what was stored.
    t = await createTestApp({ WORKER_MODE: 'api' });
    ({ agent: admin, companyId } = await t.companyAdmin('shopify-hooks@brand.test', 'Hooks Brand'));
    const { rows } = await t.db.query<{ id: string }>(
      `INSERT INTO source_connections (company_id, kind, credentials_ciphertext, hook_token_hash)
       VALUES ($1, 'SHOPIFY', 'v1.x.y.z', md5(random()::text)) RETURNING id`,
      [companyId],
    );
    connectionId = rows[0]!.id;
    await t.db.query(
      `INSERT INTO shopify_shops (connection_id, company_id, shop_domain) VALUES ($1, $2, $3)`,
      [connectionId, companyId, SHOP],
    );
  });

  afterAll(async () => {
    await t.close();
  });

  function deliver(topic: string, body: unknown, opts: { id?: string; secret?: string; shop?: string } = {}) {
    const raw = JSON.stringify(body);
    return t
      .agent()
      .post('/api/hooks/shopify')
      .set('Content-Type', 'application/json')
      .set('X-Shopify-Topic', topic)
      .set('X-Shopify-Shop-Domain', opts.shop ?? SHOP)
      .set('X-Shopify-Webhook-Id', opts.id ?? `wh-${Math.random().toString(36).slice(2)}`)
      .set('X-Shopify-Hmac-SHA256', signWebhook(raw, opts.secret ?? SHOPIFY_DEMO_CLIENT.secret))
      .send(raw);
  }

  async function stored(): Promise<{ webhook_id: string; order_id: string | null; done: boolean }[]> {
    const { rows } = await t.db.query<{ webhook_id: string; order_id: string | null; done: boolean }>(
      `SELECT webhook_id, order_id, done_at IS NOT NULL AS done FROM shopify_webhooks ORDER BY received_at`,
    );
    return rows;
  }

  it('offers Shopify among the kinds a company can connect', async () => {
    const res = await admin.get('/api/integrations').expect(200);
    expect(res.body.available).toEqual(expect.arrayContaining(['SHIPSTATION', 'SHOPIFY']));
  });

  it('starts connecting only a *.myshopify.com shop, with the scopes and a state', async () => {
    for (const shop of ['evil.com', 'shop.myshopify.com.evil.com', 'x'.repeat(300)]) {
      const bad = await admin.post('/api/integrations/shopify').send({ shop }).expect(400);
      expect(bad.body.message).toMatch(/myshopify\.com/);
    }
    const res = await admin
      .post('/api/integrations/shopify')
      .send({ shop: 'New-Shop.myshopify.com' })
      .expect(200);
    const url = new URL(res.body.authorizeUrl as string);
    expect(url.pathname).toBe('/admin/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe(SHOPIFY_DEMO_CLIENT.id);
    expect(url.searchParams.get('scope')).toBe('read_orders,read_fulfillments');
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/integrations\/shopify\/callback$/);
    // Another company's shop cannot be taken over.
    const other = await t.companyAdmin('other-shopify@brand.test', 'Other Brand');
    const taken = await other.agent.post('/api/integrations/shopify').send({ shop: SHOP }).expect(409);
    expect(taken.body.message).toMatch(/another company/);
  });

  it('refuses a callback without the signature, or with another session’s state, storing nothing', async () => {
    const res = await admin
      .post('/api/integrations/shopify')
      .send({ shop: 'cb-shop.myshopify.com' })
      .expect(200);
    const state = new URL(res.body.authorizeUrl as string).searchParams.get('state')!;
    const query = {
      code: 'abc',
      shop: 'cb-shop.myshopify.com',
      state,
      timestamp: String(Math.floor(Date.now() / 1000)),
    };
    // Signed with the wrong secret.
    const forged = await admin
      .get('/api/integrations/shopify/callback')
      .query({ ...query, hmac: signCallbackQuery(query, 'not-the-secret') })
      .expect(302);
    expect(forged.headers.location).toMatch(/integration=shopify&outcome=error/);
    // The state was used up by that attempt: even a well-signed callback now fails.
    const replay = await admin
      .get('/api/integrations/shopify/callback')
      .query({ ...query, hmac: signCallbackQuery(query, SHOPIFY_DEMO_CLIENT.secret) })
      .expect(302);
    expect(replay.headers.location).toMatch(/outcome=error/);
    // Another session never had the state.
    const stranger = await t.signIn('stranger@brand.test');
    const other = await stranger
      .get('/api/integrations/shopify/callback')
      .query({ ...query, hmac: signCallbackQuery(query, SHOPIFY_DEMO_CLIENT.secret) })
      .expect(302);
    expect(other.headers.location).toMatch(/outcome=error/);
    const { rows } = await t.db.query(
      `SELECT 1 FROM shopify_shops WHERE shop_domain = 'cb-shop.myshopify.com'`,
    );
    expect(rows).toHaveLength(0);
  });

  it('a forged webhook is a 401 and stores nothing; a replayed id is stored once', async () => {
    const body = { id: 5551, order_id: 820982911946154500, status: 'success', tracking_numbers: ['1Z1'] };
    const forged = await deliver('fulfillments/create', body, { id: 'wh-forged', secret: 'wrong' }).expect(
      401,
    );
    expect(forged.body.message).toMatch(/X-Shopify-Hmac-SHA256/);
    // A signature of another body (the bytes changed after signing).
    const raw = JSON.stringify(body);
    await t
      .agent()
      .post('/api/hooks/shopify')
      .set('Content-Type', 'application/json')
      .set('X-Shopify-Topic', 'fulfillments/create')
      .set('X-Shopify-Shop-Domain', SHOP)
      .set('X-Shopify-Webhook-Id', 'wh-tampered')
      .set('X-Shopify-Hmac-SHA256', signWebhook(raw, SHOPIFY_DEMO_CLIENT.secret))
      .send(raw.replace('5551', '5552'))
      .expect(401);
    expect(await stored()).toEqual([]);

    const first = await deliver('fulfillments/create', body, { id: 'wh-1' }).expect(200);
    expect(first.body).toEqual({ ok: true, queued: true });
    const again = await deliver('fulfillments/create', body, { id: 'wh-1' }).expect(200);
    expect(again.body).toEqual({ ok: true, queued: false });
    expect(await stored()).toEqual([{ webhook_id: 'wh-1', order_id: '820982911946154500', done: false }]);
    // The job carries the connection's id only.
    const jobs = await t.redis.keys(`${t.config.queuePrefix}:sources:src-events-*`);
    expect(jobs.length).toBeGreaterThan(0);
    const data = await t.redis.hget(jobs[0]!, 'data');
    expect(JSON.parse(data!)).toEqual({ connectionId });
  });

  it('refuses a delivery without its headers, and acknowledges one from a shop not connected here', async () => {
    const raw = JSON.stringify({ id: 1 });
    await t
      .agent()
      .post('/api/hooks/shopify')
      .set('Content-Type', 'application/json')
      .set('X-Shopify-Topic', 'fulfillments/create')
      .set('X-Shopify-Hmac-SHA256', signWebhook(raw, SHOPIFY_DEMO_CLIENT.secret))
      .send(raw)
      .expect(400);
    const res = await deliver(
      'fulfillments/create',
      { id: 2, order_id: 3 },
      { shop: 'unknown.myshopify.com' },
    ).expect(200);
    expect(res.body).toEqual({ ok: true, queued: false });
  });

  it('answers the privacy topics: no customer data is stored', async () => {
    for (const topic of ['customers/data_request', 'customers/redact']) {
      const res = await deliver(topic, {
        shop_domain: SHOP,
        customer: { id: 1 },
        orders_requested: [1],
      }).expect(200);
      expect(res.body.customerDataStored).toBe(false);
      expect(res.body.statement).toMatch(/stores no Shopify customer data/);
    }
  });

  /** The connection's status as the Integrations card shows it. */
  async function status(): Promise<string | undefined> {
    const res = await admin.get('/api/integrations').expect(200);
    return (res.body.connections as { id: string; status: string }[]).find((c) => c.id === connectionId)
      ?.status;
  }

  it('a signed body re-sent with another shop, or under another topic, changes nothing', async () => {
    // Shopify signs the body, not the topic or shop headers: a captured delivery of another shop ...
    const other = {
      id: 7,
      name: 'Other',
      domain: 'other.example',
      myshopify_domain: 'other-shop.myshopify.com',
    };
    const res = await deliver('app/uninstalled', other).expect(400);
    expect(res.body.message).toMatch(/does not name hooks-shop\.myshopify\.com/);
    // ... or this shop's privacy delivery re-sent as an uninstall or as a redact of another shop.
    await deliver('app/uninstalled', { shop_id: 1, shop_domain: SHOP }).expect(400);
    await deliver('shop/redact', { shop_id: 7, shop_domain: 'other-shop.myshopify.com' }).expect(400);
    expect(await status()).toBe('CONNECTED');
    const { rows } = await t.db.query('SELECT count(*)::int AS n FROM source_connections WHERE id = $1', [
      connectionId,
    ]);
    expect(rows[0]).toEqual({ n: 1 });
  });

  it('shop/redact of a shop still installed deletes nothing', async () => {
    const res = await deliver('shop/redact', { shop_id: 1, shop_domain: SHOP }).expect(200);
    expect(res.body).toMatchObject({ ok: true, deleted: false });
    expect(await status()).toBe('CONNECTED');
  });

  it('app/uninstalled marks the connection disconnected; it cannot be resumed without connecting again', async () => {
    // The Shop resource, as Shopify sends it for app/uninstalled.
    await deliver('app/uninstalled', {
      id: 1,
      name: 'Hooks Shop',
      domain: 'hooks-shop.example',
      myshopify_domain: SHOP,
    }).expect(200);
    const res = await admin.get('/api/integrations').expect(200);
    const conn = (res.body.connections as { id: string; status: string; statusReason: string }[]).find(
      (c) => c.id === connectionId,
    );
    expect(conn).toMatchObject({ status: 'DISCONNECTED' });
    expect(conn!.statusReason).toMatch(/uninstalled from hooks-shop\.myshopify\.com/);
    const resume = await admin.patch(`/api/integrations/${connectionId}`).send({ paused: false }).expect(409);
    expect(resume.body.message).toMatch(/connect it again/);
    // Deliveries for it now are acknowledged and not read.
    const late = await deliver('fulfillments/update', { id: 9, order_id: 10 }).expect(200);
    expect(late.body.queued).toBe(false);
  });

  it('shop/redact deletes what is stored about the uninstalled shop, once per delivery', async () => {
    const res = await deliver('shop/redact', { shop_id: 1, shop_domain: SHOP }, { id: 'redact-1' }).expect(
      200,
    );
    expect(res.body.deleted).toBe(true);
    const again = await deliver('shop/redact', { shop_id: 1, shop_domain: SHOP }, { id: 'redact-1' }).expect(
      200,
    );
    expect(again.body.deleted).toBe(false);
    const { rows } = await t.db.query(
      `SELECT (SELECT count(*)::int FROM source_connections WHERE id = $1) AS conns,
              (SELECT count(*)::int FROM shopify_webhooks WHERE shop_domain = $2) AS hooks`,
      [connectionId, SHOP],
    );
    expect(rows[0]).toEqual({ conns: 0, hooks: 0 });
  });
});
