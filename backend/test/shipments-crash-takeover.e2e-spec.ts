import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue } from 'bullmq';
import { QUEUES, SHIPMENT_JOBS } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { csv, ledgerCounts, today, unfinished, upload } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import { startWorkerProcess } from './helpers/worker-process.js';

const f = SANDBOX_FIXTURES.brand1;
/** Long enough that waiting for the dead worker's job locks (and its account permits, 2x) would show. */
const LOCK_MS = 120_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * kill -9 of a worker holding jobs, then a new worker starts: it takes back the dead worker's jobs and
 * account permits at boot (the dead process's Redis connection is gone), instead of waiting out
 * SHIPMENT_LOCK_MS for the job locks and twice that for the permits. Every row ends exactly once.
 */
describe('a worker starting after a kill -9', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  let queue: Queue;

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api' });
    ({ agent: admin, companyId } = await t.companyAdmin('takeover@brand.test', 'Takeover', f.token));
    queue = new Queue(QUEUES.SHIPMENTS, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
  });

  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  it('picks up the dead worker’s rows without waiting for its locks to expire', async () => {
    const rows: string[][] = [];
    for (let o = 0; o < 60; o++) {
      const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      for (let i = 0; i < 3; i++) {
        rows.push([
          order.id,
          `1ZTK${String(o).padStart(4, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '3'),
          'UPS',
          today(),
          '1.00',
        ]);
      }
    }
    await upload(admin, csv(rows), 'takeover.csv').expect(200);
    t.sandbox.knobs.set({ latencyMs: 400 });
    const env = {
      SHIPMENT_LOCK_MS: String(LOCK_MS),
      SHIPMENT_RECOVERY_INTERVAL_MS: '60000',
      FAIRE_TIMEOUT_MS: '5000',
    };
    const first = startWorkerProcess(t, env);
    await first.ready;
    const started = Date.now();
    while (t.sandbox.ledger().length < 2 && Date.now() - started < 60_000) await sleep(100);
    expect(t.sandbox.ledger().length).toBeGreaterThanOrEqual(2);

    first.child.kill('SIGKILL');
    await first.exited;
    const killedAt = Date.now();
    // The dead worker still holds jobs: active, locked for LOCK_MS.
    const held = (await queue.getJobs(['active'])).filter((j) => j.name === SHIPMENT_JOBS.CREATE);
    expect(held.length).toBeGreaterThan(0);
    expect(await unfinished(t, companyId)).toBeGreaterThan(0);

    const second = startWorkerProcess(t, env);
    try {
      await second.ready;
      while ((await unfinished(t, companyId)) > 0 && Date.now() - killedAt < LOCK_MS) await sleep(250);
      const recoveredAfter = Date.now() - killedAt;
      expect(await unfinished(t, companyId)).toBe(0);
      // Well inside the lock's lifetime: nothing waited for it (boot and the work itself included).
      expect(recoveredAfter).toBeLessThan(LOCK_MS / 2);
    } finally {
      second.child.kill('SIGTERM');
      await second.exited;
      t.sandbox.knobs.reset();
    }
    const counts = ledgerCounts(t.sandbox);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    const { rows: ok } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS'",
      [companyId],
    );
    expect(ok[0]!.n).toBe(rows.length);
  }, 180_000);
});
