import { ledgerCounts, unfinished } from './helpers/shipments.js';
import { connectShop, faireOrderInShop, shopifyWorld, type ShopifyWorld } from './helpers/shopify.js';
import { startWorkerProcess, type WorkerProcess } from './helpers/worker-process.js';

/** The killed workers' timings: short, so that recovery shows within the test. */
const TIMINGS = {
  SHIPMENT_LOCK_MS: '2000',
  SHIPMENT_RECOVERY_AFTER_MS: '5000',
  SHIPMENT_RECOVERY_INTERVAL_MS: '2000',
  SOURCE_GRACE_MS: '0',
  SOURCE_TICK_MS: '500',
  SOURCE_POLL_INTERVAL_MS: '1000',
  // A killed worker's poll is taken up after 2 s, not BullMQ's default 30 s.
  SOURCE_LOCK_MS: '2000',
};
const ORDERS = 60;

/**
 * The worker as a separate process, killed with SIGKILL while it polls Shopify and while it sends the
 * fulfilments to Faire: every tracking number ends as exactly one Faire shipment. Webhooks are dropped,
 * so every fulfilment comes through the reconcile poll, which Shopify's query budget slows down. Build
 * the backend first (`npm run build -w @portal/backend`).
 */
describe('kill -9 of the worker during a Shopify poll and send', () => {
  let w: ShopifyWorld;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    w = await shopifyWorld({ WORKER_MODE: 'api', ...TIMINGS }, 'shopify-crash@brand.test');
    expect(await connectShop(w)).toMatch(/outcome=connected/);
    const list = await w.admin.get('/api/integrations').expect(200);
    const conn = (list.body.connections as { id: string; kind: string }[]).find((c) => c.kind === 'SHOPIFY')!;
    await w.admin
      .patch(`/api/integrations/${conn.id}`)
      .send({ costRule: { kind: 'FLAT', flatCents: 500 } })
      .expect(200);
  }, 60_000);

  afterAll(async () => {
    for (const p of workers) p.child.kill('SIGKILL');
    await w?.close();
  });

  function startWorker(): WorkerProcess {
    const p = startWorkerProcess(w.t, {
      ...TIMINGS,
      SHIPSTATION_API_BASE_URL: w.t.shipstation.url,
      SHOPIFY_API_BASE_URL: w.shopify.url,
    });
    workers.push(p);
    return p;
  }

  /** This test's fulfilments (the sandbox's seeded ones, made before the connection, aside). */
  let codes: string[] = [];

  async function count(sql: string): Promise<number> {
    const params: unknown[] = sql.includes('$2') ? [w.companyId, codes] : [w.companyId];
    const { rows } = await w.t.db.query<{ n: number }>(sql, params);
    return Number(rows[0]!.n);
  }

  /** Rows stored, decided and tried: grows as soon as a worker does anything. */
  const progress = () =>
    count(`SELECT (SELECT count(*) FROM source_labels WHERE company_id = $1)
                + (SELECT count(*) FROM source_labels WHERE company_id = $1 AND state <> 'WAITING')
                + (SELECT coalesce(sum(attempts), 0) FROM shipments WHERE company_id = $1) AS n`);

  async function left(): Promise<number> {
    const waiting = await count(
      `SELECT count(*)::int AS n FROM source_labels
        WHERE company_id = $1 AND state = 'WAITING' AND tracking_number = ANY($2::text[])`,
    );
    const stored = await count(
      'SELECT count(*)::int AS n FROM source_labels WHERE company_id = $1 AND tracking_number = ANY($2::text[])',
    );
    return waiting + (await unfinished(w.t, w.companyId)) + ORDERS - stored;
  }

  it('every fulfilment ends as exactly one Faire shipment', async () => {
    const made = Array.from({ length: ORDERS }, (_, i) => faireOrderInShop(w, 9100 + i));
    // The order sync runs in a worker: one runs for it, and stops before anything is fulfilled.
    const syncer = startWorker();
    await syncer.ready;
    await w.admin.post('/api/orders/refresh').expect(200);
    syncer.child.kill('SIGTERM');
    await syncer.exited;
    w.shopify.control.setWebhookKnobs({ drop: 1 });
    // A small query budget slows the poll's pages, and slow Faire answers the sends.
    w.shopify.control.setThrottle({ maximumAvailable: 300, restoreRate: 100 });
    w.t.sandbox.knobs.set({ latencyMs: 30 });
    codes = made.map((_, i) => `1ZKF${String(i).padStart(4, '0')}`.padEnd(18, '7'));
    made.forEach((m, i) =>
      w.shopify.control.fulfil({ orderName: m.name, trackingNumber: codes[i]!, company: 'UPS' }),
    );
    let killedMidway = 0;
    for (let kill = 0; kill < 5 && (await left()) > 0; kill++) {
      const before = await progress();
      const p = startWorker();
      const started = Date.now();
      while ((await progress()) === before && Date.now() - started < 30_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, 300 + kill * 250));
      p.child.kill('SIGKILL');
      await p.exited;
      if ((await left()) > 0 && (await progress()) > before) killedMidway += 1;
    }
    expect(killedMidway).toBeGreaterThanOrEqual(2);
    w.shopify.control.setThrottle({ maximumAvailable: 2000, restoreRate: 1000 });
    const last = startWorker();
    const deadline = Date.now() + 120_000;
    while ((await left()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    last.child.kill('SIGTERM');
    await last.exited;
    w.t.sandbox.knobs.reset();

    expect(await left()).toBe(0);
    const counts = ledgerCounts(w.t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    made.forEach((m, i) => expect(counts.get(`${m.faireId}|${codes[i]}`)).toBe(1));
    expect(
      await count(
        `SELECT count(*)::int AS n FROM source_labels WHERE company_id = $1 AND state = 'SENT' AND tracking_number = ANY($2::text[])`,
      ),
    ).toBe(ORDERS);
    expect(
      await count(
        `SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS' AND tracking_number = ANY($2::text[])`,
      ),
    ).toBe(ORDERS);
  }, 300_000);
});
