import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { AppConfig } from '../../../common/config/index.js';
import { orderIdsIn } from '../label-rules.js';
import { labelsOf, pagesOf, refsOfOrder } from './shipstation-labels.js';
import { shipStationResource } from './shipstation-resource.js';
import { ShipStationClient } from './shipstation.client.js';
import type { ShipStationOrder } from './shipstation.types.js';

/** A fixture of ShipStation's documented or captured answers (backend/test/fixtures/shipstation). */
function fixture<T = Record<string, unknown>>(name: string): T {
  const url = new URL(`../../../../test/fixtures/shipstation/${name}`, import.meta.url);
  return JSON.parse(readFileSync(url, 'utf8')) as T;
}

/**
 * ShipStation V1 as it answers (issue 33): the connector's reading of captured shipments, fulfilments,
 * orders, a webhook delivery and both subscribe answers.
 */
describe('ShipStation answers as captured', () => {
  it('reads a shipments page: costs with insurance, Pacific times, the order id, and the void', () => {
    const labels = labelsOf(fixture('shipments-page.json'));
    expect(labels).toHaveLength(3);
    expect(labels[0]).toMatchObject({
      kind: 'LABEL',
      externalId: '123456789',
      sourceOrderId: '123456789',
      trackingNumber: '9400111899562764298812',
      carrierCode: 'stamps_com',
      costCents: 235,
      shipDate: '2015-06-29',
      voided: false,
    });
    // 14:29:28 Pacific (PDT in June) is 21:29:28 UTC.
    expect(labels[0]!.labelCreatedAt?.toISOString()).toBe('2015-06-29T21:29:28.583Z');
    expect(labels[2]).toMatchObject({ externalId: '84423296', voided: true, sourceOrderId: '147109884' });
    // Real shipments carry no custom field: their advancedOptions hold bill-to fields and the store.
    for (const l of labels) {
      expect([l.orderRefs.customField1, l.orderRefs.customField2, l.orderRefs.customField3]).toEqual([
        null,
        null,
        null,
      ]);
    }
  });

  it('reads a fulfilments page: no label cost, a midnight ship date read as its day', () => {
    const labels = labelsOf(fixture('fulfillments-page.json'));
    expect(labels.map((l) => [l.kind, l.externalId, l.costCents, l.shipDate, l.sourceOrderId])).toEqual([
      ['FULFILLMENT', '12345678', null, '2020-06-19', '123456789'],
      ['FULFILLMENT', '38186502', null, '2024-09-12', '469546774'],
    ]);
  });

  it('pages on: a page count of 0 with results is read as one page', () => {
    expect(pagesOf({ pages: 0 })).toBe(1);
    expect(pagesOf(fixture('shipments-page.json'))).toBe(1);
  });

  it('finds the Faire order in an order’s custom fields or its order key', () => {
    const { orders } = fixture<{ orders: ShipStationOrder[] }>('orders-page.json');
    const docs = refsOfOrder(orders[0]!);
    expect(docs.customField1).toMatch(/^Custom data/);
    expect(orderIdsIn(docs)).toEqual([]);
    // A Faire store's order: the display id as its number, the bo_ id as its key.
    expect(orderIdsIn(refsOfOrder(orders[1]!))).toEqual(['bo_exampl3wkr']);
  });

  it('takes the delivery ShipStation sends, on its numbered host', () => {
    const body = fixture<{ resource_url: string }>('webhook-ship-notify.json');
    const r = shipStationResource(body.resource_url, {
      origin: 'https://ssapi.shipstation.com',
      basePath: '',
    });
    expect(r?.kind).toBe('shipments');
    expect(Object.fromEntries(r!.query)).toEqual({
      storeID: '123456',
      batchId: '12345678',
      includeShipmentItems: 'False',
    });
  });

  describe('the subscribe answer, in both documented shapes', () => {
    const client = new ShipStationClient({
      sources: { shipstationBaseUrl: 'https://ssapi.shipstation.com', shipstationTimeoutMs: 1000 },
    } as AppConfig);
    const creds = { apiKey: 'k', apiSecret: 's' };
    afterEach(() => jest.restoreAllMocks());

    for (const name of ['subscribe-answer-id.json', 'subscribe-answer-webhookid.json']) {
      it(name, async () => {
        jest
          .spyOn(globalThis, 'fetch')
          .mockResolvedValue(new Response(JSON.stringify(fixture(name)), { status: 201 }));
        await expect(
          client.subscribe(creds, 'c1', 'https://portal.example/hook', 'SHIP_NOTIFY'),
        ).resolves.toBe('123456');
      });
    }
  });
});
