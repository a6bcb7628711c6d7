import { tracking } from './helpers/shipments.js';
import { connectShop, faireOrderInShop, shopifyWorld, until, type ShopifyWorld } from './helpers/shopify.js';

interface HistoryItem {
  trackingNumber: string;
  shippingCost: number;
  source: string;
  sources: string[];
  laterCosts: number[];
}

/**
 * ShipStation and Shopify connected at once (decision 0049): a label both report is one Faire shipment
 * with both sources; the first report with a cost sets the cost Faire gets, and a different cost
 * reported later is shown beside it.
 */
describe('the same label from ShipStation and from Shopify', () => {
  let w: ShopifyWorld;
  let n = 8100;

  beforeAll(async () => {
    w = await shopifyWorld({}, 'both-sources@brand.test');
    expect(await connectShop(w)).toMatch(/outcome=connected/);
    const list = await w.admin.get('/api/integrations').expect(200);
    const shopify = (list.body.connections as { id: string; kind: string }[]).find(
      (c) => c.kind === 'SHOPIFY',
    )!;
    await w.admin
      .patch(`/api/integrations/${shopify.id}`)
      .send({ costRule: { kind: 'FLAT', flatCents: 850 } })
      .expect(200);
    await w.admin
      .post('/api/integrations/shipstation')
      .send({ apiKey: 'sbx_ss_key', apiSecret: 'sbx_ss_secret' })
      .expect(200);
  });

  afterAll(async () => {
    await w?.close();
  });

  function onFaire(faireId: string, code: string): number {
    const order = w.t.sandbox.listOrders('brand1').find((o) => o.id === faireId);
    return (order?.shipments ?? []).filter((s) => s.tracking_code === code).length;
  }

  async function item(code: string, sources: number): Promise<HistoryItem> {
    return until(`${code} with ${sources} sources in History`, async () => {
      const res = await w.admin.get('/api/shipments').expect(200);
      const found = (res.body.shipments as HistoryItem[]).filter((s) => s.trackingNumber === code);
      expect(found.length).toBeLessThanOrEqual(1);
      return found[0]?.sources.length === sources ? found[0] : null;
    });
  }

  it('ShipStation first: its label cost is sent, Shopify is a second source, its rule cost shown apart', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await w.admin.post('/api/orders/refresh').expect(200);
    const code = tracking('BS');
    const display = faireId.replace(/^bo_/, '').toUpperCase();
    w.t.shipstation.control.printLabels([
      { orderNumber: display, trackingNumber: code, carrierCode: 'ups', shipmentCost: 12.34 },
    ]);
    await until('the ShipStation label on Faire', async () => onFaire(faireId, code) === 1);
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'UPS' });
    const got = await item(code, 2);
    expect(got).toMatchObject({
      source: 'SHIPSTATION',
      sources: ['SHIPSTATION', 'SHOPIFY'],
      shippingCost: 1234,
    });
    expect(got.laterCosts).toEqual([850]);
    expect(onFaire(faireId, code)).toBe(1);
  });

  it('Shopify first: its rule cost is sent; the label cost ShipStation reports later is shown', async () => {
    const { faireId, name } = faireOrderInShop(w, n++);
    await w.admin.post('/api/orders/refresh').expect(200);
    const code = tracking('BT');
    w.shopify.control.fulfil({ orderName: name, trackingNumber: code, company: 'UPS' });
    await until('the Shopify fulfilment on Faire', async () => onFaire(faireId, code) === 1);
    const display = faireId.replace(/^bo_/, '').toUpperCase();
    w.t.shipstation.control.printLabels([
      { orderNumber: display, trackingNumber: code, carrierCode: 'ups', shipmentCost: 9.99 },
    ]);
    const got = await item(code, 2);
    expect(got).toMatchObject({ source: 'SHOPIFY', sources: ['SHOPIFY', 'SHIPSTATION'], shippingCost: 850 });
    expect(got.laterCosts).toEqual([999]);
    expect(onFaire(faireId, code)).toBe(1);
  });
});
