import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import {
  SCREENSHOTS,
  api,
  launchBrowser,
  screenshot,
  signUpWithCompany,
  startProduct,
  toast,
} from '../lib/harness.mjs';
import { sandboxOrder, until, upsTracking } from '../lib/sources.mjs';

const SS_KEY = 'sbx_ss_key';
const SS_SECRET = 'sbx_ss_secret';
const SHOP = 'juniper-and-pine.myshopify.com';
const LAPTOP = { width: 1280, height: 800 };

/** One call of a sandbox's control API (`/_sandbox`), as a person in ShipStation or Shopify would act. */
async function control(base, path, body) {
  const res = await fetch(`${base}/_sandbox${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  const text = await res.text();
  assert.ok(res.status < 300, `${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

/** The shipments on an order at Faire: tracking code and cost. */
async function onFaire(product, orderId) {
  const order = await (await fetch(`${product.sandboxUrl}/_sandbox/orders/${orderId}`)).json();
  return order.shipments.map((s) => ({ tracking: s.tracking_code, cents: s.maker_cost_cents }));
}

/** A picture of one part of the page, at the size a person sees it. */
async function shotOf(locator, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await locator.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

/** Whether a click at the middle of `locator` lands on it (nothing covers it) and it is on screen. */
async function clickable(page, locator) {
  const box = await locator.boundingBox();
  assert.ok(box, 'not laid out');
  const size = page.viewportSize();
  assert.ok(box.y >= 0 && box.y + box.height <= size.height, `off screen: ${JSON.stringify(box)}`);
  return locator.evaluate(
    (el, [x, y]) => el.contains(globalThis.document.elementFromPoint(x, y)),
    [box.x + box.width / 2, box.y + box.height / 2],
  );
}

/**
 * Issue 34 in the browser, with the hold as it ships (10 minutes): what a brand sees of ShipStation and
 * Shopify is true at the moment it happens. A printed label shows as Waiting at once with its send time;
 * Send now sends it; a two-box fulfilment splits its flat cost; the review offers the rule's cost; three
 * ticked items go in one click; the dashboard counts what sources sent by themselves; a disconnect keeps
 * its notices.
 */
describe('Sources as people see them', () => {
  let product;
  let browser;
  let admin;
  let phone;
  let orders;
  let ssUrl;
  let shipStationId;
  const sent = { onTheirOwn: 0, byPerson: 0 };

  before(async () => {
    // The hold as it ships; sources polled every 15 s (inside ShipStation's 40 calls a minute), so a
    // void is read back within seconds.
    product = await startProduct({ env: { SOURCE_TICK_MS: '500', SOURCE_POLL_INTERVAL_MS: '15000' } });
    ssUrl = product.shipstationSandboxUrl;
    browser = await launchBrowser();
    admin = await browser.page(LAPTOP);
    await signUpWithCompany(admin, product, {
      email: 'rosa@juniper.test',
      name: 'Rosa Lind',
      company: 'Juniper & Pine',
      faireToken: 'sbx_brand1_token',
    });
    orders = [];
    for (let i = 0; i < 8; i++) orders.push(await sandboxOrder(product, 'PROCESSING'));
    assert.equal((await api(admin, 'POST', '/api/orders/refresh')).status, 200);
    const conn = await api(admin, 'POST', '/api/integrations/shipstation', {
      apiKey: SS_KEY,
      apiSecret: SS_SECRET,
    });
    assert.equal(conn.status, 200);
    shipStationId = conn.body.id;
    phone = await browser.page({ mobile: true });
    await phone.context().addCookies(await admin.context().cookies());
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('a label printed in ShipStation shows as Waiting within seconds, with its send time; Send now sends it', async () => {
    // What ShipStation already had is from before the connection: decided at once, never "waiting".
    await until('the labels from before the connection decided', async () => {
      const w = await api(admin, 'GET', '/api/integrations/waiting');
      return w.body.items.length === 0;
    });
    const tracking = upsTracking('WT');
    const printedAt = Date.now();
    await control(ssUrl, '/labels', {
      orderNumber: orders[0].display_id,
      trackingNumber: tracking,
      carrierCode: 'ups',
      shipmentCost: 7.25,
    });
    await admin.goto(`${product.url}/dashboard?tab=history`);
    const row = admin.getByTestId(`waiting-${tracking}`);
    await row.waitFor({ timeout: 15_000 });
    const seenAfter = Date.now() - printedAt;
    assert.ok(seenAfter < 15_000, `shown after ${seenAfter} ms`);
    assert.match(await row.getByTestId('waiting-send-at').textContent(), /^Sends at \d{1,2}:\d{2} [AP]M$/);
    assert.match(await row.textContent(), /ShipStation/);
    assert.match(await row.textContent(), /in (9|10) min/);
    await admin.getByText(/Each label waits 10 minutes before it goes to Faire/).waitFor();
    await screenshot(admin, 'seen-01-history-waiting');
    await phone.goto(`${product.url}/dashboard?tab=history`);
    await phone.getByTestId(`waiting-${tracking}`).waitFor({ timeout: 15_000 });
    await screenshot(phone, 'seen-01b-history-waiting-phone');

    // The card says it too, per state, with when it goes.
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    const received = admin.getByTestId('connection-SHIPSTATION').getByTestId('connection-received');
    await received.getByText(/^1 label received today/).waitFor();
    assert.match(await received.textContent(), /^1 label received today · sending at \d{1,2}:\d{2} [AP]M$/);
    await shotOf(admin.getByTestId('source-SHIPSTATION'), 'seen-02-card-waiting');
    await phone.goto(`${product.url}/dashboard?tab=settings`);
    await phone.getByTestId('connection-received').first().waitFor();
    await shotOf(phone.getByTestId('source-SHIPSTATION'), 'seen-02b-card-waiting-phone');

    await admin.goto(`${product.url}/dashboard?tab=history`);
    await row.getByRole('button', { name: `Send label ${tracking} now` }).click();
    await toast(admin, '1 label sent to Faire');
    await until('the label on Faire', async () =>
      (await onFaire(product, orders[0].id)).some((s) => s.tracking === tracking && s.cents === 725),
    );
    await row.waitFor({ state: 'detached' });
    await admin.getByRole('row').filter({ hasText: tracking }).waitFor();
    sent.onTheirOwn += 1;
  });

  it('a two-box Shopify fulfilment under a $7.50 per-fulfilment rule puts $3.75 + $3.75 on Faire', async () => {
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    const row = admin.getByTestId('source-SHOPIFY');
    await row.getByRole('button', { name: 'Connect Shopify' }).click();
    const form = admin.getByRole('form', { name: 'Connect Shopify' });
    await form.getByLabel('Shop domain').fill(SHOP);
    await form.getByRole('button', { name: 'Continue to Shopify' }).click();
    await admin.getByRole('button', { name: 'Install app' }).click();
    await admin.getByTestId('shopify-outcome').getByText('Shopify connected.').waitFor({ timeout: 20_000 });
    const conn = (await api(admin, 'GET', '/api/integrations')).body.connections.find(
      (c) => c.kind === 'SHOPIFY',
    );
    const rule = await api(admin, 'PATCH', `/api/integrations/${conn.id}`, {
      costRule: { kind: 'FLAT', flatCents: 750 },
    });
    assert.equal(rule.status, 200);

    const order = orders[1];
    const boxes = [upsTracking('B1'), upsTracking('B2')];
    await control(product.shopifySandboxUrl, '/orders', {
      name: '#1801',
      faireOrderNumber: order.display_id,
    });
    await control(product.shopifySandboxUrl, '/fulfil', {
      orderName: '#1801',
      trackingNumbers: boxes,
      company: 'UPS',
    });

    // History's Source filter lists Shopify; filtered to it, its two boxes wait, and go together.
    await admin.goto(`${product.url}/dashboard?tab=history`);
    const filter = admin.getByTestId('shipment-source-filter');
    await until('Shopify in the Source filter', async () =>
      (await filter.locator('option').allTextContents()).includes('Shopify'),
    );
    assert.deepEqual(await filter.locator('option').allTextContents(), [
      'All',
      'File upload',
      'Reviewed rows',
      'ShipStation',
      'Shopify',
    ]);
    await filter.selectOption('SHOPIFY');
    for (const t of boxes) await admin.getByTestId(`waiting-${t}`).waitFor({ timeout: 20_000 });
    await admin.getByText('Waiting to be sent · 2 fulfilments').waitFor();
    await screenshot(admin, 'seen-03-history-shopify-waiting');
    await admin.getByRole('button', { name: 'Send all now' }).click();
    await toast(admin, '2 fulfilments sent to Faire');
    await until('both boxes on Faire', async () => {
      const there = await onFaire(product, order.id);
      return boxes.every((t) => there.some((s) => s.tracking === t));
    });
    const costs = (await onFaire(product, order.id))
      .filter((s) => boxes.includes(s.tracking))
      .map((s) => s.cents);
    assert.deepEqual(costs, [375, 375]);
    sent.onTheirOwn += 2;
  });

  it('in review, the dialog offers the rule’s cost; ticking three items shows the bar, one click sends all three', async () => {
    const patch = await api(admin, 'PATCH', `/api/integrations/${shipStationId}`, {
      mode: 'REVIEW',
      costRule: { kind: 'FLAT', flatCents: 400 },
    });
    assert.equal(patch.status, 200);
    const codes = [2, 3, 4, 5].map(() => upsTracking('RV'));
    for (const [i, code] of codes.entries()) {
      await control(ssUrl, '/labels', {
        orderNumber: orders[2 + i].display_id,
        trackingNumber: code,
        carrierCode: 'ups',
        shipmentCost: 5.55,
      });
    }
    // "Hold for review" has no grace: in Needs attention within seconds, and on the open page too.
    await admin.goto(`${product.url}/attention`);
    const heldAt = Date.now();
    for (const code of codes) {
      await admin.getByRole('row').filter({ hasText: code }).waitFor({ timeout: 30_000 });
    }
    assert.ok(Date.now() - heldAt < 30_000);
    const first = admin.getByRole('row').filter({ hasText: codes[0] });
    assert.match(await first.getByTestId('attention-cost').textContent(), /^\$4\.00Cost rule$/);

    await first.getByRole('button', { name: /Review label/ }).click();
    const dialog = admin.getByRole('dialog', { name: 'Send this label to Faire?' });
    assert.equal(await dialog.getByLabel('Shipping cost (USD)').inputValue(), '4.00');
    await dialog.getByText(/What the cost rule gives this label \(ShipStation said \$5\.55\)/).waitFor();
    await screenshot(admin, 'seen-04-review-rule-cost');
    await dialog.getByRole('button', { name: 'Send to Faire' }).click();
    await toast(admin, '1 label sent to Faire');
    await dialog.waitFor({ state: 'hidden' });
    sent.byPerson += 1;

    // On a phone: tick two cards, the bar is there above them and in reach.
    await phone.goto(`${product.url}/attention`);
    for (const code of codes.slice(1, 3)) {
      await phone.getByRole('checkbox', { name: `Select label ${code}` }).check();
    }
    const phoneBar = phone.getByTestId('attention-bulk-bar');
    await phoneBar.getByText('2 labels selected').waitFor();
    assert.ok(await clickable(phone, phoneBar.getByRole('button', { name: 'Send to Faire' })));
    await screenshot(phone, 'seen-05b-attention-bulk-bar-phone');
    await phone
      .getByRole('button', { name: /Review label/ })
      .first()
      .click();
    await phone.getByRole('dialog').waitFor();
    await screenshot(phone, 'seen-04b-review-phone');
    await phone.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();

    // On a laptop: three ticked, one click.
    await admin.reload();
    for (const code of codes.slice(1)) {
      await admin.getByRole('row').filter({ hasText: code }).getByRole('checkbox').check();
    }
    const bar = admin.getByTestId('attention-bulk-bar');
    await bar.getByText('3 labels selected').waitFor();
    const send = bar.getByRole('button', { name: 'Send to Faire' });
    assert.ok(await clickable(admin, send), 'the bar’s Send to Faire is covered');
    const [barBox, tableBox] = [await bar.boundingBox(), await admin.getByRole('table').boundingBox()];
    assert.ok(barBox.y + barBox.height <= tableBox.y + 1, 'the bar is above the table');
    await screenshot(admin, 'seen-05-attention-bulk-bar');
    // Scrolled down, the bar stays in reach.
    await admin.mouse.wheel(0, 600);
    await admin.waitForTimeout(300);
    assert.ok(await clickable(admin, send), 'the bar scrolled out of reach');
    await send.click();
    await toast(admin, '3 labels sent to Faire');
    for (const [i, code] of codes.slice(1).entries()) {
      await until(`${code} on Faire`, async () =>
        (await onFaire(product, orders[3 + i].id)).some((s) => s.tracking === code && s.cents === 400),
      );
    }
    sent.byPerson += 3;
    await api(admin, 'PATCH', `/api/integrations/${shipStationId}`, { mode: 'AUTO' });
  });

  it('the dashboard counts the shipments sources made by themselves, each once', async () => {
    const uploads = (await api(admin, 'GET', '/api/shipments/uploads?page=1&limit=50')).body.uploads;
    const bySources = uploads
      .filter((u) => u.source !== 'UPLOAD' && u.source !== 'PROCESS' && u.uploadedBy === null)
      .reduce((n, u) => n + u.success + u.pending, 0);
    assert.equal(bySources, sent.onTheirOwn);
    await admin.goto(`${product.url}/dashboard`);
    const arrived = admin.getByTestId('arrived-today-text');
    await arrived.getByText(`${sent.onTheirOwn} arrived on their own today`).waitFor({ timeout: 40_000 });
    await screenshot(admin, 'seen-06-dashboard');
    await admin.goto(`${product.url}/dashboard?tab=settings`);
    // ShipStation: 1 sent now, 4 sent by Rosa: 5 new Faire shipments today.
    await admin
      .getByTestId('connection-SHIPSTATION')
      .getByTestId('connection-activity')
      .getByText(/5 labels sent today$/)
      .waitFor({ timeout: 40_000 });
    assert.equal(sent.byPerson, 4);
  });

  it('a disconnect keeps the voided-label notice and the settings; connecting again resumes them', async () => {
    await api(admin, 'PATCH', `/api/integrations/${shipStationId}`, { acceptNewOrders: true });
    const code = upsTracking('VD');
    const printed = await control(ssUrl, '/labels', {
      orderNumber: orders[6].display_id,
      trackingNumber: code,
      carrierCode: 'ups',
      shipmentCost: 6.1,
    });
    const waiting = await until('the label waiting', async () =>
      (await api(admin, 'GET', '/api/integrations/waiting')).body.items.find(
        (i) => i.trackingNumber === code,
      ),
    );
    assert.equal(
      (await api(admin, 'POST', '/api/integrations/waiting/send', { ids: [waiting.id] })).status,
      200,
    );
    await until('the label on Faire', async () =>
      (await onFaire(product, orders[6].id)).some((s) => s.tracking === code),
    );
    await control(ssUrl, `/labels/${printed.shipmentId}/void`);
    // The next poll of ShipStation reads the void: Faire has the shipment, so it is a notice.
    await until(
      'the voided-label notice',
      async () => {
        const conn = (await api(admin, 'GET', '/api/integrations')).body.connections.find(
          (c) => c.id === shipStationId,
        );
        return conn.alerts.some((a) => a.trackingNumber === code);
      },
      120_000,
    );

    await admin.goto(`${product.url}/dashboard?tab=settings`);
    const row = admin.getByTestId('source-SHIPSTATION');
    await row
      .getByTestId('connection-alerts')
      .getByText(/voided after its tracking number reached Faire/)
      .waitFor({
        timeout: 30_000,
      });
    await row.getByRole('button', { name: 'Disconnect' }).click();
    await admin
      .getByRole('dialog', { name: 'Disconnect ShipStation?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await row.getByTestId('connection-status').getByText('Disconnected').waitFor();
    await row
      .getByTestId('connection-alerts')
      .getByText(/voided after its tracking number reached Faire/)
      .waitFor();
    await row.getByText('Accepted when a label is printed').waitFor();
    await row
      .getByTestId('settings-note')
      .getByText('Kept while disconnected: connecting again resumes ShipStation with these settings.')
      .waitFor();
    await shotOf(row, 'seen-07-card-disconnected');
    await phone.goto(`${product.url}/dashboard?tab=settings`);
    await phone.getByTestId('connection-disconnected').waitFor();
    await shotOf(phone.getByTestId('source-SHIPSTATION'), 'seen-07b-card-disconnected-phone');
    const kept = (await api(admin, 'GET', '/api/integrations')).body.connections.find(
      (c) => c.id === shipStationId,
    );
    assert.equal(kept.status, 'DISCONNECTED');
    assert.ok(kept.alerts.some((a) => a.trackingNumber === code));

    await row.getByRole('button', { name: 'Connect ShipStation again' }).click();
    const form = admin.getByRole('form', { name: 'Connect ShipStation' });
    await form.getByLabel('API key').fill(SS_KEY);
    await form.getByLabel('API secret').fill(SS_SECRET);
    await form.getByRole('button', { name: 'Connect' }).click();
    await toast(admin, 'ShipStation connected again');
    await row.getByTestId('connection-status').getByText('Connected').waitFor();
    await row.getByRole('switch', { name: /Accept new orders when a label is printed/ }).isChecked();
    assert.equal(
      await row.getByRole('switch', { name: /Accept new orders when a label is printed/ }).isChecked(),
      true,
    );
    assert.deepEqual(browser.errors, []);
  });
});
