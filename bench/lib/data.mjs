// Deterministic, realistic shipment CSV data: orders of 1-3 rows, a UPS / FedEx / USPS mix, ISO and US
// dates from the last few days, dollar costs, and a small share of broken rows.
import { randomUUID } from 'node:crypto';

export const HEADER = ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost'];

/** mulberry32: a small, fast, seedable PRNG. */
export function prng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const ALNUM = 'abcdefghijklmnopqrstuvwxyz0123456789';
const UPPER_ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

function chars(rand, alphabet, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += alphabet[Math.floor(rand() * alphabet.length)];
  return s;
}
function digits(rand, n) {
  let s = '';
  for (let i = 0; i < n; i++) s += String(Math.floor(rand() * 10));
  return s;
}

const pad2 = (n) => String(n).padStart(2, '0');

/**
 * Rows as arrays of cells. `count` rows (or until `maxBytes` of CSV), orders of 1-3 rows.
 * `invalidShare` of rows get one realistic problem (empty tracking number, unreadable date, bad cost).
 * `orderIds`, when given, is a function answering the order id for the n-th order.
 */
export function generateRows({
  count = Infinity,
  maxBytes = Infinity,
  seed = 1,
  invalidShare = 0.005,
  orderIds,
  now = new Date(),
} = {}) {
  const rand = prng(seed);
  const rows = [];
  let bytes = HEADER.join(',').length + 2;
  let orderNo = 0;
  const serial = { n: 0 };
  while (rows.length < count) {
    const orderId = orderIds ? orderIds(orderNo) : `bo_${chars(rand, ALNUM, 10)}`;
    orderNo += 1;
    const perOrder = 1 + Math.floor(rand() * 3);
    let stop = false;
    for (let k = 0; k < perOrder && rows.length < count; k++) {
      serial.n += 1;
      const row = makeRow(rand, orderId, now, serial.n);
      if (rand() < invalidShare) breakRow(rand, row);
      const size = row.join(',').length + 2;
      if (bytes + size > maxBytes) {
        stop = true;
        break;
      }
      bytes += size;
      rows.push(row);
    }
    if (stop) break;
  }
  return { rows, bytes, orders: orderNo };
}

function makeRow(rand, orderId, now, serial) {
  const r = rand();
  let tracking;
  let carrier;
  // A serial inside every number keeps (order, tracking) unique across the whole file.
  const s = String(serial).padStart(7, '0');
  if (r < 0.45) {
    carrier = rand() < 0.85 ? 'UPS' : 'ups';
    tracking = `1Z${chars(rand, UPPER_ALNUM, 6)}${digits(rand, 3)}${s}`;
  } else if (r < 0.75) {
    carrier = rand() < 0.8 ? 'FedEx' : 'FEDEX';
    tracking = `${digits(rand, 5)}${s}`;
  } else {
    carrier = 'USPS';
    tracking = `9400${digits(rand, 11)}${s}`;
  }
  const d = new Date(now.getTime() - Math.floor(rand() * 5) * 86_400_000);
  const shipDate =
    rand() < 0.7
      ? `${d.getUTCFullYear()}-${pad2(d.getUTCMonth() + 1)}-${pad2(d.getUTCDate())}`
      : `${pad2(d.getUTCMonth() + 1)}/${pad2(d.getUTCDate())}/${d.getUTCFullYear()}`;
  const cost = (Math.floor(rand() * 4000) / 100).toFixed(2);
  return [orderId, tracking, carrier, shipDate, cost];
}

function breakRow(rand, row) {
  const r = rand();
  if (r < 0.4) row[1] = '';
  else if (r < 0.7) row[3] = '2025-13-45';
  else row[4] = 'n/a';
}

export function toCsv(rows, header = HEADER) {
  const out = [header.join(',')];
  for (const r of rows) out.push(r.join(','));
  return `${out.join('\r\n')}\r\n`;
}

/** Rows of `shipments`-shaped ids for queue benchmarks: `count` rows in orders of 1-3. */
export function idRows(count, seed = 1) {
  const rand = prng(seed);
  const rows = [];
  let o = 0;
  while (rows.length < count) {
    const orderId = `bo_${chars(rand, ALNUM, 10)}`;
    o += 1;
    const perOrder = 1 + Math.floor(rand() * 3);
    for (let k = 0; k < perOrder && rows.length < count; k++) {
      rows.push({ id: randomUUID(), order_id: orderId });
    }
  }
  return { rows, orders: o };
}
