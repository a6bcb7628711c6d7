import { Queue } from 'bullmq';
import { spawnSync } from 'node:child_process';
import { QUEUES, ORDER_JOBS } from '../src/common/queue/queues.js';
import { bullConnection } from '../src/common/queue/redis.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import { MAIN } from './helpers/worker-process.js';

const ROOT = 'root@capacity.test';

/** Pool and concurrency agree: boot refuses a pool a worker cannot live with; the admin sees pool use and queue depth. */
describe('pool and concurrency', () => {
  let t: TestApp;
  let root: TestAgent;

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_EMAILS: ROOT, DB_POOL_SIZE: '14', SHIPMENT_WORKER_CONCURRENCY: '6' });
    root = await t.signIn(ROOT, 'Root');
  });

  afterAll(async () => {
    await t.close();
  });

  it('stops a worker whose pool cannot serve its concurrency with one clear line', () => {
    const run = spawnSync(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        WORKER_MODE: 'worker',
        DATABASE_URL: t.config.databaseUrl,
        LOCAL_STATE_DIR: t.config.localStateDir,
        SHIPMENT_WORKER_CONCURRENCY: '32',
        DB_POOL_SIZE: '10',
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr.trim().split('\n')).toEqual([
      'Invalid configuration: DB_POOL_SIZE=10 is too small for SHIPMENT_WORKER_CONCURRENCY=32: a worker needs at least 36 connections (one per concurrent job + 4); raise DB_POOL_SIZE or lower the concurrency',
    ]);
  });

  it('stops a process whose pool is more than Postgres allows', async () => {
    const { rows } = await t.db.query<{ n: number }>(`SELECT current_setting('max_connections')::int AS n`);
    const run = spawnSync(process.execPath, [MAIN], {
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        NODE_ENV: 'test',
        WORKER_MODE: 'api',
        DATABASE_URL: t.config.databaseUrl,
        LOCAL_STATE_DIR: t.config.localStateDir,
        DB_POOL_SIZE: String(rows[0]!.n + 1),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(`DB_POOL_SIZE=${rows[0]!.n + 1} is more than Postgres allows one client`);
  });

  it('shows pool use, connections and queue depth in the admin status', async () => {
    const orders = new Queue(QUEUES.ORDERS, {
      connection: bullConnection(t.config.redisUrl),
      prefix: t.config.queuePrefix,
    });
    try {
      const before = (await root.get('/api/admin/stats').expect(200)).body.capacity;
      await orders.add(
        ORDER_JOBS.SYNC,
        { companyId: '00000000-0000-4000-8000-000000000000' },
        { delay: 3_600_000 },
      );
      const { body } = await root.get('/api/admin/stats').expect(200);
      const { rows } = await t.db.query<{ n: number }>(`SELECT current_setting('max_connections')::int AS n`);
      expect(body.capacity.pool.size).toBe(14);
      expect(body.capacity.pool.open).toBeGreaterThanOrEqual(1);
      expect(body.capacity.pool.open).toBeLessThanOrEqual(14);
      expect(body.capacity.pool.inUse).toBeLessThanOrEqual(body.capacity.pool.open);
      expect(body.capacity.databaseMaxConnections).toBe(rows[0]!.n);
      // This test's own pool and the app's pool and session pool are all connected to the database.
      expect(body.capacity.databaseConnections).toBeGreaterThanOrEqual(body.capacity.pool.open);
      expect(body.capacity.queues.orders.delayed).toBe(before.queues.orders.delayed + 1);
      expect(body.capacity.queues.shipments).toEqual(
        expect.objectContaining({ waiting: expect.any(Number), active: expect.any(Number), failed: 0 }),
      );
    } finally {
      await orders.close();
    }
  });
});
