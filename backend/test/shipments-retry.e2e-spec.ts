import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue } from 'bullmq';
import { QUEUES, SHIPMENT_JOBS } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { csv, today, tracking, unfinished, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * One retry layer (decisions 0021, 0037): the Faire client makes one attempt per call and the job waits
 * in the queue's delayed set. A 429's Retry-After delays the job by that long, with no connection or
 * advisory lock held while it waits.
 */
describe('shipment jobs retried by the queue, not by the client', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  let queue: Queue;
  /** Faire API requests the sandbox served, with when each ended. */
  const calls: { at: number; line: string }[] = [];
  const callsTo = (what: RegExp) => calls.filter((c) => what.test(c.line));

  beforeAll(async () => {
    t = await createTestApp({}, { sandboxLog: (line) => calls.push({ at: Date.now(), line }) });
    ({ agent: admin, companyId } = await t.companyAdmin('retry@brand.test', 'Retry', f.token));
    queue = new Queue(QUEUES.SHIPMENTS, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
  });

  afterAll(async () => {
    await queue.close();
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  async function advisoryLocks(): Promise<number> {
    const { rows } = await t.db.query<{ n: number }>(
      // This test's database only: other installs and test files share the Postgres server.
      `SELECT count(*)::int AS n FROM pg_locks
        WHERE locktype = 'advisory' AND granted
          AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
    );
    return rows[0]!.n;
  }

  async function rowOf(code: string) {
    const { rows } = await t.db.query<{
      status: string;
      error_message: string | null;
      last_fault: string | null;
      fault_count: number;
      retry_since: Date | null;
    }>(
      `SELECT status, error_message, last_fault, fault_count, retry_since FROM shipments
        WHERE company_id = $1 AND tracking_number = $2`,
      [companyId, code],
    );
    return rows[0]!;
  }

  it('a 429 with Retry-After: one create call, then the job waits that long in the queue, holding no lock', async () => {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('RA');
    const createPath = new RegExp(`POST /external-api/v2/orders/${order.id}/shipments`);
    t.sandbox.knobs.set({
      faultPaths: ['POST /orders/{id}/shipments'],
      rate429Share: 1,
      retryAfterSeconds: 5, // longer than the first backoff (2 s): the delay must come from Retry-After
    });
    calls.length = 0;
    await upload(admin, csv([[order.id, code, 'UPS', today(), '1.00']])).expect(200);
    const deadline = Date.now() + 20_000;
    while (callsTo(createPath).length === 0 && Date.now() < deadline) await sleep(50);
    const throttled = callsTo(createPath);
    expect(throttled).toHaveLength(1);
    expect(throttled[0]!.line).toContain(' 429 ');
    t.sandbox.knobs.reset();

    // While it waits: the row says so, the job is delayed in Redis, no advisory lock is held.
    await sleep(1000);
    // A 429 is not a fault: it starts no retry window and grows no backoff (decision 0037).
    expect(await rowOf(code)).toMatchObject({
      status: 'PENDING',
      last_fault: '429',
      fault_count: 0,
      retry_since: null,
    });
    const delayed = (await queue.getJobs(['delayed'])).filter((j) => j.name === SHIPMENT_JOBS.CREATE);
    expect(delayed).toHaveLength(1);
    // And it used none of the job's attempts.
    expect(delayed[0]!.attemptsMade).toBe(0);
    // Locks are counted only while the job is still delayed, checked after each count: once the job is
    // taken again, its new attempt holds the order's lock, as it should.
    const stillDelayed = async () =>
      (await queue.getJobs(['delayed'])).some((j) => j.name === SHIPMENT_JOBS.CREATE);
    let locksSeen = 0;
    let samples = 0;
    while (Date.now() < deadline + 20_000) {
      const locks = await advisoryLocks();
      if (!(await stillDelayed())) break;
      locksSeen += locks;
      samples += 1;
      await sleep(200);
    }
    expect(samples).toBeGreaterThan(5);
    expect(locksSeen).toBe(0);
    while (callsTo(createPath).length < 2 && Date.now() < deadline + 20_000) await sleep(50);

    const retried = callsTo(createPath);
    expect(retried).toHaveLength(2);
    expect(retried[1]!.line).toContain(' 200 ');
    // Not before the Retry-After (the backoff after a fault would have been 2 s).
    expect(retried[1]!.at - throttled[0]!.at).toBeGreaterThanOrEqual(4800);
    await waitForTerminal(t, companyId, 20_000);
    expect(await rowOf(code)).toMatchObject({ status: 'SUCCESS' });
    expect(t.sandbox.getOrder(order.id)!.shipments.filter((s) => s.tracking_code === code)).toHaveLength(1);
  }, 60_000);

  it('a 5xx on the read: one request per try, the next try after the backoff', async () => {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    const code = tracking('FX');
    const readPath = new RegExp(`GET /external-api/v2/orders/${order.id} `);
    t.sandbox.knobs.set({ faultPaths: ['GET /orders/{id}'], error5xxShare: 1 });
    calls.length = 0;
    await upload(admin, csv([[order.id, code, 'UPS', today(), '1.00']])).expect(200);
    const deadline = Date.now() + 20_000;
    while (callsTo(readPath).length === 0 && Date.now() < deadline) await sleep(50);
    // The client tried once; nothing more until the backoff (2 s, SHIPMENT_RETRY_BASE_MS) has passed.
    await sleep(1500);
    expect(callsTo(readPath)).toHaveLength(1);
    t.sandbox.knobs.reset();
    await waitForTerminal(t, companyId, 20_000);
    expect(await unfinished(t, companyId)).toBe(0);
    expect(await rowOf(code)).toMatchObject({ status: 'SUCCESS' });
    expect(callsTo(readPath).length).toBeGreaterThanOrEqual(2);
  }, 60_000);
});
