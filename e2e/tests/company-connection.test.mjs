import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  api,
  devSignIn,
  launchBrowser,
  screenshot,
  signUpWithCompany,
  startProduct,
} from '../lib/harness.mjs';

const HARBOR = 'Harbor & Quill Paper Goods';
const JUNIPER = 'Juniper & Pine Candle Co.';

/** The company owns its Faire connection: the admin connects, reconnects and changes the brand; members read it. */
describe('one Faire connection per company', () => {
  let product;
  let browser;
  let admin;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  /** Clicks Authorize on /oauth-setup, picks `brand` on the sandbox page, approves; waits for the tab to notice. */
  async function authorize(page, brand, shot) {
    const [popup] = await Promise.all([
      page.context().waitForEvent('page'),
      page.getByRole('button', { name: 'Authorize with Faire' }).click(),
    ]);
    await popup.waitForLoadState();
    await popup.getByLabel(brand).check();
    if (shot) await screenshot(popup, shot);
    await popup.getByRole('button', { name: 'Approve' }).click();
    await popup.waitForURL(/\/oauth-setup\?faire=/);
    const outcome = new URL(popup.url()).searchParams.get('faire');
    await popup.close();
    return outcome;
  }

  it('the admin connects the company to Harbor & Quill', async () => {
    admin = await browser.page();
    await signUpWithCompany(admin, product, {
      email: 'ann@harbor.test',
      name: 'Ann Rivera',
      company: 'Harbor Team',
    });
    await admin.goto(`${product.url}/dashboard`);
    await admin.getByTestId('connect-faire-card').waitFor();
    await admin.goto(`${product.url}/oauth-setup`);
    assert.equal(await authorize(admin, HARBOR, 'company-connect-pick-brand'), 'connected');
    await admin.getByTestId('connect-complete').getByText(HARBOR).waitFor({ timeout: 30_000 });
    const status = await api(admin, 'GET', '/api/faire/connection');
    assert.equal(status.body.status, 'CONNECTED');
    assert.equal(status.body.brandName, HARBOR);
  });

  it('a member never sees a connect prompt: they see the brand and who connected it', async () => {
    const invite = await api(admin, 'POST', '/api/team/invite', { email: 'max@harbor.test' });
    assert.equal(invite.status, 200);
    const link = (await api(admin, 'GET', '/api/team/outbox')).body.find(
      (m) => m.to === 'max@harbor.test',
    ).link;
    const member = await browser.page();
    await devSignIn(member, product, { email: 'max@harbor.test', name: 'Max Doe' });
    const token = new URL(link).searchParams.get('token');
    assert.equal((await api(member, 'POST', '/api/team/accept-invite', { token })).status, 200);

    await member.goto(`${product.url}/dashboard`);
    const note = member.getByTestId('company-connection');
    await note.waitFor();
    assert.equal(await note.textContent(), `Orders come from ${HARBOR}, connected by Ann Rivera.`);
    assert.equal(await member.getByText('Connect your Faire account').count(), 0);
    assert.equal(await member.getByTestId('connect-faire-card').count(), 0);
    await screenshot(member, 'company-member-dashboard');

    await member.goto(`${product.url}/dashboard?tab=settings`);
    const card = member.getByTestId('integration-status');
    await card.getByText('Connected', { exact: true }).waitFor();
    await card.getByText('Your company admin manages this connection.').waitFor();
    assert.equal(await card.getByRole('button').count(), 0);
    await screenshot(member, 'company-member-settings');

    await member.goto(`${product.url}/oauth-setup`);
    await member.getByText(`Orders come from ${HARBOR}, connected by Ann Rivera.`).waitFor();
    assert.equal(await member.getByText('Connect your Faire account').count(), 0);
    assert.equal(await member.getByRole('button', { name: 'Authorize with Faire' }).count(), 0);
    await screenshot(member, 'company-member-oauth-setup');
    const attempt = await api(member, 'GET', '/api/oauth/faire/authorize');
    assert.equal(attempt.status, 403);
  });

  it('the admin reconnects the same brand twice; both succeed under the one-token rule', async () => {
    for (let round = 1; round <= 2; round++) {
      const before = (await api(admin, 'GET', '/api/faire/connection')).body;
      await admin.goto(`${product.url}/dashboard?tab=settings`);
      await admin.getByTestId('integration-status').getByRole('link', { name: 'Reconnect' }).click();
      await admin.waitForURL(/\/oauth-setup\?intent=reconnect$/);
      assert.equal(await authorize(admin, HARBOR), 'connected');
      await admin.getByTestId('connect-complete').waitFor({ timeout: 30_000 });
      const now = (await api(admin, 'GET', '/api/faire/connection')).body;
      assert.equal(now.status, 'CONNECTED');
      assert.equal(now.brandName, HARBOR);
      assert.notEqual(now.connectedAt, before.connectedAt);
    }
    await screenshot(admin, 'company-reconnected');
  });

  it('the admin switches brand after confirming; orders then come from the new brand only', async () => {
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    await admin.getByRole('button', { name: 'Change brand' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Change the Faire brand?' });
    await dialog
      .getByText(`Orders from ${HARBOR} will be removed; shipments already created stay on Faire.`)
      .waitFor();
    await screenshot(admin, 'company-change-brand-confirm');
    await dialog.getByRole('button', { name: 'Change brand' }).click();
    await admin.waitForURL(/\/oauth-setup\?intent=change$/);
    assert.equal(await authorize(admin, JUNIPER), 'connected');
    await admin.getByTestId('connect-complete').getByText(JUNIPER).waitFor({ timeout: 30_000 });

    const refreshed = await api(admin, 'POST', '/api/orders/refresh');
    assert.equal(refreshed.status, 200);
    const orders = (await api(admin, 'GET', '/api/orders')).body;
    const listed = JSON.stringify(orders);
    const juniper = await (await fetch(`${product.sandboxUrl}/_sandbox/orders?brandId=brand1`)).json();
    const harbor = await (await fetch(`${product.sandboxUrl}/_sandbox/orders?brandId=brand2`)).json();
    assert.ok(
      juniper.some((o) => listed.includes(o.id)),
      'Juniper orders listed',
    );
    assert.ok(!harbor.some((o) => listed.includes(o.id)), 'no Harbor order left');

    await admin.goto(`${product.url}/dashboard?tab=settings`);
    await admin.getByTestId('integration-status').getByText(JUNIPER).waitFor();
    await screenshot(admin, 'company-brand-changed');
    assert.deepEqual(browser.errors, []);
  });
});
