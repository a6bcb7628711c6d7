import assert from 'node:assert/strict';
import { createServer } from 'node:http';
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
import { Webhook } from 'standardwebhooks';
import { csvFiles, sandboxOrder, shipmentsOn } from '../lib/uploads.mjs';

const csvFile = csvFiles('e2e-csv');
const file = (name, text, bom = false) => csvFile(name, text, { bom });

/** From a messy CSV in the browser to shipments on the sandbox marketplace, exactly once. */
describe('uploading shipments', () => {
  let product;
  let browser;
  let page;

  before(async () => {
    // A file with more than 20 valid rows is answered once stored and becomes shipments in the background.
    product = await startProduct({ env: { SHIPMENT_INLINE_ROWS: '20' } });
    browser = await launchBrowser();
    page = await browser.page();
    await signUpWithCompany(page, product, {
      email: 'sam@juniper.test',
      name: 'Sam Ortiz',
      company: 'Juniper & Pine',
      faireToken: 'sbx_brand1_token',
    });
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('maps messy columns, names every problem by row, and creates each valid row once', async () => {
    const a = await sandboxOrder(product, { state: 'PROCESSING' });
    const b = await sandboxOrder(product, { state: 'NEW' });
    const rows = [
      'Order #;Tracking No.;Ship Via;Date Shipped;shipping_cost',
      `${a.id};1Z999AA10123456784;UPS Ground;11/20/2026;$12.50`,
      `${a.id};1Z999AA10123456785;ups;11/20/2026;3`,
      `${b.display_id};449044304137821;FedEx;2026-11-21;"1,004.00"`,
      `;1Z999AA10000000001;UPS;11/20/2026;1`,
      `${a.id};1Z999AA10000000002;UPS;someday;1`,
      `${a.id};1Z999AA10000000003;UPS;11/20/2026;-2`,
      `bo_nosuchorder1;1Z999AA10000000004;UPS;11/20/2026;1`,
    ];
    await page.goto(`${product.url}/dashboard?tab=upload`);
    await page.getByText('Download Sample CSV Template').waitFor();
    await screenshot(page, 'upload-01-tab');
    await page
      .getByTestId('csv-file-input')
      .setInputFiles(file('messy.csv', rows.join('\r\n') + '\r\n', true));

    const mapping = page.getByRole('dialog', { name: 'Map Your CSV Columns' });
    await mapping.waitFor();
    await screenshot(page, 'upload-02-mapping');
    await mapping.getByRole('button', { name: 'Continue' }).click();

    const review = page.getByRole('dialog', { name: 'Review Shipment Data' });
    await review.waitFor();
    await review.getByText('Confirm the data before submitting to Faire API').waitFor();
    await review.getByText('Missing order ID').waitFor();
    await review.getByText('Invalid ship date format').waitFor();
    await review.getByText('Shipping cost cannot be negative').waitFor();
    await screenshot(page, 'upload-03-review');
    await review.getByRole('button', { name: 'Process Shipments' }).click();

    await toast(page, 'CSV uploaded successfully', '4 valid rows found, 3 with issues');
    const results = page.getByRole('dialog').filter({ has: page.getByTestId('result-total') });
    await results.getByTestId('result-valid').getByText('4').waitFor();
    await results
      .getByTestId('progress-pending')
      .getByText('0', { exact: true })
      .waitFor({ timeout: 30_000 });
    await results.getByTestId('progress-success').getByText('3', { exact: true }).waitFor();
    await screenshot(page, 'upload-04-results');
    await results.getByRole('button', { name: 'Close' }).click();

    assert.deepEqual((await shipmentsOn(product, a.id)).sort(), ['1Z999AA10123456784', '1Z999AA10123456785']);
    assert.deepEqual(await shipmentsOn(product, b.id), ['449044304137821']);
    const ledger = await (await fetch(`${product.sandboxUrl}/_sandbox/ledger`)).json();
    assert.equal(
      ledger.filter((l) => l.orderId === a.id).length,
      1,
      'one create call for the two rows of one order',
    );
  });

  it('answers a bigger file at once and follows its rows to the marketplace', async () => {
    const orders = [];
    for (let i = 0; i < 12; i++) orders.push(await sandboxOrder(product, { state: 'PROCESSING' }));
    const lines = ['Order #,Tracking No.,Ship Via,Date Shipped,shipping_cost'];
    orders.forEach((o, i) => {
      for (let k = 0; k < 3; k++) {
        lines.push(`${o.id},1Z999AA1066${String(i * 3 + k).padStart(6, '0')},UPS,2026-11-24,2.00`);
      }
    });
    await page.goto(`${product.url}/dashboard?tab=upload`);
    await page.getByTestId('csv-file-input').setInputFiles(file('big.csv', lines.join('\n') + '\n'));
    // The same columns as the first file: the mapping saved then is used without asking.
    await page.getByTestId('saved-mapping-note').waitFor();
    await page
      .getByRole('dialog', { name: 'Review Shipment Data' })
      .getByRole('button', { name: 'Process Shipments' })
      .click();
    await toast(page, 'CSV uploaded successfully', '36 valid rows found, 0 with issues');
    const results = page.getByRole('dialog').filter({ has: page.getByTestId('result-total') });
    await results
      .getByTestId('progress-success')
      .getByText('36', { exact: true })
      .waitFor({ timeout: 60_000 });
    await results.getByText('Processing complete').waitFor();
    await results.getByText('36 of 36').waitFor();
    await screenshot(page, 'upload-05-big-results');
    await results.getByRole('button', { name: 'Close' }).click();
    for (const [i, o] of orders.entries()) {
      assert.deepEqual(
        (await shipmentsOn(product, o.id)).sort(),
        [0, 1, 2].map((k) => `1Z999AA1066${String(i * 3 + k).padStart(6, '0')}`),
      );
    }
  });

  it('processes a small reviewed file directly (review modal) and refreshes the history', async () => {
    const c = await sandboxOrder(product, { state: 'PROCESSING' });
    const text = [
      'order_id,tracking_number,carrier,ship_date,shipping_cost',
      `${c.id},1Z999AA10999999991,UPS,2026-11-22,4.20`,
      `bo_missing0001,1Z999AA10999999992,UPS,2026-11-22,1`,
    ].join('\n');
    await page.goto(`${product.url}/dashboard?tab=upload`);
    await page.getByTestId('csv-file-input').setInputFiles(file('small.csv', text));
    const review = page.getByRole('dialog', { name: 'Review Shipment Data' });
    await review.getByRole('button', { name: 'Process Shipments' }).click();
    await toast(page, 'Shipments processed', '1 successful, 1 failed');
    await review.waitFor({ state: 'detached' });
    assert.deepEqual(await shipmentsOn(product, c.id), ['1Z999AA10999999991']);
  });

  it('uploading the same file again creates nothing new', async () => {
    const before = await (await fetch(`${product.sandboxUrl}/_sandbox/ledger`)).json();
    const c = await sandboxOrder(product, { state: 'PROCESSING' });
    const text = [
      'order_id,tracking_number,carrier,ship_date,shipping_cost',
      `${c.id},1Z999AA10888888881,UPS,2026-11-22,4.20`,
    ].join('\n');
    for (let i = 0; i < 2; i++) {
      await page.goto(`${product.url}/dashboard?tab=upload`);
      await page.getByTestId('csv-file-input').setInputFiles(file(`same-${i}.csv`, text));
      await page
        .getByRole('dialog', { name: 'Review Shipment Data' })
        .getByRole('button', { name: 'Process Shipments' })
        .click();
      await toast(page, 'Shipments processed');
    }
    const afterLedger = await (await fetch(`${product.sandboxUrl}/_sandbox/ledger`)).json();
    assert.equal(afterLedger.length - before.length, 1);
    assert.deepEqual(await shipmentsOn(product, c.id), ['1Z999AA10888888881']);
  });

  it('a tool sends shipments with an API key made in Settings; History names the key; a revoked key is refused', async () => {
    await page.goto(`${product.url}/dashboard?tab=settings`);
    const card = page.getByRole('region', { name: 'API keys' });
    await card.getByRole('button', { name: 'Create key' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create an API key' });
    await dialog.getByLabel('Name').fill('Warehouse ERP');
    await dialog.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-api-key').textContent()).trim();
    assert.match(key, /^fsk_/);
    await screenshot(page, 'api-keys-01-created');
    await page.getByRole('button', { name: 'Done' }).click();
    await card.getByText('Warehouse ERP').waitFor();
    assert.equal(await page.getByText(key).count(), 0);

    // The tool: no cookie, no browser; one row per order, answered per row.
    const order = await sandboxOrder(product, { state: 'PROCESSING' });
    const post = (rows) =>
      fetch(`${product.url}/api/v1/shipments`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
        body: JSON.stringify(rows),
      });
    const tracking = `1Z999AA1${String(Date.now() % 1e10).padStart(10, '0')}`;
    const res = await post([
      {
        orderId: order.id,
        trackingNumber: tracking,
        carrier: 'UPS',
        shipDate: '2026-11-24',
        shippingCost: '6.40',
      },
    ]);
    assert.equal(res.status, 200);
    const answer = await res.json();
    assert.equal(answer.rows[0].outcome, 'accepted');
    for (let i = 0; i < 100 && !(await shipmentsOn(product, order.id)).includes(tracking); i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(await shipmentsOn(product, order.id), [tracking]);

    await page.goto(`${product.url}/dashboard?tab=history`);
    await page.getByTestId('shipment-search').fill(tracking);
    const row = page.getByRole('table', { name: 'Shipments' }).locator('tbody tr').first();
    await row.getByText('API · Warehouse ERP').waitFor({ timeout: 15_000 });
    await screenshot(page, 'api-keys-02-history');

    await page.goto(`${product.url}/dashboard?tab=settings`);
    await card.getByRole('button', { name: 'Revoke Warehouse ERP' }).click();
    await page
      .getByRole('dialog', { name: 'Revoke Warehouse ERP?' })
      .getByRole('button', { name: 'Revoke key' })
      .click();
    await toast(page, 'Key revoked');
    assert.equal((await post([{ orderId: order.id }])).status, 401);
    assert.deepEqual(browser.errors, []);
  });

  it('an admin adds a webhook endpoint in Settings; a shipment on Faire reaches it signed, and shows as delivered', async () => {
    // The brand's own tool: a local endpoint (development allows http and private addresses).
    const received = [];
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => (body += c));
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(200).end('ok');
      });
    });
    await new Promise((r) => server.listen(0, '127.0.0.1', r));
    const endpoint = `http://127.0.0.1:${server.address().port}/hooks`;
    try {
      await page.goto(`${product.url}/dashboard?tab=settings`);
      const card = page.getByRole('region', { name: 'Webhooks' });
      await card.getByRole('button', { name: 'Add endpoint' }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel('Endpoint URL').fill(endpoint);
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      const secret = (await page.getByTestId('webhook-secret').textContent()).trim();
      assert.match(secret, /^whsec_/);
      await screenshot(page, 'webhooks-01-secret');
      await page.getByRole('button', { name: 'Done' }).click();
      await card.getByText(endpoint).waitFor();

      const order = await sandboxOrder(product, { state: 'PROCESSING' });
      const tracking = `1Z999AA1${String((Date.now() + 7) % 1e10).padStart(10, '0')}`;
      await page.goto(`${product.url}/dashboard?tab=upload`);
      await page
        .getByTestId('csv-file-input')
        .setInputFiles(
          file(
            'hooked.csv',
            [
              'order_id,tracking_number,carrier,ship_date,shipping_cost',
              `${order.id},${tracking},UPS,2026-11-24,5.10`,
            ].join('\n'),
          ),
        );
      await page
        .getByRole('dialog', { name: 'Review Shipment Data' })
        .getByRole('button', { name: 'Process Shipments' })
        .click();
      await toast(page, 'Shipments processed');
      const told = () => received.find((r) => JSON.parse(r.body).data?.trackingNumber === tracking);
      for (let i = 0; i < 150 && !told(); i++) await new Promise((r) => setTimeout(r, 200));
      const delivery = told();
      assert.ok(delivery, 'the endpoint was told of the shipment');
      const event = new Webhook(secret).verify(delivery.body, {
        'webhook-id': delivery.headers['webhook-id'],
        'webhook-timestamp': delivery.headers['webhook-timestamp'],
        'webhook-signature': delivery.headers['webhook-signature'],
      });
      assert.equal(event.type, 'shipment.succeeded');

      await page.goto(`${product.url}/dashboard?tab=settings`);
      await card.getByRole('button', { name: `Deliveries of ${endpoint}` }).click();
      await page.getByRole('dialog').getByText('Delivered').first().waitFor();
      await screenshot(page, 'webhooks-02-deliveries');
      await page.getByRole('button', { name: 'Close' }).click();
      assert.deepEqual(browser.errors, []);
    } finally {
      server.close();
    }
  });

  it('history: filters, search, pagination and retry', async () => {
    // Enough rows for two pages.
    const orders = [];
    for (let i = 0; i < 3; i++) orders.push(await sandboxOrder(product, { state: 'PROCESSING' }));
    const lines = ['order_id,tracking_number,carrier,ship_date,shipping_cost'];
    for (let i = 0; i < 51; i++) {
      lines.push(`${orders[i % 3].id},1Z999AA1077${String(i).padStart(6, '0')},UPS,2026-11-23,1.00`);
    }
    const upload = await page.evaluate(async (csvText) => {
      const form = new FormData();
      form.append('csv', new Blob([csvText], { type: 'text/csv' }), 'bulk.csv');
      const res = await fetch('/api/shipments/upload', {
        method: 'POST',
        body: form,
        headers: { 'X-Requested-With': 'fetch' },
      });
      return res.status;
    }, lines.join('\n'));
    assert.equal(upload, 200);

    await page.goto(`${product.url}/dashboard?tab=history`);
    await page.getByText(/Showing 1 to 50 of \d+/).waitFor({ timeout: 30_000 });
    await screenshot(page, 'history-01');
    await page.getByRole('button', { name: 'Page 2' }).click();
    await page.getByText(/Showing 51 to \d+ of \d+/).waitFor();

    await page.getByTestId('shipment-search').fill('NOSUCHORDER1');
    const table = page.getByRole('table', { name: 'Shipments' });
    await table.getByText('Order Not Found').first().waitFor();
    await screenshot(page, 'history-02-search');
    await table
      .getByRole('button', { name: /Retry shipment/ })
      .first()
      .click();
    await toast(page, 'Retry Failed');

    await page.getByTestId('shipment-search').fill('');
    await page.getByLabel('Status').selectOption('SUCCESS');
    let statuses = [];
    for (let i = 0; i < 50; i++) {
      statuses = await table.locator('tbody tr').allInnerTexts();
      if (statuses.length > 0 && statuses.every((row) => row.includes('Success'))) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(statuses.length > 0);
    assert.ok(
      statuses.every((row) => row.includes('Success')),
      statuses.join('\n'),
    );

    // The filtered history is a link: opened afresh (a bookmark, a shared link) it shows the same list.
    assert.match(decodeURIComponent(page.url()), /"status":"SUCCESS"/);
    const laptop = await browser.page({ width: 1440, height: 900 });
    await devSignIn(laptop, product, { email: 'sam@juniper.test' });
    await laptop.goto(page.url());
    await laptop.getByText(/Showing 1 to \d+ of \d+/).waitFor();
    assert.equal(await laptop.getByTestId('shipment-status').inputValue(), 'SUCCESS');
    const shown = await laptop.getByRole('table', { name: 'Shipments' }).locator('tbody tr').allInnerTexts();
    assert.ok(shown.length > 0 && shown.every((row) => row.includes('Success')), shown.join('\n'));
    await screenshot(laptop, 'history-04-laptop-bookmarked');

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'sam@juniper.test' });
    await phone.goto(`${product.url}/dashboard?tab=history`);
    await phone.getByRole('list', { name: 'Shipments' }).waitFor();
    await screenshot(phone, 'history-03-phone');
    const stats = await api(page, 'GET', '/api/analytics/stats');
    assert.ok(stats.body.shipments.success >= 56);
    assert.deepEqual(browser.errors, []);
  });
});
