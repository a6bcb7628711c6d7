import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import {
  api,
  devSignIn,
  launchBrowser,
  screenshot,
  signUpWithCompany,
  startProduct,
} from '../lib/harness.mjs';

const STATES = ['NEW', 'PROCESSING', 'PRE_TRANSIT', 'IN_TRANSIT', 'BACKORDERED'];
const money = (text) => Number(text.replace(/[$,]/g, ''));

/** Waits until the table shows the server's answer for the new sort (the URL changes first). */
async function sortedBy(page, dir) {
  await page.waitForFunction(
    (d) => {
      const cells = [...globalThis.document.querySelectorAll('table tbody tr td:nth-child(6)')];
      const v = cells.map((c) => Number(c.textContent.replace(/[$,]/g, '')));
      return v.length > 1 && v.every((x, i) => i === 0 || (d === 'ASC' ? v[i - 1] <= x : v[i - 1] >= x));
    },
    dir,
    { timeout: 30_000 },
  );
}

/** The orders table on 200 orders made through the sandbox's control API: search, filter, sort, export, toggle. */
describe('orders list', () => {
  let product;
  let browser;

  before(async () => {
    product = await startProduct();
    browser = await launchBrowser();
    for (let i = 0; i < 200; i++) {
      const res = await fetch(`${product.sandboxUrl}/_sandbox/orders`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({
          brandId: 'brand1',
          id: `bo_e2e${String(i).padStart(3, '0')}q`,
          state: STATES[i % STATES.length],
          address: { company_name: i === 42 ? 'Wren & Thistle Goods' : `Retailer ${i}` },
        }),
      });
      assert.equal(res.status, 201, await res.text());
    }
  });

  after(async () => {
    await browser?.close();
    await product?.stop();
  });

  it('cards by default; the table searches, filters, sorts and exports what it shows', async () => {
    const page = await browser.page({ width: 1440, height: 900 });
    await signUpWithCompany(page, product, {
      email: 'olive@juniper.test',
      name: 'Olive Park',
      company: 'Juniper & Pine',
      faireToken: 'sbx_brand1_token',
    });
    const refreshed = await api(page, 'POST', '/api/orders/refresh');
    assert.equal(refreshed.status, 200, JSON.stringify(refreshed.body));
    const all = (await api(page, 'GET', '/api/orders')).body;
    assert.ok(all.total >= 200, `expected at least 200 open orders, got ${all.total}`);

    await page.goto(`${product.url}/orders`);
    await page.getByTestId('group-NEW').waitFor();
    await page.getByRole('link', { name: '#E2E000Q' }).waitFor();
    await screenshot(page, 'orders-cards-desktop');

    await page.getByRole('button', { name: 'Table' }).click();
    await page.waitForURL(/view=table/);
    const rows = page.locator('table tbody tr');
    await rows.first().waitFor();
    await page.getByText(`of ${all.total}`).first().waitFor();
    await screenshot(page, 'orders-table-desktop');
    const laptop = await browser.page({ width: 1440, height: 900 });
    await devSignIn(laptop, product, { email: 'olive@juniper.test' });
    await laptop.goto(`${product.url}/orders?view=table`);
    await laptop.locator('table tbody tr').first().waitFor();
    await screenshot(laptop, 'orders-table-laptop');

    // Search: the display id with "#", two keystrokes of a customer's name.
    const search = page.getByPlaceholder('Order ID, customer or tracking number');
    await search.fill('#E2E042');
    await page.getByRole('link', { name: '#E2E042Q' }).waitFor();
    await page.waitForFunction(() => globalThis.document.querySelectorAll('table tbody tr').length === 1);
    await page.getByText('Wren & Thistle Goods').waitFor();
    await search.fill('wr');
    await page.getByText('Wren & Thistle Goods').waitFor();
    await search.fill('');
    await page.getByText(`of ${all.total}`).first().waitFor();

    // Filter: State = PROCESSING, kept in the URL.
    await page.getByRole('button', { name: 'Add filter' }).click();
    await page.getByRole('menu').getByText('State', { exact: true }).click();
    await page.getByLabel('State').click();
    await page.getByRole('option', { name: 'PROCESSING' }).click();
    await page.waitForURL((u) => decodeURIComponent(u.search).includes('"state":"PROCESSING"'));
    const processing = (await api(page, 'GET', '/api/orders?state=PROCESSING')).body.total;
    await page.getByText(`of ${processing}`).first().waitFor();
    const states = await page.locator('table tbody tr td:nth-child(3)').allTextContents();
    assert.ok(states.length > 0 && states.every((s) => s === 'PROCESSING'), states.join());
    assert.match(page.url(), /view=table/);

    // Sort by amount, then the other way.
    await page.getByRole('button', { name: 'Amount' }).click();
    await page.waitForURL(/sort=totalCents/);
    await page.waitForURL(/order=ASC/);
    await sortedBy(page, 'ASC');
    let amounts = (await page.locator('table tbody tr td:nth-child(6)').allTextContents()).map(money);
    assert.deepEqual(
      amounts,
      [...amounts].sort((x, y) => x - y),
    );
    await page.getByRole('button', { name: 'Amount' }).click();
    await page.waitForURL(/order=DESC/);
    await sortedBy(page, 'DESC');
    amounts = (await page.locator('table tbody tr td:nth-child(6)').allTextContents()).map(money);
    assert.deepEqual(
      amounts,
      [...amounts].sort((x, y) => y - x),
    );
    await screenshot(page, 'orders-table-filtered');

    // A reload (or a shared link) opens the same view.
    await page.reload();
    await page.getByText(`of ${processing}`).first().waitFor();

    // Export CSV: every order the filter matches, not only this page.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    const csv = readFileSync(await download.path(), 'utf8')
      .trim()
      .split(/\r?\n/);
    assert.match(csv[0], /^Order ID,Display ID,Customer,State/);
    assert.equal(csv.length - 1, processing);
    assert.ok(csv.slice(1).every((line) => line.includes(',PROCESSING,')));

    // Back to the cards: the spec's grouping, with everything.
    await page.getByRole('button', { name: 'Cards' }).click();
    await page.getByTestId('group-NEW').waitFor();
    assert.doesNotMatch(page.url(), /view=table/);
  });

  it('a deep link survives sign-in', async () => {
    const page = await browser.page({ width: 1440, height: 900 });
    const deep = `/orders?view=table&filter=${encodeURIComponent(JSON.stringify({ q: 'e2e04' }))}`;
    await page.goto(`${product.url}${deep}`);
    await page.getByRole('form', { name: 'Developer sign-in' }).waitFor();
    await devSignIn(page, product, { email: 'olive@juniper.test', stay: true });
    await page.waitForURL((u) => u.pathname === '/orders');
    assert.equal(new URL(page.url()).search, new URL(`${product.url}${deep}`).search);
    await page.getByRole('link', { name: '#E2E040Q' }).waitFor();
    await page.getByText('1-10 of 10').first().waitFor();
  });

  it('the dashboard shows the late-shipment rate from known first-scan dates', async () => {
    const page = await browser.page({ width: 1440, height: 900 });
    await devSignIn(page, product, { email: 'olive@juniper.test' });
    const control = async (method, path, body) => {
      const res = await fetch(`${product.sandboxUrl}/_sandbox${path}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
      return JSON.parse(text);
    };
    const { now } = await control('GET', '/clock');
    const at = (hours) => new Date(Date.parse(now) + hours * 3_600_000).toISOString();
    const day = (hours) => `${at(hours).slice(0, 10)}T00:00:00.000Z`;
    // Shipped, scanned by the carrier in an hour: one due three days ago, one due tomorrow.
    for (const [id, expected] of [
      ['bo_ratelate', day(-72)],
      ['bo_rateontime', day(24)],
    ]) {
      await control('POST', '/orders', {
        brandId: 'brand1',
        id,
        state: 'PRE_TRANSIT',
        expected_ship_date: expected,
        transitions: { in_transit_at: at(1), delivered_at: null },
      });
    }
    await control('POST', '/orders', {
      brandId: 'brand1',
      id: 'bo_ratesoon',
      state: 'PROCESSING',
      expected_ship_date: day(24),
    });
    await api(page, 'POST', '/api/orders/refresh');
    await control('PUT', '/clock', { advanceMs: 2 * 3_600_000 });
    const refreshed = await api(page, 'POST', '/api/orders/refresh');
    assert.equal(refreshed.status, 200);
    const rate = (await api(page, 'GET', '/api/orders/late-rate')).body;
    assert.ok(
      rate.lateOrders.some((o) => o.faireOrderId === 'bo_ratelate'),
      JSON.stringify(rate.lateOrders),
    );
    assert.ok(!rate.lateOrders.some((o) => o.faireOrderId === 'bo_rateontime'));

    await page.goto(`${product.url}/dashboard`);
    const card = page.getByTestId('late-rate-card');
    const shown = `${(Math.round(rate.rate * 1000) / 10).toFixed(1)}%`;
    await card.getByTestId('late-rate-value').getByText(shown, { exact: true }).waitFor();
    await card.getByTestId('late-rate-counted').getByRole('link', { name: '#RATELATE' }).waitFor();
    assert.equal(
      await card.getByTestId('late-rate-counted').getByRole('link', { name: '#RATEONTIME' }).count(),
      0,
    );
    const risk = card.getByTestId('late-rate-at-risk');
    await risk.getByText(`At risk now (${rate.atRiskCount})`).waitFor();
    assert.ok(rate.atRiskCount >= 1);
    if (rate.atRisk.slice(0, 8).some((o) => o.faireOrderId === 'bo_ratesoon')) {
      await risk.getByRole('link', { name: '#RATESOON' }).waitFor();
    }
    await card.getByText(/can read higher than Faire’s, never lower/).waitFor();
    await screenshot(page, 'dashboard-late-rate-desktop');
    const phone = await browser.page({ mobile: true });
    await devSignIn(phone, product, { email: 'olive@juniper.test' });
    await phone.goto(`${product.url}/dashboard`);
    await phone.getByTestId('late-rate-value').waitFor();
    await screenshot(phone, 'dashboard-late-rate-mobile');
  });

  it('reads on a phone', async () => {
    const page = await browser.page({ mobile: true });
    await devSignIn(page, product, { email: 'olive@juniper.test' });
    await page.goto(`${product.url}/orders?view=table`);
    // One line per order on a phone, and nothing wider than the screen.
    await page.getByRole('link', { name: /^#E2E/ }).first().waitFor();
    assert.equal(await page.locator('table').count(), 0);
    const overflow = await page.evaluate(
      () => globalThis.document.documentElement.scrollWidth - globalThis.innerWidth,
    );
    assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px`);
    await screenshot(page, 'orders-table-mobile');
    await page.goto(`${product.url}/problem-orders`);
    await page.getByText('Problem Orders').first().waitFor();
    await screenshot(page, 'problem-orders-mobile');
    assert.deepEqual(browser.errors, []);
  });

  it('an order link in sandbox mode opens a readable order page', async () => {
    const page = await browser.page({ width: 1440, height: 900 });
    await devSignIn(page, product, { email: 'olive@juniper.test' });
    await page.goto(`${product.url}/orders?view=table`);
    const link = page.getByRole('link', { name: '#E2E042Q' });
    await page.getByPlaceholder('Order ID, customer or tracking number').fill('e2e042');
    await link.waitFor();
    const [order] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await order.getByRole('heading', { name: 'Order #E2E042Q' }).waitFor();
    await order.getByText('Wren & Thistle Goods').first().waitFor();
    await screenshot(order, 'sandbox-order-page');
  });
});
