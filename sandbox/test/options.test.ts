import { describe, expect, it } from 'vitest';
import { sandboxFixtures, SANDBOX_FIXTURES } from '../src/index.js';
import { apiClient, call, ship, start } from './helpers.js';

describe('startSandbox options', () => {
  it('brands and applications can be overridden', async () => {
    const sbx = await start({
      seed: 7,
      brands: [{ token: 'tok_a', name: 'Alder Soap Works' }],
      applications: [{ applicationId: 'apa_custom', applicationSecret: 's3cret', name: 'Custom App' }],
    });
    try {
      expect(sbx.brands().map((b) => b.token)).toEqual([
        'tok_a',
        'sbx_brand2_token',
        'sbx_brand3_token',
        'sbx_brand4_token',
      ]);
      const profile = await apiClient(sbx, 'tok_a').get('/brands/profile');
      expect(profile.body).toMatchObject({
        name: 'Alder Soap Works',
        brand_id: SANDBOX_FIXTURES.brand1.brandId,
      });
      expect((await apiClient(sbx, 'sbx_brand1_token').get('/brands/profile')).status).toBe(401);
      expect(sbx.fixtures()).toEqual(sandboxFixtures(7, [{ token: 'tok_a', name: 'Alder Soap Works' }]));
      expect(sbx.fixtures().brand1.newOrderId).not.toBe(SANDBOX_FIXTURES.brand1.newOrderId);
      const page = await fetch(
        `${sbx.url}/oauth2/authorize?applicationId=apa_custom&scope=READ_ORDERS&state=s&redirectUrl=${encodeURIComponent('http://localhost/cb')}`,
      );
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('Authorize Custom App');
      const old = await fetch(
        `${sbx.url}/oauth2/authorize?applicationId=apa_sandbox_demo&scope=READ_ORDERS&state=s&redirectUrl=${encodeURIComponent('http://localhost/cb')}`,
      );
      expect(old.status).toBe(400);
    } finally {
      await sbx.close();
    }
    await expect(start({ brands: [{ token: 'same' }, { token: 'same' }] })).rejects.toThrow(/unique/);
  });

  it('publicUrl is used for links and the authorize form', async () => {
    const sbx = await start({ publicUrl: 'http://faire-sandbox.test:8080/' });
    try {
      expect(sbx.url).toBe('http://faire-sandbox.test:8080');
      expect(sbx.apiBaseUrl).toBe('http://faire-sandbox.test:8080/external-api/v2');
      expect(sbx.oauthBaseUrl).toBe('http://faire-sandbox.test:8080');
      expect(sbx.listenUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const page = await fetch(
        `${sbx.listenUrl}/oauth2/authorize?applicationId=apa_sandbox_demo&scope=READ_ORDERS&state=s&redirectUrl=${encodeURIComponent('http://localhost/cb')}`,
      );
      expect(await page.text()).toContain('action="http://faire-sandbox.test:8080/oauth2/authorize"');
    } finally {
      await sbx.close();
    }
  });

  it('the request log never contains tokens, secrets or query strings', async () => {
    const lines: string[] = [];
    const sbx = await start({ logger: (line) => lines.push(line) });
    try {
      const api = apiClient(sbx);
      await api.get('/orders?limit=10');
      await api.get('/orders?limit=10&page=2');
      await api.post(
        `/orders/${SANDBOX_FIXTURES.brand1.processingOrderId}/shipments`,
        ship(undefined, '1ZLOG'),
      );
      await call('POST', `${sbx.url}/api/external-api-oauth2/token`, {
        token: null,
        body: { application_token: 'apa_sandbox_demo', application_secret: 'sbx_demo_secret' },
      });
      sbx.knobs.set({ rate429Share: 1 });
      await api.get('/brands/profile');
      expect(lines.length).toBe(5);
      expect(lines[0]).toMatch(/^\[faire-sandbox\] GET \/external-api\/v2\/orders 200 \d+ms$/);
      // A list page after the first is named, never by its query.
      expect(lines[1]).toMatch(/^\[faire-sandbox\] GET \/external-api\/v2\/orders 200 \d+ms next-page$/);
      expect(lines[4]).toContain('429');
      const all = lines.join('\n');
      for (const secret of ['sbx_brand1_token', 'sbx_demo_secret', 'limit=10', 'page=2']) {
        expect(all).not.toContain(secret);
      }
    } finally {
      await sbx.close();
    }
  });
});
