import type { SandboxHandle } from '@portal/faire-sandbox';
import type { TestAgent, TestApp } from './test-app.js';

export function csv(
  rows: string[][],
  header = ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost'],
): Buffer {
  return Buffer.from(
    [header, ...rows]
      .map((r) => r.map((c) => (/[",\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(','))
      .join('\r\n') + '\r\n',
  );
}

export function upload(
  agent: TestAgent,
  body: Buffer,
  name = 'shipments.csv',
  mapping?: Record<string, string>,
) {
  let req = agent
    .post('/api/shipments/upload')
    .attach('csv', body, { filename: name, contentType: 'text/csv' });
  if (mapping) req = req.field('columnMapping', JSON.stringify(mapping));
  return req;
}

/** Rows of the company still to be done: PENDING shipments plus valid rows not yet turned into shipments. */
export async function unfinished(t: TestApp, companyId: string): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(
    `SELECT (SELECT count(*) FROM shipments WHERE company_id = $1 AND status = 'PENDING')
          + (SELECT coalesce(sum(b.row_count), 0) FROM upload_batches b JOIN uploads u ON u.id = b.upload_id WHERE u.company_id = $1)
            AS n`,
    [companyId],
  );
  return Number(rows[0]!.n);
}

/** Waits until every row of the company is a shipment and none is PENDING. */
export async function waitForTerminal(t: TestApp, companyId: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const n = await unfinished(t, companyId);
    if (n === 0) return;
    if (Date.now() > deadline) throw new Error(`${n} rows still not done after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Shipments that exist on the sandbox per (order, tracking code): created, or committed before a lost answer. */
export function ledgerCounts(sandbox: SandboxHandle): Map<string, number> {
  const counts = new Map<string, number>();
  for (const order of sandbox.listOrders('brand1').concat(sandbox.listOrders('brand2'))) {
    for (const s of order.shipments) {
      const key = `${order.id}|${s.tracking_code}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
  }
  return counts;
}

export function today(): string {
  return new Date().toISOString().slice(0, 10);
}

let serial = 0;
const SERIAL_CHARS = 4; // base 36: 1.6 million numbers per process before the serial wraps

/**
 * A unique tracking number in the UPS shape (1Z + 16 uppercase letters/digits): 1Z, the prefix, then
 * as much of the time (base 36) as fits and a per-process serial that is never cut, so two calls never
 * answer the same number whatever the prefix's length (up to 12 characters).
 */
export function tracking(prefix = 'T'): string {
  const head = prefix.toUpperCase();
  const room = 16 - head.length;
  if (!/^[0-9A-Z]*$/.test(head) || room < SERIAL_CHARS) {
    throw new Error(
      `tracking(): the prefix must be at most ${16 - SERIAL_CHARS} letters/digits, not "${prefix}"`,
    );
  }
  serial += 1;
  const unique = Date.now().toString(36) + serial.toString(36).padStart(SERIAL_CHARS, '0');
  return `1Z${head}${unique.slice(-room).padStart(room, '0')}`.toUpperCase();
}
