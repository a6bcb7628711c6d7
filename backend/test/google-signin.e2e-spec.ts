import { OAuth2Server } from 'oauth2-mock-server';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/** Google sign-in against a local OpenID provider. */
describe('Google sign-in', () => {
  let t: TestApp;
  let idp: OAuth2Server;
  let userinfo: Record<string, unknown>;

  beforeAll(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    idp.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
      res.body = userinfo;
    });
    const base = idp.issuer.url!;
    t = await createTestApp({
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
    });
  });

  afterAll(async () => {
    await t.close();
    await idp.stop();
  });

  beforeEach(() => {
    userinfo = { sub: 'google-sub-1', email: 'Nia@Brand.test', email_verified: true, name: 'Nia Brand' };
  });

  /** Runs the browser side: /start, the provider's consent, and back. */
  async function consent(
    agent: TestAgent,
  ): Promise<{ code: string; state: string; redirectUri: string; authorize: URL }> {
    const start = await agent.get('/api/auth/google/start').expect(302);
    const authorize = new URL(start.headers.location);
    const back = await fetch(authorize, { redirect: 'manual' });
    const callback = new URL(back.headers.get('location')!);
    return {
      code: callback.searchParams.get('code')!,
      state: callback.searchParams.get('state')!,
      redirectUri: `${callback.origin}${callback.pathname}`,
      authorize,
    };
  }

  it('sends the browser to the provider with the spec’s scopes, offline access, account selection, state and PKCE', async () => {
    const { authorize } = await consent(t.agent());
    expect(authorize.searchParams.get('scope')!.split(' ')).toEqual(['openid', 'email', 'profile']);
    expect(authorize.searchParams.get('access_type')).toBe('offline');
    expect(authorize.searchParams.get('prompt')).toBe('select_account');
    expect(authorize.searchParams.get('redirect_uri')).toBe('http://localhost:3000/auth/google/callback');
    expect(authorize.searchParams.get('state')).toMatch(/.{16,}/);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  });

  it('signs in with the code and the state from the same browser', async () => {
    const agent = t.agent();
    const { code, state, redirectUri } = await consent(agent);
    const res = await agent.post('/api/auth/google/callback').send({ code, state, redirectUri }).expect(200);
    expect(res.body).toMatchObject({ email: 'nia@brand.test', name: 'Nia Brand', company: null });
    await agent.get('/api/auth/me').expect(200);
  });

  it('refuses a bad state and stores no session', async () => {
    const agent = t.agent();
    const { code, redirectUri } = await consent(agent);
    const res = await agent
      .post('/api/auth/google/callback')
      .send({ code, state: 'forged-state-value', redirectUri })
      .expect(401);
    expect(res.body.message).toMatch(/^Sign in failed/);
    await agent.get('/api/auth/me').expect(401);
  });

  it('refuses a state replayed from another browser', async () => {
    const { code, state, redirectUri } = await consent(t.agent());
    await t.agent().post('/api/auth/google/callback').send({ code, state, redirectUri }).expect(401);
  });

  it('refuses a state used twice', async () => {
    const agent = t.agent();
    const { code, state, redirectUri } = await consent(agent);
    await agent.post('/api/auth/google/callback').send({ code, state, redirectUri }).expect(200);
    await agent.post('/api/auth/google/callback').send({ code, state, redirectUri }).expect(401);
  });

  it('refuses an unverified email and creates no user', async () => {
    userinfo = { sub: 'google-sub-2', email: 'unverified@brand.test', email_verified: false, name: 'U' };
    const agent = t.agent();
    const { code, state, redirectUri } = await consent(agent);
    const res = await agent.post('/api/auth/google/callback').send({ code, state, redirectUri }).expect(401);
    expect(res.body.message).toContain('not verified');
    const { rows } = await t.db.query("SELECT 1 FROM users WHERE email = 'unverified@brand.test'");
    expect(rows).toHaveLength(0);
  });

  it('keys users by the provider’s subject id, not the email', async () => {
    const agent = t.agent();
    const { code, state, redirectUri } = await consent(agent);
    const a = await agent.post('/api/auth/google/callback').send({ code, state, redirectUri }).expect(200);
    userinfo = { ...userinfo, email: 'nia.new@brand.test', name: 'Nia N.' };
    const second = await consent(agent);
    const b = await agent
      .post('/api/auth/google/callback')
      .send({ code: second.code, state: second.state, redirectUri: second.redirectUri })
      .expect(200);
    expect(b.body.id).toBe(a.body.id);
    expect(b.body.email).toBe('nia.new@brand.test');
  });

  it('records sign-ins and failures in the activity log', async () => {
    const { rows } = await t.db.query<{ action: string; n: number }>(
      "SELECT action, count(*)::int AS n FROM activity WHERE action LIKE 'auth.%' GROUP BY action",
    );
    const by = Object.fromEntries(rows.map((r) => [r.action, r.n]));
    expect(by['auth.signed_in']).toBeGreaterThanOrEqual(3);
    expect(by['auth.sign_in_failed']).toBeGreaterThanOrEqual(3);
  });
});
