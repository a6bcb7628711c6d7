import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { SecretBox } from '../src/common/crypto/secret-box.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

/** Drives the sandbox's authorize page the way a person does: approve or deny. */
async function decide(authUrl: string, decision: 'approve' | 'deny', brand = 'brand1'): Promise<URL> {
  const url = new URL(authUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const brandId = [...html.matchAll(/name="brandId" value="([^"]+)"/g)].map((m) => m[1])[
    brand === 'brand1' ? 0 : 1
  ];
  const form = new URLSearchParams({
    applicationId: url.searchParams.get('applicationId')!,
    scope: url.searchParams.getAll('scope').join(','),
    state: url.searchParams.get('state')!,
    redirectUrl: url.searchParams.get('redirectUrl')!,
    brandId,
    decision,
  });
  const res = await fetch(`${url.origin}${url.pathname}`, { method: 'POST', body: form, redirect: 'manual' });
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!);
}

/** Follows Faire's redirect back into the product with the user's cookies. */
async function comeBack(agent: TestAgent, back: URL): Promise<URL> {
  const res = await agent.get(`${back.pathname}${back.search}`).expect(302);
  return new URL(res.headers.location, 'http://localhost:3000');
}

describe('connecting a Faire account', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers an authorize URL with the app, the scopes, a state and our callback', async () => {
    const agent = await t.signIn('look@brand.test');
    const res = await agent.get('/api/oauth/faire/authorize').expect(200);
    const url = new URL(res.body.authUrl);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('applicationId')).toBe(SANDBOX_DEFAULTS.applicationId);
    expect(url.searchParams.getAll('scope')).toEqual(
      expect.arrayContaining(['READ_BRAND', 'READ_ORDERS', 'WRITE_ORDERS']),
    );
    expect(url.searchParams.get('redirectUrl')).toBe('http://localhost:3000/api/oauth/faire/callback');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);
  });

  it('approve: stores the token sealed, records the brand, and the user is connected', async () => {
    const agent = await t.signIn('ok@brand.test');
    const { body } = await agent.get('/api/oauth/faire/authorize').expect(200);
    const back = await decide(body.authUrl, 'approve');
    expect(back.searchParams.get('authorizationCode')).toBeTruthy();
    const landing = await comeBack(agent, back);
    expect(landing.pathname).toBe('/oauth-setup');
    expect(landing.searchParams.get('faire')).toBe('connected');

    const me = await agent.get('/api/auth/me').expect(200);
    expect(me.body.hasFaireToken).toBe(true);
    const status = await agent.get('/api/faire/connection').expect(200);
    expect(status.body).toMatchObject({
      status: 'CONNECTED',
      brandName: 'Juniper & Pine Candle Co.',
      authMode: 'OAUTH',
    });
    const profile = await agent.get('/api/faire/brand-profile').expect(200);
    expect(profile.body).toEqual({ name: 'Juniper & Pine Candle Co.' });

    const { rows } = await t.db.query('SELECT user_id, token_ciphertext FROM marketplace_connections');
    const row = rows.find((r: { user_id: string }) => r.user_id === me.body.id);
    const plaintext = new SecretBox(t.config.encryptionKey).open(row.token_ciphertext, row.user_id);
    expect(plaintext.length).toBeGreaterThan(10);
    expect(row.token_ciphertext).not.toContain(plaintext);
    const dump = JSON.stringify((await t.db.query('SELECT * FROM marketplace_connections')).rows);
    expect(dump).not.toContain(plaintext);
    expect(JSON.stringify(status.body)).not.toContain(plaintext);
  });

  it('deny: a clear message and nothing stored', async () => {
    const agent = await t.signIn('no@brand.test');
    const { body } = await agent.get('/api/oauth/faire/authorize').expect(200);
    const back = await decide(body.authUrl, 'deny');
    expect(back.searchParams.get('authorizationCode')).toBeNull();
    const landing = await comeBack(agent, back);
    expect(landing.searchParams.get('faire')).toBe('denied');
    expect(landing.searchParams.get('message')).toBe('Faire access was not granted.');
    const status = await agent.get('/api/faire/connection').expect(200);
    expect(status.body).toEqual({ status: 'NOT_CONNECTED' });
  });

  it('a replayed state is refused and stores nothing new', async () => {
    const agent = await t.signIn('replay@brand.test');
    const { body } = await agent.get('/api/oauth/faire/authorize').expect(200);
    const back = await decide(body.authUrl, 'approve', 'brand2');
    await agent.delete('/api/faire/connection').expect(200);
    const first = await comeBack(agent, back);
    expect(first.searchParams.get('faire')).toBe('connected');
    await agent.delete('/api/faire/connection').expect(200);
    const replay = await comeBack(agent, back);
    expect(replay.searchParams.get('faire')).toBe('error');
    expect((await agent.get('/api/faire/connection')).body).toEqual({ status: 'NOT_CONNECTED' });
  });

  it('a state started by another user is refused', async () => {
    const victim = await t.signIn('victim@brand.test');
    const attacker = await t.signIn('attacker@brand.test');
    const { body } = await attacker.get('/api/oauth/faire/authorize').expect(200);
    const back = await decide(body.authUrl, 'approve');
    const landing = await comeBack(victim, back);
    expect(landing.searchParams.get('faire')).toBe('error');
    expect((await victim.get('/api/faire/connection')).body).toEqual({ status: 'NOT_CONNECTED' });
  });

  it('an expired state (over 10 minutes) is refused', async () => {
    const agent = await t.signIn('late@brand.test');
    const { body } = await agent.get('/api/oauth/faire/authorize').expect(200);
    const back = await decide(body.authUrl, 'approve');
    t.clock.advance(11 * 60_000);
    const landing = await comeBack(t.agent(), back);
    t.clock.reset();
    expect(landing.searchParams.get('faire')).toBe('error');
  });

  it('dev sign-in with a faireToken connects through the single-brand token', async () => {
    const res = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'tok@brand.test', faireToken: SANDBOX_DEFAULTS.brand2Token })
      .expect(200);
    expect(res.body.hasFaireToken).toBe(true);
    expect(res.body.message).toBe('Connected to Faire as Harbor & Quill Paper Goods');
    const bad = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'bad@brand.test', faireToken: 'nope' })
      .expect(400);
    expect(bad.body.message).toBe('Faire refused this token. Check it and try again.');
  });

  it('shows Connection Failed when Faire refuses the stored token, and disconnect revokes it at Faire', async () => {
    const agent = await t.signIn('revoke@brand.test');
    const { body } = await agent.get('/api/oauth/faire/authorize').expect(200);
    await comeBack(agent, await decide(body.authUrl, 'approve'));
    const me = await agent.get('/api/auth/me');
    const { rows } = await t.db.query(
      'SELECT token_ciphertext FROM marketplace_connections WHERE user_id = $1',
      [me.body.id],
    );
    const token = new SecretBox(t.config.encryptionKey).open(rows[0].token_ciphertext, me.body.id);
    await agent.delete('/api/faire/connection').expect(200);
    const after = await fetch(`${t.sandbox.apiBaseUrl}/brands/profile`, {
      headers: {
        'X-FAIRE-APP-CREDENTIALS': Buffer.from(
          `${SANDBOX_DEFAULTS.applicationId}:${SANDBOX_DEFAULTS.applicationSecret}`,
        ).toString('base64'),
        'X-FAIRE-OAUTH-ACCESS-TOKEN': token,
      },
    });
    expect(after.status).toBe(401);

    // A token Faire no longer accepts: the connection is marked FAILED.
    const again = await agent.get('/api/oauth/faire/authorize').expect(200);
    await comeBack(agent, await decide(again.body.authUrl, 'approve'));
    const r2 = await t.db.query('SELECT token_ciphertext FROM marketplace_connections WHERE user_id = $1', [
      me.body.id,
    ]);
    const token2 = new SecretBox(t.config.encryptionKey).open(r2.rows[0].token_ciphertext, me.body.id);
    await fetch(`${t.sandbox.oauthBaseUrl}/api/external-api-oauth2/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        application_token: SANDBOX_DEFAULTS.applicationId,
        application_secret: SANDBOX_DEFAULTS.applicationSecret,
        access_token_o_auth: token2,
      }),
    });
    const refused = await agent.get('/api/faire/brand-profile').expect(502);
    expect(refused.body.code).toBe('MARKETPLACE_REFUSED');
    expect((await agent.get('/api/faire/connection')).body.status).toBe('FAILED');
  });
});
