import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { SecretBox } from '../src/common/crypto/secret-box.js';
import { CompanyScope } from '../src/common/database/company-scope.js';
import { CompanyConnections } from '../src/modules/marketplace/index.js';
import { csv, today, upload } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const ROOT = 'root@platform.test';

/** Drives the sandbox's authorize page the way a person does: approve or deny. */
export async function decide(authUrl: string, decision: 'approve' | 'deny', brand = 0): Promise<URL> {
  const url = new URL(authUrl);
  const page = await fetch(url);
  expect(page.status).toBe(200);
  const html = await page.text();
  const brandId = [...html.matchAll(/name="brandId" value="([^"]+)"/g)].map((m) => m[1]!)[brand]!;
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
  return new URL(res.headers.location!, 'http://localhost:3000');
}

/** An admin's whole connect round trip; answers where the browser lands. */
async function connect(agent: TestAgent, brand = 0, intent = 'connect'): Promise<URL> {
  const { body } = await agent.get(`/api/oauth/faire/authorize?intent=${intent}`).expect(200);
  return comeBack(agent, await decide(body.authUrl, 'approve', brand));
}

async function storedToken(t: TestApp, companyId: string): Promise<string> {
  const { rows } = await t.db.query(
    'SELECT token_ciphertext, seal_id FROM marketplace_connections WHERE company_id = $1',
    [companyId],
  );
  return new SecretBox(t.config.encryptionKey).open(rows[0].token_ciphertext, rows[0].seal_id);
}

async function profileStatus(t: TestApp, token: string): Promise<number> {
  const res = await fetch(`${t.sandbox.apiBaseUrl}/brands/profile`, {
    headers: {
      'X-FAIRE-APP-CREDENTIALS': Buffer.from(
        `${SANDBOX_DEFAULTS.applicationId}:${SANDBOX_DEFAULTS.applicationSecret}`,
      ).toString('base64'),
      'X-FAIRE-OAUTH-ACCESS-TOKEN': token,
    },
  });
  return res.status;
}

/** Invites `email` as a COMPANY_USER and signs them in as an active member. */
async function member(t: TestApp, admin: TestAgent, email: string, name: string): Promise<TestAgent> {
  await admin.post('/api/team/invite').send({ email }).expect(200);
  const { rows } = await t.db.query<{ link: string }>(
    'SELECT link FROM mail_outbox WHERE to_email = $1 ORDER BY created_at DESC LIMIT 1',
    [email],
  );
  const token = new URL(rows[0]!.link).searchParams.get('token')!;
  const agent = await t.signIn(email, name);
  await agent.post('/api/team/accept-invite').send({ token }).expect(200);
  return agent;
}

