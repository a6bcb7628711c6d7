import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { devSignIn, launchBrowser, screenshot, signUpWithCompany, startProduct } from '../lib/harness.mjs';

describe('the product as npm start runs it', () => {
  let product;
  let browser;

  before(async () => {
    product = await startProduct({ env: { ADMIN_EMAILS: 'admin@shell.test' } });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('reports database, redis and the queue round trip as healthy', async () => {
    const res = await fetch(`${product.url}/api/health`);
    assert.equal(res.status, 200);
    const body = await res.json();
    assert.equal(body.status, 'ok');
    for (const key of ['database', 'redis', 'queue']) assert.equal(body.details[key].status, 'up', key);
    assert.ok(body.details.queue.roundTripMs >= 0);
  });

  it('serves the OpenAPI document at /api/docs', async () => {
    const res = await fetch(`${product.url}/api/docs/openapi.json`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.ok(doc.paths['/api/health']);
  });

  it('answers unknown API paths with a JSON 404, not the app', async () => {
    const res = await fetch(`${product.url}/api/does-not-exist`);
    assert.equal(res.status, 404);
    assert.match(res.headers.get('content-type'), /json/);
    assert.ok((await res.json()).message);
  });

  it("shows '404 Page Not Found' for an unknown path", async () => {
    const page = await browser.page();
    await page.goto(`${product.url}/this/path/does-not-exist`);
    await page.getByText('404 Page Not Found').waitFor();
    await screenshot(page, 'foundation-404');
    await page.context().close();
  });

  it("shows '404 Page Not Found' under the data resources' paths, signed in, and the orders list at /orders", async () => {
    const page = await browser.page();
    await signUpWithCompany(page, product, {
      email: 'paths@shell.test',
      name: 'Paths Admin',
      company: 'Paths Co',
    });
    for (const path of ['/orders/not-an-order', '/orders/a/b', '/shipments', '/members/x', '/activity']) {
      await page.goto(`${product.url}${path}`);
      await page.getByText('404 Page Not Found').waitFor();
      if (path === '/orders/not-an-order') await screenshot(page, 'foundation-404-signed-in');
    }
    await page.goto(`${product.url}/orders?filter=%7B%7D`);
    await page.getByRole('heading', { name: 'Open Orders' }).waitFor();
    assert.equal(await page.getByText('404 Page Not Found').count(), 0);
    await page.context().close();
  });

  it('shows a fixed sidebar on a laptop and a slide-out menu under 768px', async () => {
    const desktop = await browser.page({ width: 1280, height: 800 });
    await devSignIn(desktop, product, { email: 'admin@shell.test', name: 'Shell Admin' });
    await desktop.goto(`${product.url}/dashboard`);
    const nav = desktop.getByRole('navigation', { name: 'Main navigation' });
    await nav.waitFor();
    assert.equal(await nav.isVisible(), true);
    assert.equal(await desktop.getByTestId('menu-button').count(), 0);
    // No Faire URL configured: the product runs on its sandbox, and says so.
    await desktop.getByTestId('sandbox-marker').waitFor();
    await screenshot(desktop, 'foundation-dashboard-desktop');
    await desktop.context().close();

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'admin@shell.test', name: 'Shell Admin' });
    await phone.goto(`${product.url}/dashboard`);
    const button = phone.getByTestId('menu-button');
    await button.waitFor();
    assert.equal(await phone.getByRole('navigation', { name: 'Main navigation' }).isVisible(), false);
    await screenshot(phone, 'foundation-dashboard-phone-closed');
    await button.click();
    await phone.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'visible' });
    await phone.getByRole('link', { name: 'Open Orders' }).click();
    await phone.waitForURL(/\/orders$/);
    await phone.getByRole('navigation', { name: 'Main navigation' }).waitFor({ state: 'hidden' });
    await screenshot(phone, 'foundation-orders-phone');
    await phone.context().close();
  });

  it('loads pages without browser errors', () => {
    assert.deepEqual(browser.errors, []);
  });

  it('stops cleanly on SIGTERM', async () => {
    const result = await product.stop();
    assert.notEqual(result, 'timeout');
    product = undefined;
  });
});

describe('start-up checks', () => {
  it('stops with one line naming a bad configuration variable', async () => {
    const product = await startProduct({ env: { PORT: 'not-a-port' }, waitForHealth: false });
    const { code } = await product.exited;
    await product.stop();
    assert.equal(code, 1);
    const lines = product.output().trim().split('\n');
    assert.equal(lines.length, 1, product.output());
    assert.match(lines[0], /PORT must be a whole number/);
  });

  it('says which Postgres URL it tried and how to start it when Postgres is unreachable', async () => {
    const product = await startProduct({
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/shipments' },
      waitForHealth: false,
    });
    const { code } = await product.exited;
    await product.stop();
    assert.equal(code, 1);
    assert.match(
      product.output(),
      /Cannot reach Postgres at postgres:\/\/postgres@127\.0\.0\.1:1\/shipments .*docker compose up -d/,
    );
  });

  it('says which Redis URL it tried when Redis is unreachable', async () => {
    const product = await startProduct({ env: { REDIS_URL: 'redis://127.0.0.1:1' }, waitForHealth: false });
    const { code } = await product.exited;
    await product.stop();
    assert.equal(code, 1);
    assert.match(product.output(), /Cannot reach Redis at redis:\/\/127\.0\.0\.1:1.*docker compose up -d/);
  });
});
