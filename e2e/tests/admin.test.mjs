import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
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

  it('marks a Faire brand two companies hold and releases one after a confirmation', async () => {
    const birch = await browser.page();
    await signUpWithCompany(birch, product, {
      email: 'bo@birch.test',
      name: 'Bo Birch',
      company: 'Birch Goods',
    });
    // The product refuses a second holder; force one in the database, as a leftover of the per-user era.
    const db = new pg.Client({ connectionString: product.databaseUrl });
    await db.connect();
    try {
      const forced = await db.query(
        `INSERT INTO marketplace_connections (company_id, connected_by, seal_id, auth_mode, brand_id, brand_name,
                                              token_ciphertext, scopes, status, currency)
         SELECT c.id, u.id, mc.seal_id, mc.auth_mode, mc.brand_id, mc.brand_name, mc.token_ciphertext, mc.scopes,
                mc.status, mc.currency
           FROM marketplace_connections mc, companies c, users u
          WHERE mc.company_id = (SELECT id FROM companies WHERE name = 'Juniper & Pine')
            AND c.name = 'Birch Goods' AND u.email = 'bo@birch.test'`,
      );
      assert.equal(forced.rowCount, 1);
    } finally {
      await db.end();
    }

    const page = await browser.page({ width: 1440, height: 900 });
    await devSignIn(page, product, { email: 'root@ops.test' });
    await page.goto(`${product.url}/admin`);
    const users = page.getByRole('region', { name: 'User Management' });
    const notice = users.getByTestId('shared-brand-notice');
    await notice.getByText('A Faire brand is connected to more than one company').waitFor();
    await notice.getByText(/Juniper & Pine, Birch Goods|Birch Goods, Juniper & Pine/).waitFor();
    const row = (email) => users.getByRole('listitem').filter({ hasText: email });
    for (const email of ['ann@juniper.test', 'bo@birch.test']) {
      await row(email).getByText('Brand also held by another company').waitFor();
    }
    assert.equal(await row('root@ops.test').getByTestId('shared-brand-mark').count(), 0);
    await users.scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-shared-brand');

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'root@ops.test' });
    await phone.goto(`${product.url}/admin`);
    await phone.getByTestId('shared-brand-notice').waitFor();
    await screenshot(phone, 'admin-shared-brand-phone');
    await phone
      .getByRole('listitem')
      .filter({ hasText: 'bo@birch.test' })
      .getByRole('button', { name: 'Release connection' })
      .click();
    await phone.getByRole('dialog', { name: 'Release Faire connection?' }).waitFor();
    await screenshot(phone, 'admin-release-dialog-phone');
    await phone.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
    await phone.getByRole('dialog').waitFor({ state: 'detached' });

    await row('bo@birch.test').getByRole('button', { name: 'Release connection' }).click();
    const dialog = page.getByRole('dialog', { name: 'Release Faire connection?' });
    await dialog.getByText('Shipments already created stay on Faire.', { exact: false }).waitFor();
    await screenshot(page, 'admin-release-dialog');
    await dialog.getByRole('button', { name: 'Release connection' }).click();
    await toast(
      page,
      'Connection released',
      'Birch Goods is no longer connected to Juniper & Pine Candle Co.',
    );
    await dialog.waitFor({ state: 'detached' });
    await notice.waitFor({ state: 'detached' });
    assert.equal(await users.getByTestId('shared-brand-mark').count(), 0);
    await row('bo@birch.test').getByText('Not Connected', { exact: true }).waitFor();
    await row('ann@juniper.test').getByText('Juniper & Pine · Faire: Juniper & Pine Candle Co.').waitFor();
    await screenshot(page, 'admin-shared-brand-released');

    const answer = (await api(page, 'GET', '/api/admin/users')).body;
    const bo = answer.find((u) => u.email === 'bo@birch.test');
    const ann = answer.find((u) => u.email === 'ann@juniper.test');
    assert.equal(bo.faireConnection, null);
    assert.equal(typeof bo.companyId, 'string');
    assert.equal(ann.faireConnection.brandShared, false);
    assert.equal(ann.faireConnection.status, 'CONNECTED');
    // The released company's own view: not connected.
    assert.equal((await api(birch, 'GET', '/api/faire/connection')).body.status, 'NOT_CONNECTED');
    assert.deepEqual(browser.errors, []);
  });
});
