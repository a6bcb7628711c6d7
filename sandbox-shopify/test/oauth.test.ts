import { afterEach, describe, expect, it } from 'vitest';
import { signQuery, type ShopifySandboxHandle } from '../src/index.js';
import { call, CLIENT_ID, CLIENT_SECRET, ctl, gql, install, REDIRECT, SHOP, start } from './helpers.js';

const token = (sbx: ShopifySandboxHandle, body: Record<string, unknown>) =>
  call('POST', `${sbx.url}/admin/oauth/access_token`, {
    client_id: CLIENT_ID,
    client_secret: CLIENT_SECRET,
    ...body,
  });

describe('query signature', () => {
  it('signs a query exactly as Shopify does (published example vectors)', () => {
    const base = {
      code: '0907a61c0c8d55e99db179b68161bc00',
      shop: 'some-shop.myshopify.com',
      timestamp: '1337178173',
    };
    expect(signQuery(base, 'hush')).toBe('4712bf92ffc2917d15a2f5a273e39f0116667419aa4b6ac0b3baaf26fa3c4d20');
    expect(signQuery({ ...base, state: '0.6784241404160823', hmac: 'ignored' }, 'hush')).toBe(
      '700e2dadb827fcc8609e9d5ce208b2e9cdaab9df07390d2cbca10d7c328fc4bf',
    );
  });
});

