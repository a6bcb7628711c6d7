import { jest } from '@jest/globals';
import request from 'supertest';
import { CompanyMembers } from '../src/modules/companies/index.js';
import { UsersService } from '../src/modules/users/index.js';
import { API_ONLY, createTestApp, type TestApp } from './helpers/test-app.js';

function sid(res: request.Response): string | undefined {
  const raw = res.headers['set-cookie'] as unknown as string[] | undefined;
  return raw?.find((c) => c.startsWith('sid='))?.split(';')[0];
}

describe('sessions and dev sign-in', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...API_ONLY, ADMIN_EMAILS: 'root@platform.test' });
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.clock.reset());

  it('answers 401 on /api/auth/me when signed out', async () => {
    await request(t.app.getHttpServer()).get('/api/auth/me').expect(401);
  });

  it('signs in, answers the current user, and keeps the session cookie httpOnly and SameSite=Lax', async () => {
    const res = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'Ann@Example.com', name: 'Ann Lee' })
      .expect(200);
    expect(res.body).toMatchObject({
      name: 'Ann Lee',
      email: 'ann@example.com',
      isAdmin: false,
      hasFaireToken: false,
      company: null,
    });
    const cookie = (res.headers['set-cookie'] as unknown as string[]).find((c) => c.startsWith('sid='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // not production
  });

  it('stores the session server-side in Postgres', async () => {
    const agent = await t.signIn('pg@example.com');
    await agent.get('/api/auth/me').expect(200);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM session WHERE sess::text LIKE '%userId%'",
    );
    expect(rows[0]!.n).toBeGreaterThan(0);
  });

  it('rotates the session id at sign-in (a planted id is useless)', async () => {
    const agent = t.agent();
    const first = await agent.post('/api/auth/dev-login').send({ email: 'rot@example.com' }).expect(200);
    const second = await agent.post('/api/auth/dev-login').send({ email: 'rot@example.com' }).expect(200);
    expect(sid(first)).toBeDefined();
    expect(sid(second)).toBeDefined();
    expect(sid(second)).not.toBe(sid(first));
    await request(t.app.getHttpServer()).get('/api/auth/me').set('Cookie', sid(first)!).expect(401);
  });

  it('destroys the session at logout', async () => {
    const agent = t.agent();
    const res = await agent.post('/api/auth/dev-login').send({ email: 'out@example.com' }).expect(200);
    const cookie = sid(res)!;
    await agent.post('/api/auth/logout').expect(200, { message: 'Signed out' });
    await request(t.app.getHttpServer()).get('/api/auth/me').set('Cookie', cookie).expect(401);
  });

  it('expires an idle session after 30 minutes', async () => {
    const agent = await t.signIn('idle@example.com');
    t.clock.advance(29 * 60_000);
    await agent.get('/api/auth/me').expect(200);
    t.clock.advance(29 * 60_000); // still active: each request resets the idle clock
    await agent.get('/api/auth/me').expect(200);
    t.clock.advance(31 * 60_000);
    await agent.get('/api/auth/me').expect(401);
  });

  it('writes a session’s activity at most once a minute, not on every request', async () => {
    const agent = await t.signIn('quiet@example.com');
    const row = async () => {
      const { rows } = await t.db.query<{ sess: { lastSeenAtMs?: number } | string; expire: Date }>(
        `SELECT sess, expire FROM session WHERE sess::jsonb ->> 'userId' =
           (SELECT id::text FROM users WHERE email = 'quiet@example.com')`,
      );
      expect(rows).toHaveLength(1);
      const first = rows[0]!;
      const sess = typeof first.sess === 'string' ? JSON.parse(first.sess) : first.sess;
      return { lastSeen: sess.lastSeenAtMs as number, expire: first.expire.getTime() };
    };
    const signedIn = await row();
    t.clock.advance(30_000);
    await agent.get('/api/auth/me').expect(200);
    expect(await row()).toEqual(signedIn);
    t.clock.advance(31_000);
    await agent.get('/api/auth/me').expect(200);
    const written = await row();
    expect(written.lastSeen).toBeGreaterThanOrEqual(signedIn.lastSeen + 61_000);
    expect(written.lastSeen).toBeLessThan(signedIn.lastSeen + 91_000);
    expect(written.expire).toBeGreaterThanOrEqual(signedIn.expire);
  });

  it('ends any session 12 hours after sign-in, even an active one', async () => {
    const agent = await t.signIn('long@example.com');
    for (let i = 0; i < 24; i++) {
      t.clock.advance(29 * 60_000);
      await agent.get('/api/auth/me').expect(200);
    }
    t.clock.advance(29 * 60_000);
    await agent.get('/api/auth/me').expect(401);
  });

  it('refuses state-changing requests without the anti-forgery header', async () => {
    const res = await request(t.app.getHttpServer())
      .post('/api/auth/dev-login')
      .send({ email: 'x@example.com' })
      .expect(403);
    expect(res.body.code).toBe('CSRF_REJECTED');
  });

  it('makes platform admins from ADMIN_EMAILS', async () => {
    const agent = await t.signIn('root@platform.test');
    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.isAdmin).toBe(true);
  });

  it('validates the dev sign-in body', async () => {
    const res = await t.agent().post('/api/auth/dev-login').send({ email: 'not-an-email' }).expect(400);
    expect(res.body.message).toContain('email must be an email address');
    await t.agent().post('/api/auth/dev-login').send({ email: 'a@b.co', admin: true }).expect(400);
  });

  it('creates a company with the default name and makes the creator COMPANY_ADMIN', async () => {
    const agent = await t.signIn('founder@example.com', 'Rosa');
    const res = await agent.post('/api/company/create').send({}).expect(200);
    expect(res.body.company).toMatchObject({ name: "Rosa's Company", role: 'COMPANY_ADMIN' });
    const again = await agent.post('/api/company/create').send({ name: 'Second' }).expect(409);
    expect(again.body.message).toBe('You already belong to a company');
  });

  it('tells which sign-in methods are on', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/auth/config').expect(200);
    expect(res.body).toEqual({ googleEnabled: false, devLoginEnabled: true, sandboxMarketplace: false });
  });
});

