import { createHash } from 'node:crypto';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import request from 'supertest';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/**
 * Company API keys (issue 36): shown once, stored as a hash, scoped, revoked at once; a key acts for its
 * company only and only on the public API; a session opens nothing there.
 */
describe('company API keys', () => {
  let t: TestApp;
  let admin: TestAgent;
  let member: TestAgent;
  let other: TestAgent;
  let companyId: string;
  let otherCompanyId: string;

  beforeAll(async () => {
    t = await createTestApp();
    const a = await t.companyAdmin('keys@brand.test', 'Keys A', SANDBOX_FIXTURES.brand1.token);
    admin = a.agent;
    companyId = a.companyId;
    const b = await t.companyAdmin('keys@other.test', 'Keys B', SANDBOX_FIXTURES.brand2.token);
    other = b.agent;
    otherCompanyId = b.companyId;
    await admin.post('/api/orders/refresh').expect(200);
    await other.post('/api/orders/refresh').expect(200);
    await admin.post('/api/team/invite').send({ email: 'keys-member@brand.test' }).expect(200);
    const { rows } = await t.db.query<{ link: string }>(
      "SELECT link FROM mail_outbox WHERE to_email = 'keys-member@brand.test'",
    );
    member = await t.signIn('keys-member@brand.test');
    await member
      .post('/api/team/accept-invite')
      .send({ token: new URL(rows[0]!.link).searchParams.get('token') })
      .expect(200);
  });

  afterAll(async () => {
    await t.close();
  });

  /** A call of the public API with a key, as a tool makes it: no cookie, no anti-forgery header. */
  function v1(method: 'get' | 'post', path: string, key?: string) {
    const req = request(t.app.getHttpServer())[method](path);
    return key ? req.set('Authorization', `Bearer ${key}`) : req;
  }

  async function createKey(agent: TestAgent, name: string, scopes: string[]) {
    const res = await agent.post('/api/company/api-keys').send({ name, scopes }).expect(201);
    return res.body as { id: string; key: string; prefix: string; scopes: string[] };
  }

  it('shows a key once, keeps only its hash, and lists it without the key', async () => {
    const made = await createKey(admin, 'Warehouse ERP', ['orders:read', 'shipments:write']);
    expect(made.key).toMatch(/^fsk_[A-Za-z0-9_-]{10}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.startsWith(made.prefix)).toBe(true);
    const { rows } = await t.db.query<{ key_hash: string; prefix: string }>(
      'SELECT key_hash, prefix FROM api_keys WHERE id = $1',
      [made.id],
    );
    expect(rows[0]!.key_hash).toBe(createHash('sha256').update(made.key).digest('hex'));
    const dump = JSON.stringify((await t.db.query('SELECT * FROM api_keys')).rows);
    expect(dump).not.toContain(made.key);
    const list = await admin.get('/api/company/api-keys').expect(200);
    expect(JSON.stringify(list.body)).not.toContain(made.key);
    expect(list.body).toMatchObject({ canManage: true, limit: 25 });
    expect(list.body.keys.find((k: { id: string }) => k.id === made.id)).toMatchObject({
      name: 'Warehouse ERP',
      prefix: made.prefix,
      createdBy: 'keys@brand.test',
      lastUsedAt: null,
    });
    const activity = await t.db.query(
      "SELECT details FROM activity WHERE action = 'api_key.created' AND company_id = $1",
      [companyId],
    );
    expect(JSON.stringify(activity.rows)).not.toContain(made.key);
  });

  it('lets members see the keys, not create or revoke them', async () => {
    const list = await member.get('/api/company/api-keys').expect(200);
    expect(list.body.canManage).toBe(false);
    await member
      .post('/api/company/api-keys')
      .send({ name: 'Mine', scopes: ['orders:read'] })
      .expect(403);
    const made = await createKey(admin, 'Shared', ['orders:read']);
    await member.delete(`/api/company/api-keys/${made.id}`).expect(403);
  });

  it('refuses bad names and scopes with words', async () => {
    const bad = [
      { name: '', scopes: ['orders:read'] },
      { name: '   ', scopes: ['orders:read'] },
      { name: 'x'.repeat(101), scopes: ['orders:read'] },
      { name: 'ok', scopes: [] },
      { name: 'ok', scopes: ['admin:all'] },
      { name: 'ok', scopes: ['orders:read', 'orders:read'] },
      { name: 'ok' },
    ];
    for (const body of bad) {
      const res = await admin.post('/api/company/api-keys').send(body).expect(400);
      expect(res.body.message).toMatch(/name|scope/);
    }
  });

  it('lists the key’s company open orders page by page, and records when and from where it was used', async () => {
    const made = await createKey(admin, 'Reader', ['orders:read']);
    const seen: string[] = [];
    let cursor: string | null = null;
    for (let page = 0; page < 50; page++) {
      const res = await v1(
        'get',
        `/api/v1/orders?limit=7${cursor ? `&cursor=${cursor}` : ''}`,
        made.key,
      ).expect(200);
      seen.push(...(res.body.orders as { id: string }[]).map((o) => o.id));
      cursor = res.body.nextCursor as string | null;
      if (!cursor) break;
    }
    const { rows } = await t.db.query<{ faire_order_id: string }>(
      'SELECT faire_order_id FROM orders WHERE company_id = $1 AND is_open ORDER BY faire_order_id',
      [companyId],
    );
    expect(seen.length).toBeGreaterThan(7);
    expect([...seen].sort()).toEqual(rows.map((r) => r.faire_order_id));
    // Another company's orders never appear.
    const theirs = await t.db.query<{ faire_order_id: string }>(
      'SELECT faire_order_id FROM orders WHERE company_id = $1',
      [otherCompanyId],
    );
    expect(theirs.rows.some((r) => seen.includes(r.faire_order_id))).toBe(false);
    const used = await admin.get('/api/company/api-keys').expect(200);
    expect(used.body.keys.find((k: { id: string }) => k.id === made.id)).toMatchObject({
      lastUsedAt: expect.any(String),
      lastUsedFrom: expect.any(String),
    });
    await v1('get', '/api/v1/orders?cursor=not-ours', made.key).expect(400);
    await v1('get', '/api/v1/orders?limit=1000', made.key).expect(400);
  });

  it('refuses a key without the scope (403), a revoked key at once (401), and a key that is not one (401)', async () => {
    const writer = await createKey(admin, 'Writer only', ['shipments:write']);
    const refused = await v1('get', '/api/v1/orders', writer.key).expect(403);
    expect(refused.body.message).toMatch(/orders:read/);
    const reader = await createKey(admin, 'To revoke', ['orders:read']);
    await v1('get', '/api/v1/orders', reader.key).expect(200);
    await admin.delete(`/api/company/api-keys/${reader.id}`).expect(200);
    const gone = await v1('get', '/api/v1/orders', reader.key).expect(401);
    const unknown = await v1('get', '/api/v1/orders', `fsk_AAAAAAAAAA_${'A'.repeat(43)}`).expect(401);
    expect(gone.body.message).toBe(unknown.body.message);
    await v1('get', '/api/v1/orders', 'not a key').expect(401);
    await v1('get', '/api/v1/orders').expect(401);
    await request(t.app.getHttpServer()).get('/api/v1/orders').set('Authorization', reader.key).expect(401);
    const log = await t.db.query<{ action: string; target: string }>(
      "SELECT action, target FROM activity WHERE company_id = $1 AND action IN ('api_key.refused', 'api_key.revoked') ORDER BY at",
      [companyId],
    );
    expect(log.rows).toEqual(
      expect.arrayContaining([
        { action: 'api_key.refused', target: 'Writer only' },
        { action: 'api_key.revoked', target: 'To revoke' },
        { action: 'api_key.refused', target: 'To revoke' },
      ]),
    );
  });

  it('never lets a key act as a person, nor a session act on the public API', async () => {
    const made = await createKey(admin, 'Not a person', ['orders:read', 'shipments:read', 'shipments:write']);
    for (const path of ['/api/orders', '/api/auth/me', '/api/company/api-keys', '/api/integrations']) {
      await v1('get', path, made.key).expect(401);
    }
    await admin.get('/api/v1/orders').expect(401);
    // Company B's admin cannot revoke A's key.
    await other.delete(`/api/company/api-keys/${made.id}`).expect(404);
  });

  it('allows at most 25 live keys: a revoked one makes room', async () => {
    const live = (await admin.get('/api/company/api-keys').expect(200)).body.keys as { id: string }[];
    for (let i = live.length; i < 25; i++) await createKey(admin, `Key ${i}`, ['orders:read']);
    const over = await admin
      .post('/api/company/api-keys')
      .send({ name: 'One too many', scopes: ['orders:read'] });
    expect(over.status).toBe(409);
    expect(over.body.message).toMatch(/25 live API keys/);
    await admin.delete(`/api/company/api-keys/${live[0]!.id}`).expect(200);
    await createKey(admin, 'Room again', ['orders:read']);
  });
});
