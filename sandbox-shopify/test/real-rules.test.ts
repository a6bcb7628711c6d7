// The rules of the real Shopify that an app meets on a merchant's first day: `uri` instead of the removed
// `callbackUrl`, non-expiring tokens unless asked, only registered redirect URIs, only https public
// webhook addresses, and only the supported API versions.
import { afterEach, describe, expect, it } from 'vitest';
import { supportedStableVersions, type ShopifySandboxHandle } from '../src/index.js';
import { call, CLIENT_ID, CLIENT_SECRET, ctl, gql, install, REDIRECT, SHOP, start } from './helpers.js';

const TODAY = Date.UTC(2026, 11, 7, 12); // 2026-12-07

const CREATE = `mutation Subscribe($topic: WebhookSubscriptionTopic!, $sub: WebhookSubscriptionInput!) {
  webhookSubscriptionCreate(topic: $topic, webhookSubscription: $sub) {
    webhookSubscription { id uri }
    userErrors { field message }
  }
}`;

describe('supported API versions', () => {
  it('derives the supported versions from the date: 12 months each, the next quarter as candidate', () => {
    expect(supportedStableVersions(TODAY)).toEqual(['2026-01', '2026-04', '2026-07', '2026-10']);
    expect(supportedStableVersions(Date.UTC(2027, 0, 1, 16, 59))).toEqual([
      '2026-01',
      '2026-04',
      '2026-07',
      '2026-10',
    ]);
    expect(supportedStableVersions(Date.UTC(2027, 0, 1, 17))).toEqual([
      '2026-04',
      '2026-07',
      '2026-10',
      '2027-01',
    ]);
  });
});

