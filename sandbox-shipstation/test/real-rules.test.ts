// The rules of the real ShipStation V1 that a connector meets on a brand's first day: resource URLs on
// numbered API hosts with the query ShipStation writes, custom fields on the order only, no webhook on a
// void, and both documented answers of POST /webhooks/subscribe.
import { afterEach, describe, expect, it } from 'vitest';
import { pacificDate, type ShipStationSandboxHandle } from '../src/index.js';
import { api, call, ctl, receiver, start } from './helpers.js';

type Receiver = Awaited<ReturnType<typeof receiver>>;

const label = (n: number, extra: Record<string, unknown> = {}) => ({
  orderNumber: `RUL${String(n).padStart(7, '0')}`,
  trackingNumber: `1Z999AA1${String(n).padStart(10, '0')}`,
  carrierCode: 'ups',
  shipmentCost: 9.25,
  ...extra,
});

describe('ShipStation as it really is', () => {
  let sbx: ShipStationSandboxHandle;
  let hook: Receiver | undefined;
  const subscribe = (event: string) =>
    call('POST', `${sbx.url}/webhooks/subscribe`, { body: { target_url: `${hook!.url}/in`, event } });

  afterEach(async () => {
    await sbx.close();
    await hook?.close();
    hook = undefined;
  });

  describe('resource_url', () => {
    it('names a numbered ssapi host with storeID, batchId and includeShipmentItems=False', async () => {
      sbx = await start({ resourceOrigin: 'https://ssapi7.shipstation.com' });
      hook = await receiver();
      await subscribe('SHIP_NOTIFY');
      await subscribe('FULFILLMENT_SHIPPED');
      const printed = await ctl(sbx, 'POST', '/labels', label(1));
      await ctl(sbx, 'POST', '/fulfillments', {
        orderNumber: 'RULMARKED1',
        trackingNumber: '9400111899223100000001',
        carrierCode: 'stamps_com',
        notify: true,
      });
      await sbx.control.idle();
      const urls = hook.received.map((r) => String(r.body.resource_url));
      expect(urls).toEqual([
        `https://ssapi7.shipstation.com/shipments?storeID=310001&batchId=${printed.body.batchId}&includeShipmentItems=False`,
        expect.stringMatching(
          /^https:\/\/ssapi7\.shipstation\.com\/fulfillments\?storeID=310001&batchId=\d+&includeShipmentItems=False$/,
        ),
      ]);
      // The same resource, asked of the sandbox, lists exactly that batch.
      const own = new URL(urls[0]!);
      const listed = await api(sbx, `${own.pathname}${own.search}`);
      expect(listed.body.shipments.map((s: { shipmentId: number }) => s.shipmentId)).toEqual([
        printed.body.shipmentId,
      ]);
    });

    it('defaults to the sandbox URL and follows the resourceOrigin knob', async () => {
      sbx = await start();
      hook = await receiver();
      await subscribe('SHIP_NOTIFY');
      await ctl(sbx, 'POST', '/labels', label(2));
      await sbx.control.idle();
      const knobs = await ctl(sbx, 'POST', '/webhooks', {
        resourceOrigin: 'https://ssapi12.shipstation.com/',
      });
      expect(knobs.body.resourceOrigin).toBe('https://ssapi12.shipstation.com');
      await ctl(sbx, 'POST', '/labels', label(3));
      await sbx.control.idle();
      await ctl(sbx, 'POST', '/webhooks', { resourceOrigin: null });
      await ctl(sbx, 'POST', '/labels', label(4));
      await sbx.control.idle();
      const origins = hook.received.map((r) => new URL(String(r.body.resource_url)).origin);
      expect(origins).toEqual([sbx.url, 'https://ssapi12.shipstation.com', sbx.url]);
      await ctl(sbx, 'POST', '/webhooks', { resourceOrigin: 'https://ssapi4.shipstation.com' });
      await ctl(sbx, 'POST', '/reset');
      expect(sbx.control.webhookKnobs().resourceOrigin).toBeNull();
    });

    it('serves the query keys ShipStation writes, whatever their case', async () => {
      sbx = await start();
      sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
      const labels = Array.from({ length: 7 }, (_, i) => label(10 + i));
      const { body } = await ctl(sbx, 'POST', '/labels', { labels });
      const batch = body.batchId as number;
      for (const q of [
        `storeID=310001&batchId=${batch}&includeShipmentItems=False`,
        `storeId=310001&BATCHID=${batch}&includeshipmentitems=false`,
        `STOREID=310001&batchid=${batch}`,
      ]) {
        const res = await api(sbx, `/shipments?${q}`);
        expect(res.status, q).toBe(200);
        expect(res.body.total, q).toBe(7);
        expect(res.body.shipments[0].shipmentItems, q).toBeNull();
      }
      const other = await api(sbx, `/shipments?storeID=310002&batchId=${batch}`);
      expect(other.body.total).toBe(0);
      const paged = await api(sbx, `/shipments?storeID=310001&batchId=${batch}&PageSize=5&Page=2`);
      expect(paged.body).toMatchObject({ total: 7, page: 2, pages: 2 });
      expect(paged.body.shipments).toHaveLength(2);
      const items = await api(sbx, `/shipments?batchId=${batch}&IncludeShipmentItems=True&pageSize=1`);
      expect(Array.isArray(items.body.shipments[0].shipmentItems)).toBe(true);
    });
  });

  describe('custom fields live on the order', () => {
    it('keeps them off shipments and fulfilments and serves them from GET /orders', async () => {
      sbx = await start();
      sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
      const printed = await ctl(
        sbx,
        'POST',
        '/labels',
        label(20, { orderNumber: 'M-2001', customField1: 'BXDMJBWXID', customField3: 'wholesale' }),
      );
      const shipment = (await api(sbx, '/shipments?orderNumber=M-2001')).body.shipments[0];
      expect(shipment.advancedOptions).toEqual({
        billToParty: null,
        billToAccount: null,
        billToPostalCode: null,
        billToCountryCode: null,
        storeId: 310002,
      });
      const fulfilments = (await api(sbx, '/fulfillments?pageSize=500')).body.fulfillments;
      expect(fulfilments.length).toBeGreaterThan(0);
      for (const f of fulfilments) {
        expect(f).not.toHaveProperty('advancedOptions');
        expect(f.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.0000000$/);
      }

      const found = await api(sbx, '/orders?orderNumber=M-2001');
      expect(found.status).toBe(200);
      expect(found.body).toMatchObject({ total: 1, page: 1, pages: 1 });
      const order = found.body.orders[0];
      expect(order).toMatchObject({
        orderId: printed.body.shipments[0].orderId,
        orderNumber: 'M-2001',
        orderKey: shipment.orderKey,
        orderStatus: 'shipped',
        advancedOptions: {
          storeId: 310002,
          customField1: 'BXDMJBWXID',
          customField2: null,
          customField3: 'wholesale',
        },
      });
      expect(order.orderDate).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{7}$/);
      const byId = await api(sbx, `/orders/${shipment.orderId}`);
      expect(byId.body).toEqual(order);
      expect((await api(sbx, '/orders/999')).status).toBe(404);

      // A later label of the same order number joins the order; its custom fields update the order.
      await ctl(sbx, 'POST', '/labels', label(21, { orderNumber: 'M-2001', customField2: 'second box' }));
      const again = (await api(sbx, `/orders/${shipment.orderId}`)).body;
      expect(again.advancedOptions).toMatchObject({ customField1: 'BXDMJBWXID', customField2: 'second box' });
    });

    it('filters orders by number prefix, status and store, and pages them', async () => {
      sbx = await start();
      sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
      const all = (await api(sbx, '/orders?pageSize=500')).body;
      expect(all.total).toBeGreaterThan(20);
      const labels = (await api(sbx, '/shipments?pageSize=500')).body.shipments;
      const orderIds = new Set(all.orders.map((o: { orderId: number }) => o.orderId));
      // Every label names its order.
      expect(labels.every((l: { orderId: number }) => orderIds.has(l.orderId))).toBe(true);

      const manual = await api(sbx, '/orders?orderNumber=m-1&pageSize=500');
      expect(manual.body.total).toBeGreaterThan(0);
      expect(manual.body.orders.every((o: { orderNumber: string }) => o.orderNumber.startsWith('M-1'))).toBe(
        true,
      );
      const store = await api(sbx, '/orders?storeId=310002&pageSize=500');
      expect(
        store.body.orders.every(
          (o: { advancedOptions: { storeId: number } }) => o.advancedOptions.storeId === 310002,
        ),
      ).toBe(true);
      expect(store.body.total).toBe(manual.body.total);

      // Voiding an order's only label sends it back to awaiting_shipment.
      const printed = await ctl(sbx, 'POST', '/labels', label(30, { orderNumber: 'RULVOID001' }));
      await ctl(sbx, 'POST', `/labels/${printed.body.shipmentId}/void`);
      const awaiting = await api(sbx, '/orders?orderStatus=awaiting_shipment&pageSize=500');
      expect(awaiting.body.orders.map((o: { orderNumber: string }) => o.orderNumber)).toContain('RULVOID001');
      const shipped = await api(sbx, '/orders?orderStatus=SHIPPED&pageSize=500');
      expect(shipped.body.total + awaiting.body.total).toBe(all.total + 1);

      const page2 = await api(sbx, '/orders?pageSize=10&page=2&sortBy=CreateDate&sortDir=DESC');
      expect(page2.body).toMatchObject({ page: 2, pages: Math.ceil((all.total + 1) / 10) });
      expect(page2.body.orders).toHaveLength(10);
      for (const q of ['orderStatus=sent', 'pageSize=501', 'sortBy=ShipDate', 'orderDateStart=soon']) {
        expect((await api(sbx, `/orders?${q}`)).status, q).toBe(400);
      }
    });
  });

  describe('voids', () => {
    it('sends no webhook, and GET /shipments finds the label by its Pacific void date', async () => {
      let now = Date.UTC(2026, 11, 7, 7, 30); // 2026-12-06 23:30 in Los Angeles
      sbx = await start({ clock: () => new Date(now) });
      sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
      hook = await receiver();
      for (const event of ['SHIP_NOTIFY', 'ITEM_SHIP_NOTIFY', 'ORDER_NOTIFY', 'FULFILLMENT_SHIPPED']) {
        await subscribe(event);
      }
      const printed = await ctl(sbx, 'POST', '/labels', label(40));
      await sbx.control.idle();
      expect(hook.received).toHaveLength(1);

      now += 2 * 3_600_000; // voided 2026-12-07 01:30 Pacific, two hours later
      const voided = await ctl(sbx, 'POST', `/labels/${printed.body.shipmentId}/void`);
      expect(voided.body).toMatchObject({ voided: true, voidDate: '2026-12-07T01:30:00.0000000' });
      await sbx.control.idle();
      expect(hook.received).toHaveLength(1);
      expect(sbx.control.deliveries()).toHaveLength(1);

      const ids = async (q: string): Promise<number[]> => {
        const res = await api(sbx, `/shipments?${q}&pageSize=500`);
        return (res.body.shipments as Array<{ shipmentId: number }>).map((s) => s.shipmentId);
      };
      expect(pacificDate(now)).toBe('2026-12-07');
      expect(await ids('voidDateStart=2026-12-07&voidDateEnd=2026-12-07 23:59:59')).toEqual([
        printed.body.shipmentId,
      ]);
      expect(await ids('voidDateStart=2026-12-07 01:00:00')).toEqual([printed.body.shipmentId]);
      // 01:30 Pacific is 09:30Z: a value with Z is taken as that instant.
      expect(await ids('voidDateStart=2026-12-07T09:31:00Z')).toEqual([]);
      expect(await ids('voidDateStart=2026-12-07 01:31:00')).toEqual([]);
      expect(await ids('voidDateEnd=2026-12-06 23:59:59')).not.toContain(printed.body.shipmentId);
      // The seed's reprints are voided too; a void window finds only voided labels.
      const seededVoids = (await api(sbx, '/shipments?voidDateStart=2000-01-01&pageSize=500')).body.shipments;
      expect(seededVoids.length).toBeGreaterThan(1);
      expect(seededVoids.every((s: { voided: boolean }) => s.voided)).toBe(true);
    });
  });

  describe('POST /webhooks/subscribe', () => {
    it('answers {WebHookID, …} by default and {id} when the knob or start option says so', async () => {
      sbx = await start();
      const body = {
        target_url: 'https://portal.test/hooks/ss',
        event: 'SHIP_NOTIFY',
        friendly_name: 'Portal',
      };
      const current = await call('POST', `${sbx.url}/webhooks/subscribe`, { body });
      expect(current.status).toBe(200);
      expect(current.body).toEqual({
        WebHookID: expect.any(Number),
        HookType: 'SHIP_NOTIFY',
        Url: 'https://portal.test/hooks/ss',
        Name: 'Portal',
      });
      await ctl(sbx, 'POST', '/webhooks', { subscribeAnswer: 'id' });
      const older = await call('POST', `${sbx.url}/webhooks/subscribe`, { body });
      expect(older.status).toBe(201);
      expect(older.body).toEqual({ id: current.body.WebHookID + 1 });
      await sbx.close();

      sbx = await start({ subscribeAnswer: 'id' });
      expect((await call('POST', `${sbx.url}/webhooks/subscribe`, { body })).body).toEqual({
        id: expect.any(Number),
      });
      await ctl(sbx, 'POST', '/reset');
      expect(sbx.control.webhookKnobs().subscribeAnswer).toBe('id');
    });
  });
});
