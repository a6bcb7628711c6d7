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

const OPEN = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'BACKORDERED'];

/** Connecting Faire through the sandbox's OAuth pages, then the dashboard and order pages on its data. */
describe('connect Faire, dashboard and orders', () => {
  let product;
  let browser;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  async function authorizeInPopup(page, decision) {
    await page.goto(`${product.url}/oauth-setup`);
    await page.getByText('Fetch shipments info').waitFor();
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Authorize with Faire' }).click(),
    ]);
    await popup.waitForLoadState();
    await popup.getByRole('button', { name: decision }).waitFor();
    await screenshot(popup, `connect-sandbox-authorize-${decision.toLowerCase()}`);
    await popup.getByRole('button', { name: decision }).click();
    await popup.waitForURL(/\/oauth-setup\?faire=/);
    return popup;
  }

  it('deny: a clear message and nothing stored', async () => {
    const page = await browser.page();
    await signUpWithCompany(page, product, { email: 'dan@harbor.test', name: 'Dan Moss', company: 'Harbor' });
    const popup = await authorizeInPopup(page, 'Deny');
    await popup.getByText('Faire access was not granted.').first().waitFor();
    await screenshot(popup, 'connect-denied');
    const status = await api(page, 'GET', '/api/faire/connection');
    assert.deepEqual(status.body, { status: 'NOT_CONNECTED', canManage: true });
  });

  it('approve: the starting tab notices without a reload, Settings shows Connected and the brand', async () => {
    const page = await browser.page();
    await signUpWithCompany(page, product, {
      email: 'ann@juniper.test',
      name: 'Ann Rivera',
      company: 'Juniper & Pine',
    });
    await page.goto(`${product.url}/dashboard`);
    await screenshot(page, 'dashboard-not-connected');
    const popup = await authorizeInPopup(page, 'Approve');
    await screenshot(popup, 'connect-popup-connected');
    await page.getByText('Juniper & Pine Candle Co.').first().waitFor({ timeout: 30_000 });
    await screenshot(page, 'connect-complete');
    await page.goto(`${product.url}/dashboard?tab=settings`);
    await page.getByText('Connected', { exact: true }).waitFor();
    await page.getByText('Juniper & Pine Candle Co.').first().waitFor();
    await screenshot(page, 'settings-connected');
  });

  it('dashboard refreshes on first visit and its numbers match the sandbox', async () => {
    const page = await browser.page();
    await devSignIn(page, product, { email: 'ann@juniper.test' });
    await page.goto(`${product.url}/dashboard`);
    const open = page.getByTestId('stat-open-orders');
    const sandboxOrders = await (await fetch(`${product.sandboxUrl}/_sandbox/orders?brandId=brand1`)).json();
    const list = Array.isArray(sandboxOrders) ? sandboxOrders : sandboxOrders.orders;
    const expectedOpen = list.filter((o) => OPEN.includes(o.state)).length;
    try {
      await open.getByText(String(expectedOpen), { exact: true }).waitFor({ timeout: 30_000 });
    } catch (err) {
      await screenshot(page, 'dashboard-mismatch');
      const stats = await api(page, 'GET', '/api/analytics/stats');
      throw new Error(`expected ${expectedOpen} open orders; stats ${JSON.stringify(stats.body)}`, {
        cause: err,
      });
    }
    const problems = await api(page, 'GET', '/api/orders/problem');
    assert.ok(problems.body.orders.length > 0);
    await page
      .getByTestId('stat-problem-orders')
      .getByText(String(problems.body.orders.length), { exact: true })
      .waitFor();
    await screenshot(page, 'dashboard-desktop');
    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'ann@juniper.test' });
    await phone.goto(`${product.url}/dashboard`);
    await phone.getByTestId('stat-open-orders').getByText(String(expectedOpen), { exact: true }).waitFor();
    await screenshot(phone, 'dashboard-phone');
  });

  it('lists open orders by state and the problem orders with their reasons', async () => {
    const page = await browser.page();
    await devSignIn(page, product, { email: 'ann@juniper.test' });
    await page.goto(`${product.url}/orders`);
    await page.getByText('PRE TRANSIT').first().waitFor();
    await screenshot(page, 'orders-open');
    await page.goto(`${product.url}/problem-orders`);
    await page.getByText('Late Orders - No Tracking').first().waitFor();
    await page.getByText('Possible Incorrect Tracking').first().waitFor();
    await page.getByText('In Transit Past Time Window').first().waitFor();
    await screenshot(page, 'orders-problem');
  });

  it('thresholds: an admin change moves orders off the problem list; a COMPANY_USER only reads them', async () => {
    const admin = await browser.page();
    await devSignIn(admin, product, { email: 'ann@juniper.test' });
    const before = (await api(admin, 'GET', '/api/orders/problem')).body.orders.length;
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    const form = admin.getByRole('form', { name: 'Order Late Thresholds' });
    const inputs = form.getByRole('spinbutton');
    await inputs.first().waitFor();
    assert.equal(await inputs.count(), 4);
    for (let i = 0; i < 4; i++) await inputs.nth(i).fill('60');
    await form.getByRole('button', { name: 'Save' }).click();
    await toast(admin, 'Settings updated');
    const afterChange = (await api(admin, 'GET', '/api/orders/problem')).body.orders.length;
    assert.ok(afterChange < before, `${afterChange} < ${before}`);
    await screenshot(admin, 'settings-thresholds-saved');

    // -2 is refused where it is typed, and the server keeps the saved value.
    const preTransit = form.getByLabel('Pre-transit');
    await preTransit.fill('-2');
    await preTransit.blur();
    await form.getByText('Days cannot be negative. Enter 0 or more.').waitFor();
    assert.equal(await preTransit.inputValue(), '-2');
    assert.equal(await preTransit.getAttribute('aria-invalid'), 'true');
    assert.equal(await form.getByRole('button', { name: 'Save' }).isDisabled(), true);
    await preTransit.press('Enter');
    await screenshot(admin, 'settings-thresholds-negative');
    const refused = await api(admin, 'PUT', '/api/company-settings', {
      newOrderDays: 60,
      processingDays: 60,
      preTransitDays: -2,
      inTransitDays: 60,
    });
    assert.equal(refused.status, 400);
    assert.match(JSON.stringify(refused.body), /preTransitDays/);
    const kept = (await api(admin, 'GET', '/api/company-settings')).body;
    assert.equal(kept.preTransitDays, 60);
    assert.equal((await api(admin, 'GET', '/api/orders/problem')).body.orders.length, afterChange);
    await admin.reload();
    await form.getByLabel('Pre-transit').waitFor();
    assert.equal(await form.getByLabel('Pre-transit').inputValue(), '60');
    await form.getByText('Days cannot be negative. Enter 0 or more.').waitFor({ state: 'detached' });

    const invite = await api(admin, 'POST', '/api/team/invite', { email: 'cy@juniper.test' });
    assert.equal(invite.status, 200);
    const link = (await api(admin, 'GET', '/api/team/outbox')).body.find(
      (m) => m.to === 'cy@juniper.test',
    ).link;
    const user = await browser.page();
    await devSignIn(user, product, { email: 'cy@juniper.test', name: 'Cy Lee' });
    const token = new URL(link).searchParams.get('token');
    assert.equal((await api(user, 'POST', '/api/team/accept-invite', { token })).status, 200);
    await user.goto(`${product.url}/dashboard?tab=settings`);
    const userForm = user.getByRole('form', { name: 'Order Late Thresholds' });
    await userForm.getByRole('spinbutton').first().waitFor();
    assert.equal(await userForm.getByRole('spinbutton').first().isDisabled(), true);
    assert.equal(await userForm.getByRole('button', { name: 'Save' }).count(), 0);
    await screenshot(user, 'settings-thresholds-read-only');
    assert.deepEqual(browser.errors, []);
  });
});
