import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { OrderLookup } from '../src/modules/orders/index.js';
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
  SOURCE_LOCK_MS: '2000',
};
/** Labels for orders Faire has when they are printed, and for orders it only has later. */
const KNOWN = 25;
const LATER = 25;

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
 * The worker as a separate process, killed with SIGKILL while it looks orders up on Faire (labels for
 * orders the company never synced) and while it decides held labels again after their orders appear
 * (issue 33): every label ends as exactly one Faire shipment. Build the backend first.
 */
describe('kill -9 of the worker while it looks orders up and decides held labels again', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api', ...TIMINGS });
    const a = await t.companyAdmin('ss-recheck@brand.test', 'Recheck', SANDBOX_DEFAULTS.brand1Token);
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

  /** Grows as soon as a worker does anything: labels stored or decided, orders stored, attempts. */
  async function progress(): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(
      `SELECT (SELECT count(*) FROM source_labels WHERE company_id = $1)
            + (SELECT count(*) FROM source_labels WHERE company_id = $1 AND decided_at IS NOT NULL)
            + (SELECT coalesce(sum(checks), 0) FROM source_labels WHERE company_id = $1)
            + (SELECT count(*) FROM orders WHERE company_id = $1)
            + (SELECT coalesce(sum(attempts), 0) FROM shipments WHERE company_id = $1) AS n`,
      [companyId],
    );
    return Number(rows[0]!.n);
  }

  /** This test's labels (the sandbox's seeded ones, printed before the connection, aside). */
  let codes: string[] = [];
  async function labels(): Promise<{ stored: number; sent: number; held: number }> {
    const { rows } = await t.db.query<{ stored: number; sent: number; held: number }>(
      `SELECT count(*)::int AS stored, count(*) FILTER (WHERE state = 'SENT')::int AS sent,
              count(*) FILTER (WHERE state = 'HELD')::int AS held
         FROM source_labels WHERE company_id = $1 AND tracking_number = ANY($2::text[])`,
      [companyId, codes],
    );
    return rows[0]!;
  }

  /** Kills workers at random moments until `done`; answers how many kills landed mid-work. */
  async function killWhile(
    random: () => number,
    done: () => Promise<boolean>,
    kills: number,
  ): Promise<number> {
    let midway = 0;
    for (let kill = 0; kill < kills && !(await done()); kill++) {
      const before = await progress();
      const worker = startWorker();
      const started = Date.now();
      while ((await progress()) === before && Date.now() - started < 30_000) {
        await new Promise((r) => setTimeout(r, 50));
      }
      await new Promise((r) => setTimeout(r, Math.floor(random() * 1500)));
      worker.child.kill('SIGKILL');
      await worker.exited;
      if (!(await done()) && (await progress()) > before) midway += 1;
    }
    return midway;
  }

  async function runUntil(done: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const last = startWorker();
    const deadline = Date.now() + timeoutMs;
    while (!(await done()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    last.child.kill('SIGTERM');
    await last.exited;
  }

  it('every label ends as exactly one Faire shipment', async () => {
    const random = prng(33);
    // Orders placed since any sync (looked up by id when their labels are decided) ...
    const known = Array.from({ length: KNOWN }, () =>
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    );
    // ... and orders Faire has only once their labels were held.
    const later = Array.from({ length: LATER }, (_, i) => `bo_rc${String(i).padStart(8, '0')}`);
    const ids = [...known.map((o) => o.id), ...later];
    codes = ids.map((_, i) => `1ZRC${String(i).padStart(4, '0')}`.padEnd(18, '7'));
    t.shipstation.control.setFaults({ latencyMs: 200, rateLimitPerMinute: 1000 });
    t.sandbox.knobs.set({ latencyMs: 60 });
    t.shipstation.control.printLabels(
      ids.map((id, i) => ({
        orderNumber: id.replace(/^bo_/, '').toUpperCase(),
        trackingNumber: codes[i]!,
        carrierCode: 'ups',
        shipmentCost: 2.5,
      })),
    );
    const decided = async () => {
      const l = await labels();
      return (
        l.stored === ids.length && l.sent + l.held === ids.length && (await unfinished(t, companyId)) === 0
      );
    };
    const first = await killWhile(random, decided, 4);
    await runUntil(decided, 120_000);
    expect(await labels()).toEqual({ stored: ids.length, sent: KNOWN, held: LATER });

    // The orders appear on Faire; the next sync stores them and the held labels are decided again.
    for (const id of later) t.sandbox.createOrder('brand1', { id, state: 'PROCESSING' });
    await t.app.get(OrderLookup).syncSoon(companyId);
    const allSent = async () =>
      (await labels()).sent === ids.length && (await unfinished(t, companyId)) === 0;
    const second = await killWhile(random, allSent, 4);
    t.shipstation.control.setFaults({ latencyMs: 0 });
    await runUntil(allSent, 120_000);
    t.sandbox.knobs.reset();

    expect(first + second).toBeGreaterThanOrEqual(2);
    expect(await labels()).toEqual({ stored: ids.length, sent: ids.length, held: 0 });
    const counts = ledgerCounts(t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    ids.forEach((id, i) => expect(counts.get(`${id}|${codes[i]}`)).toBe(1));
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS' AND tracking_number = ANY($2::text[])",
      [companyId, codes],
    );
    expect(rows[0]!.n).toBe(ids.length);
  }, 400_000);
});
