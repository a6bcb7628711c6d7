import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { SecretBox } from '../src/common/crypto/secret-box.js';
import { revertLastMigration, runMigrations } from '../src/common/database/database.js';
import { TokenRevocations } from '../src/modules/marketplace/token-revocations.js';
import { API_ONLY, createTestApp, type TestApp } from './helpers/test-app.js';

const REDIRECT = 'http://localhost/cb';
const SCOPES = ['READ_BRAND', 'READ_ORDERS', 'WRITE_ORDERS'];

/** A live OAuth token for the sandbox brand at `index`, obtained the way the product does. */
async function oauthToken(t: TestApp, index: number): Promise<string> {
  const authorize = new URL('/oauth2/authorize', t.sandbox.oauthBaseUrl);
  const html = await (
    await fetch(
      `${authorize}?applicationId=${SANDBOX_DEFAULTS.applicationId}&scope=${SCOPES.join(',')}&state=s&redirectUrl=${encodeURIComponent(REDIRECT)}`,
    )
  ).text();
  const brandId = [...html.matchAll(/name="brandId" value="([^"]+)"/g)][index]![1]!;
  const form = new URLSearchParams({
    applicationId: SANDBOX_DEFAULTS.applicationId,
    scope: SCOPES.join(','),
    state: 's',
    redirectUrl: REDIRECT,
    brandId,
    decision: 'approve',
  });
  const back = await fetch(authorize, { method: 'POST', body: form, redirect: 'manual' });
  const code = new URL(back.headers.get('location')!).searchParams.get('authorizationCode')!;
  const res = await fetch(`${t.sandbox.oauthBaseUrl}/api/external-api-oauth2/token`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      application_token: SANDBOX_DEFAULTS.applicationId,
      application_secret: SANDBOX_DEFAULTS.applicationSecret,
      redirect_url: REDIRECT,
      scope: SCOPES,
      grant_type: 'AUTHORIZATION_CODE',
      authorization_code: code,
    }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function works(t: TestApp, token: string): Promise<boolean> {
  const res = await fetch(`${t.sandbox.apiBaseUrl}/brands/profile`, {
    headers: {
      'X-FAIRE-APP-CREDENTIALS': Buffer.from(
        `${SANDBOX_DEFAULTS.applicationId}:${SANDBOX_DEFAULTS.applicationSecret}`,
      ).toString('base64'),
      'X-FAIRE-OAUTH-ACCESS-TOKEN': token,
    },
  });
  return res.status === 200;
}

describe('migration to one connection per company', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(API_ONLY);
  });

  afterAll(async () => {
    await t.close();
  });

  it("keeps the admin's connection, a member's only when no admin had one; revokes the dropped OAuth tokens", async () => {
    const a = await t.companyAdmin('ann@a.test', 'Company A');
    const b = await t.companyAdmin('cy@b.test', 'Company B');
    for (const [email, name] of [
      ['bo@a.test', 'Bo'],
      ['di@b.test', 'Di'],
      ['ed@nowhere.test', 'Ed'],
    ]) {
      await t.signIn(email!, name);
    }
    const id = async (email: string) =>
      (await t.db.query('SELECT id FROM users WHERE email = $1', [email])).rows[0].id as string;
    const [boId, diId, edId] = [await id('bo@a.test'), await id('di@b.test'), await id('ed@nowhere.test')];
    for (const [companyId, userId, email] of [
      [a.companyId, boId, 'bo@a.test'],
      [b.companyId, diId, 'di@b.test'],
    ]) {
      await t.db.query(
        `INSERT INTO memberships (company_id, user_id, email, role, status) VALUES ($1, $2, $3, 'COMPANY_USER', 'ACTIVE')`,
        [companyId, userId, email],
      );
    }
    const annToken = await oauthToken(t, 0);
    const boToken = await oauthToken(t, 1);
    const edToken = await oauthToken(t, 2);

    // Back to just before the migration under test: the later ones are reverted first, newest first.
    for (;;) {
      const { rows: last } = await t.db.query<{ name: string }>(
        'SELECT name FROM migrations ORDER BY id DESC LIMIT 1',
      );
      await revertLastMigration(t.config.databaseUrl);
      if (last[0]?.name === 'CompanyConnection1764200000300') break;
    }
    const box = new SecretBox(t.config.encryptionKey);
    const insert = (userId: string, mode: string, brandId: string, name: string, token: string) =>
      t.db.query(
        `INSERT INTO marketplace_connections (user_id, auth_mode, brand_id, brand_name, token_ciphertext, status)
         VALUES ($1, $2, $3, $4, $5, 'CONNECTED')`,
        [userId, mode, brandId, name, box.seal(token, userId)],
      );
    await insert(a.userId, 'OAUTH', 'b_d8k3m2qz', 'Juniper & Pine Candle Co.', annToken);
    await insert(boId, 'OAUTH', 'b_h4t9w6rn', 'Harbor & Quill Paper Goods', boToken);
    await insert(diId, 'ACCESS_TOKEN', 'b_q7v2c5lx', 'Thistle & Rye Tea Merchants', 'sbx_brand3_token');
    await insert(edId, 'OAUTH', 'b_q7v2c5lx', 'Thistle & Rye Tea Merchants', edToken);
    await runMigrations(t.config.databaseUrl);

    const { rows } = await t.db.query(
      `SELECT company_id, brand_id, connected_by FROM marketplace_connections ORDER BY brand_id`,
    );
    expect(rows).toEqual([
      { company_id: a.companyId, brand_id: 'b_d8k3m2qz', connected_by: a.userId },
      { company_id: b.companyId, brand_id: 'b_q7v2c5lx', connected_by: diId },
    ]);
    // Members of A read the admin's connection; the carried-over token still opens.
    const member = await t.signIn('bo@a.test');
    expect((await member.get('/api/faire/connection').expect(200)).body).toMatchObject({
      status: 'CONNECTED',
      brandName: 'Juniper & Pine Candle Co.',
      connectedByName: 'ann',
      canManage: false,
    });
    expect((await member.get('/api/faire/brand-profile').expect(200)).body.name).toBe(
      'Juniper & Pine Candle Co.',
    );

    // Bo's and Ed's OAuth tokens wait for a worker, which revokes them at Faire.
    expect((await t.db.query('SELECT count(*)::int AS n FROM marketplace_token_revocations')).rows[0].n).toBe(
      2,
    );
    expect(await works(t, boToken)).toBe(true);
    expect(await t.app.get(TokenRevocations).drain()).toBe(0);
    expect(await works(t, boToken)).toBe(false);
    expect(await works(t, edToken)).toBe(false);
    expect(await works(t, annToken)).toBe(true);
  });
});
