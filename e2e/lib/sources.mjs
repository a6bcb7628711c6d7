// What the browser tests of the sources (ShipStation, Shopify) share: a product whose worker sends labels
// as soon as they arrive, an admin signed up with a company on Faire brand 1 and one PROCESSING order,
// and the wait for a label to become its Faire shipment, shown in History with its source.
import assert from 'node:assert/strict';
import { api, launchBrowser, signUpWithCompany, sleep, startProduct } from './harness.mjs';

let serial = 0;
/** A UPS-shaped tracking number (1Z + 16) no other test prints: the prefix, the time, a serial. */
export function upsTracking(prefix) {
  serial += 1;
  const room = 16 - prefix.length;
  const unique = Date.now().toString(36) + serial.toString(36).padStart(4, '0');
  return `1Z${prefix}${unique.slice(-room).padStart(room, '0')}`.toUpperCase();
}

/** A new order of brand 1 on the Faire sandbox. */
export async function sandboxOrder(product, state) {
  const res = await fetch(`${product.sandboxUrl}/_sandbox/orders`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ brandId: 'brand1', state }),
  });
  assert.equal(res.status, 201);
  return res.json();
}

/** The tracking codes of an order's shipments on the Faire sandbox. */
export async function trackingOnFaire(product, orderId) {
  const order = await (await fetch(`${product.sandboxUrl}/_sandbox/orders/${orderId}`)).json();
  return order.shipments.map((s) => s.tracking_code);
}

/** Polls `fn` every half second until it answers something truthy. */
export async function until(what, fn, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await sleep(500);
  }
}

/**
 * The product (labels sent as soon as they arrive, the worker looking twice a second), a browser, Rosa
 * signed up as the admin of Juniper & Pine on Faire brand 1, and one PROCESSING order synced.
 */
export async function startSourcesWorld() {
  const product = await startProduct({ env: { SOURCE_GRACE_MS: '0', SOURCE_TICK_MS: '500' } });
  const browser = await launchBrowser();
  const admin = await browser.page();
  await signUpWithCompany(admin, product, {
    email: 'rosa@juniper.test',
    name: 'Rosa Lind',
    company: 'Juniper & Pine',
    faireToken: 'sbx_brand1_token',
  });
  const order = await sandboxOrder(product, 'PROCESSING');
  assert.equal((await api(admin, 'POST', '/api/orders/refresh')).status, 200);
  return { product, browser, admin, order };
}

export async function stopSourcesWorld({ browser, product }) {
  await browser?.close();
  await product?.stop();
}

/**
 * Waits for `tracking` to be on the Faire order and its shipment to be SUCCESS from `source`
 * (`SHIPSTATION`, `SHOPIFY`), then opens History: the row says the source by `sourceName`.
 * Answers the row.
 */
export async function arrivedInHistory({ product, admin, order }, tracking, source, sourceName) {
  await until('the shipment on Faire', async () =>
    (await trackingOnFaire(product, order.id)).includes(tracking),
  );
  await until('the shipment marked SUCCESS', async () => {
    const res = await api(admin, 'GET', `/api/shipments?page=1&limit=50&source=${source}`);
    return res.body.shipments.find((s) => s.trackingNumber === tracking && s.status === 'SUCCESS');
  });
  await admin.goto(`${product.url}/dashboard?tab=history`);
  const shipment = admin.getByRole('row').filter({ hasText: tracking });
  await shipment.waitFor();
  assert.equal(await shipment.getByTestId('shipment-source').textContent(), sourceName);
  return shipment;
}
