import { SANDBOX_DEFAULTS, SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { randomUUID } from 'node:crypto';
import { FaireAppCredentials } from '../src/modules/app-settings/index.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const ROOT = 'root@x.test';
const DAY_MS = 24 * 3_600_000;

const ADMIN_ROUTES: { method: 'get' | 'post'; path: string; body?: object }[] = [
  { method: 'get', path: '/api/admin/config' },
  { method: 'post', path: '/api/admin/config', body: {} },
  { method: 'post', path: '/api/admin/test-api' },
  { method: 'get', path: '/api/admin/users' },
  { method: 'get', path: '/api/admin/stats' },
  { method: 'get', path: '/api/admin/activity' },
  { method: 'get', path: '/api/admin/companies' },
  { method: 'post', path: '/api/admin/invite', body: { companyId: randomUUID(), email: 'x@y.test' } },
];

/** Drives the sandbox's authorize page the way a person does. */
async function approve(authUrl: string): Promise<URL> {
  const url = new URL(authUrl);
  const html = await (await fetch(url)).text();
  // The last seeded brand: one no other company in this suite holds (one brand, one company).
  const brandId = [...html.matchAll(/name="brandId" value="([^"]+)"/g)].at(-1)![1]!;
  const form = new URLSearchParams({
    applicationId: url.searchParams.get('applicationId')!,
    scope: url.searchParams.getAll('scope').join(','),
    state: url.searchParams.get('state')!,
    redirectUrl: url.searchParams.get('redirectUrl')!,
    brandId,
    decision: 'approve',
  });
  const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  return new URL(res.headers.get('location')!);
}

/** Runs the whole Faire connect flow for `agent`; answers the outcome the product lands on. */
async function connectFaire(agent: TestAgent): Promise<string | null> {
  const { body } = await agent.get('/api/oauth/faire/authorize').expect(200);
  const back = await approve(body.authUrl);
  const res = await agent.get(`${back.pathname}${back.search}`).expect(302);
  return new URL(res.headers.location!, 'http://localhost:3000').searchParams.get('faire');
}

describe('admin panel', () => {
  let t: TestApp;
  let root: TestAgent;
  let companyA: { agent: TestAgent; companyId: string; userId: string };
  let companyB: { agent: TestAgent; companyId: string; userId: string };

  async function count(sql: string, params: unknown[] = []): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(sql, params);
    return rows[0]!.n;
  }

  async function activityCount(action: string): Promise<number> {
    return count('SELECT count(*)::int AS n FROM activity WHERE action = $1', [action]);
  }

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ROOT });
    root = await t.signIn(ROOT, 'Root Admin');
    companyA = await t.companyAdmin('owner@a.test', 'Alpha Candles');
    companyB = await t.companyAdmin('owner@b.test', 'Beta Soaps', SANDBOX_FIXTURES.brand1.token);
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => {
    t.sandbox.knobs.reset();
    t.clock.reset();
  });

  describe('access', () => {
    it('refuses every admin route to a signed-out caller (401) and to a company admin (403)', async () => {
      for (const route of ADMIN_ROUTES) {
        for (const [agent, status] of [
          [t.agent(), 401],
          [companyA.agent, 403],
        ] as const) {
          let req = agent[route.method](route.path);
          if (route.body) req = req.send(route.body);
          const res = await req;
          expect({ route: `${route.method} ${route.path}`, status: res.status }).toEqual({
            route: `${route.method} ${route.path}`,
            status,
          });
        }
      }
      const denied = await companyA.agent.get('/api/admin/config').expect(403);
      expect(denied.body.message).toBe("You don't have admin privileges to access this page.");
    });

    it('lets the platform admin in', async () => {
      await root.get('/api/admin/config').expect(200);
      await root.get('/api/admin/users').expect(200);
    });
  });

  describe('application configuration', () => {
    afterEach(async () => {
      await root
        .post('/api/admin/config')
        .send({
          faireApplicationId: '',
          faireApplicationSecret: '',
          googleClientId: '',
          googleClientSecret: '',
        })
        .expect(200);
    });

    it('reads the environment when nothing is saved, never answering a secret', async () => {
      const res = await root.get('/api/admin/config').expect(200);
      expect(res.body.faireApplicationId).toMatchObject({
        set: true,
        value: SANDBOX_DEFAULTS.applicationId,
        source: 'environment',
        updatedAt: null,
        updatedBy: null,
      });
      expect(res.body.faireApplicationSecret).toEqual({
        set: true,
        last4: SANDBOX_DEFAULTS.applicationSecret.slice(-4),
        source: 'environment',
        updatedAt: null,
        updatedBy: null,
      });
      expect(res.body.googleClientSecret).toEqual({
        set: false,
        last4: null,
        source: null,
        updatedAt: null,
        updatedBy: null,
      });
      expect(JSON.stringify(res.body)).not.toContain(SANDBOX_DEFAULTS.applicationSecret);
    });

    it('stores values sealed: the plaintext is nowhere in the database, and GET answers only last 4', async () => {
      const secret = 'plain-Secret-Value-9f3Q';
      const googleSecret = 'GOCSPX-google-secret-77Zz';
      const before = await activityCount('config.changed');
      const saved = await root
        .post('/api/admin/config')
        .send({ faireApplicationSecret: secret, googleClientSecret: googleSecret })
        .expect(200);
      expect(saved.body.faireApplicationSecret).toMatchObject({
        set: true,
        last4: '9f3Q',
        source: 'database',
        updatedBy: ROOT,
      });
      expect(Date.parse(saved.body.faireApplicationSecret.updatedAt)).not.toBeNaN();

      const dump = await t.db.query('SELECT * FROM app_config');
      expect(dump.rows).toHaveLength(2);
      const text = JSON.stringify(dump.rows);
      for (const plain of [secret, googleSecret, secret.slice(-8), googleSecret.slice(-8)]) {
        expect(text).not.toContain(plain);
      }
      for (const row of dump.rows as { value_sealed: string }[]) expect(row.value_sealed).toMatch(/^v1\./);

      const read = await root.get('/api/admin/config').expect(200);
      expect(JSON.stringify(read.body)).not.toContain(secret);
      expect(JSON.stringify(read.body)).not.toContain(googleSecret);
      expect(read.body.googleClientSecret).toMatchObject({ set: true, last4: '77Zz', source: 'database' });

      const rows = await t.db.query(
        "SELECT target, details::text AS details FROM activity WHERE action = 'config.changed' ORDER BY id DESC LIMIT 1",
      );
      expect(await activityCount('config.changed')).toBe(before + 1);
      expect(rows.rows[0].target).toBe('faireApplicationSecret, googleClientSecret');
      expect(JSON.parse(rows.rows[0].details)).toEqual({
        fields: ['faireApplicationSecret', 'googleClientSecret'],
        cleared: [],
      });
      const everything = await t.db.query('SELECT details::text AS d, target FROM activity');
      expect(JSON.stringify(everything.rows)).not.toContain(secret);
    });

    it('records one config.changed per save that changes something, none for a save that changes nothing', async () => {
      const before = await activityCount('config.changed');
      await root.post('/api/admin/config').send({ faireApplicationSecret: 'first-secret-1' }).expect(200);
      await root.post('/api/admin/config').send({ faireApplicationSecret: 'first-secret-1' }).expect(200);
      await root.post('/api/admin/config').send({}).expect(200);
      await root.post('/api/admin/config').send({ googleClientId: '' }).expect(200);
      expect(await activityCount('config.changed')).toBe(before + 1);
      await root.post('/api/admin/config').send({ faireApplicationSecret: '' }).expect(200);
      expect(await activityCount('config.changed')).toBe(before + 2);
      const last = await t.db.query(
        "SELECT details FROM activity WHERE action = 'config.changed' ORDER BY id DESC LIMIT 1",
      );
      expect(last.rows[0].details).toEqual({ fields: [], cleared: ['faireApplicationSecret'] });
    });

    it('refuses values that are not strings or contain spaces', async () => {
      await root.post('/api/admin/config').send({ faireApplicationSecret: 'has space' }).expect(400);
      await root.post('/api/admin/config').send({ faireApplicationSecret: 42 }).expect(400);
      await root.post('/api/admin/config').send({ somethingElse: 'x' }).expect(400);
    });

    it('saved values override the environment for Faire calls; clearing them restores it', async () => {
      const credentials = t.app.get(FaireAppCredentials);
      await root
        .post('/api/admin/config')
        .send({ faireApplicationId: 'apa_from_admin_panel', faireApplicationSecret: 'admin-secret-0001' })
        .expect(200);
      expect(await credentials.get()).toEqual({
        applicationId: 'apa_from_admin_panel',
        applicationSecret: 'admin-secret-0001',
      });
      const view = await root.get('/api/admin/config').expect(200);
      expect(view.body.faireApplicationId).toMatchObject({
        value: 'apa_from_admin_panel',
        source: 'database',
      });
      // Only a company admin connects Faire.
      const { agent: user } = await t.companyAdmin('connector@a.test', 'Connector Co');
      const { body } = await user.get('/api/oauth/faire/authorize').expect(200);
      expect(new URL(body.authUrl).searchParams.get('applicationId')).toBe('apa_from_admin_panel');

      // The real application id with a wrong secret: Faire refuses the code exchange.
      await root
        .post('/api/admin/config')
        .send({ faireApplicationId: '', faireApplicationSecret: 'wrong-secret-value' })
        .expect(200);
      expect(await connectFaire(user)).toBe('error');
      await root.post('/api/admin/config').send({ faireApplicationSecret: '' }).expect(200);
      expect(await credentials.get()).toEqual({
        applicationId: SANDBOX_DEFAULTS.applicationId,
        applicationSecret: SANDBOX_DEFAULTS.applicationSecret,
      });
      expect(await connectFaire(user)).toBe('connected');
    });

    it('reads saved values through a short cache that a save in this process resets', async () => {
      const credentials = t.app.get(FaireAppCredentials);
      await root.post('/api/admin/config').send({ faireApplicationSecret: 'cached-secret-01' }).expect(200);
      expect((await credentials.get())?.applicationSecret).toBe('cached-secret-01');
      await t.db.query('DELETE FROM app_config'); // as another process would
      expect((await credentials.get())?.applicationSecret).toBe('cached-secret-01');
      credentials.invalidate();
      expect((await credentials.get())?.applicationSecret).toBe(SANDBOX_DEFAULTS.applicationSecret);
    });

    it('applies a saved Google client to sign-in at once', async () => {
      const before = await t.agent().get('/api/auth/config').expect(200);
      expect(before.body.googleEnabled).toBe(false);
      await root
        .post('/api/admin/config')
        .send({
          googleClientId: 'client-123.apps.googleusercontent.com',
          googleClientSecret: 'GOCSPX-abcdefgh',
        })
        .expect(200);
      const after = await t.agent().get('/api/auth/config').expect(200);
      expect(after.body.googleEnabled).toBe(true);
      const start = await t.agent().get('/api/auth/google/start').expect(302);
      const location = new URL(start.headers.location!);
      expect(location.host).toBe('accounts.google.com');
      expect(location.searchParams.get('client_id')).toBe('client-123.apps.googleusercontent.com');
      const config = await root.get('/api/admin/config').expect(200);
      expect(config.body.googleClientId).toMatchObject({
        value: 'client-123.apps.googleusercontent.com',
        source: 'database',
      });
      await root.post('/api/admin/config').send({ googleClientId: '', googleClientSecret: '' }).expect(200);
      const cleared = await t.agent().get('/api/auth/config').expect(200);
      expect(cleared.body.googleEnabled).toBe(false);
    });
  });

  describe('test-api', () => {
    afterEach(async () => {
      await root.post('/api/admin/config').send({ faireApplicationSecret: '' }).expect(200);
    });

    it('answers connected when the sandbox accepts the application and the API answers', async () => {
      const res = await root.post('/api/admin/test-api').expect(200);
      expect(res.body.connected).toBe(true);
      expect(res.body.message).toContain('Connected to Faire');
      expect(res.body.message).not.toContain(SANDBOX_DEFAULTS.applicationSecret);
    });

    it('answers disconnected when the API fails (5xx)', async () => {
      t.sandbox.knobs.set({ error5xxShare: 1 });
      const res = await root.post('/api/admin/test-api').expect(200);
      expect(res.body).toEqual({ connected: false, message: expect.stringMatching(/not answering/) });
    });

    it('answers disconnected when Faire refuses the saved secret', async () => {
      await root
        .post('/api/admin/config')
        .send({ faireApplicationSecret: 'not-the-right-secret' })
        .expect(200);
      const res = await root.post('/api/admin/test-api').expect(200);
      expect(res.body).toEqual({ connected: false, message: 'Faire refused the application id or secret' });
      expect(res.body.message).not.toContain('not-the-right-secret');
    });
  });

  describe('users, companies and invitations', () => {
    it('lists every user with company, connection and admin flag', async () => {
      const res = await root.get('/api/admin/users').expect(200);
      const byEmail = new Map(
        (res.body as { email: string }[]).map((u) => [u.email, u as Record<string, unknown>]),
      );
      expect(res.body).toHaveLength(await count('SELECT count(*)::int AS n FROM users'));
      expect(byEmail.get(ROOT)).toMatchObject({ name: 'Root Admin', isAdmin: true, companyName: null });
      expect(byEmail.get('owner@a.test')).toMatchObject({
        isAdmin: false,
        hasFaireToken: false,
        companyName: 'Alpha Candles',
        companyId: companyA.companyId,
      });
      expect(byEmail.get('owner@b.test')).toMatchObject({
        hasFaireToken: true,
        companyName: 'Beta Soaps',
        faireConnection: {
          brandName: 'Juniper & Pine Candle Co.',
          status: 'CONNECTED',
          connectedByName: 'owner',
          brandShared: false,
        },
      });
      expect(byEmail.get('owner@a.test')!.faireConnection).toBeNull();
      expect(Date.parse(byEmail.get('owner@a.test')!.lastSignInAt as string)).not.toBeNaN();
      expect(Object.keys(byEmail.get(ROOT)!).sort()).toEqual(
        [
          'companyId',
          'companyName',
          'email',
          'faireConnection',
          'hasFaireToken',
          'id',
          'isAdmin',
          'lastSignInAt',
          'name',
        ].sort(),
      );
    });

    it('a brand two companies hold: both flagged with their company id; releasing one clears the flag', async () => {
      // The product refuses a second holder; force one in the database, as a leftover of the per-user era.
      await t.db.query(
        `INSERT INTO marketplace_connections (company_id, connected_by, seal_id, auth_mode, brand_id, brand_name,
                                              token_ciphertext, scopes, status, currency)
         SELECT $1, $2, seal_id, auth_mode, brand_id, brand_name, token_ciphertext, scopes, status, currency
           FROM marketplace_connections WHERE company_id = $3`,
        [companyA.companyId, companyA.userId, companyB.companyId],
      );
      type Row = { email: string; companyId: string | null; faireConnection: Record<string, unknown> | null };
      const users = async () =>
        new Map(((await root.get('/api/admin/users').expect(200)).body as Row[]).map((u) => [u.email, u]));
      const shared = await users();
      expect(shared.get('owner@a.test')).toMatchObject({
        companyId: companyA.companyId,
        faireConnection: {
          brandId: SANDBOX_FIXTURES.brand1.brandId,
          brandName: 'Juniper & Pine Candle Co.',
          status: 'CONNECTED',
          currency: 'USD',
          brandShared: true,
        },
      });
      expect(shared.get('owner@b.test')).toMatchObject({
        companyId: companyB.companyId,
        faireConnection: { brandShared: true },
      });
      expect(Object.keys(shared.get('owner@b.test')!.faireConnection!).sort()).toEqual(
        ['brandId', 'brandName', 'brandShared', 'connectedByName', 'currency', 'status'].sort(),
      );
      expect(shared.get(ROOT)).toMatchObject({ companyId: null, faireConnection: null });
      const companies = (await root.get('/api/admin/companies').expect(200)).body as {
        id: string;
        faireConnection: { brandShared: boolean } | null;
      }[];
      for (const id of [companyA.companyId, companyB.companyId]) {
        expect(companies.find((c) => c.id === id)?.faireConnection?.brandShared).toBe(true);
      }

      await companyA.agent.delete(`/api/admin/companies/${companyA.companyId}/faire-connection`).expect(403);
      await root.delete(`/api/admin/companies/${randomUUID()}/faire-connection`).expect(404);
      await root.delete('/api/admin/companies/not-a-uuid/faire-connection').expect(400);
      const disconnects = await activityCount('marketplace.disconnected');
      expect(
        (await root.delete(`/api/admin/companies/${companyA.companyId}/faire-connection`).expect(200)).body,
      ).toEqual({ ok: true });
      const released = await users();
      expect(released.get('owner@a.test')).toMatchObject({
        companyId: companyA.companyId,
        hasFaireToken: false,
        faireConnection: null,
      });
      expect(released.get('owner@b.test')!.faireConnection).toMatchObject({
        brandName: 'Juniper & Pine Candle Co.',
        status: 'CONNECTED',
        brandShared: false,
      });
      expect(await activityCount('marketplace.disconnected')).toBe(disconnects + 1);
    });

    it('lists companies with their active member counts', async () => {
      const res = await root.get('/api/admin/companies').expect(200);
      expect(res.body).toEqual(
        expect.arrayContaining([
          { id: companyA.companyId, name: 'Alpha Candles', members: 1, faireConnection: null },
          {
            id: companyB.companyId,
            name: 'Beta Soaps',
            members: 1,
            faireConnection: expect.objectContaining({ brandName: 'Juniper & Pine Candle Co.' }),
          },
        ]),
      );
    });

    it('invites someone to a chosen company with the team logic and one activity row', async () => {
      const before = await activityCount('invitation.sent');
      const res = await root
        .post('/api/admin/invite')
        .send({ companyId: companyB.companyId, email: 'New.Hire@B.test', role: 'COMPANY_ADMIN' })
        .expect(200);
      expect(res.body).toMatchObject({
        role: 'COMPANY_ADMIN',
        status: 'INVITED',
        user: { email: 'new.hire@b.test' },
      });
      expect(await activityCount('invitation.sent')).toBe(before + 1);
      const row = await t.db.query(
        "SELECT actor_email, actor_is_admin, company_id, target FROM activity WHERE action = 'invitation.sent' ORDER BY id DESC LIMIT 1",
      );
      expect(row.rows[0]).toEqual({
        actor_email: ROOT,
        actor_is_admin: true,
        company_id: companyB.companyId,
        target: 'new.hire@b.test',
      });
      const members = await companyB.agent.get('/api/team/members').expect(200);
      expect(members.body.map((m: { user: { email: string } }) => m.user.email)).toContain('new.hire@b.test');
      const mail = await t.db.query(
        "SELECT subject, link FROM mail_outbox WHERE to_email = 'new.hire@b.test'",
      );
      expect(mail.rows[0].subject).toContain('Beta Soaps');
      expect(mail.rows[0].link).toContain('/accept-invite?token=');

      await root
        .post('/api/admin/invite')
        .send({ companyId: companyB.companyId, email: 'new.hire@b.test' })
        .expect(409);
      await root.post('/api/admin/invite').send({ companyId: randomUUID(), email: 'a@b.test' }).expect(404);
      await root.post('/api/admin/invite').send({ companyId: companyB.companyId, email: '' }).expect(400);
      expect(await activityCount('invitation.sent')).toBe(before + 1);
    });
  });

  describe('stats', () => {
    it('counts users, successful shipments and users active within 30 days, as the database does', async () => {
      const now = t.clock.nowMs();
      await t.db.query(
        `INSERT INTO users (email, name, last_sign_in_at) VALUES
           ('old@x.test', 'Old', $1), ('never@x.test', 'Never', NULL), ('recent@x.test', 'Recent', $2)`,
        [new Date(now - 45 * DAY_MS), new Date(now - 29 * DAY_MS)],
      );
      const upload = await t.db.query<{ id: string }>(
        `INSERT INTO uploads (company_id, source, file_name) VALUES ($1, 'UPLOAD', 'a.csv') RETURNING id`,
        [companyA.companyId],
      );
      const statuses = ['SUCCESS', 'SUCCESS', 'SUCCESS', 'FAILED', 'PENDING', 'ORDER_NOT_FOUND'];
      for (const [i, status] of statuses.entries()) {
        await t.db.query(
          `INSERT INTO shipments (company_id, upload_id, row_number, order_id, display_id, tracking_number,
                                  carrier, ship_date, shipping_cost_cents, status)
           VALUES ($1, $2, $3, $4, $5, $6, 'UPS', '2026-01-05', 1200, $7)`,
          [companyA.companyId, upload.rows[0]!.id, i + 1, `bo_order${i}`, `#ORDER${i}`, `1Z${i}`, status],
        );
      }
      const expected = async (asOf: number) => ({
        totalUsers: await count('SELECT count(*)::int AS n FROM users'),
        totalShipments: await count("SELECT count(*)::int AS n FROM shipments WHERE status = 'SUCCESS'"),
        activeUsers: await count('SELECT count(*)::int AS n FROM users WHERE last_sign_in_at >= $1', [
          new Date(asOf - 30 * DAY_MS),
        ]),
      });

      const res = await root.get('/api/admin/stats').expect(200);
      expect(res.body).toEqual({
        ...(await expected(t.clock.nowMs())),
        system: {
          api: 'Connected',
          database: 'Operational',
          oauth: 'Active',
          queue: 'Operational',
          stuckUploads: 0,
        },
        capacity: expect.any(Object), // test/capacity.e2e-spec.ts
      });
      expect(res.body.totalShipments).toBe(3);

      // Two days on; another admin session asks (moving the clock would end `root`'s idle session).
      t.clock.advance(2 * DAY_MS);
      const later = await (await t.signIn(ROOT)).get('/api/admin/stats').expect(200);
      expect(later.body).toMatchObject(await expected(t.clock.nowMs()));
      expect(later.body.activeUsers).toBe(res.body.activeUsers - 1);
    });

    it('reports the marketplace API as Disconnected when it fails', async () => {
      t.sandbox.knobs.set({ error5xxShare: 1 });
      const res = await root.get('/api/admin/stats').expect(200);
      expect(res.body.system).toEqual({
        api: 'Disconnected',
        database: 'Operational',
        oauth: 'Active',
        queue: 'Operational',
        stuckUploads: 0,
      });
    });
  });

  describe('activity log', () => {
    it('lists newest first with company names, filters by action, company and time, and paginates', async () => {
      const all = await root.get('/api/admin/activity?limit=100').expect(200);
      expect(all.body.total).toBe(await count('SELECT count(*)::int AS n FROM activity'));
      const stamps = (all.body.items as { timestamp: string }[]).map((i) => Date.parse(i.timestamp));
      expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
      const created = (all.body.items as { action: string; companyId: string }[]).find(
        (i) => i.action === 'company.created' && i.companyId === companyA.companyId,
      );
      expect(created).toMatchObject({
        companyName: 'Alpha Candles',
        actorEmail: 'owner@a.test',
        isAdmin: false,
      });

      const signIns = await root.get('/api/admin/activity?action=auth.signed_in&limit=100').expect(200);
      expect(signIns.body.total).toBe(await activityCount('auth.signed_in'));
      expect(new Set(signIns.body.items.map((i: { action: string }) => i.action))).toEqual(
        new Set(['auth.signed_in']),
      );
      const rootSignIn = signIns.body.items.find((i: { actorEmail: string }) => i.actorEmail === ROOT);
      expect(rootSignIn).toMatchObject({ isAdmin: true });

      const ofB = await root.get(`/api/admin/activity?companyId=${companyB.companyId}&limit=100`).expect(200);
      expect(ofB.body.total).toBe(
        await count('SELECT count(*)::int AS n FROM activity WHERE company_id = $1', [companyB.companyId]),
      );
      expect(ofB.body.items.every((i: { companyId: string }) => i.companyId === companyB.companyId)).toBe(
        true,
      );

      const page1 = await root.get('/api/admin/activity?page=1&limit=2').expect(200);
      const page2 = await root.get('/api/admin/activity?page=2&limit=2').expect(200);
      expect(page1.body.items).toHaveLength(2);
      expect(page2.body.items).toHaveLength(2);
      expect(page1.body.total).toBe(all.body.total);
      expect(page2.body.total).toBe(all.body.total);
      expect([...page1.body.items, ...page2.body.items]).toEqual(all.body.items.slice(0, 4));
      const beyond = await root.get('/api/admin/activity?page=999&limit=100').expect(200);
      expect(beyond.body).toEqual({ items: [], total: all.body.total });

      const future = new Date(Date.now() + DAY_MS).toISOString();
      const none = await root.get(`/api/admin/activity?from=${encodeURIComponent(future)}`).expect(200);
      expect(none.body).toEqual({ items: [], total: 0 });
      const past = await root.get(`/api/admin/activity?to=${encodeURIComponent(future)}&limit=1`).expect(200);
      expect(past.body.total).toBe(all.body.total);

      await root.get('/api/admin/activity?limit=0').expect(400);
      await root.get('/api/admin/activity?limit=101').expect(400);
      await root.get('/api/admin/activity?companyId=nope').expect(400);
      await root.get('/api/admin/activity?from=yesterday').expect(400);
    });

    it("shows a company admin only their own company's activity", async () => {
      const res = await companyA.agent.get('/api/team/activity?limit=100').expect(200);
      expect(res.body.total).toBe(
        await count('SELECT count(*)::int AS n FROM activity WHERE company_id = $1', [companyA.companyId]),
      );
      expect(res.body.items.length).toBeGreaterThan(0);
      expect(res.body.items.every((i: { companyId: string }) => i.companyId === companyA.companyId)).toBe(
        true,
      );
      const first = await companyA.agent.get('/api/team/activity?limit=1').expect(200);
      expect(first.body.items).toEqual(res.body.items.slice(0, 1));
      // One action's entries, and a page past the end still answers the total (a second, counting query).
      const action = (res.body.items[0] as { action: string }).action;
      const ofAction = res.body.items.filter((i: { action: string }) => i.action === action);
      const byAction = await companyA.agent.get(`/api/team/activity?limit=100&action=${action}`).expect(200);
      expect(byAction.body).toEqual({ items: ofAction, total: ofAction.length });
      const beyond = await companyA.agent.get(`/api/team/activity?page=999&action=${action}`).expect(200);
      expect(beyond.body).toEqual({ items: [], total: ofAction.length });
      await companyA.agent.get(`/api/team/activity?companyId=${companyB.companyId}`).expect(400);
      await root.get('/api/team/activity').expect(403);
      await t.agent().get('/api/team/activity').expect(401);
    });
  });

  describe('queue dashboard', () => {
    it('answers 401 signed out, 403 to a non-admin and the dashboard to a platform admin', async () => {
      await t.agent().get('/api/admin/queues').expect(401);
      await t.agent().get('/api/admin/queues/api/queues').expect(401);
      const denied = await companyA.agent.get('/api/admin/queues').expect(403);
      expect(denied.body.message).toBe("You don't have admin privileges to access this page.");
      await companyA.agent.get('/api/admin/queues/api/queues').expect(403);

      const page = await root.get('/api/admin/queues').expect(200);
      expect(page.text).toContain('<base href="/api/admin/queues/"');
      expect(page.headers['content-security-policy']).toContain('https://fonts.googleapis.com');
      const api = await root.get('/api/admin/queues/api/queues').expect(200);
      const names = (api.body.queues as { name: string }[]).map((q) => q.name);
      expect(names).toEqual(expect.arrayContaining(['system']));
      const script = /src="(static\/js\/main\.[^"]+\.js)"/.exec(page.text)![1];
      await root.get(`/api/admin/queues/${script}`).expect(200);
      await companyA.agent.get(`/api/admin/queues/${script}`).expect(403);
    });

    it('refuses a state-changing call that does not come from this origin', async () => {
      const res = await root
        .put('/api/admin/queues/api/queues/system/pause')
        .unset('X-Requested-With')
        .set('Origin', 'https://evil.example');
      expect(res.status).toBe(403);
      expect(res.body.code).toBe('CSRF_REJECTED');
    });
  });

  describe('when the marketplace is down', () => {
    it('test-api answers disconnected with a message', async () => {
      await t.sandbox.close();
      const res = await root.post('/api/admin/test-api').expect(200);
      expect(res.body.connected).toBe(false);
      expect(res.body.message).toMatch(/^Could not reach Faire at 127\.0\.0\.1:\d+$/);
      const stats = await root.get('/api/admin/stats').expect(200);
      expect(stats.body.system.api).toBe('Disconnected');
    });
  });
});
