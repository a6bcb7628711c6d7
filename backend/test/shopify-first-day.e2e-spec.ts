import { SourceRelease, SourceSync } from '../src/modules/sources/index.js';
import { connectShop, faireOrderInShop, shopifyWorld, until, type ShopifyWorld } from './helpers/shopify.js';
import { tracking } from './helpers/shipments.js';

/** The shop's connection as the Integrations card shows it. */
async function shopifyConnection(w: ShopifyWorld) {
  const list = await w.admin.get('/api/integrations').expect(200);
  return (
    list.body.connections as { id: string; kind: string; status: string; webhookProblem: string | null }[]
  ).find((c) => c.kind === 'SHOPIFY')!;
}

/**
 * Shopify as it really is (issue 33): subscriptions made with `uri` (the sandbox, as Shopify 2026-07+,
 * refuses `callbackUrl`), a subscription Shopify refused shown on the connection and made by a later
 * poll, and a fulfilment cancelled inside the hold never sent.
 */
describe('Shopify on a brand’s first day', () => {
  let w: ShopifyWorld;
  let connectionId: string;

  beforeAll(async () => {
    // The grace is long: the test decides when labels are released; and no tick polls behind its back
    // (a new connection's first poll is due at once, and would subscribe before the test looks).
    w = await shopifyWorld(
      { SOURCE_GRACE_MS: '600000', SOURCE_POLL_INTERVAL_MS: '600000', SOURCE_TICK_MS: '600000' },
      'sfd@brand.test',
    );
  });
  afterAll(async () => {
    await w?.close();
  });

  it('a subscription Shopify refused shows on the connection, and a later poll makes it', async () => {
    // Shopify's Admin API is down while the shop is connected: every subscription fails.
    w.shopify.control.setOutage(3, 'mutation webhookSubscriptionCreate');
    expect(await connectShop(w)).toMatch(/outcome=connected/);
    const conn = await shopifyConnection(w);
    connectionId = conn.id;
    expect(conn.webhookProblem).toMatch(/Shopify refused the webhook subscriptions .*503/);
    expect(w.shopify.control.subscriptions()).toEqual([]);

    // The next poll subscribes again.
    await w.t.app.get(SourceSync).poll(connectionId);
    expect((await shopifyConnection(w)).webhookProblem).toBeNull();
    const subs = w.shopify.control.subscriptions();
    expect(subs.map((s) => s.topic).sort()).toEqual([
      'app/uninstalled',
      'fulfillments/create',
      'fulfillments/update',
    ]);
    // Made with `uri` on API 2026-10 (the sandbox refuses `callbackUrl` there, as Shopify does).
    for (const s of subs) expect(s.uri).toMatch(/\/api\/hooks\/shopify$/);
  });

  it('a fulfilment cancelled inside the hold is never sent', async () => {
    const { faireId, name } = faireOrderInShop(w, 8801);
    await w.admin.post('/api/orders/refresh').expect(200);
    const code = tracking('SC');
    const made = w.shopify.control.fulfil({ orderName: name, trackingNumbers: [code], company: 'UPS' });
    await until('the fulfilment stored', async () => {
      const { rows } = await w.t.db.query(
        "SELECT 1 FROM source_labels WHERE tracking_number = $1 AND state = 'WAITING'",
        [code],
      );
      return rows.length > 0;
    });
    // Cancelled with its webhook lost: only the read right before the release can see it.
    w.shopify.control.setWebhookKnobs({ drop: 1 });
    try {
      w.shopify.control.cancelFulfillment(made.id);
      await w.shopify.control.idle();
    } finally {
      w.shopify.control.setWebhookKnobs({ drop: 0 });
    }
    await w.t.db.query(
      "UPDATE source_labels SET due_at = now() WHERE connection_id = $1 AND state = 'WAITING'",
      [connectionId],
    );
    const outcome = await w.t.app.get(SourceRelease).releaseDue(connectionId);
    expect(outcome.sent).toBe(0);
    const { rows } = await w.t.db.query('SELECT state FROM source_labels WHERE tracking_number = $1', [code]);
    expect(rows[0]).toEqual({ state: 'VOIDED' });
    const order = w.t.sandbox.listOrders('brand1').find((o) => o.id === faireId);
    expect(order?.shipments ?? []).toEqual([]);
  });
});
