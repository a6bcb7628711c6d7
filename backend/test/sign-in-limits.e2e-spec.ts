import { OAuth2Server } from 'oauth2-mock-server';
import { API_ONLY, createTestApp, type TestApp } from './helpers/test-app.js';

/**
 * Limits that lock out only the caller (decision 0029): refused sign-ins count against the address,
 * valid ones against the account at that address; X-Forwarded-For counts only from a trusted proxy.
 */
describe('sign-in limits', () => {
  let t: TestApp;
  let idp: OAuth2Server;

  function idToken(who: { sub: string; email: string; name: string }) {
    return idp.issuer.buildToken({
      expiresIn: 3600,
      scopesOrTransform: (_header, payload) =>
        Object.assign(payload, { aud: 'test-client', azp: 'test-client', email_verified: true, ...who }),
    });
  }

  beforeAll(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    const base = idp.issuer.url!;
    t = await createTestApp({
      ...API_ONLY,
      GOOGLE_CLIENT_ID: 'test-client',
      GOOGLE_CLIENT_SECRET: 'test-secret',
      GOOGLE_AUTH_URL: `${base}/authorize`,
      GOOGLE_TOKEN_URL: `${base}/token`,
      GOOGLE_USERINFO_URL: `${base}/userinfo`,
      GOOGLE_JWKS_URL: `${base}/jwks`,
      GOOGLE_ISSUER: base,
      RATE_LIMIT_SIGNIN_PER_IP: '100',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: '5',
      RATE_LIMIT_ACCEPT_INVITE_PER_IP: '3',
    });
  });

  afterAll(async () => {
    await t.close();
    await idp.stop();
  });

  it('105 garbage sign-ins from one address: the rest are 429, another person’s valid sign-in from it succeeds', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 105; i++) {
      const res = await t
        .agent()
        .post('/api/auth/google')
        .send({ token: `garbage.${i}.token` });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(100)).toEqual([429, 429, 429, 429, 429]);
    const refused = await t.agent().post('/api/auth/google').send({ token: 'garbage.again.token' });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    // Bad bodies are refused attempts too, answered 429 once the address is past its budget.
    expect((await t.agent().post('/api/auth/google').send({ token: 'has space' })).status).toBe(429);

    // Another person, same address, genuine token: signed in.
    const agent = t.agent();
    const ok = await agent
      .post('/api/auth/google')
      .send({ token: await idToken({ sub: 'limits-ok', email: 'ok@limits.test', name: 'Okay' }) });
    expect(ok.status).toBe(200);
    expect(ok.body.email).toBe('ok@limits.test');
    await agent.get('/api/auth/me').expect(200);
  });

  it('rotating X-Forwarded-For without a trusted proxy gains nothing', async () => {
    // The address above is past its budget; a header naming other addresses does not reset it.
    const statuses: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await t
        .agent()
        .post('/api/auth/google')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ token: `garbage.xff.${i}` });
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(20).fill(429));
  });

  it('one account signing in again and again is limited for that account only', async () => {
    const who = { sub: 'limits-many', email: 'many@limits.test', name: 'Many' };
    for (let i = 0; i < 5; i++) {
      await t
        .agent()
        .post('/api/auth/google')
        .send({ token: await idToken(who) })
        .expect(200);
    }
    const sixth = await t
      .agent()
      .post('/api/auth/google')
      .send({ token: await idToken(who) });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    // Someone else from the same address is not.
    await t
      .agent()
      .post('/api/auth/google')
      .send({ token: await idToken({ sub: 'limits-else', email: 'else@limits.test', name: 'Else' }) })
      .expect(200);
  });

  it('limits invitation acceptances per address', async () => {
    const agent = await t.signIn('acceptor@limits.test');
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await agent
        .post('/api/team/accept-invite')
        .send({ token: `x${'y'.repeat(42)}${i}`.slice(0, 43) });
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 3).every((s) => s >= 400 && s < 429)).toBe(true);
    expect(statuses[3]).toBe(429);
  });
});
