import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue, type Job } from 'bullmq';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ORDER_JOBS, QUEUES, SHIPMENT_JOBS } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { startWorkerProcess, type WorkerProcess } from './helpers/worker-process.js';

const DAY = 86_400_000;
const SWEEP_EVERY_MS = 2000;
const MOVED_CLOCK = pathToFileURL(join(import.meta.dirname, 'helpers', 'moved-clock.mjs')).href;

/**
 * Two worker processes (WORKER_MODE=worker) whose clocks the test moves together: the nightly order
 * refresh runs once per night and the recovery sweep once per period for the whole fleet, not once per
 * process (an in-process cron or timer fires in each of them).
 */
describe('schedules run once per fleet', () => {
  let t: TestApp;
  let clockFile: string;
  let orders: Queue;
  let shipments: Queue;
  const workers: WorkerProcess[] = [];
  const companies: string[] = [];
  /** Midnight UTC of the day after tomorrow: the moved clock's day D. */
  const dayD = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;

  const moveClockTo = (movedNow: number) => writeFileSync(clockFile, String(movedNow - Date.now()));

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api' });
    companies.push(
      (await t.companyAdmin('n1@sched.test', 'Night One', SANDBOX_FIXTURES.brand1.token)).companyId,
      (await t.companyAdmin('n2@sched.test', 'Night Two', SANDBOX_FIXTURES.brand2.token)).companyId,
    );
    clockFile = join(t.config.localStateDir, 'moved-clock');
    const connection = bullConnection(t.config.redisUrl);
    orders = new Queue(QUEUES.ORDERS, { connection, prefix: t.config.queuePrefix });
    shipments = new Queue(QUEUES.SHIPMENTS, { connection, prefix: t.config.queuePrefix });
  });

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await orders.close();
    await shipments.close();
    await t.close();
  });

  async function completed(queue: Queue, name: string): Promise<Job[]> {
    return (await queue.getJobs(['completed'], 0, -1)).filter((j) => j.name === name);
  }

  async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 90_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** Companies whose orders were synced at or after this moved time. */
  async function syncedSince(movedTime: number): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM order_sync_state WHERE company_id = ANY($1::uuid[]) AND last_success_at >= $2',
      [companies, new Date(movedTime)],
    );
    return rows[0]!.n;
  }

  it('runs the nightly refresh once a night and the recovery sweep once a period across two workers', async () => {
    // Noon of day D, far from 03:00: both workers boot and register their schedules.
    moveClockTo(dayD + 12 * 3_600_000);
    for (let i = 0; i < 2; i++) {
      workers.push(
        startWorkerProcess(
          t,
          { MOVED_CLOCK_FILE: clockFile, SHIPMENT_RECOVERY_INTERVAL_MS: String(SWEEP_EVERY_MS) },
          `--import ${MOVED_CLOCK}`,
        ),
      );
    }
    await Promise.all(workers.map((w) => w.ready));
    const scheduler = await orders.getJobScheduler(ORDER_JOBS.NIGHTLY);
    expect(scheduler?.next).toBe(dayD + DAY + 3 * 3_600_000);
    expect(await orders.getJobSchedulersCount()).toBe(1);
    expect(await shipments.getJobSchedulersCount()).toBe(1);

    for (const night of [dayD + DAY, dayD + 2 * DAY]) {
      moveClockTo(night + 3 * 3_600_000 - 2000); // 02:59:58 UTC
      await waitFor('the nightly refresh', async () =>
        (await completed(orders, ORDER_JOBS.NIGHTLY)).some((j) => j.processedOn! >= night),
      );
      await waitFor('both companies synced', async () => (await syncedSince(night)) === 2);
    }
    // Quiet period before counting: three more sweeps after the last night.
    const sweepsSoFar = (await completed(shipments, SHIPMENT_JOBS.RECOVERY_SWEEP)).length;
    await waitFor(
      'three more sweeps',
      async () => (await completed(shipments, SHIPMENT_JOBS.RECOVERY_SWEEP)).length >= sweepsSoFar + 3,
    );

    const nights = (await completed(orders, ORDER_JOBS.NIGHTLY)).map((j) =>
      new Date(j.processedOn!).toISOString().slice(0, 10),
    );
    expect(nights.sort()).toEqual([
      new Date(dayD + DAY).toISOString().slice(0, 10),
      new Date(dayD + 2 * DAY).toISOString().slice(0, 10),
    ]);
    const sweeps = await completed(shipments, SHIPMENT_JOBS.RECOVERY_SWEEP);
    // Periods are SWEEP_EVERY_MS windows aligned on the scheduler's slots (a job id ends in its slot time).
    const perPeriod = new Map<number, number>();
    for (const j of sweeps) {
      const offset = Number(j.id!.split(':').pop()) % SWEEP_EVERY_MS;
      const period = Math.floor((j.processedOn! - offset) / SWEEP_EVERY_MS);
      perPeriod.set(period, (perPeriod.get(period) ?? 0) + 1);
    }
    expect([...perPeriod.values()].filter((n) => n > 1)).toEqual([]);
    expect(sweeps.length).toBeGreaterThanOrEqual(3);
    expect(await orders.getJobCounts('failed')).toEqual({ failed: 0 });
    expect(await shipments.getJobCounts('failed')).toEqual({ failed: 0 });
  }, 240_000);
});
