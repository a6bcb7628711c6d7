import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { api, screenshot, toast } from '../lib/harness.mjs';
import { arrivedInHistory, startSourcesWorld, stopSourcesWorld, upsTracking } from '../lib/sources.mjs';

const SHOP = 'juniper-and-pine.myshopify.com';

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

/**
 * Issue 26 in the browser: an admin connects the sandbox shop from Settings (through Shopify's approval
 * page and back), a Faire order fulfilled in Shopify becomes its Faire shipment with no file, and History
 * says it came from Shopify.
 */
describe('Shopify: fulfilments of Faire orders arrive without a file', () => {
  let world;
  let product;
  let browser;
  let admin;
  let order;
  const tracking = upsTracking('SH');

  before(async () => {
    world = await startSourcesWorld();
    ({ product, browser, admin, order } = world);
  });

  after(() => stopSourcesWorld({ browser, product }));

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
    const shipment = await arrivedInHistory(world, tracking, 'SHOPIFY', 'Shopify');
    await shipment.getByText('$6.50').waitFor();
    await screenshot(admin, 'shopify-03-history');
  });
});
