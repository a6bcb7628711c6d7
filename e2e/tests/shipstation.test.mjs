import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SCREENSHOTS, api, devSignIn, screenshot } from '../lib/harness.mjs';
import {
  arrivedInHistory,
  sandboxOrder,
  startSourcesWorld,
  stopSourcesWorld,
  trackingOnFaire,
  until,
  upsTracking,
} from '../lib/sources.mjs';

const SS_KEY = 'sbx_ss_key';
const SS_SECRET = 'sbx_ss_secret';

/** Prints a label in the ShipStation sandbox, as a person in ShipStation would; its webhook follows. */
async function printLabel(ssUrl, label) {
  const res = await fetch(`${ssUrl}/_sandbox/labels`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(label),
  });
  const text = await res.text();
  assert.equal(res.status, 201, text);
  return JSON.parse(text);
}

/** A picture of one part of the page (a card), at the size a person sees it. */
async function shotOf(locator, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/**
 * Issue 23 in the browser: an admin connects ShipStation (the sandbox) in Settings, a label printed in
 * ShipStation becomes its Faire shipment with no file and History says it came from ShipStation; a label
 * that names no order waits in "Needs attention" until the admin picks it; a member sees it all read-only.
 */
describe('ShipStation: shipments arrive without a file', () => {
  let world;
  let product;
  let browser;
  let admin;
  let ssUrl;
  let order;
  const tracking = upsTracking('SS');

  before(async () => {
    world = await startSourcesWorld();
    ({ product, browser, admin, order } = world);
    ssUrl = product.shipstationSandboxUrl;
  });

  after(() => stopSourcesWorld({ browser, product }));

  it('the admin connects ShipStation from Settings; a wrong secret is said inline and nothing is kept', async () => {
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    const row = admin.getByTestId('source-SHIPSTATION');
    await row.getByText('Not connected').waitFor();
    await row.getByRole('button', { name: 'Connect ShipStation' }).click();
    const form = admin.getByRole('form', { name: 'Connect ShipStation' });
    await form.getByLabel('API key').fill(SS_KEY);
    await form.getByLabel('API secret').fill('not_the_secret');
    await form.getByRole('button', { name: 'Connect' }).click();
    await form
      .getByTestId('connect-error')
      .getByText(/ShipStation refused this API key and secret/)
      .waitFor();
    await screenshot(admin, 'shipstation-01-wrong-pair');
    assert.deepEqual((await api(admin, 'GET', '/api/integrations')).body.connections, []);

    await form.getByLabel('API secret').fill(SS_SECRET);
    await form.getByRole('button', { name: 'Connect' }).click();
    await row.getByTestId('connection-status').getByText('Connected').waitFor({ timeout: 20_000 });
    await row.getByRole('button', { name: 'Pause' }).waitFor();
    await screenshot(admin, 'shipstation-02-connected');
    const list = (await api(admin, 'GET', '/api/integrations')).body;
    assert.equal(list.connections.length, 1);
    assert.equal(list.connections[0].status, 'CONNECTED');
    assert.ok(!JSON.stringify(list).includes(SS_SECRET));
  });

  it('a label printed in ShipStation becomes its Faire shipment, shown in History as from ShipStation', async () => {
    await printLabel(ssUrl, {
      orderNumber: order.display_id,
      trackingNumber: tracking,
      carrierCode: 'ups_walleted',
      shipmentCost: 7.25,
    });
    const shipment = await arrivedInHistory(world, tracking, 'SHIPSTATION', 'ShipStation');
    assert.equal(await shipment.getByTestId('status-chip').textContent(), 'Success');
    // The Source column fits a laptop: the table never scrolls sideways at 1366 px.
    const sideways = await admin.evaluate(() => {
      const box = globalThis.document.querySelector('table[aria-label="Shipments"]')?.parentElement;
      return box ? box.scrollWidth - box.clientWidth : -1;
    });
    assert.equal(sideways, 0);
    await shipment.getByText('$7.25').waitFor();
    // No file: nobody uploaded anything; the batch is ShipStation's.
    const uploads = (await api(admin, 'GET', '/api/shipments/uploads?page=1&limit=5')).body.uploads;
    assert.ok(uploads.length > 0);
    assert.ok(uploads.every((u) => u.source === 'SHIPSTATION' && u.uploadedBy === null));
    await screenshot(admin, 'shipstation-03-history');

    await admin.getByTestId('shipment-source-filter').selectOption('SHIPSTATION');
    await admin.waitForURL((u) => decodeURIComponent(u.search).includes('"source":"SHIPSTATION"'));
    await shipment.waitFor();
    await admin.getByTestId('shipment-source-filter').selectOption('UPLOAD');
    await admin.getByText('No shipments found').waitFor();

    await admin.goto(`${product.url}/dashboard`);
    const arrived = admin.getByTestId('arrived-today-text');
    await arrived.waitFor();
    assert.equal(await arrived.textContent(), '1 arrived on their own today');
    await screenshot(admin, 'shipstation-04-dashboard');
  });

  it('a label naming no order waits in Needs attention until the admin picks the order', async () => {
    const other = await sandboxOrder(product, 'PROCESSING');
    assert.equal((await api(admin, 'POST', '/api/orders/refresh')).status, 200);
    const lost = upsTracking('SS');
    await printLabel(ssUrl, {
      orderNumber: 'WHS-40404',
      trackingNumber: lost,
      carrierCode: 'ups',
      shipmentCost: 5,
    });
    await until('the held label', async () => {
      const res = await api(admin, 'GET', '/api/integrations/attention');
      return res.body.items.find((i) => i.trackingNumber === lost);
    });

    await admin.goto(`${product.url}/attention`);
    const row = admin.getByRole('row').filter({ hasText: lost });
    await row.getByText('No matching order').waitFor();
    // The badge counts what waits there: this label, and the sandbox's labels printed before the
    // connection ("Printed before you connected", decision 0065).
    const waiting = (await api(admin, 'GET', '/api/integrations/attention')).body.items.length;
    await admin.getByTestId('attention-count').getByText(String(waiting)).waitFor();
    await screenshot(admin, 'shipstation-05-attention');
    await row.getByRole('button', { name: /Review label/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Send this label to Faire?' });
    await dialog.getByLabel('Order ID or display ID').fill(other.display_id);
    await screenshot(admin, 'shipstation-06-review');
    await dialog.getByRole('button', { name: 'Send to Faire' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await row.waitFor({ state: 'detached' });
    await until('the picked label on Faire', async () =>
      (await trackingOnFaire(product, other.id)).includes(lost),
    );
  });

  it('a member sees the card, History and Needs attention read-only', async () => {
    const invite = await api(admin, 'POST', '/api/team/invite', { email: 'ivo@juniper.test' });
    assert.equal(invite.status, 200);
    const link = (await api(admin, 'GET', '/api/team/outbox')).body.find(
      (m) => m.to === 'ivo@juniper.test',
    ).link;
    const member = await browser.page();
    await devSignIn(member, product, { email: 'ivo@juniper.test', name: 'Ivo Berg' });
    const token = new URL(link).searchParams.get('token');
    assert.equal((await api(member, 'POST', '/api/team/accept-invite', { token })).status, 200);

    await member.goto(`${product.url}/dashboard?tab=settings`);
    const card = member.getByTestId('integrations-card');
    await card.getByTestId('connection-status').getByText('Connected').waitFor();
    await card.getByText('Your company admin manages this connection.').waitFor();
    await card.getByText(/2 labels sent today/).waitFor();
    assert.equal(await card.getByRole('button').count(), 0);
    assert.equal(await card.getByRole('switch').count(), 0);
    await screenshot(member, 'shipstation-07-member-settings');
    const refused = await api(
      member,
      'PATCH',
      `/api/integrations/${(await api(member, 'GET', '/api/integrations')).body.connections[0].id}`,
      { paused: true },
    );
    assert.equal(refused.status, 403);

    await member.goto(`${product.url}/dashboard?tab=history`);
    await member
      .getByRole('row')
      .filter({ hasText: tracking })
      .getByTestId('shipment-source')
      .getByText('ShipStation')
      .waitFor();

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'ivo@juniper.test', name: 'Ivo Berg' });
    await phone.goto(`${product.url}/dashboard?tab=settings`);
    await phone.getByTestId('integrations-card').getByTestId('connection-status').waitFor();
    await screenshot(phone, 'shipstation-08-member-settings-phone');
    await shotOf(phone.getByTestId('integrations-card'), 'shipstation-08b-member-card-phone');
    await phone.goto(`${product.url}/dashboard?tab=history`);
    await phone.getByTestId('shipment-source').first().waitFor();
    await screenshot(phone, 'shipstation-09-history-phone');
    await shotOf(phone.getByRole('list', { name: 'Shipments' }), 'shipstation-09b-history-cards-phone');
    await phone.goto(`${product.url}/attention`);
    await phone.getByText('Your company admin sends or dismisses these labels.').waitFor();
    assert.equal(await phone.getByRole('checkbox').count(), 0);
  });

  it('the admin pauses and disconnects ShipStation, after a confirmation', async () => {
    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'rosa@juniper.test', name: 'Rosa Lind' });
    await phone.goto(`${product.url}/dashboard?tab=settings`);
    const row = phone.getByTestId('source-SHIPSTATION');
    await row.getByRole('button', { name: 'Pause' }).click();
    await row.getByTestId('connection-status').getByText('Paused').waitFor();
    await screenshot(phone, 'shipstation-10-admin-settings-phone');
    await shotOf(phone.getByTestId('integrations-card'), 'shipstation-10b-admin-card-phone');
    await row.getByRole('button', { name: 'Disconnect' }).click();
    const confirm = phone.getByRole('dialog', { name: 'Disconnect ShipStation?' });
    await confirm.getByRole('button', { name: 'Disconnect' }).click();
    // Kept, disconnected, with its settings and a way back (decision 0066).
    await row.getByTestId('connection-status').getByText('Disconnected').waitFor();
    await row.getByRole('button', { name: 'Connect ShipStation again' }).waitFor();
    const [kept] = (await api(phone, 'GET', '/api/integrations')).body.connections;
    assert.equal(kept.status, 'DISCONNECTED');
    assert.deepEqual(browser.errors, []);
  });
});
