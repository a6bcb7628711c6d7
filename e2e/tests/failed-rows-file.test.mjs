import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import nodemailer from 'nodemailer';
import { freePort, screenshot } from '../lib/harness.mjs';
import { brandAtWork, csvFiles, sandboxOrder, shipmentsOn, trackingCodes } from '../lib/uploads.mjs';

const file = csvFiles('e2e-failed-rows');
const today = new Date().toISOString().slice(0, 10);
const code = trackingCodes('1Z999AA1');
const order = (product, state = 'PROCESSING') => sandboxOrder(product, { state });

describe('the failed rows file is the brand’s own file back (decision 0032)', () => {
  let product;
  let browser;
  let page;
  let close;
  let smtpPort;

  before(async () => {
    smtpPort = await freePort();
    ({ product, browser, page, close } = await brandAtWork({
      env: {
        SHIPMENT_PROCESS_WAIT_MS: '3000',
        FAIRE_TIMEOUT_MS: '1500',
        INBOUND_SMTP_PORT: String(smtpPort),
      },
      email: 'tess@juniper.test',
      name: 'Tess Ward',
      company: 'Juniper Lane',
      faireToken: 'sbx_brand1_token',
    }));
  });

  after(() => close?.());

  it('a `;` file with its own columns comes back in its layout, is fixed and goes through with no mapping dialog', async () => {
    const good = await order(product);
    const canceled = await order(product, 'CANCELED');
    const waiting = await order(product);
    const header = 'Order Number;Notes;AWB;Courier;Shipped On;shipping_cost;Bin';
    const lines = [
      header,
      `${good.id};first;${code()};UPS;${today};4,00;A1`, // 2: reaches Faire
      `bo_notonfaire0001;"fragile; keep dry";${code()};ups;${today};1,50;B2`, // 3: unknown on Faire
      `${canceled.id};  spaced  ;${code()};UPS;${today};2;`, // 4: canceled on Faire
      `${waiting.id};late;${code()};UPS;31/31/2026;3;C3`, // 5: an error in the review, never sent
    ];
    const path = file('warehouse.csv', lines);

    await page.goto(`${product.url}/dashboard?tab=upload`);
    await page.getByTestId('csv-file-input').setInputFiles(path);
    await page
      .getByRole('dialog', { name: 'Map Your CSV Columns' })
      .getByRole('button', { name: 'Continue' })
      .click();
    await page
      .getByRole('dialog', { name: 'Review Shipment Data' })
      .getByRole('button', { name: 'Process Shipments' })
      .click();
    const results = page.getByRole('dialog', { name: 'Upload Results' });
    await results.getByText('Processing complete').waitFor({ timeout: 30_000 });
    // The row with errors was stored with the upload: counted by the server, as an uploaded file's.
    assert.equal(await results.getByTestId('result-invalid').innerText(), '1');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      results.getByRole('link', { name: 'Download failed rows' }).click(),
    ]);
    const text = readFileSync(await download.path(), 'utf8');
    const back = text.split('\r\n');
    // Its header row, delimiter and line ending, then the rows that did not reach Faire as written.
    assert.equal(back[0], `${header};Faire error`);
    assert.equal(back.length, 5, 'the header, three failed rows and the last line break');
    assert.ok(back[1].startsWith(`${lines[2]};`), back[1]);
    assert.ok(back[2].startsWith(`${lines[3]};`), back[2]);
    // The row the review showed with errors, with the review's words as its reason.
    assert.ok(back[3].startsWith(`${lines[4]};Invalid ship date format`), back[3]);
    assert.equal(back[4], '');
    await screenshot(page, 'failed-rows-01-results');

    // Fixed in a "spreadsheet" (the order ids and the date corrected) and uploaded again as it is,
    // reason column too.
    const [o1, o2] = [await order(product), await order(product)];
    const fixed = text
      .replace('bo_notonfaire0001', o1.id)
      .replace(canceled.id, o2.id)
      .replace('31/31/2026', today);
    const fixedPath = file('warehouse-failed-rows.csv', fixed);
    await results.getByRole('button', { name: 'Close' }).click();
    await page.getByTestId('csv-file-input').setInputFiles(fixedPath);
    const review = page.getByRole('dialog', { name: 'Review Shipment Data' });
    await review
      .getByTestId('saved-mapping-note')
      .getByText('Using the mapping you saved for these columns')
      .waitFor();
    assert.equal(await page.getByRole('dialog', { name: 'Map Your CSV Columns' }).count(), 0);
    await screenshot(page, 'failed-rows-02-fixed-no-dialog');
    await review.getByRole('button', { name: 'Process Shipments' }).click();
    await results.getByText('Processing complete').waitFor({ timeout: 30_000 });
    assert.equal(await results.getByTestId('progress-success').innerText(), '3');
    await screenshot(page, 'failed-rows-03-through');
    assert.deepEqual(browser.errors, []);
  });

  it('a warehouse mails its file to the company’s address: the rows reach Faire and History names the sender', async () => {
    await page.goto(`${product.url}/dashboard?tab=settings`);
    const card = page.getByRole('region', { name: 'Inbound' });
    await card.getByRole('button', { name: 'Create address' }).click();
    const address = (await card.getByTestId('inbound-address').textContent()).trim();
    assert.match(address, /^shipments\+[a-z2-7]+@inbound\.localhost$/);
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, 'mail-in-01-address');

    const good = await order(product);
    const tracking = code();
    const transport = nodemailer.createTransport({ host: '127.0.0.1', port: smtpPort, ignoreTLS: true });
    await transport.sendMail({
      from: 'ops@warehouse.test',
      to: address,
      subject: 'Daily shipments',
      text: 'Attached.',
      attachments: [
        {
          filename: 'daily.csv',
          content: `order_id,tracking_number,carrier,ship_date,shipping_cost\r\n${good.id},${tracking},UPS,${today},3.20\r\n`,
        },
      ],
    });
    for (let i = 0; i < 150 && !(await shipmentsOn(product, good.id)).includes(tracking); i++) {
      await new Promise((r) => setTimeout(r, 200));
    }
    assert.deepEqual(await shipmentsOn(product, good.id), [tracking]);

    await page.goto(`${product.url}/dashboard?tab=history`);
    await page.getByTestId('shipment-search').fill(tracking);
    const row = page.getByRole('table', { name: 'Shipments' }).locator('tbody tr').first();
    await row.getByText(/^Email · ops@warehouse\.test/).waitFor({ timeout: 15_000 });
    await screenshot(page, 'mail-in-02-history');
    assert.deepEqual(browser.errors, []);
  });
});
