import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue } from 'bullmq';
import { bullConnection } from '../src/common/queue/redis.js';
import { ShipmentsProcessor } from '../src/modules/shipments/processing/shipments.processor.js';
import { lostAfter, recoveryBoundMs } from '../src/modules/shipments/recovery/shipment-recovery.service.js';
import { QUEUES, SHIPMENT_JOBS } from '../src/common/queue/queues.js';
import { csv, ledgerCounts, today, unfinished, upload } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;
/** Time the worker may need for the rows themselves once they are queued again (60 rows, 50 calls/s). */
const WORK_MS = 20_000;

function rowsFor(t: TestApp, orders: number, tag: string): string[][] {
  const rows: string[][] = [];
  for (let o = 0; o < orders; o++) {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    for (let i = 0; i < 2; i++) {
      rows.push([
        order.id,
        `1Z${tag}${String(o).padStart(4, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '8'),
        'UPS',
        today(),
        '1.00',
      ]);
    }
  }
  return rows;
}

/**
 * A process that dies between committing rows and queueing their job (the API during an upload, or a
 * worker between a slice's commit and its enqueue) leaves rows with no job and an upload with no
 * materialisation job. With SHIPMENT_RECOVERY_AFTER_MS at its 10-minute default, they are found within
 * the configured bound (lostAfter + one sweep interval), not ten minutes later, and sent exactly once.
 */
describe('rows and uploads left without a job by a crash', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({
      SHIPMENT_INLINE_ROWS: '30',
      SHIPMENT_RECOVERY_INTERVAL_MS: '2000',
      SHIPMENT_LOCK_MS: '5000',
    });
    ({ agent: admin, companyId } = await t.companyAdmin('lost@brand.test', 'Lost', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('finds them within the bound of the configured timings and sends each once', async () => {
    expect(lostAfter(t.config)).toBe(30_000); // the default SHIPMENT_RECOVERY_AFTER_MS is 10 min
    const bound = recoveryBoundMs(t.config);
    expect(bound).toBe(32_000);
    const processor = t.app.get(ShipmentsProcessor);
    await processor.worker.pause();
    const inline = rowsFor(t, 10, 'LI'); // 20 rows: shipments within the request
    const staged = rowsFor(t, 20, 'LS'); // 40 rows: staged, a worker makes the shipments
    await upload(admin, csv(inline), 'inline.csv').expect(200);
    await upload(admin, csv(staged), 'staged.csv').expect(200);
    const committedAt = Date.now();
    // The crash: the jobs never reached Redis (their slices' queue intents say so).
    const queue = new Queue(QUEUES.SHIPMENTS, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
    try {
      for (const job of await queue.getJobs(['prioritized', 'wait', 'delayed'])) {
        if (job.name !== SHIPMENT_JOBS.RECOVERY_SWEEP) await job.remove();
      }
    } finally {
      await queue.close();
    }
    // As a process that died right after its slices' commits leaves them: each slice's shipments
    // with its queue intent (decision 0060), made again for the slices whose jobs were added.
    await t.db.query(
      `INSERT INTO shipment_queue_intents (upload_id, batch_no, shipment_ids)
       SELECT upload_id, 1000, array_agg(id) FROM shipments WHERE company_id = $1 GROUP BY upload_id`,
      [companyId],
    );
    void processor.worker.resume();

    const deadline = committedAt + bound + WORK_MS;
    while ((await unfinished(t, companyId)) > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(await unfinished(t, companyId)).toBe(0);
    const counts = ledgerCounts(t.sandbox);
    for (const [order, code] of [...inline, ...staged]) expect(counts.get(`${order}|${code}`)).toBe(1);
  }, 120_000);
});
