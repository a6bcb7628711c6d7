import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { api, call, ctl, start } from './helpers.js';

describe('data file', () => {
  let dir = '';
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'ss-sandbox-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps printed labels, subscriptions and revocation across a restart', async () => {
    const dataFile = join(dir, 'state', 'shipstation.json');
    const first = await start({ dataFile });
    const sub = await call('POST', `${first.url}/webhooks/subscribe`, {
      body: { target_url: 'http://127.0.0.1:9/hook', event: 'SHIP_NOTIFY' },
    });
    const printed = await ctl(first, 'POST', '/labels', {
      orderNumber: 'KEEP000001',
      trackingNumber: '9400111899223344556677',
      carrierCode: 'stamps_com',
      shipmentCost: 7.1,
    });
    await first.close();

    const second = await start({ dataFile });
    try {
      const listed = await api(second, '/shipments?orderNumber=KEEP000001');
      expect(listed.body.shipments.map((s: { shipmentId: number }) => s.shipmentId)).toEqual([
        printed.body.shipmentId,
      ]);
      expect((await api(second, '/webhooks')).body.webhooks[0].WebHookID).toBe(sub.body.WebHookID);
      const next = await ctl(second, 'POST', '/labels', {
        orderNumber: 'KEEP000002',
        trackingNumber: '9400111899223344556678',
        carrierCode: 'stamps_com',
        shipmentCost: 7.1,
      });
      expect(next.body.shipmentId).toBe(printed.body.shipmentId + 1);
      await ctl(second, 'POST', '/revoke');
    } finally {
      await second.close();
    }
    const third = await start({ dataFile });
    try {
      expect((await api(third, '/stores')).status).toBe(401);
    } finally {
      await third.close();
    }
  });

  it('reads a file written before orders were kept: custom fields move to the orders', async () => {
    const dataFile = join(dir, 'old.json');
    const first = await start({ dataFile });
    await ctl(first, 'POST', '/labels', {
      orderNumber: 'M-OLD01',
      trackingNumber: '9400111899223344550002',
      carrierCode: 'stamps_com',
      shipmentCost: 5,
      customField1: 'OLDFIELD01',
    });
    await first.close();
    // As an older sandbox wrote it: no orders, custom fields on each label, no addressVerified.
    const state = JSON.parse(readFileSync(dataFile, 'utf8'));
    delete state.orders;
    for (const l of state.labels) {
      const order = l.orderNumber === 'M-OLD01';
      Object.assign(l, { customField1: order ? 'OLDFIELD01' : null, customField2: null, customField3: null });
      delete l.shipTo.addressVerified;
    }
    writeFileSync(dataFile, JSON.stringify(state));

    const second = await start({ dataFile });
    try {
      second.control.setFaults({ rateLimitPerMinute: 10_000 });
      const shipment = (await api(second, '/shipments?orderNumber=M-OLD01')).body.shipments[0];
      expect(shipment.advancedOptions).not.toHaveProperty('customField1');
      expect(shipment.shipTo.addressVerified).toBeNull();
      const order = (await api(second, `/orders/${shipment.orderId}`)).body;
      expect(order).toMatchObject({
        orderStatus: 'shipped',
        advancedOptions: { customField1: 'OLDFIELD01' },
      });
      expect((await api(second, '/orders?pageSize=500')).body.total).toBeGreaterThan(20);
    } finally {
      await second.close();
    }
  });

  it('refuses to start on a file that is not its state', async () => {
    const dataFile = join(dir, 'other.json');
    writeFileSync(dataFile, '{"format":"faire-sandbox-state"}');
    await expect(start({ dataFile })).rejects.toThrow(/not a shipstation-sandbox-state file/);
  });
});
