import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  api,
  devSignIn,
  launchBrowser,
  screenshot,
  signUpWithCompany,
  startProduct,
  toast,
} from '../lib/harness.mjs';

/** The Master Admin Panel in a real browser, and what everyone else sees there. */
describe('admin panel', () => {
  let product;
  let browser;

  before(async () => {
    product = await startProduct({ env: { ADMIN_EMAILS: 'root@ops.test' } });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('denies a company admin, on the page and on the API', async () => {
    const page = await browser.page();
    await signUpWithCompany(page, product, {
      email: 'ann@juniper.test',
      name: 'Ann Rivera',
      company: 'Juniper & Pine',
      faireToken: 'sbx_brand1_token',
    });
    await page.goto(`${product.url}/admin`);
    await page.getByRole('heading', { name: 'Access Denied' }).waitFor();
    await page.getByText("You don't have admin privileges to access this page.").waitFor();
    await screenshot(page, 'admin-denied');
    for (const path of ['/api/admin/config', '/api/admin/users', '/api/admin/stats', '/api/admin/activity']) {
      assert.equal((await api(page, 'GET', path)).status, 403, path);
    }
    assert.equal((await api(page, 'POST', '/api/admin/test-api')).status, 403);
    const queues = await page.evaluate(async () => (await fetch('/api/admin/queues')).status);
    assert.equal(queues, 403);
  });

  it('shows the platform admin real status, users, stats and activity; saves and tests the Faire app', async () => {
    const page = await browser.page();
    await devSignIn(page, product, { email: 'root@ops.test', name: 'Rita Root' });
    await page.goto(`${product.url}/admin`);
    await page.getByRole('heading', { name: 'Master Admin Panel' }).waitFor();
    const config = page.getByRole('region', { name: 'Faire API Configuration' });
    assert.equal(await config.getByLabel('Application ID').isDisabled(), true);
    await config.getByRole('button', { name: 'Test Connection' }).click();
    await toast(page, 'API Connected');
    await config.getByLabel('Application Secret').fill('sbx_demo_secret');
    await config.getByRole('button', { name: 'Save Configuration' }).click();
    await toast(page, 'Configuration saved', 'API configuration updated successfully');

    const users = page.getByRole('region', { name: 'User Management' });
    await users.getByText('ann@juniper.test').first().waitFor();
    await users.getByText('Connected', { exact: true }).first().waitFor();
    const stats = (await api(page, 'GET', '/api/admin/stats')).body;
    assert.equal(stats.totalUsers, 2);
    assert.equal(stats.system.database, 'Operational');
    assert.equal(stats.system.queue, 'Operational');
    const activity = page.getByRole('region', { name: 'Recent Activity' });
    await activity
      .getByText(/config|Config/)
      .first()
      .waitFor();
    await screenshot(page, 'admin-panel');
    const secret = JSON.stringify((await api(page, 'GET', '/api/admin/config')).body);
    assert.ok(!secret.includes('sbx_demo_secret'));

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'root@ops.test' });
    await phone.goto(`${product.url}/admin`);
    await phone.getByRole('heading', { name: 'Master Admin Panel' }).waitFor();
    await screenshot(phone, 'admin-panel-phone');
    const queues = await page.evaluate(async () => (await fetch('/api/admin/queues')).status);
    assert.equal(queues, 200);
    assert.deepEqual(browser.errors, []);
  });
});
