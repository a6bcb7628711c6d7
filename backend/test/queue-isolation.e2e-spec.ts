import { jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { Queue, QueueEvents } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { ORDER_JOBS, QUEUES, SHIPMENT_JOBS } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { csv, ledgerCounts, today, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

/**
 * Two installs (two databases) on one Redis, both with the default queue prefix: each processes only
 * its own jobs. A job naming records this database does not know (an install sharing the prefix on
 * purpose, or by mistake) fails with a logged error instead of vanishing.
 */
describe('installs sharing one Redis', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    // QUEUE_PREFIX empty = not set: the default, derived from each database, applies.
    a = await createTestApp({ QUEUE_PREFIX: '' });
    b = await createTestApp({ QUEUE_PREFIX: '' });
  });

  afterAll(async () => {
    jest.restoreAllMocks();
    await a?.close();
    await b?.close();
  });

  it('derives a different default prefix from each database', () => {
    expect(a.config.queuePrefix).toMatch(/^portal-test_[A-Za-z0-9_-]+-[0-9a-f]{10}$/);
    expect(b.config.queuePrefix).not.toBe(a.config.queuePrefix);
  });

  it("never lets one install's worker take the other's jobs", async () => {
    const { agent, companyId } = await a.companyAdmin('iso@brand.test', 'Iso', f.token);
    const rows = Array.from({ length: 12 }, (_, i) => {
      const order = a.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      return [order.id, `1ZISO${String(i).padStart(13, '0')}`, 'UPS', today(), '1.00'];
    });
    await upload(agent, csv(rows)).expect(200);
    await waitForTerminal(a, companyId);
    const counts = ledgerCounts(a.sandbox);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    const other = new Queue(QUEUES.SHIPMENTS, {
      connection: bullConnection(b.config.redisUrl),
      prefix: b.config.queuePrefix,
    });
    try {
      // Only its own scheduled sweeps ran there.
      const taken = await other.getJobs(['completed', 'failed', 'active', 'wait', 'prioritized']);
      expect(taken.filter((j) => j.name !== SHIPMENT_JOBS.RECOVERY_SWEEP)).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('fails and logs a job whose shipments, upload or company this database does not know', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error');
    const connection = bullConnection(b.config.redisUrl);
    const prefix = b.config.queuePrefix;
    const shipments = new Queue(QUEUES.SHIPMENTS, { connection, prefix });
    const orders = new Queue(QUEUES.ORDERS, { connection, prefix });
    const shipmentEvents = new QueueEvents(QUEUES.SHIPMENTS, { connection, prefix });
    const orderEvents = new QueueEvents(QUEUES.ORDERS, { connection, prefix });
    try {
      await Promise.all([shipmentEvents.waitUntilReady(), orderEvents.waitUntilReady()]);
      const jobs = [
        [await shipments.add(SHIPMENT_JOBS.CREATE, { shipmentIds: [randomUUID()] }), shipmentEvents],
        [await shipments.add(SHIPMENT_JOBS.MATERIALIZE, { uploadId: randomUUID() }), shipmentEvents],
        [await orders.add(ORDER_JOBS.SYNC, { companyId: randomUUID() }), orderEvents],
      ] as const;
      for (const [job, events] of jobs) {
        await expect(job.waitUntilFinished(events, 30_000)).rejects.toThrow(
          `unknown to this database; is another install using QUEUE_PREFIX "${prefix}" on this Redis?`,
        );
      }
      const messages = logged.mock.calls.map((c) => String(c[0]));
      expect(messages.filter((m) => m.includes('unknown to this database'))).toHaveLength(3);
      // Failed once, without retries: the record is not coming.
      const failed = await shipments.getJobs(['failed']);
      expect(failed.map((j) => [j.name, j.attemptsMade])).toEqual(
        expect.arrayContaining([
          [SHIPMENT_JOBS.CREATE, 1],
          [SHIPMENT_JOBS.MATERIALIZE, 1],
        ]),
      );
      const delayed = await shipments.getJobs(['delayed']);
      expect(delayed.filter((j) => j.name !== SHIPMENT_JOBS.RECOVERY_SWEEP)).toEqual([]);
    } finally {
      await Promise.all([shipmentEvents.close(), orderEvents.close(), shipments.close(), orders.close()]);
    }
  });
});
