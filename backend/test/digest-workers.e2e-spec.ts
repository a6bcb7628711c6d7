import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue } from 'bullmq';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { DIGEST_JOBS, QUEUES } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import { startWorkerProcess, type WorkerProcess } from './helpers/worker-process.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MOVED_CLOCK = pathToFileURL(join(import.meta.dirname, 'helpers', 'moved-clock.mjs')).href;

/**
 * The daily digest with two worker processes (WORKER_MODE=worker, built from dist) whose clocks the test
 * moves together past 07:00 UTC, two days running: each company's admins get one mail a day, however
 * many workers run the schedule.
 */
describe('daily digest across two worker processes', () => {
  let t: TestApp;
  let clockFile: string;
  let digest: Queue;
  const workers: WorkerProcess[] = [];
  let a: { agent: TestAgent; companyId: string };
  let b: { agent: TestAgent; companyId: string };
  /** Midnight UTC of the day after tomorrow: the moved clock's day D. */
  const dayD = Math.floor(Date.now() / DAY) * DAY + 2 * DAY;
  const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

  const moveClockTo = (movedNow: number) => writeFileSync(clockFile, String(movedNow - Date.now()));

  /** Digest mails in the outbox per company. */
  async function mailsPerCompany(): Promise<Record<string, number>> {
    const { rows } = await t.db.query<{ company_id: string; n: number }>(
      `SELECT company_id, count(*)::int AS n FROM mail_outbox
        WHERE subject LIKE '%new problem order%' GROUP BY company_id`,
    );
    return Object.fromEntries(rows.map((r) => [r.company_id, r.n]));
  }

  /** Days on which each company's digest went out, as recorded by the send. */
  async function sentDays(): Promise<Record<string, string[]>> {
    const { rows } = await t.db.query<{ company_id: string; day: string }>(
      `SELECT company_id, to_char(day, 'YYYY-MM-DD') AS day FROM digest_sends ORDER BY day`,
    );
    const out: Record<string, string[]> = {};
    for (const r of rows) (out[r.company_id] ??= []).push(r.day);
    return out;
  }

  async function waitFor(what: string, check: () => Promise<boolean>): Promise<void> {
    const deadline = Date.now() + 30_000;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`Gave up waiting for ${what}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Every digest job has ended (the only delayed job left is the schedule's next run). */
  async function queueSettled(): Promise<boolean> {
    const c = await digest.getJobCounts('waiting', 'active', 'prioritized');
    if ((c.waiting ?? 0) + (c.active ?? 0) + (c.prioritized ?? 0) > 0) return false;
    const delayed = await digest.getJobs(['delayed'], 0, -1);
    return delayed.every((j) => j.name === DIGEST_JOBS.DAILY);
  }

  async function newLateOrder(brand: 'brand1' | 'brand2', id: string, admin: TestAgent): Promise<void> {
    t.sandbox.createOrder(brand, {
      id,
      state: 'NEW',
      created_at: new Date(Date.now() - 3 * DAY).toISOString(),
    });
    await admin.post('/api/orders/refresh').expect(200);
  }

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api' });
    a = await t.companyAdmin('ada@digest-a.test', 'Digest A', SANDBOX_FIXTURES.brand1.token);
    b = await t.companyAdmin('bo@digest-b.test', 'Digest B', SANDBOX_FIXTURES.brand2.token);
    clockFile = join(t.config.localStateDir, 'moved-clock');
    digest = new Queue(QUEUES.DIGEST, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
    // 06:00 of day D: both workers boot and register the 07:00 schedule; they also run the order syncs.
    moveClockTo(dayD + 6 * HOUR);
    for (let i = 0; i < 2; i++) {
      workers.push(
        startWorkerProcess(
          t,
          { MOVED_CLOCK_FILE: clockFile, SHIPMENT_RECOVERY_INTERVAL_MS: '1000' },
          `--import ${MOVED_CLOCK}`,
        ),
      );
    }
    await Promise.all(workers.map((w) => w.ready));
    await a.agent.post('/api/orders/refresh').expect(200);
    await b.agent.post('/api/orders/refresh').expect(200);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await digest?.close();
    await t?.close();
  });

  it('sends one mail per company per day with two worker processes running the schedule', async () => {
    expect(await digest.getJobSchedulersCount()).toBe(1);
    expect((await digest.getJobScheduler(DIGEST_JOBS.DAILY))?.next).toBe(dayD + 7 * HOUR);

    // Day D, 06:59:58 UTC: the schedule fires once the moved clocks pass 07:00.
    moveClockTo(dayD + 7 * HOUR - 2000);
    await waitFor('day D digests', async () => Object.keys(await sentDays()).length === 2);
    await waitFor('the queue settled', queueSettled);
    expect(await mailsPerCompany()).toEqual({ [a.companyId]: 1, [b.companyId]: 1 });

    // Something new for company A only, then day D+1 at 07:00.
    await newLateOrder('brand1', 'bo_digestwk1x', a.agent);
    moveClockTo(dayD + DAY + 7 * HOUR - 2000);
    await waitFor('day D+1 digest of A', async () => ((await sentDays())[a.companyId] ?? []).length === 2);
    await waitFor('the queue settled', queueSettled);

    const days = await sentDays();
    expect(days[a.companyId]).toEqual([isoDay(dayD), isoDay(dayD + DAY)]);
    // B may have something new on D+1 too (an order's reason can change with the day); never twice a day.
    expect(days[b.companyId]?.[0]).toBe(isoDay(dayD));
    const mails = await mailsPerCompany();
    expect(mails).toEqual({ [a.companyId]: 2, [b.companyId]: days[b.companyId]!.length });
    const { rows } = await t.db.query<{ body_text: string }>(
      `SELECT body_text FROM mail_outbox WHERE company_id = $1 ORDER BY created_at`,
      [a.companyId],
    );
    expect(rows[1]!.body_text).toContain('#DIGESTWK1X');
    expect(rows[0]!.body_text).not.toContain('#DIGESTWK1X');
    const failed = await digest.getJobCounts('failed');
    expect(failed).toEqual({ failed: 0 });
  }, 90_000);
});
