import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue } from 'bullmq';
import { QUEUES } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { csv, ledgerCounts, today, unfinished, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import { startWorkerProcess } from './helpers/worker-process.js';

const f = SANDBOX_FIXTURES.brand1;
const SHUTDOWN_TIMEOUT_MS = 6000;
const LATENCY_MS = 1500;

/**
 * A rolling deploy's SIGTERM while Faire is slow: the worker takes no new job, starts no new Faire call,
 * hands back what it has not started and exits within SHUTDOWN_TIMEOUT_MS without being forced; another
 * worker then finishes every row, each exactly once on the marketplace.
 */
describe('SIGTERM while Faire answers slowly', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api' });
    ({ agent: admin, companyId } = await t.companyAdmin('stop@brand.test', 'Stop', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('exits in time, hands back unstarted work, and nothing is sent twice', async () => {
    const rows: string[][] = [];
    for (let o = 0; o < 40; o++) {
      const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      for (let i = 0; i < 2; i++) {
        rows.push([
          order.id,
          `1ZSD${String(o).padStart(4, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '5'),
          'UPS',
          today(),
          '1.00',
        ]);
      }
    }
    await upload(admin, csv(rows), 'slow.csv').expect(200);
    t.sandbox.knobs.set({ latencyMs: LATENCY_MS });
    const worker = startWorkerProcess(t, {
      SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
      FAIRE_TIMEOUT_MS: '10000',
      LOG_LEVEL: 'warn',
    });
    await worker.ready;
    // Wait until the worker is really creating shipments (each call takes LATENCY_MS).
    const started = Date.now();
    while (t.sandbox.ledger().length < 2 && Date.now() - started < 60_000) {
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(t.sandbox.ledger().length).toBeGreaterThanOrEqual(2);

    const callsAtTerm = t.sandbox.ledger().length;
    const termAt = Date.now();
    worker.child.kill('SIGTERM');
    // Nest re-raises the signal once it has closed everything: exit by SIGTERM (or 0) after a clean stop.
    expect([0, 'SIGTERM']).toContain(await worker.exited);
    const tookMs = Date.now() - termAt;
    // The bound is the configured shutdown timeout, whatever Faire's latency.
    expect(tookMs).toBeLessThan(SHUTDOWN_TIMEOUT_MS);
    expect(worker.output()).not.toContain('forcing close');
    // Only calls already in flight finished: at most one per running job (2 jobs per account).
    expect(t.sandbox.ledger().length - callsAtTerm).toBeLessThanOrEqual(2);
    // The rest was handed back to the queue, not failed and not lost.
    expect(await unfinished(t, companyId)).toBeGreaterThan(0);
    const queue = new Queue(QUEUES.SHIPMENTS, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
    try {
      expect(await queue.getJobCounts('failed', 'active')).toEqual({ failed: 0, active: 0 });
    } finally {
      await queue.close();
    }

    t.sandbox.knobs.reset();
    const next = startWorkerProcess(t);
    await next.ready;
    await waitForTerminal(t, companyId, 120_000);
    next.child.kill('SIGTERM');
    await next.exited;
    const counts = ledgerCounts(t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
  }, 240_000);
});
