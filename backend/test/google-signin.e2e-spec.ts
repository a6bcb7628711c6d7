import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { OAuth2Server } from 'oauth2-mock-server';
import { API_ONLY, createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/** Google sign-in against a local OpenID provider. */
describe('Google sign-in', () => {
  let t: TestApp;
  let idp: OAuth2Server;
  let userinfo: Record<string, unknown>;
  /** Google's tokeninfo for the opaque access tokens this provider issues (to either client id). */
  let tokeninfo: Server;
  const accessTokens = new Map<string, Record<string, unknown>>();
  let tokeninfoCalls = 0;

  beforeAll(async () => {
    tokeninfo = createServer((req, res) => {
      tokeninfoCalls += 1;
      const token = new URL(req.url!, 'http://x').searchParams.get('access_token') ?? '';
      const info = accessTokens.get(token);
      res.writeHead(info ? 200 : 400, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(info ?? { error_description: 'Invalid Value' }));
    });
    await new Promise<void>((r) => tokeninfo.listen(0, '127.0.0.1', r));
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    idp.service.on('beforeUserinfo', (res: { body: Record<string, unknown> }) => {
      res.body = userinfo;
    });
    const base = idp.issuer.url!;
    t = await createTestApp({
      ...API_ONLY,
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
      GOOGLE_TOKENINFO_URL: `http://127.0.0.1:${(tokeninfo.address() as AddressInfo).port}/tokeninfo`,
      GOOGLE_JWKS_URL: `${base}/jwks`,
      GOOGLE_ISSUER: base,
    });
  });

  afterAll(async () => {
    await t.close();
    await idp.stop();
    await new Promise((r) => tokeninfo.close(r));
  });

  beforeEach(() => {
    userinfo = { sub: 'google-sub-1', email: 'Nia@Brand.test', email_verified: true, name: 'Nia Brand' };
  });

  /** Runs the browser side: /start, the provider's consent, and back. */
  async function consent(
    agent: TestAgent,
  ): Promise<{ code: string; state: string; redirectUri: string; authorize: URL }> {
    const start = await agent.get('/api/auth/google/start').expect(302);
    const authorize = new URL(start.headers.location!);
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

  /** An opaque access token the provider issued to `clientId` for this person. */
  function accessToken(clientId: string, who: Record<string, unknown>): string {
    const token = `ya29.${randomBytes(24).toString('base64url')}`;
    accessTokens.set(token, {
      aud: clientId,
      azp: clientId,
      expires_in: '3599',
      ...who,
      email_verified: String(who.email_verified),
    });
    return token;
  }

  /** An ID token (JWT) signed by `issuer`'s keys for `clientId`. */
  function idToken(clientId: string, who: Record<string, unknown>, expiresIn = 3600, issuer = idp.issuer) {
    return issuer.buildToken({
      expiresIn,
      scopesOrTransform: (_header, payload) =>
        Object.assign(payload, { aud: clientId, azp: clientId, ...who }),
    });
  }

  async function userCount(email: string): Promise<number> {
    const { rows } = await t.db.query('SELECT 1 FROM users WHERE email = $1', [email]);
    return rows.length;
  }

  describe('POST /api/auth/google proves the token was issued to this app', () => {
    const person = (n: string) => ({
      sub: `tok-${n}`,
      email: `${n}@token.test`,
      email_verified: true,
      name: `Token ${n}`,
    });

    it('signs in with an access token issued to our client id', async () => {
      userinfo = person('a');
      const agent = t.agent();
      const res = await agent
        .post('/api/auth/google')
        .send({ token: accessToken('test-client', person('a')) });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ email: 'a@token.test', name: 'Token a' });
      await agent.get('/api/auth/me').expect(200);
    });

    it('signs in with an ID token for our client id (signature, issuer, audience, expiry checked)', async () => {
      const res = await t
        .agent()
        .post('/api/auth/google')
        .send({ token: await idToken('test-client', person('b')) });
      expect(res.status).toBe(200);
      expect(res.body.email).toBe('b@token.test');
    });

    it.each([
      ['an access token issued to another app', () => accessToken('other-client', person('c'))],
      ['an ID token issued to another app', () => idToken('other-client', person('c'))],
    ])('signs nobody in with %s', async (_what, make) => {
      userinfo = person('c');
      const agent = t.agent();
      const res = await agent.post('/api/auth/google').send({ token: await make() });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Sign in failed: the Google token was not issued to this app');
      expect(await userCount('c@token.test')).toBe(0);
      await agent.get('/api/auth/me').expect(401);
    });

    it.each([
      ['an expired ID token', () => idToken('test-client', person('d'), -60)],
      [
        'an ID token signed by someone else',
        async () => {
          const forger = new OAuth2Server();
          await forger.issuer.keys.generate('RS256');
          forger.issuer.url = idp.issuer.url;
          return idToken('test-client', person('d'), 3600, forger.issuer);
        },
      ],
      ['an access token the provider never issued', () => 'ya29.made-up-token-value'],
      [
        'an access token for an unverified email',
        () => accessToken('test-client', { ...person('d'), email_verified: false }),
      ],
      [
        'an ID token from another issuer, signed with the right key',
        () => idToken('test-client', { ...person('d'), iss: 'https://accounts.evil.example' }),
      ],
      [
        'an ID token for an unverified email',
        () => idToken('test-client', { ...person('d'), email_verified: false }),
      ],
      [
        'an unsigned ID token (alg none)',
        () => {
          const part = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
          const now = Math.floor(Date.now() / 1000);
          const claims = {
            ...person('d'),
            iss: idp.issuer.url,
            aud: 'test-client',
            iat: now,
            exp: now + 600,
          };
          return `${part({ alg: 'none', typ: 'JWT' })}.${part(claims)}.`;
        },
      ],
    ])('refuses %s with 401 and creates no user', async (_what, make) => {
      userinfo = person('d');
      const res = await t
        .agent()
        .post('/api/auth/google')
        .send({ token: await make() });
      expect(res.status).toBe(401);
      expect(res.body.message).toMatch(/^(Sign in failed|Your Google email address is not verified)/);
      expect(await userCount('d@token.test')).toBe(0);
    });

    it('refuses a token with characters no Google token has at once (400), without asking Google', async () => {
      const before = tokeninfoCalls;
      for (const token of ['ya29.abc def', 'ya29.tök', 'ya29.x\r\nX-Injected: 1', 'a.b.c\u0007']) {
        const res = await t.agent().post('/api/auth/google').send({ token });
        expect(res.status).toBe(400);
        expect(res.body.message).toMatch(/^token must be a Google ID token or access token/);
      }
      expect(tokeninfoCalls).toBe(before);
    });
  });
});
