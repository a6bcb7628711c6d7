// The admin panel, by area: who may enter, the application configuration and the Faire API check.
// Users, companies, invitations and activity: admin-users.e2e-spec.ts; stats and the queue dashboard:
// admin-monitoring.e2e-spec.ts.
import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { randomUUID } from 'node:crypto';
import { FaireAppCredentials } from '../src/modules/app-settings/index.js';
import { type AdminPanel, ROOT, useAdminPanel } from './helpers/admin-panel.js';
import type { TestAgent, TestApp } from './helpers/test-app.js';

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
  const panel = useAdminPanel();
  let t: TestApp;
  let root: TestAgent;
  let companyA: AdminPanel['companyA'];
  const activityCount = (action: string) => panel.activityCount(action);

  beforeAll(() => {
    ({ t, root, companyA } = panel);
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
