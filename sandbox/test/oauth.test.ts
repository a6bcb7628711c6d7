import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SANDBOX_FIXTURES, type SandboxHandle } from '../src/index.js';
import { APP_ID, APP_SECRET, call, ship, start } from './helpers.js';

const REDIRECT = 'http://localhost:3000/api/faire/oauth/callback';
const SCOPES = ['READ_BRAND', 'READ_ORDERS', 'WRITE_ORDERS', 'READ_RETAILER'];

function authorizeUrl(sbx: SandboxHandle, params: Record<string, string | string[]>): string {
  const u = new URL('/oauth2/authorize', sbx.oauthBaseUrl);
  for (const [k, v] of Object.entries(params)) {
    for (const value of Array.isArray(v) ? v : [v]) u.searchParams.append(k, value);
  }
  return u.toString();
}

async function submitForm(sbx: SandboxHandle, fields: Record<string, string>) {
  const res = await fetch(`${sbx.oauthBaseUrl}/oauth2/authorize`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
    redirect: 'manual',
  });
  return { status: res.status, location: res.headers.get('location'), text: await res.text() };
}

/** Reads the authorize page, then submits its form like a browser would. */
async function approve(
  sbx: SandboxHandle,
  opts: { scopes?: string[]; brandId?: string; redirect?: string; state?: string } = {},
) {
  const scopes = opts.scopes ?? SCOPES;
  const page = await fetch(
    authorizeUrl(sbx, {
      applicationId: APP_ID,
      scope: scopes,
      state: opts.state ?? 'csrf-123',
      redirectUrl: opts.redirect ?? REDIRECT,
    }),
  );
  expect(page.status).toBe(200);
  const html = await page.text();
  const hidden = Object.fromEntries(
    [...html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map((m) => [
      m[1],
      m[2]!.replace(/&amp;/g, '&'),
    ]),
  );
  const form = await submitForm(sbx, {
    ...hidden,
    brandId: opts.brandId ?? SANDBOX_FIXTURES.brand1.brandId,
    decision: 'approve',
  });
  expect(form.status).toBe(302);
  const location = new URL(form.location ?? '');
  return { location, code: location.searchParams.get('authorizationCode') ?? '' };
}

function exchange(sbx: SandboxHandle, body: Record<string, unknown>) {
  return call('POST', `${sbx.oauthBaseUrl}/api/external-api-oauth2/token`, { token: null, body });
}

function tokenBody(code: string, overrides: Record<string, unknown> = {}) {
  return {
    application_token: APP_ID,
    application_secret: APP_SECRET,
    redirect_url: REDIRECT,
    scope: SCOPES,
    grant_type: 'AUTHORIZATION_CODE',
    authorization_code: code,
    ...overrides,
  };
}

function oauthHeaders(token: string, secret: string = APP_SECRET) {
  return {
    'X-FAIRE-APP-CREDENTIALS': Buffer.from(`${APP_ID}:${secret}`).toString('base64'),
    'X-FAIRE-OAUTH-ACCESS-TOKEN': token,
  };
}

describe('OAuth', () => {
  let sbx: SandboxHandle;
  beforeAll(async () => {
    sbx = await start();
  });
  beforeEach(() => {
    sbx.reset();
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('renders the authorize page with app, scopes in plain words, brand picker and Approve/Deny', async () => {
    const res = await fetch(
      authorizeUrl(sbx, { applicationId: APP_ID, scope: SCOPES, state: 'abc', redirectUrl: REDIRECT }),
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await res.text();
    expect(html).toContain('<title>Faire sandbox – Authorize Shipment Portal</title>');
    expect(html).toContain('Accept orders and add shipments with tracking numbers');
    expect(html).toContain('See your orders, their items and shipping addresses');
    expect(html).toContain('Juniper &amp; Pine Candle Co.');
    expect(html).toContain('Harbor &amp; Quill Paper Goods');
    expect(html).toMatch(/<button[^>]*id="approve"[^>]*>Approve<\/button>/);
    expect(html).toMatch(/<button[^>]*id="deny"[^>]*>Deny<\/button>/);
    expect(html).toContain(`action="${sbx.oauthBaseUrl}/oauth2/authorize"`);
    expect(html).toContain('<style>');
    expect(html).not.toMatch(/<script|<link/);
  });

  it('accepts comma-joined scopes too', async () => {
    const res = await fetch(
      authorizeUrl(sbx, {
        applicationId: APP_ID,
        scope: 'READ_ORDERS,WRITE_ORDERS',
        state: 's',
        redirectUrl: REDIRECT,
      }),
    );
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('data-scope="READ_ORDERS"');
    expect(html).toContain('data-scope="WRITE_ORDERS"');
  });

  it('shows an error page for an unknown app, a missing parameter or an unknown scope', async () => {
    const cases: Array<Record<string, string>> = [
      { applicationId: 'apa_unknown', scope: 'READ_ORDERS', state: 's', redirectUrl: REDIRECT },
      { applicationId: APP_ID, scope: 'READ_ORDERS', state: 's' },
      { applicationId: APP_ID, state: 's', redirectUrl: REDIRECT },
      { applicationId: APP_ID, scope: 'READ_EVERYTHING', state: 's', redirectUrl: REDIRECT },
      { applicationId: APP_ID, scope: 'READ_ORDERS', state: 's', redirectUrl: 'javascript:alert(1)' },
    ];
    for (const params of cases) {
      const res = await fetch(authorizeUrl(sbx, params));
      expect(res.status, JSON.stringify(params)).toBe(400);
      const html = await res.text();
      expect(html).toContain('Authorization error');
      expect(html).not.toContain('id="approve"');
    }
  });

  it('approve → redirect with authorizationCode and state; the code exchanges once for a working token', async () => {
    const { location, code } = await approve(sbx, { state: 'state with spaces & symbols' });
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('state with spaces & symbols');
    expect(code).not.toBe('');

    const tok = await exchange(sbx, tokenBody(code));
    expect(tok.status).toBe(200);
    expect(Object.keys(tok.body).sort()).toEqual(['access_token', 'token_type']);
    expect(tok.body.token_type).toBe('BEARER');
    const token = String(tok.body.access_token);

    const profile = await call('GET', `${sbx.apiBaseUrl}/brands/profile`, {
      token: null,
      headers: oauthHeaders(token),
    });
    expect(profile.status).toBe(200);
    expect(profile.body.brand_id).toBe(SANDBOX_FIXTURES.brand1.brandId);
    const orders = await call('GET', `${sbx.apiBaseUrl}/orders?limit=10`, {
      token: null,
      headers: oauthHeaders(token),
    });
    expect(orders.status).toBe(200);
    expect(orders.body.orders).toHaveLength(10);

    const shipped = await call(
      'POST',
      `${sbx.apiBaseUrl}/orders/${SANDBOX_FIXTURES.brand1.processingOrderId}/shipments`,
      {
        token: null,
        headers: oauthHeaders(token),
        body: ship(undefined, '1ZOAUTH'),
      },
    );
    expect(shipped.status).toBe(200);
    expect(sbx.ledger()[0]?.authMode).toBe('oauth');

    const again = await exchange(sbx, tokenBody(code));
    expect(again.status).toBe(400);
    expect(again.body.message).toMatch(/already been used/);
  });

  it('the picked brand is the one the token acts for', async () => {
    const { code } = await approve(sbx, { brandId: SANDBOX_FIXTURES.brand2.brandId });
    const tok = await exchange(sbx, tokenBody(code));
    const profile = await call('GET', `${sbx.apiBaseUrl}/brands/profile`, {
      token: null,
      headers: oauthHeaders(String(tok.body.access_token)),
    });
    expect(profile.body.brand_id).toBe(SANDBOX_FIXTURES.brand2.brandId);
  });

  it('codes expire after 10 minutes of sandbox time', async () => {
    const { code } = await approve(sbx);
    sbx.clock.advance(11 * 60_000);
    const tok = await exchange(sbx, tokenBody(code));
    expect(tok.status).toBe(400);
    expect(tok.body.message).toMatch(/expired/);
  });

  it('refuses a wrong secret (401), a different redirect_url, different scopes or a bad grant (400)', async () => {
    const { code } = await approve(sbx);
    const wrongSecret = await exchange(sbx, tokenBody(code, { application_secret: 'nope' }));
    expect(wrongSecret.status).toBe(401);
    expect(typeof wrongSecret.body.message).toBe('string');
    expect((await exchange(sbx, tokenBody(code, { application_token: 'apa_other' }))).status).toBe(401);
    expect(
      (await exchange(sbx, tokenBody(code, { redirect_url: 'http://localhost:3000/other' }))).status,
    ).toBe(400);
    expect((await exchange(sbx, tokenBody(code, { scope: ['READ_ORDERS'] }))).status).toBe(400);
    expect((await exchange(sbx, tokenBody(code, { grant_type: 'REFRESH_TOKEN' }))).status).toBe(400);
    expect((await exchange(sbx, tokenBody('sbx_code_unknown'))).status).toBe(400);
    // The failed attempts did not burn the code.
    expect((await exchange(sbx, tokenBody(code))).status).toBe(200);
  });

  it('deny → redirect with state and error, without a code', async () => {
    const form = await submitForm(sbx, {
      applicationId: APP_ID,
      scope: SCOPES.join(','),
      state: 'xyz',
      redirectUrl: `${REDIRECT}?tenant=7`,
      brandId: SANDBOX_FIXTURES.brand1.brandId,
      decision: 'deny',
    });
    expect(form.status).toBe(302);
    const location = new URL(form.location ?? '');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('tenant')).toBe('7');
    expect(location.searchParams.has('authorizationCode')).toBe(false);
  });

  it('both OAuth headers are required; bad app credentials are refused', async () => {
    const { code } = await approve(sbx);
    const token = String((await exchange(sbx, tokenBody(code))).body.access_token);
    const url = `${sbx.apiBaseUrl}/brands/profile`;
    const onlyToken = await call('GET', url, {
      token: null,
      headers: { 'X-FAIRE-OAUTH-ACCESS-TOKEN': token },
    });
    expect(onlyToken.status).toBe(401);
    const onlyApp = await call('GET', url, {
      token: null,
      headers: { 'X-FAIRE-APP-CREDENTIALS': oauthHeaders(token)['X-FAIRE-APP-CREDENTIALS'] },
    });
    expect(onlyApp.status).toBe(401);
    expect((await call('GET', url, { token: null, headers: oauthHeaders(token, 'wrong') })).status).toBe(401);
    expect((await call('GET', url, { token: null, headers: oauthHeaders('sbx_oauth_forged') })).status).toBe(
      401,
    );
    // The brand token is not an OAuth token.
    expect(
      (await call('GET', url, { token: null, headers: oauthHeaders(SANDBOX_FIXTURES.brand1.token) })).status,
    ).toBe(401);
  });

  it('a token is limited to its scopes', async () => {
    const { code } = await approve(sbx, { scopes: ['READ_ORDERS'] });
    const tok = await exchange(sbx, tokenBody(code, { scope: ['READ_ORDERS'] }));
    const headers = oauthHeaders(String(tok.body.access_token));
    expect((await call('GET', `${sbx.apiBaseUrl}/orders?limit=10`, { token: null, headers })).status).toBe(
      200,
    );
    const write = await call(
      'PUT',
      `${sbx.apiBaseUrl}/orders/${SANDBOX_FIXTURES.brand1.newOrderId}/processing`,
      {
        token: null,
        headers,
        body: {},
      },
    );
    expect(write.status).toBe(401);
    expect(write.body.message).toContain('WRITE_ORDERS');
    expect(sbx.getOrder(SANDBOX_FIXTURES.brand1.newOrderId)?.state).toBe('NEW');
  });

  it('revoke answers {success: "true"} and the token stops working', async () => {
    const { code } = await approve(sbx);
    const token = String((await exchange(sbx, tokenBody(code))).body.access_token);
    const revokeUrl = `${sbx.oauthBaseUrl}/api/external-api-oauth2/revoke`;
    const wrong = await call('POST', revokeUrl, {
      token: null,
      body: { application_token: APP_ID, application_secret: 'nope', access_token_o_auth: token },
    });
    expect(wrong.status).toBe(401);
    const ok = await call('POST', revokeUrl, {
      token: null,
      body: { application_token: APP_ID, application_secret: APP_SECRET, access_token_o_auth: token },
    });
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ success: 'true' });
    const after = await call('GET', `${sbx.apiBaseUrl}/brands/profile`, {
      token: null,
      headers: oauthHeaders(token),
    });
    expect(after.status).toBe(401);
    expect(after.body.message).toMatch(/revoked/);
  });

  it("one live token per app and brand: a second exchange without revoke is refused with Faire's message", async () => {
    const first = await exchange(sbx, tokenBody((await approve(sbx)).code));
    expect(first.status).toBe(200);
    const secondCode = (await approve(sbx)).code;
    const refused = await exchange(sbx, tokenBody(secondCode));
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      message: 'Application is already installed via an active OAuth access token',
    });
    // Another brand is not affected.
    const other = await exchange(
      sbx,
      tokenBody((await approve(sbx, { brandId: SANDBOX_FIXTURES.brand2.brandId })).code),
    );
    expect(other.status).toBe(200);
    // Revoke the first, then a new authorization works, and only the new token is live.
    const revoked = await call('POST', `${sbx.oauthBaseUrl}/api/external-api-oauth2/revoke`, {
      token: null,
      body: {
        application_token: APP_ID,
        application_secret: APP_SECRET,
        access_token_o_auth: String(first.body.access_token),
      },
    });
    expect(revoked.body).toEqual({ success: 'true' });
    const again = await exchange(sbx, tokenBody((await approve(sbx)).code));
    expect(again.status).toBe(200);
    const profile = await call('GET', `${sbx.apiBaseUrl}/brands/profile`, {
      token: null,
      headers: oauthHeaders(String(again.body.access_token)),
    });
    expect(profile.body.brand_id).toBe(SANDBOX_FIXTURES.brand1.brandId);
  });

  it('the token endpoints only accept POST', async () => {
    const r = await call('GET', `${sbx.oauthBaseUrl}/api/external-api-oauth2/token`, { token: null });
    expect(r.status).toBe(405);
  });
});
