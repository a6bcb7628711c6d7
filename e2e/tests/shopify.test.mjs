import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  api,
  launchBrowser,
  screenshot,
  signUpWithCompany,
  sleep,
  startProduct,
  toast,
} from '../lib/harness.mjs';

const SHOP = 'juniper-and-pine.myshopify.com';

async function sandboxOrder(product, state) {
  const res = await fetch(`${product.sandboxUrl}/_sandbox/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ brandId: 'brand1', state }),
  });
  assert.equal(res.status, 201);
  return res.json();
}

async function trackingOnFaire(product, orderId) {
  const order = await (await fetch(`${product.sandboxUrl}/_sandbox/orders/${orderId}`)).json();
  return order.shipments.map((s) => s.tracking_code);
}

/** As Faire's app and a person in Shopify would: the Faire order written into the shop, then fulfilled. */
async function shopify(product, path, body) {
  const res = await fetch(`${product.shopifySandboxUrl}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  assert.ok(res.status < 300, text);
  return JSON.parse(text);
}

async function until(what, fn, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(500);
  }
}

/**
 * Issue 26 in the browser: an admin connects the sandbox shop from Settings (through Shopify's approval
 * page and back), a Faire order fulfilled in Shopify becomes its Faire shipment with no file, and History
 * says it came from Shopify.
 */
describe('Shopify: fulfilments of Faire orders arrive without a file', () => {
  let product;
  let browser;
  let admin;
  let order;
  const tracking = `1ZSH${String(Date.now() % 1e7).padStart(7, '0')}0000001`.slice(0, 18);

  before(async () => {
    product = await startProduct({ env: { SOURCE_GRACE_MS: '0', SOURCE_TICK_MS: '500' } });
    browser = await launchBrowser();
    admin = await browser.page();
    await signUpWithCompany(admin, product, {
      email: 'rosa@juniper.test',
      name: 'Rosa Lind',
      company: 'Juniper & Pine',
      faireToken: 'sbx_brand1_token',
    });
    order = await sandboxOrder(product, 'PROCESSING');
    assert.equal((await api(admin, 'POST', '/api/orders/refresh')).status, 200);
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('the admin connects the shop from Settings, through Shopify and back', async () => {
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    const row = admin.getByTestId('source-SHOPIFY');
    await row.getByText('Not connected').waitFor();
    await row.getByRole('button', { name: 'Connect Shopify' }).click();
    const form = admin.getByRole('form', { name: 'Connect Shopify' });
    await form.getByLabel('Shop domain').fill(SHOP);
    await screenshot(admin, 'shopify-01-shop-domain');
    await form.getByRole('button', { name: 'Continue to Shopify' }).click();
    // Shopify's approval page (the sandbox's), then back to Settings.
    await admin.getByRole('button', { name: 'Install app' }).click();
    await admin.getByTestId('shopify-outcome').getByText('Shopify connected.').waitFor({ timeout: 20_000 });
    await row.getByTestId('connection-status').getByText('Connected').waitFor();
    await screenshot(admin, 'shopify-02-connected');
    const list = (await api(admin, 'GET', '/api/integrations')).body;
    const conn = list.connections.find((c) => c.kind === 'SHOPIFY');
    assert.equal(conn.status, 'CONNECTED');
  });

  it('the admin sets a flat cost per fulfilment on the card (Shopify gives no cost)', async () => {
    const panel = admin.getByTestId('connection-SHOPIFY');
    await panel
      .getByTestId('cost-rule-needed')
      .getByText(/Set a cost rule so fulfilments can be sent/)
      .waitFor();
    await panel.getByRole('combobox', { name: /Cost of each fulfilment/ }).click();
    await admin.getByRole('option', { name: 'A flat amount per fulfilment' }).click();
    await panel.getByLabel('Amount (USD)').fill('6.50');
    await screenshot(admin, 'shopify-02b-cost-rule');
    await panel.getByRole('button', { name: 'Save cost rule' }).click();
    await toast(admin, 'Shopify cost rule saved');
    await panel.getByTestId('cost-rule-text').getByText('$6.50 per fulfilment.').waitFor();
    assert.equal(await panel.getByTestId('cost-rule-needed').count(), 0);
    const conn = (await api(admin, 'GET', '/api/integrations')).body.connections.find(
      (c) => c.kind === 'SHOPIFY',
    );
    assert.deepEqual(conn.costRule, { kind: 'FLAT', flatCents: 650 });
    // The same card on a phone.
    const phone = await browser.page({ mobile: true });
    await phone.context().addCookies(await admin.context().cookies());
    await phone.goto(`${product.url}/dashboard?tab=settings`);
    await phone.getByTestId('connection-SHOPIFY').getByTestId('cost-rule-text').waitFor();
    await screenshot(phone, 'shopify-02c-cost-rule-phone');
    await phone.context().close();
  });

  it('a Faire order fulfilled in Shopify becomes its Faire shipment, shown in History as from Shopify', async () => {
    await shopify(product, '/orders', { name: '#1701', faireOrderNumber: order.display_id });
    await shopify(product, '/fulfil', { orderName: '#1701', trackingNumber: tracking, company: 'UPS' });
    await until('the shipment on Faire', async () =>
      (await trackingOnFaire(product, order.id)).includes(tracking),
    );
    await until('the shipment marked SUCCESS', async () => {
      const res = await api(admin, 'GET', '/api/shipments?page=1&limit=50&source=SHOPIFY');
      return res.body.shipments.find((s) => s.trackingNumber === tracking && s.status === 'SUCCESS');
    });
    await admin.goto(`${product.url}/dashboard?tab=history`);
    const shipment = admin.getByRole('row').filter({ hasText: tracking });
    await shipment.waitFor();
    assert.equal(await shipment.getByTestId('shipment-source').textContent(), 'Shopify');
    await shipment.getByText('$6.50').waitFor();
    await screenshot(admin, 'shopify-03-history');
  });
});
