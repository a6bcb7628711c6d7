// What the upload browser tests share: CSV files written for the file input, unique tracking numbers,
// and the Faire sandbox's control API (orders made and read behind the product's back).
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { launchBrowser, signUpWithCompany, startProduct } from './harness.mjs';

/**
 * A folder of its own; `file(name, content)` writes a file there and answers its path: lines as CRLF
 * lines (as spreadsheets save them), a string as it is; `{ bom: true }` puts a UTF-8 byte order mark first.
 */
export function csvFiles(prefix) {
  const dir = mkdtempSync(join(tmpdir(), `${prefix}-`));
  return (name, content, { bom = false } = {}) => {
    const path = join(dir, name);
    const text = Array.isArray(content) ? content.join('\r\n') + '\r\n' : content;
    writeFileSync(path, (bom ? '\ufeff' : '') + text);
    return path;
  };
}

/** Unique UPS-shaped tracking numbers starting with `stem` (8 characters). */
export function trackingCodes(stem = '1Z999AA1') {
  let serial = 0;
  return () => `${stem}${String(Date.now() % 1e6).padStart(6, '0')}${String(++serial).padStart(4, '0')}`;
}

/** One call of the Faire sandbox's control API (`/_sandbox`); answers its JSON. */
export async function sandboxCall(product, method, path, body) {
  const res = await fetch(`${product.sandboxUrl}/_sandbox${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body ? JSON.stringify(body) : undefined,
  });
  assert.ok(res.ok, `${method} ${path}: ${res.status}`);
  return res.json();
}

/** A new order of `brandId` (PROCESSING unless said), with any other field of the sandbox's. */
export const sandboxOrder = (product, { brandId = 'brand1', state = 'PROCESSING', ...extra } = {}) =>
  sandboxCall(product, 'POST', '/orders', { brandId, state, ...extra });

/** The tracking numbers on the order at Faire. */
export const shipmentsOn = async (product, orderId) =>
  (await sandboxCall(product, 'GET', `/orders/${orderId}`)).shipments.map((s) => s.tracking_code);

/**
 * The product started with `env`, a browser, and a page (a laptop's, unless said) signed up as the
 * admin of a new company connected to Faire with `faireToken`. `close()` stops both; a failure while
 * starting stops what had started.
 */
export async function brandAtWork({ env, email, name, company, faireToken, viewport }) {
  let product;
  let browser;
  const close = async () => {
    await browser?.close();
    await product?.stop();
  };
  try {
    product = await startProduct({ env });
    browser = await launchBrowser();
    const page = await browser.page(viewport ?? { width: 1440, height: 900 });
    await signUpWithCompany(page, product, { email, name, company, faireToken });
    return { product, browser, page, close };
  } catch (err) {
    await close();
    throw err;
  }
}
