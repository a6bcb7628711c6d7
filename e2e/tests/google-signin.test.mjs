import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { OAuth2Server } from 'oauth2-mock-server';
import { launchBrowser, screenshot, startProduct, toast } from '../lib/harness.mjs';

/** Google sign-in in a real browser against a local OpenID provider. */
describe('Google sign-in', () => {
  let product;
  let browser;
  let idp;
  let deny = false;

  before(async () => {
    idp = new OAuth2Server();
    await idp.issuer.keys.generate('RS256');
    await idp.start(0, '127.0.0.1');
    idp.service.on('beforeUserinfo', (res) => {
      res.body = { sub: 'g-123', email: 'gina@brand.test', email_verified: true, name: 'Gina Park' };
    });
    idp.service.on('beforeAuthorizeRedirect', (redirect) => {
      if (!deny) return;
      redirect.url.searchParams.delete('code');
      redirect.url.searchParams.set('error', 'access_denied');
    });
    const base = idp.issuer.url;
    product = await startProduct({
      env: {
        GOOGLE_CLIENT_ID: 'e2e-client',
        GOOGLE_CLIENT_SECRET: 'e2e-secret',
        GOOGLE_AUTH_URL: `${base}/authorize`,
        GOOGLE_TOKEN_URL: `${base}/token`,
        GOOGLE_USERINFO_URL: `${base}/userinfo`,
      },
    });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
    await idp?.stop();
  });

  it('signs in with Google and welcomes the user by name', async () => {
    const page = await browser.page();
    await page.goto(`${product.url}/`);
    await page.getByText('Streamline your Faire order fulfillment').first().waitFor();
    assert.equal(await page.getByRole('form', { name: 'Developer sign-in' }).count(), 0);
    await screenshot(page, 'google-01-sign-in');
    await page.getByRole('link', { name: /Continue with Google/ }).click();
    await toast(page, 'Welcome back!', 'Signed in as Gina Park');
    await page.waitForURL(/\/no-company$/);
    await screenshot(page, 'google-02-signed-in');
  });

  it("refuses a forged state with 'Sign in failed' and goes back to /", async () => {
    const page = await browser.page();
    await page.goto(`${product.url}/`);
    await page.getByRole('link', { name: /Continue with Google/ }).waitFor();
    await page.goto(`${product.url}/auth/google/callback?code=forged-code&state=forged-state`);
    await toast(page, 'Sign in failed');
    await page.waitForURL((u) => u.pathname === '/');
    const me = await page.evaluate(async () => (await fetch('/api/auth/me')).status);
    assert.equal(me, 401);
  });

  it("shows 'Authentication failed' / 'Access denied' when consent is denied", async () => {
    deny = true;
    const page = await browser.page();
    await page.goto(`${product.url}/`);
    await page.getByRole('link', { name: /Continue with Google/ }).click();
    await toast(page, 'Authentication failed', 'Access denied');
    await screenshot(page, 'google-03-denied');
    await page.waitForURL((u) => u.pathname === '/');
    deny = false;
  });

  it("shows 'No authorization code received' when the code is missing", async () => {
    const page = await browser.page();
    await page.goto(`${product.url}/auth/google/callback`);
    await toast(page, 'Authentication failed', 'No authorization code received');
  });
});
