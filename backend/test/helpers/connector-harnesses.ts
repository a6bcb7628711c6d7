import { connectShop, shopifyWorld } from './shopify.js';
import { connectedCompany, startSourcesApp } from './sources.js';
import type { TestAgent, TestApp } from './test-app.js';

/** One connected company of a source's world. */
export interface ConnectorWorld {
  t: TestApp;
  agent: TestAgent;
  companyId: string;
  connectionId: string;
  close(): Promise<void>;
}

/** What was made at the source, and how to take it back there (void a label, cancel a fulfilment). */
export interface MadeItem {
  undo(): Promise<void>;
}

/**
 * How the connector contract suite drives one source (decision 0067): a world with a company connected
 * to Faire (brand 1) and to the source's sandbox, items made and undone the source's way, and an outage.
 * A new connector adds a harness here and passes the same suite.
 */
export interface ConnectorHarness {
  kind: string;
  name: string;
  start(email: string): Promise<ConnectorWorld>;
  /** Makes an item for the (synced, PROCESSING) Faire order; its webhook is delivered or dropped. */
  make(w: ConnectorWorld, faireOrderId: string, tracking: string, webhook: boolean): Promise<MadeItem>;
  /** The next `calls` calls to the source fail as an outage (5xx). */
  outage(w: ConnectorWorld, calls: number): void;
}

const displayOf = (id: string) => id.replace(/^bo_/, '').toUpperCase();

export const SHIPSTATION_HARNESS: ConnectorHarness = {
  kind: 'SHIPSTATION',
  name: 'ShipStation',
  async start(email) {
    // Long grace and no tick: the suite decides when items are decided.
    const s = await startSourcesApp();
    s.ss.control.setFaults({ rateLimitPerMinute: 1000 });
    const co = await connectedCompany(s, email);
    return {
      t: s.t,
      agent: co.agent,
      companyId: co.companyId,
      connectionId: co.connectionId,
      close: () => s.close(),
    };
  },
  async make(w, faireOrderId, tracking, webhook) {
    const ss = w.t.shipstation;
    ss.control.setWebhookKnobs({ drop: webhook ? 0 : 1 });
    const printed = ss.control.printLabels([
      {
        orderNumber: displayOf(faireOrderId),
        trackingNumber: tracking,
        carrierCode: 'ups',
        shipmentCost: 6.1,
      },
    ]);
    await ss.control.idle();
    ss.control.setWebhookKnobs({ drop: 0 });
    return {
      undo: async () => {
        ss.control.voidLabel(printed.shipments[0]!.shipmentId);
        await ss.control.idle();
      },
    };
  },
  outage(w, calls) {
    w.t.shipstation.control.setFaults({ next5xx: calls });
  },
};

/** The Shopify sandbox of each world (a world's app has no handle on it otherwise). */
const shops = new WeakMap<TestApp, Awaited<ReturnType<typeof shopifyWorld>>>();

export const SHOPIFY_HARNESS: ConnectorHarness = {
  kind: 'SHOPIFY',
  name: 'Shopify',
  async start(email) {
    const w = await shopifyWorld(
      { SOURCE_GRACE_MS: '600000', SOURCE_TICK_MS: '600000', SOURCE_POLL_INTERVAL_MS: '600000' },
      email,
    );
    expect(await connectShop(w)).toMatch(/outcome=connected/);
    const list = await w.admin.get('/api/integrations').expect(200);
    const conn = (list.body.connections as { id: string; kind: string }[]).find((c) => c.kind === 'SHOPIFY')!;
    // Shopify gives no cost: a flat amount per fulfilment.
    await w.admin
      .patch(`/api/integrations/${conn.id}`)
      .send({ costRule: { kind: 'FLAT', flatCents: 610 } })
      .expect(200);
    shops.set(w.t, w);
    return { t: w.t, agent: w.admin, companyId: w.companyId, connectionId: conn.id, close: () => w.close() };
  },
  async make(w, faireOrderId, tracking, webhook) {
    const world = shops.get(w.t)!;
    const name = `#C${displayOf(faireOrderId)}`;
    world.shopify.control.createOrder({ name, faireOrderNumber: displayOf(faireOrderId) });
    world.shopify.control.setWebhookKnobs({ drop: webhook ? 0 : 1 });
    const made = world.shopify.control.fulfil({ orderName: name, trackingNumber: tracking, company: 'UPS' });
    await world.shopify.control.idle();
    world.shopify.control.setWebhookKnobs({ drop: 0 });
    return {
      undo: async () => {
        world.shopify.control.cancelFulfillment(made.id);
        await world.shopify.control.idle();
      },
    };
  },
  outage(w, calls) {
    shops.get(w.t)!.shopify.control.setOutage(calls);
  },
};

export const CONNECTOR_HARNESSES = [SHIPSTATION_HARNESS, SHOPIFY_HARNESS];
