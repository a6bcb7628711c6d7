import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { ledgerCounts, unfinished } from './helpers/shipments.js';
import { SS_KEY, SS_SECRET } from './helpers/sources.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
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
const LABELS = 120;

/** A small seeded PRNG so a failing run can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The worker as a separate process, killed with SIGKILL while it polls ShipStation and while it sends
 * the labels to Faire (issue 23): every label ends as exactly one Faire shipment. Webhooks are dropped,
 * so every label comes through the poll. Build the backend first (`npm run build -w @portal/backend`).
 */
describe('kill -9 of the worker during a ShipStation poll and send', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api', ...TIMINGS });
    const a = await t.companyAdmin('ss-crash@brand.test', 'Crash', SANDBOX_DEFAULTS.brand1Token);
    admin = a.agent;
    companyId = a.companyId;
    await admin
      .post('/api/integrations/shipstation')
      .send({ apiKey: SS_KEY, apiSecret: SS_SECRET })
      .expect(200);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await t.close();
  });

  function startWorker(): WorkerProcess {
    const worker = startWorkerProcess(t, TIMINGS);
    workers.push(worker);
    return worker;
  }

  /** Labels stored plus attempts on the company's shipments: grows as soon as a worker does anything. */
  async function progress(): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM source_labels WHERE company_id = $1)
            + (SELECT count(*) FROM source_labels WHERE company_id = $1 AND state <> 'WAITING')
            + (SELECT coalesce(sum(attempts), 0) FROM shipments WHERE company_id = $1) AS n`,
      [companyId],
    );
    return Number(rows[0]!.n);
  }

  /** This test's labels (the sandbox's seeded ones, printed before the connection, aside). */
  let codes: string[] = [];

  async function left(): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM source_labels
        WHERE company_id = $1 AND state = 'WAITING' AND tracking_number = ANY($2::text[])`,
      [companyId, codes],
    );
    return rows[0]!.n + (await unfinished(t, companyId)) + LABELS - (await stored());
  }

  async function stored(): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM source_labels WHERE company_id = $1 AND tracking_number = ANY($2::text[])',
      [companyId, codes],
    );
    return rows[0]!.n;
  }

  it('every label ends as exactly one Faire shipment', async () => {
    const random = prng(23);
    const orders = Array.from({ length: LABELS }, () =>
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    );
    // The order sync runs in a worker: one runs for it, and stops before any label is printed.
    const syncer = startWorker();
    await syncer.ready;
    await admin.post('/api/orders/refresh').expect(200);
    syncer.child.kill('SIGTERM');
    await syncer.exited;
    codes = orders.map((_, i) => `1ZKS${String(i).padStart(4, '0')}`.padEnd(18, '3'));
    t.shipstation.control.setWebhookKnobs({ drop: 1 });
    // Slow answers on both sides, so the kills land inside a ShipStation read and inside Faire sends.
    t.shipstation.control.setFaults({ latencyMs: 400, rateLimitPerMinute: 1000 });
    t.sandbox.knobs.set({ latencyMs: 30 });
    t.shipstation.control.printLabels(
      orders.map((o, i) => ({
        orderNumber: o.id.replace(/^bo_/, '').toUpperCase(),
        trackingNumber: codes[i]!,
        carrierCode: 'ups',
        shipmentCost: 1.5,
      })),
    );
    let killedMidway = 0;
    for (let kill = 0; kill < 5 && (await left()) > 0; kill++) {
      const before = await progress();
      const worker = startWorker();
      const started = Date.now();
      while ((await progress()) === before && Date.now() - started < 30_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, Math.floor(random() * 1500)));
      worker.child.kill('SIGKILL');
      await worker.exited;
      if ((await left()) > 0 && (await progress()) > before) killedMidway += 1;
    }
    expect(killedMidway).toBeGreaterThanOrEqual(2);
    t.shipstation.control.setFaults({ latencyMs: 0 });
    const last = startWorker();
    const deadline = Date.now() + 120_000;
    while ((await left()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    last.child.kill('SIGTERM');
    await last.exited;
    t.sandbox.knobs.reset();

    expect(await left()).toBe(0);
    const counts = ledgerCounts(t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    orders.forEach((o, i) => expect(counts.get(`${o.id}|${codes[i]}`)).toBe(1));
    const { rows } = await t.db.query<{ n: number; sent: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE state = 'SENT')::int AS sent FROM source_labels
        WHERE company_id = $1 AND tracking_number = ANY($2::text[])`,
      [companyId, codes],
    );
    expect(rows[0]).toEqual({ n: LABELS, sent: LABELS });
    const { rows: ok } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS' AND tracking_number = ANY($2::text[])",
      [companyId, codes],
    );
    expect(ok[0]!.n).toBe(LABELS);
  }, 300_000);
});