describe('Shopify as it really is', () => {
  let sbx: ShopifySandboxHandle;
  afterEach(async () => {
    await sbx.close();
  });

  describe('API versions', () => {
    it('serves supported versions, falls forward from others, and answers 404 to a non-version', async () => {
      sbx = await start({ clock: () => new Date(TODAY) });
      const token = (await install(sbx)).access_token;
      const served = async (asked: string) => {
        const res = await gql(sbx, token, '{ shop { name } }', undefined, asked);
        return [res.status, res.headers.get('x-shopify-api-version')];
      };
      for (const v of ['2026-01', '2026-04', '2026-07', '2026-10', '2027-01', 'unstable']) {
        expect(await served(v), v).toEqual([200, v]);
      }
      // Retired or not yet released: answered by the oldest supported stable version.
      for (const v of ['2025-10', '2024-04', '2027-04']) expect(await served(v), v).toEqual([200, '2026-01']);
      for (const v of ['2026-02', '2026-13', 'latest', 'v1', '2026-1']) {
        const res = await gql(sbx, token, '{ shop { name } }', undefined, v);
        expect(res.status, v).toBe(404);
        expect(res.body).toEqual({ errors: 'Not Found' });
      }
      const info = await call('GET', `${sbx.url}/`);
      expect(info.body.apiVersions).toEqual({
        stable: ['2026-01', '2026-04', '2026-07', '2026-10'],
        releaseCandidate: '2027-01',
      });
    });

    it('serves a fixed list when told to', async () => {
      sbx = await start({ clock: () => new Date(TODAY), apiVersions: ['2026-10', '2026-07'] });
      const token = (await install(sbx)).access_token;
      const res = await gql(sbx, token, '{ shop { name } }', undefined, '2026-04');
      expect(res.headers.get('x-shopify-api-version')).toBe('2026-07');
      const rc = await gql(sbx, token, '{ shop { name } }', undefined, '2027-01');
      expect(rc.headers.get('x-shopify-api-version')).toBe('2027-01');
    });
  });

  describe('webhookSubscriptionCreate', () => {
    it('refuses callbackUrl from 2026-07 with the error Shopify gives an undefined input field', async () => {
      sbx = await start({ clock: () => new Date(TODAY) });
      const token = (await install(sbx)).access_token;
      const sub = { callbackUrl: 'https://portal.example.com/api/hooks/shopify', format: 'JSON' };
      for (const version of ['2026-07', '2026-10', '2027-01', 'unstable']) {
        const res = await gql(sbx, token, CREATE, { topic: 'APP_UNINSTALLED', sub }, version);
        expect(res.status, version).toBe(200);
        expect(res.body.data, version).toBeUndefined();
        expect(res.body.errors, version).toEqual([
          {
            message:
              'Variable $sub of type WebhookSubscriptionInput! was provided invalid value for callbackUrl (Field is not defined on WebhookSubscriptionInput)',
            locations: [{ line: 1, column: 55 }],
            extensions: {
              code: 'INVALID_VARIABLE',
              value: sub,
              problems: [
                { path: ['callbackUrl'], explanation: 'Field is not defined on WebhookSubscriptionInput' },
              ],
            },
          },
        ]);
      }
      expect(sbx.control.subscriptions()).toEqual([]);
      const literal = await gql(
        sbx,
        token,
        `mutation { webhookSubscriptionCreate(topic: APP_UNINSTALLED, webhookSubscription: { callbackUrl: "https://portal.example.com/h" }) { userErrors { message } } }`,
      );
      expect(literal.body.errors[0]).toMatchObject({
        message: "InputObject 'WebhookSubscriptionInput' doesn't accept argument 'callbackUrl'",
        extensions: { code: 'argumentNotAccepted' },
      });
      const field = await gql(sbx, token, '{ webhookSubscriptions(first: 5) { nodes { callbackUrl } } }');
      expect(field.body.errors[0]).toMatchObject({
        message: "Field 'callbackUrl' doesn't exist on type 'WebhookSubscription'",
        extensions: { code: 'undefinedField' },
      });
    });

    it('accepts callbackUrl on the older supported versions and uri on every version', async () => {
      sbx = await start({ clock: () => new Date(TODAY) });
      const token = (await install(sbx)).access_token;
      const made: string[] = [];
      for (const [version, sub] of [
        ['2026-01', { callbackUrl: 'https://a.example.com/h' }],
        ['2026-04', { callbackUrl: 'https://b.example.com/h' }],
        ['2025-07', { callbackUrl: 'https://c.example.com/h' }], // falls forward to 2026-01
        ['2026-10', { uri: 'https://d.example.com/h' }],
        ['2026-01', { uri: 'https://e.example.com/h' }],
      ] as const) {
        const res = await gql(sbx, token, CREATE, { topic: 'FULFILLMENTS_CREATE', sub }, version);
        expect(res.body.errors, version).toBeUndefined();
        expect(res.body.data.webhookSubscriptionCreate.userErrors, version).toEqual([]);
        made.push(res.body.data.webhookSubscriptionCreate.webhookSubscription.uri);
      }
      expect(made).toEqual(['a', 'b', 'c', 'd', 'e'].map((h) => `https://${h}.example.com/h`));
      const old = await gql(
        sbx,
        token,
        '{ webhookSubscriptions(first: 9) { nodes { callbackUrl } } }',
        {},
        '2026-04',
      );
      expect(old.body.data.webhookSubscriptions.nodes).toHaveLength(5);
    });

    it("refuses http and internal addresses with Shopify's userErrors unless told to allow them", async () => {
      sbx = await start({ clock: () => new Date(TODAY) });
      const token = (await install(sbx)).access_token;
      const errorsOf = async (uri: string) => {
        const res = await gql(sbx, token, CREATE, { topic: 'FULFILLMENTS_CREATE', sub: { uri } });
        return (res.body.data.webhookSubscriptionCreate.userErrors as Array<{ message: string }>).map(
          (e) => e.message,
        );
      };
      const internal = 'Address cannot be a Shopify or an internal domain';
      const http = 'Address protocol http:// is not supported';
      expect(await errorsOf('http://localhost:3000/api/hooks/shopify')).toEqual([http, internal]);
      expect(await errorsOf('http://portal.example.com/api/hooks/shopify')).toEqual([http]);
      for (const uri of [
        'https://localhost/h',
        'https://127.0.0.1:8443/h',
        'https://10.1.2.3/h',
        'https://192.168.0.9/h',
        'https://172.20.0.1/h',
        'https://[::1]/h',
        'https://app.localhost/h',
        'https://juniper-and-pine.myshopify.com/h',
      ]) {
        expect(await errorsOf(uri), uri).toEqual([internal]);
      }
      expect(await errorsOf('')).toEqual(["Address can't be blank"]);
      expect(await errorsOf('not a url')).toEqual(['Address is invalid']);
      const full = await gql(sbx, token, CREATE, {
        topic: 'FULFILLMENTS_CREATE',
        sub: { uri: 'http://x.example.com/h' },
      });
      expect(full.body.data.webhookSubscriptionCreate).toEqual({
        webhookSubscription: null,
        userErrors: [{ field: ['webhookSubscription', 'callbackUrl'], message: http }],
      });
      expect(await errorsOf('https://portal.example.com/api/hooks/shopify')).toEqual([]);
      const control = await ctl(sbx, 'POST', '/webhooks/subscriptions', {
        topic: 'shop/redact',
        uri: 'http://127.0.0.1:3000/h',
      });
      expect(control.status).toBe(400);
      expect(control.body.message).toContain(http);
      await sbx.close();

      sbx = await start({ allowInsecureWebhookUris: true });
      const local = (await install(sbx)).access_token;
      const res = await gql(sbx, local, CREATE, {
        topic: 'FULFILLMENTS_CREATE',
        sub: { uri: 'http://127.0.0.1:3000/api/hooks/shopify' },
      });
      expect(res.body.data.webhookSubscriptionCreate.userErrors).toEqual([]);
      const blank = await gql(sbx, local, CREATE, { topic: 'FULFILLMENTS_CREATE', sub: { uri: ' ' } });
      expect(blank.body.data.webhookSubscriptionCreate.userErrors[0].message).toBe("Address can't be blank");
    });
  });

  describe('OAuth', () => {
    const exchange = (body: Record<string, unknown>, form = false) =>
      form
        ? call(
            'POST',
            `${sbx.url}/admin/oauth/access_token`,
            new URLSearchParams(body as Record<string, string>).toString(),
            { 'Content-Type': 'application/x-www-form-urlencoded' },
          )
        : call('POST', `${sbx.url}/admin/oauth/access_token`, body);

    it('issues a non-expiring offline token unless the exchange says expiring=1', async () => {
      let now = TODAY;
      sbx = await start({ clock: () => new Date(now) });
      const plain = await install(sbx, 'read_orders', false);
      expect(Object.keys(plain).sort()).toEqual(['access_token', 'scope']);
      expect(plain.access_token).toMatch(/^shpat_/);
      const expiring = await install(sbx, 'read_orders', true);
      expect(expiring).toMatchObject({ expires_in: 3600, refresh_token: expect.stringMatching(/^shprt_/) });
      now += 2 * 3_600_000;
      expect((await gql(sbx, plain.access_token, '{ shop { name } }')).status).toBe(200);
      expect((await gql(sbx, expiring.access_token, '{ shop { name } }')).status).toBe(401);
      expect((await ctl(sbx, 'POST', '/tokens', { expireNow: true })).body.expired).toBe(0);
      expect((await gql(sbx, plain.access_token, '{ shop { name } }')).status).toBe(200);
      await ctl(sbx, 'POST', '/uninstall');
      expect((await gql(sbx, plain.access_token, '{ shop { name } }')).status).toBe(401);
    });

    it('reads expiring from a form or JSON, as 1, "1" or true', async () => {
      sbx = await start();
      const code = async () => {
        const form = new URLSearchParams({
          client_id: CLIENT_ID,
          scope: 'read_orders',
          redirect_uri: REDIRECT,
          state: 's',
          shop: SHOP,
          decision: 'approve',
        });
        const res = await call('POST', `${sbx.url}/admin/oauth/authorize`, form.toString(), {
          'Content-Type': 'application/x-www-form-urlencoded',
        });
        return new URL(res.headers.get('location')!).searchParams.get('code')!;
      };
      const creds = { client_id: CLIENT_ID, client_secret: CLIENT_SECRET };
      for (const [expiring, form] of [
        ['1', true],
        [1, false],
        [true, false],
      ] as const) {
        const res = await exchange({ ...creds, code: await code(), expiring }, form);
        expect(res.body.expires_in, String(expiring)).toBe(3600);
      }
      for (const [expiring, form] of [
        ['0', true],
        [0, false],
      ] as const) {
        const res = await exchange({ ...creds, code: await code(), expiring }, form);
        expect(res.body.refresh_token, String(expiring)).toBeUndefined();
      }
    });

    it('refuses a redirect_uri that is not registered for the app', async () => {
      sbx = await start({ redirectUris: ['https://portal.example.com/api/integrations/shopify/callback'] });
      const query = (redirect: string) =>
        new URLSearchParams({
          client_id: CLIENT_ID,
          scope: 'read_orders',
          redirect_uri: redirect,
          state: 's',
          shop: SHOP,
        });
      const ok = await call(
        'GET',
        `${sbx.url}/admin/oauth/authorize?${query('https://portal.example.com/api/integrations/shopify/callback').toString()}`,
      );
      expect(ok.status).toBe(200);
      for (const redirect of [
        'https://evil.example.com/api/integrations/shopify/callback',
        'https://portal.example.com/api/integrations/shopify/callback/extra',
        'https://portal.example.com/api/integrations/shopify/callback?x=1',
        'http://portal.example.com/api/integrations/shopify/callback',
      ]) {
        const page = await call('GET', `${sbx.url}/admin/oauth/authorize?${query(redirect).toString()}`);
        expect(page.status, redirect).toBe(400);
        expect(page.body.errors, redirect).toBe(
          'Oauth error invalid_request: The redirect_uri is not whitelisted.',
        );
        const form = query(redirect);
        form.set('decision', 'approve');
        const posted = await call('POST', `${sbx.url}/admin/oauth/authorize`, form.toString(), {
          'Content-Type': 'application/x-www-form-urlencoded',
        });
        expect(posted.status, redirect).toBe(400);
        expect(posted.headers.get('location')).toBeNull();
      }
      await sbx.close();
      // Without the option, the demo app's registered URI is the portal's local callback.
      sbx = await start({ redirectUris: undefined });
      const local = await call(
        'GET',
        `${sbx.url}/admin/oauth/authorize?${query('http://localhost:3000/api/integrations/shopify/callback').toString()}`,
      );
      expect(local.status).toBe(200);
      expect(
        (await call('GET', `${sbx.url}/admin/oauth/authorize?${query(REDIRECT).toString()}`)).status,
      ).toBe(400);
    });
  });
});
