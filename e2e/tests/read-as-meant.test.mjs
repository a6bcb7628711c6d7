import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { api, devSignIn, screenshot, signUpWithCompany, toast } from '../lib/harness.mjs';
import { brandAtWork, csvFiles, sandboxCall, sandboxOrder, trackingCodes } from '../lib/uploads.mjs';

const file = csvFiles('e2e-meant');
const HEADER = 'order_id,tracking_number,carrier,ship_date,shipping_cost';
const today = new Date().toISOString().slice(0, 10);
const code = trackingCodes('1Z999AB1');
const sandbox = sandboxCall;
const order = (product, brandId, extra = {}) => sandboxOrder(product, { brandId, ...extra });

/** Issue 22: read as the brand meant it, and every screen agrees. */
describe('read as the brand meant it, and every screen agrees', () => {
  let product;
  let browser;
  let uk;
  let us;
  let close;

  before(async () => {
    // A wait of two minutes: a review that closes while Faire fails can only be the wait ending early.
    ({
      product,
      browser,
      page: uk,
      close,
    } = await brandAtWork({
      env: { SHIPMENT_PROCESS_WAIT_MS: '120000', FAIRE_TIMEOUT_MS: '1500' },
      email: 'tess@thistle.test',
      name: 'Tess Rye',
      company: 'Thistle & Rye',
      faireToken: 'sbx_brand3_token',
    }));
    us = await browser.page({ width: 1440, height: 900 });
    await signUpWithCompany(us, product, {
      email: 'rita@juniper.test',
      name: 'Rita Park',
      company: 'Juniper & Pine',
      faireToken: 'sbx_brand1_token',
    });
  });

  after(() => close?.());

  it("reads a UK brand's 03/11/2026 as 3 November with a note, as the file's other dates say, and stores 2026-11-03", async () => {
    const [a, b] = [await order(product, 'brand3'), await order(product, 'brand3')];
    const [t1, t2] = [code(), code()];
    const lines = [HEADER, `${a.id},${t1},UPS,03/11/2026,4.20`, `${b.id},${t2},UPS,26.11.2026,4.20`];
    await uk.goto(`${product.url}/dashboard?tab=upload`);
    await uk.getByTestId('csv-file-input').setInputFiles(file('uk-day-first.csv', lines));
    const review = uk.getByRole('dialog', { name: 'Review Shipment Data' });
    await review
      .getByTestId('review-file-note')
      .getByText('Dates read day-first, like 26.11.2026 in row 3')
      .waitFor();
    // Shown with the month's name, so no reader can take it the other way round.
    await review.getByTestId('review-row-2').getByText('Nov 3, 2026').waitFor();
    assert.deepEqual(await review.getByTestId('review-row-2').getByTestId('row-note').allInnerTexts(), [
      'Ship date "03/11/2026" was read as 3 November 2026 (day first, like 26.11.2026 in row 3)',
    ]);
    await screenshot(uk, 'meant-01-uk-dates-review');
    await review.getByRole('button', { name: 'Process Shipments' }).click();
    const results = uk.getByRole('dialog', { name: 'Upload Results' });
    await results.getByText('Processing complete').waitFor({ timeout: 60_000 });
    assert.equal(await results.getByTestId('progress-success').innerText(), '2');
    await results.getByRole('button', { name: 'Close' }).click();
    const stored = (await api(uk, 'GET', `/api/shipments?page=1&limit=50&search=${t1}`)).body.shipments;
    assert.deepEqual(
      stored.map((s) => s.shipDate),
      ['2026-11-03'],
    );
    await uk.goto(`${product.url}/dashboard?tab=history`);
    const row = uk.getByRole('table', { name: 'Shipments' }).locator('tr', { hasText: t1 });
    await row.getByText('Nov 3, 2026').waitFor();
    // Nothing sticks out sideways on a laptop.
    assert.ok(await uk.evaluate('document.documentElement.scrollWidth <= window.innerWidth'));
    await screenshot(uk, 'meant-02-uk-history');

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'tess@thistle.test' });
    await phone.goto(`${product.url}/dashboard?tab=upload`);
    await phone.getByTestId('csv-file-input').setInputFiles(file('uk-day-first-phone.csv', lines));
    await phone
      .getByRole('dialog', { name: 'Review Shipment Data' })
      .getByTestId('review-file-note')
      .first()
      .waitFor();
    await screenshot(phone, 'meant-03-uk-dates-review-phone');
  });

  it('reads a warehouse export whose cost column is "Freight", says so, and sends every row', async () => {
    const rows = [];
    for (let i = 0; i < 3; i++) {
      rows.push(`${(await order(product, 'brand3')).id},${code()},UPS,${today},${i + 1}.50`);
    }
    await uk.goto(`${product.url}/dashboard?tab=upload`);
    await uk
      .getByTestId('csv-file-input')
      .setInputFiles(file('warehouse.csv', ['Order_ID,Tracking_Number,Carrier,Ship_Date,Freight', ...rows]));
    const review = uk.getByRole('dialog', { name: 'Review Shipment Data' });
    await review.getByText('Shipping cost was read from the "Freight" column').waitFor();
    assert.equal(await review.getByTestId('review-issues').innerText(), '0');
    await screenshot(uk, 'meant-04-freight-review');
    await review.getByRole('button', { name: 'Process Shipments' }).click();
    const results = uk.getByRole('dialog', { name: 'Upload Results' });
    await results.getByText('Processing complete').waitFor({ timeout: 60_000 });
    assert.equal(await results.getByTestId('progress-success').innerText(), '3');
    await results.getByRole('button', { name: 'Close' }).click();
  });

  it('keeps pounds on the order pages and in History once the GBP company disconnects Faire', async () => {
    const refreshed = await api(uk, 'POST', '/api/orders/refresh');
    assert.equal(refreshed.status, 200);
    await uk.goto(`${product.url}/orders`);
    const amount = uk.locator('[data-testid^="order-"]').filter({ hasText: '£' }).first();
    await amount.waitFor();
    await uk.goto(`${product.url}/dashboard?tab=settings`);
    await uk.getByRole('button', { name: 'Disconnect' }).click();
    await uk
      .getByRole('dialog', { name: 'Disconnect Faire?' })
      .getByRole('button', { name: 'Disconnect' })
      .click();
    await uk.getByTestId('integration-status').and(uk.locator('[data-status="not-connected"]')).waitFor();
    await uk.goto(`${product.url}/orders`);
    await uk.locator('[data-testid^="order-"]').first().waitFor();
    const text = await uk.locator('main').innerText();
    assert.match(text, /£\d/);
    assert.doesNotMatch(text, /\$\d/);
    await screenshot(uk, 'meant-05-gbp-orders-disconnected');
    await uk.goto(`${product.url}/orders?view=table`);
    await uk.getByTestId('orders-table').getByText(/£\d/).first().waitFor();
    await uk.goto(`${product.url}/dashboard?tab=history`);
    await uk.getByRole('table', { name: 'Shipments' }).getByText('£4.20').first().waitFor();
    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'tess@thistle.test' });
    await phone.goto(`${product.url}/orders`);
    await phone.getByText(/£\d/).first().waitFor();
    await screenshot(phone, 'meant-06-gbp-orders-disconnected-phone');
  });

  it('says "still sending" while Faire fails, closes the review at once, and the row succeeds once Faire is back', async () => {
    const o = await order(product, 'brand1');
    const t = code();
    await sandbox(product, 'PUT', '/knobs', { error5xxShare: 1 });
    try {
      await us.goto(`${product.url}/dashboard?tab=upload`);
      await us
        .getByTestId('csv-file-input')
        .setInputFiles(file('slow-faire.csv', [HEADER, `${o.id},${t},UPS,${today},1.00`]));
      await us
        .getByRole('dialog', { name: 'Review Shipment Data' })
        .getByRole('button', { name: 'Process Shipments' })
        .click();
      await toast(us, 'Shipments processed', '1 still sending: Faire is slow, we keep trying');
      const results = us.getByRole('dialog', { name: 'Upload Results' });
      await results.waitFor({ timeout: 60_000 });
      assert.equal(await us.getByRole('dialog', { name: 'Review Shipment Data' }).count(), 0);
      await results.getByTestId('waiting-on-faire').waitFor({ timeout: 30_000 });
      assert.equal(await results.getByTestId('progress-failed').innerText(), '0');
      assert.equal(await results.getByTestId('progress-pending').innerText(), '1');
      await screenshot(us, 'meant-07-still-sending');
    } finally {
      await sandbox(product, 'PUT', '/knobs', { error5xxShare: 0 });
    }
    const results = us.getByRole('dialog', { name: 'Upload Results' });
    await results.getByText('Processing complete').waitFor({ timeout: 90_000 });
    assert.equal(await results.getByTestId('progress-success').innerText(), '1');
    const made = (await sandbox(product, 'GET', `/orders/${o.id}`)).shipments.map((s) => s.tracking_code);
    assert.deepEqual(made, [t]);
    await results.getByRole('button', { name: 'Close' }).click();
  });

  it("reopens an upload's results from History: reasons, Download failed rows and Retry all failed", async () => {
    const good = await order(product, 'brand1');
    const missingId = `bo_later${Date.now().toString(36).slice(-6)}`;
    const [t1, t2] = [code(), code()];
    await us.goto(`${product.url}/dashboard?tab=upload`);
    await us
      .getByTestId('csv-file-input')
      .setInputFiles(
        file('week-48.csv', [
          HEADER,
          `${good.id},${t1},UPS,${today},1.00`,
          `${missingId},${t2},UPS,${today},1.00`,
        ]),
      );
    await us
      .getByRole('dialog', { name: 'Review Shipment Data' })
      .getByRole('button', { name: 'Process Shipments' })
      .click();
    const results = us.getByRole('dialog', { name: 'Upload Results' });
    await results.getByText('Processing complete').waitFor({ timeout: 60_000 });
    await results.getByRole('button', { name: 'Close' }).click();

    await us.goto(`${product.url}/dashboard?tab=history`);
    const uploads = us.getByRole('table', { name: 'Uploads list' });
    await uploads.getByRole('button', { name: 'Results of week-48.csv' }).first().click();
    const reopened = us.getByRole('dialog', { name: 'Upload Results' });
    await reopened.getByTestId('issue-row-3').waitFor();
    await reopened.getByText('week-48.csv').waitFor();
    await screenshot(us, 'meant-08-history-results');
    const [download] = await Promise.all([
      us.waitForEvent('download'),
      reopened.getByRole('link', { name: 'Download failed rows' }).click(),
    ]);
    const failed = readFileSync(await download.path(), 'utf8');
    assert.ok(failed.includes(t2), 'the failed row is in the file');
    assert.ok(!failed.includes(t1), 'the row that reached Faire is not');
    // The order exists on Faire now: Retry all failed sends the row again and it succeeds.
    await order(product, 'brand1', { id: missingId });
    await reopened.getByRole('button', { name: 'Retry all failed' }).click();
    await toast(us, 'Retrying failed rows', '1 row sent to Faire again');
    await reopened.getByText('Every row was created on Faire.').waitFor({ timeout: 60_000 });
    const made = (await sandbox(product, 'GET', `/orders/${missingId}`)).shipments.map(
      (s) => s.tracking_code,
    );
    assert.deepEqual(made, [t2]);
    await reopened.getByRole('button', { name: 'Close' }).click();
    await us.waitForURL((u) => !u.search.includes('results='));

    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'rita@juniper.test' });
    await phone.goto(`${product.url}/dashboard?tab=history`);
    await phone.getByRole('button', { name: 'Results of week-48.csv' }).first().waitFor();
    await screenshot(phone, 'meant-09a-history-uploads-phone');
    await phone.getByRole('button', { name: 'Results of week-48.csv' }).first().click();
    await phone.getByRole('dialog', { name: 'Upload Results' }).getByText('Processing complete').waitFor();
    await screenshot(phone, 'meant-09-history-results-phone');
  });

  it('the smaller things: the only admin told first, thresholds over the maximum, Terms and Privacy, 404 once', async () => {
    await us.goto(`${product.url}/team`);
    await us.getByRole('button', { name: 'Remove Rita Park' }).click();
    const only = us.getByRole('dialog', { name: 'You are the only admin' });
    await only.getByText(/Make another member an admin first/).waitFor();
    await screenshot(us, 'meant-10-only-admin');
    await only.getByRole('button', { name: 'OK' }).click();

    await us.goto(`${product.url}/dashboard?tab=settings`);
    await us.getByLabel('In transit').fill('400');
    await us.getByText('Days cannot be more than 365. Enter 365 or less.').waitFor();
    assert.equal(await us.getByRole('button', { name: 'Save' }).isDisabled(), true);
    await screenshot(us, 'meant-11-threshold-max');

    await us.goto(`${product.url}/orders`);
    await us
      .getByText(/open orders?( ·|$)/)
      .first()
      .waitFor();
    await screenshot(us, 'meant-12-open-orders-headline');

    const visitor = await browser.page({ width: 1440, height: 900 });
    await visitor.goto(`${product.url}/`);
    await visitor.getByRole('link', { name: 'Terms of Service' }).click();
    await visitor.getByRole('heading', { name: 'Terms of Service' }).waitFor();
    await screenshot(visitor, 'meant-13-terms');
    await visitor.goto(`${product.url}/`);
    await visitor.getByRole('link', { name: 'Privacy Policy' }).click();
    await visitor.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    const phone = await browser.page({ mobile: true });
    await phone.goto(`${product.url}/privacy`);
    await phone.getByRole('heading', { name: 'Privacy Policy' }).waitFor();
    await screenshot(phone, 'meant-14-privacy-phone');

    // A connection Faire refused: the dashboard's banner takes an admin to reconnect.
    const db = new pg.Client({ connectionString: product.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE marketplace_connections SET status = 'FAILED' WHERE brand_name LIKE 'Juniper%'`);
    } finally {
      await db.end();
    }
    await us.goto(`${product.url}/dashboard`);
    const banner = us.getByTestId('company-connection');
    await banner.getByText('Faire refused the connection to Juniper & Pine Candle Co. Reconnect').waitFor();
    await screenshot(us, 'meant-15-reconnect-banner');
    await banner.getByRole('link', { name: 'Reconnect' }).click();
    await us.waitForURL((u) => u.pathname === '/oauth-setup');

    await us.goto(`${product.url}/no-such-page`);
    await us.getByRole('heading', { name: '404 Page Not Found' }).waitFor();
    assert.equal((await us.locator('main').innerText()).match(/404/g)?.length, 1);
    assert.deepEqual(browser.errors, []);
  });
});