describe('OAuth with expiring offline tokens', () => {
  let sbx: ShopifySandboxHandle;
  afterEach(async () => {
    await sbx.close();
  });

  it('shows a consent page and refuses a bad request', async () => {
    sbx = await start();
    const q = new URLSearchParams({
      client_id: CLIENT_ID,
      scope: 'read_orders,read_fulfillments',
      redirect_uri: REDIRECT,
      state: 's1',
      shop: SHOP,
    });
    const page = await call('GET', `${sbx.url}/admin/oauth/authorize?${q.toString()}`);
    expect(page.status).toBe(200);
    expect(page.body).toContain('read_fulfillments');
    expect(page.body).toContain('name="decision" value="approve"');
    for (const [k, v] of [
      ['client_id', 'other'],
      ['redirect_uri', 'javascript:alert(1)'],
      ['scope', 'read orders'],
      ['shop', 'evil.example.com'],
    ]) {
      const bad = new URLSearchParams(q);
      bad.set(k!, v!);
      expect((await call('GET', `${sbx.url}/admin/oauth/authorize?${bad.toString()}`)).status, k).toBe(400);
    }
  });

  it('redirects back with code, shop, state, timestamp, host and an hmac signed like Shopify', async () => {
    sbx = await start();
    const form = new URLSearchParams({
      client_id: CLIENT_ID,
      scope: 'read_orders',
      redirect_uri: REDIRECT,
      state: 'abc',
      shop: SHOP,
      decision: 'approve',
    });
    const res = await call('POST', `${sbx.url}/admin/oauth/authorize`, form.toString(), {
      'Content-Type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(`${back.origin}${back.pathname}`).toBe(REDIRECT);
    const params = Object.fromEntries(back.searchParams);
    expect(Object.keys(params).sort()).toEqual(['code', 'hmac', 'host', 'shop', 'state', 'timestamp']);
    expect(params).toMatchObject({ shop: SHOP, state: 'abc' });
    expect(params.hmac).toBe(signQuery(params, CLIENT_SECRET));
    expect(params.hmac).toMatch(/^[0-9a-f]{64}$/);
    expect(signQuery({ ...params, state: 'other' }, CLIENT_SECRET)).not.toBe(params.hmac);

    const denied = await call(
      'POST',
      `${sbx.url}/admin/oauth/authorize`,
      form.toString().replace('approve', 'deny'),
      {
        'Content-Type': 'application/x-www-form-urlencoded',
      },
    );
    expect(new URL(denied.headers.get('location')!).searchParams.get('error')).toBe('access_denied');
  });

  it('exchanges a code once for a 60-minute token and a refresh token', async () => {
    sbx = await start();
    const grant = await install(sbx, 'read_orders,read_fulfillments');
    expect(grant).toMatchObject({ scope: 'read_orders,read_fulfillments', expires_in: 3600 });
    expect(grant.access_token).toMatch(/^shpat_/);
    expect(grant.refresh_token).toMatch(/^shprt_/);
    expect(
      (await gql(sbx, grant.access_token, '{ shop { myshopifyDomain } }')).body.data.shop.myshopifyDomain,
    ).toBe(SHOP);
    expect((await token(sbx, { code: 'nope' })).status).toBe(400);
    const wrong = await call('POST', `${sbx.url}/admin/oauth/access_token`, {
      client_id: CLIENT_ID,
      client_secret: 'x',
      code: 'x',
    });
    expect(wrong.status).toBe(401);
  });

  it('expires tokens after an hour of sandbox time', async () => {
    let now = Date.UTC(2026, 10, 27, 12);
    sbx = await start({ clock: () => new Date(now) });
    const grant = await install(sbx);
    now += 3_599_000;
    expect((await gql(sbx, grant.access_token, '{ shop { name } }')).status).toBe(200);
    now += 1_000;
    const expired = await gql(sbx, grant.access_token, '{ shop { name } }');
    expect(expired.status).toBe(401);
    expect(expired.body.errors).toContain('Invalid API key or access token');
  });

  it('rotates refresh tokens; the old one works until the new one is used', async () => {
    sbx = await start();
    const g1 = await install(sbx);
    const g2 = (await token(sbx, { grant_type: 'refresh_token', refresh_token: g1.refresh_token })).body;
    expect(g2.access_token).not.toBe(g1.access_token);
    expect(g2.refresh_token).not.toBe(g1.refresh_token);
    expect(g2.expires_in).toBe(3600);
    // The reply was lost: the old refresh token still works.
    const g2b = (await token(sbx, { grant_type: 'refresh_token', refresh_token: g1.refresh_token })).body;
    expect(g2b.access_token).toMatch(/^shpat_/);
    // Using the newest replacement ends the old token.
    const g3 = await token(sbx, { grant_type: 'refresh_token', refresh_token: g2b.refresh_token });
    expect(g3.status).toBe(200);
    const old = await token(sbx, { grant_type: 'refresh_token', refresh_token: g1.refresh_token });
    expect(old.status).toBe(400);
    expect(old.body.error).toBe('invalid_grant');
    // The replacement that was never used ended when another one was issued from the same token.
    expect((await token(sbx, { grant_type: 'refresh_token', refresh_token: g2.refresh_token })).status).toBe(
      400,
    );
  });

  it('expires tokens early and refuses refreshes on request', async () => {
    sbx = await start();
    const g = await install(sbx);
    const knobs = await ctl(sbx, 'POST', '/tokens', { expireNow: true });
    expect(knobs.body).toMatchObject({ expired: 1, refuseRefresh: false });
    expect((await gql(sbx, g.access_token, '{ shop { name } }')).status).toBe(401);
    await ctl(sbx, 'POST', '/tokens', { refuseRefresh: true });
    const refused = await token(sbx, { grant_type: 'refresh_token', refresh_token: g.refresh_token });
    expect(refused.status).toBe(400);
    await ctl(sbx, 'POST', '/tokens', { refuseRefresh: false, accessTokenLifetimeSeconds: 60 });
    const ok = await token(sbx, { grant_type: 'refresh_token', refresh_token: g.refresh_token });
    expect(ok.body.expires_in).toBe(60);
    expect((await ctl(sbx, 'POST', '/tokens', { bogus: 1 })).status).toBe(400);
    expect(sbx.control.calls().tokenRequests).toBe(3);
  });

  it('stops every token when the app is uninstalled', async () => {
    sbx = await start();
    const g = await install(sbx);
    await ctl(sbx, 'POST', '/uninstall');
    expect((await gql(sbx, g.access_token, '{ shop { name } }')).status).toBe(401);
    expect((await token(sbx, { grant_type: 'refresh_token', refresh_token: g.refresh_token })).status).toBe(
      400,
    );
  });
});
