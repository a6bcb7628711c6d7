// The sandbox's records have the fields of ShipStation's real answers, kept as fixtures beside the
// connector's tests (backend/test/fixtures/shipstation, each with its source).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipStationSandboxHandle } from '../src/index.js';
import { api, call, ctl, receiver, start, type Loose } from './helpers.js';

const fixture = (name: string): Loose =>
  JSON.parse(
    readFileSync(new URL(`../../backend/test/fixtures/shipstation/${name}`, import.meta.url), 'utf8'),
  );

/** Every key path of a JSON value (arrays by their first element), to compare shapes, not values. */
function shape(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.length > 0 ? shape(value[0], `${prefix}[]`) : [];
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [`${prefix}${k}`, ...shape(v, `${prefix}${k}.`)]);
}

describe('shapes of the captured answers', () => {
  let sbx: ShipStationSandboxHandle;
  beforeAll(async () => {
    sbx = await start();
    sbx.control.setFaults({ rateLimitPerMinute: 10_000 });
  });
  afterAll(async () => {
    await sbx.close();
  });

  it('lists shipments with the fields of real ones, advancedOptions included', async () => {
    const captured = fixture('shipments-page.json');
    const served = (await api(sbx, '/shipments?pageSize=1')).body;
    expect(Object.keys(served).sort()).toEqual(Object.keys(captured).sort());
    const ignore = (k: string) => k.startsWith('dimensions.'); // null in the sandbox, an object in some captures
    expect(
      shape(served.shipments[0])
        .filter((k) => !ignore(k))
        .sort(),
    ).toEqual(
      shape(captured.shipments[0])
        .filter((k) => !ignore(k))
        .sort(),
    );
  });

  it('lists fulfilments with the fields of the 2024 capture', async () => {
    const captured = fixture('fulfillments-page.json');
    const served = (await api(sbx, '/fulfillments?pageSize=1')).body;
    expect(shape(served.fulfillments[0]).sort()).toEqual(shape(captured.fulfillments[1]).sort());
  });

  it('serves orders with the fields of a real 2024 order', async () => {
    const captured = fixture('orders-page.json');
    const served = (await ctl(sbx, 'GET', '/orders')).body as Loose[];
    const labelled = served.find((o: Loose) => o.items.length > 0);
    const ignore = (k: string) => k.startsWith('items[].weight') || k.startsWith('items[].options');
    expect(
      shape(labelled)
        .filter((k) => !ignore(k))
        .sort(),
    ).toEqual(
      shape(captured.orders[1])
        .filter((k) => !ignore(k))
        .sort(),
    );
  });

  it('answers subscribe in both documented shapes', async () => {
    const body = { target_url: 'https://portal.example.com/hooks/ss', event: 'ORDER_NOTIFY' };
    const current = await call('POST', `${sbx.url}/webhooks/subscribe`, { body });
    expect(Object.keys(current.body)).toEqual(Object.keys(fixture('subscribe-answer-webhookid.json')));
    sbx.control.setWebhookKnobs({ subscribeAnswer: 'id' });
    const older = await call('POST', `${sbx.url}/webhooks/subscribe`, { body });
    expect(Object.keys(older.body)).toEqual(Object.keys(fixture('subscribe-answer-id.json')));
  });

  it('writes resource_urls of the documented form', async () => {
    const captured = new URL(fixture('webhook-ship-notify.json').resource_url as string);
    const hook = await receiver();
    try {
      await call('POST', `${sbx.url}/webhooks/subscribe`, {
        body: { target_url: `${hook.url}/in`, event: 'SHIP_NOTIFY' },
      });
      sbx.control.setWebhookKnobs({ resourceOrigin: captured.origin });
      sbx.control.printLabels([
        {
          orderNumber: 'SHAPE00001',
          trackingNumber: '1Z999AA10123456784',
          carrierCode: 'ups',
          shipmentCost: 5,
        },
      ]);
      await sbx.control.idle();
      const delivered = hook.received[0]!.body;
      expect(Object.keys(delivered)).toEqual(Object.keys(fixture('webhook-ship-notify.json')));
      const url = new URL(String(delivered.resource_url));
      expect(url.origin).toBe(captured.origin);
      expect(url.pathname).toBe(captured.pathname);
      expect([...url.searchParams.keys()]).toEqual([...captured.searchParams.keys()]);
      expect(url.searchParams.get('includeShipmentItems')).toBe('False');
    } finally {
      await hook.close();
    }
  });
});