describe('the caller, read with the session', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(API_ONLY);
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => jest.restoreAllMocks());

  /** Reads of the user and membership other than the session's own statement, during `fn`. */
  async function separateReads(fn: () => Promise<unknown>) {
    const user = jest.spyOn(t.app.get(UsersService), 'findById');
    const membership = jest.spyOn(t.app.get(CompanyMembers), 'activeOf');
    await fn();
    const n = user.mock.calls.length + membership.mock.calls.length;
    user.mockRestore();
    membership.mockRestore();
    return n;
  }

  it('comes with the session’s own statement: a guarded request asks nothing more about who calls', async () => {
    const agent = await t.signIn('one@example.com', 'One');
    await agent.post('/api/company/create').send({ name: 'One Co' }).expect(200);
    let me: request.Response | undefined;
    expect(await separateReads(async () => (me = await agent.get('/api/auth/me').expect(200)))).toBe(0);
    expect(me!.body).toMatchObject({
      email: 'one@example.com',
      company: { name: 'One Co', role: 'COMPANY_ADMIN' },
    });
    expect(await separateReads(() => agent.get('/api/shipments').expect(200))).toBe(0);
  });

  it('is current on every request: a renamed company and a changed role show at once', async () => {
    const admin = await t.signIn('boss@example.com');
    await admin.post('/api/company/create').send({ name: 'Before' }).expect(200);
    await admin.get('/api/auth/me').expect(200);
    await t.db.query("UPDATE companies SET name = 'After' WHERE name = 'Before'");
    expect((await admin.get('/api/auth/me').expect(200)).body.company.name).toBe('After');
    await t.db.query(
      "UPDATE memberships SET role = 'COMPANY_USER' WHERE user_id = (SELECT id FROM users WHERE email = 'boss@example.com')",
    );
    expect((await admin.get('/api/auth/me').expect(200)).body.company.role).toBe('COMPANY_USER');
    await t.db.query(
      "DELETE FROM memberships WHERE user_id = (SELECT id FROM users WHERE email = 'boss@example.com')",
    );
    expect((await admin.get('/api/auth/me').expect(200)).body.company).toBeNull();
  });

  it('ends the session whose user is gone, and a session whose user id is not one signs nobody in', async () => {
    const gone = await t.signIn('gone@example.com');
    await gone.get('/api/auth/me').expect(200);
    await t.db.query("DELETE FROM users WHERE email = 'gone@example.com'");
    await gone.get('/api/auth/me').expect(401);
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM session WHERE sess::jsonb ->> 'userId' NOT IN (SELECT id::text FROM users)",
    );
    expect(rows[0]!.n).toBe(0);

    const odd = await t.signIn('odd@example.com');
    await t.db.query(
      `UPDATE session SET sess = jsonb_set(sess::jsonb, '{userId}', '"not-a-uuid"')::json
        WHERE sess::jsonb ->> 'userId' = (SELECT id::text FROM users WHERE email = 'odd@example.com')`,
    );
    await odd.get('/api/auth/me').expect(401);
  });
});

describe('dev sign-in when disabled', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ...API_ONLY, AUTH_DEV_LOGIN: 'false' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('is not found', async () => {
    await t.agent().post('/api/auth/dev-login').send({ email: 'a@example.com' }).expect(404);
  });
});