describe('the company Faire connection', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ROOT });
  });

  afterEach(async () => {
    t.clock.reset();
    // One brand, one company: each test starts with no company holding a brand.
    await t.db.query('DELETE FROM marketplace_connections');
    t.sandbox.reset();
  });

  afterAll(async () => {
    await t.close();
  });

  it('answers an authorize URL to a company admin only; a member and someone without a company get 403', async () => {
    const { agent: admin } = await t.companyAdmin('look@brand.test', 'Look');
    const res = await admin.get('/api/oauth/faire/authorize').expect(200);
    const url = new URL(res.body.authUrl);
    expect(url.pathname).toBe('/oauth2/authorize');
    expect(url.searchParams.get('applicationId')).toBe(SANDBOX_DEFAULTS.applicationId);
    expect(url.searchParams.getAll('scope')).toEqual(
      expect.arrayContaining(['READ_BRAND', 'READ_ORDERS', 'WRITE_ORDERS']),
    );
    expect(url.searchParams.get('redirectUrl')).toBe('http://localhost:3000/api/oauth/faire/callback');
    expect(url.searchParams.get('state')!.length).toBeGreaterThanOrEqual(40);

    const bea = await member(t, admin, 'bea@look.test', 'Bea');
    const refused = await bea.get('/api/oauth/faire/authorize').expect(403);
    expect(refused.body.message).toBe('Only a company admin can connect or change the Faire account.');
    await bea.delete('/api/faire/connection').expect(403);
    const loner = await t.signIn('loner@brand.test');
    await loner.get('/api/oauth/faire/authorize').expect(403);
  });

  it('approve: the token is stored sealed on the company; members see who connected it', async () => {
    const { agent: admin, companyId } = await t.companyAdmin('ok@brand.test', 'Okay Co');
    await t.db.query(`UPDATE users SET name = 'Olive Admin' WHERE email = 'ok@brand.test'`);
    const landing = await connect(admin);
    expect(landing.pathname).toBe('/oauth-setup');
    expect(landing.searchParams.get('faire')).toBe('connected');

    const bea = await member(t, admin, 'bea@okay.test', 'Bea');
    expect((await bea.get('/api/auth/me').expect(200)).body.hasFaireToken).toBe(true);
    const status = await bea.get('/api/faire/connection').expect(200);
    expect(status.body).toMatchObject({
      status: 'CONNECTED',
      brandName: 'Juniper & Pine Candle Co.',
      authMode: 'OAUTH',
      currency: 'USD',
      connectedByName: 'Olive Admin',
      canManage: false,
    });
    expect((await admin.get('/api/faire/connection')).body.canManage).toBe(true);
    expect((await bea.get('/api/faire/brand-profile').expect(200)).body).toEqual({
      name: 'Juniper & Pine Candle Co.',
    });

    const plaintext = await storedToken(t, companyId);
    expect(plaintext.length).toBeGreaterThan(10);
    const dump = JSON.stringify((await t.db.query('SELECT * FROM marketplace_connections')).rows);
    expect(dump).not.toContain(plaintext);
    expect(JSON.stringify(status.body)).not.toContain(plaintext);
  });

  it('deny, a replayed state, another user’s state or an expired one store nothing', async () => {
    const { agent: admin } = await t.companyAdmin('no@brand.test', 'No Co');
    const { body } = await admin.get('/api/oauth/faire/authorize').expect(200);
    const denied = await comeBack(admin, await decide(body.authUrl, 'deny'));
    expect(denied.searchParams.get('faire')).toBe('denied');
    expect(denied.searchParams.get('message')).toBe('Faire access was not granted.');
    expect((await admin.get('/api/faire/connection')).body).toEqual({
      status: 'NOT_CONNECTED',
      canManage: true,
    });

    const again = await admin.get('/api/oauth/faire/authorize').expect(200);
    const back = await decide(again.body.authUrl, 'approve', 1);
    expect((await comeBack(admin, back)).searchParams.get('faire')).toBe('connected');
    await admin.delete('/api/faire/connection').expect(200);
    expect((await comeBack(admin, back)).searchParams.get('faire')).toBe('error');
    expect((await admin.get('/api/faire/connection')).body.status).toBe('NOT_CONNECTED');

    const { agent: other } = await t.companyAdmin('attacker@brand.test', 'Attack Co');
    const theirs = await other.get('/api/oauth/faire/authorize').expect(200);
    const stolen = await comeBack(admin, await decide(theirs.body.authUrl, 'approve'));
    expect(stolen.searchParams.get('faire')).toBe('error');

    const late = await admin.get('/api/oauth/faire/authorize').expect(200);
    const lateBack = await decide(late.body.authUrl, 'approve');
    t.clock.advance(11 * 60_000);
    expect((await comeBack(admin, lateBack)).searchParams.get('faire')).toBe('error');
    expect((await admin.get('/api/faire/connection')).body.status).toBe('NOT_CONNECTED');
  });

  it('reconnecting the same brand twice works under Faire’s one-token rule: the old token is revoked first', async () => {
    const { agent: admin, companyId } = await t.companyAdmin('again@brand.test', 'Again Co');
    expect((await connect(admin)).searchParams.get('faire')).toBe('connected');
    const first = await storedToken(t, companyId);
    expect((await connect(admin, 0, 'reconnect')).searchParams.get('faire')).toBe('connected');
    const second = await storedToken(t, companyId);
    expect((await connect(admin, 0, 'reconnect')).searchParams.get('faire')).toBe('connected');
    const third = await storedToken(t, companyId);
    expect(new Set([first, second, third]).size).toBe(3);
    expect(await profileStatus(t, first)).toBe(401);
    expect(await profileStatus(t, second)).toBe(401);
    expect(await profileStatus(t, third)).toBe(200);
    expect((await admin.get('/api/faire/connection')).body.status).toBe('CONNECTED');
  });

  it('a brand change needs the admin’s confirmation; confirmed, the orders are replaced by the new brand’s', async () => {
    const { agent: admin, companyId } = await t.companyAdmin('switch@brand.test', 'Switch Co');
    await connect(admin, 0);
    await admin.post('/api/orders/refresh').expect(200);
    const before = await t.db.query('SELECT DISTINCT brand_id FROM orders WHERE company_id = $1', [
      companyId,
    ]);
    expect(before.rows).toEqual([{ brand_id: 'b_d8k3m2qz' }]);

    // Picked another brand on Faire without confirming a change: refused, nothing switched.
    const unconfirmed = await connect(admin, 1, 'reconnect');
    expect(unconfirmed.searchParams.get('faire')).toBe('error');
    expect(unconfirmed.searchParams.get('message')).toBe(
      'You chose Harbor & Quill Paper Goods on Faire instead of Juniper & Pine Candle Co.: to switch brands, use Change brand.',
    );
    const failed = (await admin.get('/api/faire/connection')).body;
    expect(failed).toMatchObject({ status: 'FAILED', brandName: 'Juniper & Pine Candle Co.' });

    const confirmed = await connect(admin, 1, 'change');
    expect(confirmed.searchParams.get('faire')).toBe('connected');
    expect((await admin.get('/api/faire/connection')).body).toMatchObject({
      status: 'CONNECTED',
      brandName: 'Harbor & Quill Paper Goods',
    });
    // The old brand's orders are gone at once (the sync the connection queues may already be storing
    // the new brand's).
    const old = await t.db.query(
      "SELECT count(*)::int AS n FROM orders WHERE company_id = $1 AND brand_id IS DISTINCT FROM 'b_h4t9w6rn'",
      [companyId],
    );
    expect(old.rows[0].n).toBe(0);
    await admin.post('/api/orders/refresh').expect(200);
    const after = await t.db.query('SELECT DISTINCT brand_id FROM orders WHERE company_id = $1', [companyId]);
    expect(after.rows).toEqual([{ brand_id: 'b_h4t9w6rn' }]);
    const orders = await admin.get('/api/orders').expect(200);
    const brand2 = new Set(t.sandbox.listOrders('brand2').map((o) => o.id));
    const listed = JSON.stringify(orders.body);
    for (const o of t.sandbox.listOrders('brand1')) expect(listed).not.toContain(o.id);
    expect([...brand2].some((id) => listed.includes(id))).toBe(true);
  });

  it('a brand another company holds cannot be connected; the admin is not told which company', async () => {
    const { agent: first, companyId: firstId } = await t.companyAdmin(
      'first@brand.test',
      'Secret Holder Inc',
    );
    await connect(first, 0);
    const held = await storedToken(t, firstId);

    const { agent: second, companyId: secondId } = await t.companyAdmin('second@brand.test', 'Second Co');
    const refused = await connect(second, 0);
    expect(refused.searchParams.get('faire')).toBe('error');
    const message = refused.searchParams.get('message')!;
    expect(message).toMatch(/already connected to another company/);
    expect(message).not.toContain('Secret Holder');
    expect((await second.get('/api/faire/connection')).body.status).not.toBe('CONNECTED');
    // The holder is untouched and its token still works.
    expect(await profileStatus(t, held)).toBe(200);
    expect((await first.get('/api/faire/connection')).body.status).toBe('CONNECTED');

    // Dev token path too.
    const dev = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'second@brand.test', faireToken: SANDBOX_DEFAULTS.brand1Token })
      .expect(409);
    expect(dev.body.message).toMatch(/already connected to another company/);

    // The platform admin sees both companies' connections and releases the holder's.
    const root = await t.signIn(ROOT);
    const users = (await root.get('/api/admin/users').expect(200)).body as {
      email: string;
      faireConnection: { brandName: string; connectedByName: string } | null;
    }[];
    expect(users.find((u) => u.email === 'first@brand.test')?.faireConnection).toMatchObject({
      brandName: 'Juniper & Pine Candle Co.',
    });
    expect(users.find((u) => u.email === 'second@brand.test')?.faireConnection).toBeNull();
    await root.delete(`/api/admin/companies/${firstId}/faire-connection`).expect(200);
    expect(await profileStatus(t, held)).toBe(401);
    expect((await connect(second, 0)).searchParams.get('faire')).toBe('connected');
    expect((await storedToken(t, secondId)).length).toBeGreaterThan(10);
  });

  it('dev sign-in with a faireToken: waits for the company the person creates; a member cannot', async () => {
    const res = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'tok@brand.test', faireToken: SANDBOX_DEFAULTS.brand2Token })
      .expect(200);
    expect(res.body.hasFaireToken).toBe(true);
    expect(res.body.message).toBe('Connected to Faire as Harbor & Quill Paper Goods');
    const { agent: admin } = await t.companyAdmin('tok@brand.test', 'Token Co');
    expect((await admin.get('/api/faire/connection')).body).toMatchObject({
      status: 'CONNECTED',
      brandName: 'Harbor & Quill Paper Goods',
      authMode: 'ACCESS_TOKEN',
    });
    await member(t, admin, 'mem@token.test', 'Mem');
    const asMember = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'mem@token.test', faireToken: SANDBOX_DEFAULTS.brand1Token })
      .expect(403);
    expect(asMember.body.message).toBe('Only a company admin can connect or change the Faire account.');
    const bad = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'bad@brand.test', faireToken: 'nope' })
      .expect(400);
    expect(bad.body.message).toBe('Faire refused this token. Check it and try again.');
  });

  it('shows Connection Failed when Faire refuses the stored token, and disconnect revokes it at Faire', async () => {
    const { agent: admin, companyId } = await t.companyAdmin('revoke@brand.test', 'Revoke Co');
    await connect(admin);
    const token = await storedToken(t, companyId);
    await admin.delete('/api/faire/connection').expect(200);
    expect(await profileStatus(t, token)).toBe(401);

    await connect(admin);
    const token2 = await storedToken(t, companyId);
    await fetch(`${t.sandbox.oauthBaseUrl}/api/external-api-oauth2/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        application_token: SANDBOX_DEFAULTS.applicationId,
        application_secret: SANDBOX_DEFAULTS.applicationSecret,
        access_token_o_auth: token2,
      }),
    });
    const refused = await admin.get('/api/faire/brand-profile').expect(502);
    expect(refused.body.code).toBe('MARKETPLACE_REFUSED');
    expect((await admin.get('/api/faire/connection')).body.status).toBe('FAILED');

    // Uploads are refused before any row is read, with what this person can do about it.
    const file = csv([
      [t.sandbox.fixtures().brand1.processingOrderId, '1ZFAILED0000000001', 'UPS', today(), '1.00'],
    ]);
    const asAdmin = await upload(admin, file).expect(409);
    expect(asAdmin.body.message).toBe(
      'Faire refused the connection to Juniper & Pine Candle Co., so shipments cannot be created. Reconnect Faire in Settings, then upload again.',
    );
    const bea = await member(t, admin, 'bea@revoke.test', 'Bea');
    const asMember = await upload(bea, file).expect(409);
    expect(asMember.body.message).toBe(
      'Faire refused the connection to Juniper & Pine Candle Co., so shipments cannot be created. Ask your company admin to reconnect Faire, then upload again.',
    );
    const stored = await t.db.query('SELECT count(*)::int AS n FROM uploads WHERE company_id = $1', [
      companyId,
    ]);
    expect(stored.rows[0].n).toBe(0);
  });

  it('a platform admin without a company reads NO_COMPANY', async () => {
    const root = await t.signIn(ROOT);
    expect((await root.get('/api/faire/connection').expect(200)).body).toEqual({ status: 'NO_COMPANY' });
  });

  it('dev sign-in with a brand another company holds says so, in the OAuth path’s words', async () => {
    const held =
      'This Faire brand is already connected to another company in the portal. Ask the portal administrator to release it, then try again.';
    await t.companyAdmin('holder3@brand.test', 'Holder Three', SANDBOX_DEFAULTS.brand3Token);
    const refused = await t
      .agent()
      .post('/api/auth/dev-login')
      .send({ email: 'newcomer3@brand.test', faireToken: SANDBOX_DEFAULTS.brand3Token })
      .expect(409);
    expect(refused.body.message).toBe(held);

    // Taken between the sign-in and the company: the company's creation says it, not a silent "Not connected".
    const early = await t.signIn('early4@brand.test', 'Early', SANDBOX_DEFAULTS.brand4Token);
    await t.companyAdmin('holder4@brand.test', 'Holder Four', SANDBOX_DEFAULTS.brand4Token);
    const created = await early.post('/api/company/create').send({ name: 'Late Four' }).expect(200);
    expect(created.body.message).toBe(held);
    expect((await early.get('/api/faire/connection').expect(200)).body.status).toBe('NOT_CONNECTED');
  });

  it('a refused token marks only the named connection of the company it was read for', async () => {
    // A worker's refusal names the company and the connection it read; nothing changes when they differ.
    const a = await t.companyAdmin('mark3@brand.test', 'Mark Three', SANDBOX_DEFAULTS.brand3Token);
    const b = await t.companyAdmin('mark4@brand.test', 'Mark Four', SANDBOX_DEFAULTS.brand4Token);
    const idOf = async (companyId: string) =>
      (
        await t.db.query<{ id: string }>('SELECT id FROM marketplace_connections WHERE company_id = $1', [
          companyId,
        ])
      ).rows[0]!.id;
    const [three, four] = [
      { id: await idOf(a.companyId), company_id: a.companyId },
      { id: await idOf(b.companyId), company_id: b.companyId },
    ];
    const connections = t.app.get(CompanyConnections);
    const status = async (id: string) =>
      (await t.db.query<{ status: string }>('SELECT status FROM marketplace_connections WHERE id = $1', [id]))
        .rows[0]!.status;
    await connections.markFailed(CompanyScope.ofJob(three.company_id), four.id, 'refused');
    expect([await status(three.id), await status(four.id)]).toEqual(['CONNECTED', 'CONNECTED']);
    await connections.markFailed(CompanyScope.ofJob(four.company_id), four.id, 'refused');
    expect([await status(three.id), await status(four.id)]).toEqual(['CONNECTED', 'FAILED']);
  });
});
