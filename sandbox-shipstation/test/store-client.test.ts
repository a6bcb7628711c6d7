import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipStationSandboxHandle } from '../src/index.js';
import { start } from './helpers.js';

/** A store as the Custom Store docs describe it: Basic auth, `<Orders pages>` by page, shipnotify. */
interface Seen {
  exports: URLSearchParams[];
  notices: { query: URLSearchParams; body: string }[];
}

const AUTH = `Basic ${Buffer.from('shop:pw').toString('base64')}`;

function order(n: number): string {
  return `<Order><OrderID><![CDATA[bo_${n}]]></OrderID><OrderNumber><![CDATA[N${n}]]></OrderNumber>
    <OrderDate>01/02/2026 10:00</OrderDate><OrderStatus><![CDATA[PROCESSING]]></OrderStatus>
    <LastModified>01/02/2026 10:00</LastModified><OrderTotal>10.00</OrderTotal>
    <Customer><CustomerCode><![CDATA[Shop]]></CustomerCode><ShipTo><Name><![CDATA[Ann]]></Name></ShipTo></Customer>
    <Items><Item><SKU><![CDATA[S1]]></SKU><Name><![CDATA[Mug]]></Name><Quantity>2</Quantity><UnitPrice>5.00</UnitPrice></Item></Items></Order>`;
}

async function body(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

describe('store client', () => {
  let sbx: ShipStationSandboxHandle;
  let store: Server;
  let url = '';
  const seen: Seen = { exports: [], notices: [] };

  beforeAll(async () => {
    sbx = await start();
    store = createServer((req, res) => {
      const u = new URL(req.url ?? '/', 'http://x');
      if (req.headers.authorization !== AUTH) return void res.writeHead(401).end('no');
      if (req.method === 'GET' && u.searchParams.get('action') === 'export') {
        seen.exports.push(u.searchParams);
        const page = Number(u.searchParams.get('page'));
        const orders = page === 1 ? [1, 2].map(order) : [3].map(order);
        res.writeHead(200, { 'Content-Type': 'text/xml' });
        return void res.end(`<?xml version="1.0"?><Orders pages="2">${orders.join('')}</Orders>`);
      }
      if (req.method === 'POST' && u.searchParams.get('action') === 'shipnotify') {
        void body(req).then((b) => {
          seen.notices.push({ query: u.searchParams, body: b });
          res.writeHead(seen.notices.length === 1 ? 503 : 200).end('ok');
        });
        return;
      }
      res.writeHead(400).end('unknown action');
    });
    await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(store.address() as AddressInfo).port}/store/abc`;
  });

  afterAll(async () => {
    await sbx.close();
    await new Promise((r) => store.close(r));
  });

  it('pulls every page of a UTC window in MM/dd/yyyy HH:mm and keeps the orders', async () => {
    sbx.control.store.register({ url, username: 'shop', password: 'pw' });
    const got = await sbx.control.store.pull({
      startMs: Date.UTC(2026, 0, 2, 9, 5),
      endMs: Date.UTC(2026, 0, 2, 21, 9),
    });
    expect(got).toMatchObject({ status: 200, pages: 2, orders: 3 });
    expect(seen.exports.map((q) => q.get('page'))).toEqual(['1', '2']);
    expect(seen.exports[0]!.get('start_date')).toBe('01/02/2026 09:05');
    expect(seen.exports[0]!.get('end_date')).toBe('01/02/2026 21:09');
    const orders = sbx.control.store.orders();
    expect(orders.map((o) => o.orderId)).toEqual(['bo_1', 'bo_2', 'bo_3']);
    expect(orders[0]!.items[0]).toEqual({ sku: 'S1', name: 'Mug', quantity: 2, unitPrice: '5.00' });
  });

  it('wrong credentials come back as the store answered them', async () => {
    const got = await sbx.control.store.pull({ wrongPassword: true });
    expect(got.status).toBe(401);
  });

  it('prints a label, posts the notice again after a 5xx, and duplicates on command', async () => {
    const res = await fetch(`${sbx.url}/_sandbox/store/ship`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        orderId: 'bo_1',
        trackingNumber: '1Z999',
        carrier: 'UPS',
        shippingCost: 7.5,
        times: 2,
        retries: 1,
      }),
    });
    expect(res.status).toBe(201);
    const out = (await res.json()) as { statuses: number[]; shipmentId: number };
    expect(out.statuses).toEqual([503, 200, 200]);
    expect(out.shipmentId).toBeGreaterThan(0);
    expect(sbx.control.labels().some((l) => l.trackingNumber === '1Z999' && l.orderNumber === 'N1')).toBe(
      true,
    );
    const n = seen.notices[0]!;
    expect(n.query.get('order_number')).toBe('N1');
    expect(n.query.get('tracking_number')).toBe('1Z999');
    expect(n.body).toContain('<ShipNotice>');
    expect(n.body).toContain('<ShippingCost>7.50</ShippingCost>');
    expect(n.body).toMatch(/<OrderID><!\[CDATA\[bo_1]]><\/OrderID>/);
  });

  it('marks an order shipped with no cost and prints no label', async () => {
    const before = sbx.control.labels().length;
    const out = await sbx.control.store.ship({ orderId: 'bo_2', trackingNumber: '9400X', markOnly: true });
    expect(out).toMatchObject({ statuses: [200], shipmentId: null });
    expect(sbx.control.labels()).toHaveLength(before);
    expect(seen.notices.at(-1)!.body).toContain('<ShippingCost></ShippingCost>');
  });

  it('refuses to ship an order it never saw', async () => {
    await expect(sbx.control.store.ship({ orderId: 'bo_9', trackingNumber: 'X' })).rejects.toThrow(
      /not seen/,
    );
  });
});
