import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { csv, ledgerCounts, today, unfinished, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * A Redis server of this test's own (no persistence, like the machine's), so it can really be killed and
 * started again without touching the Redis other suites use.
 */
class PrivateRedis {
  private child?: ChildProcess;
  private readonly dir = mkdtempSync(join(tmpdir(), 'portal-redis-'));

  constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    this.child = spawn(
      'redis-server',
      [
        '--port',
        String(this.port),
        '--bind',
        '127.0.0.1',
        '--save',
        '',
        '--appendonly',
        'no',
        '--dir',
        this.dir,
      ],
      { stdio: 'ignore' },
    );
    let failed: Error | undefined;
    this.child.once('error', (err) => {
      failed = new Error(`This test runs its own redis-server, which could not be started: ${err.message}`);
    });
    const probe = new Redis(this.url, {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    const deadline = Date.now() + 10_000;
    try {
      for (;;) {
        try {
          await probe.connect();
          if ((await probe.ping()) === 'PONG') return;
        } catch {
          if (failed) throw failed;
          if (Date.now() > deadline) throw new Error(`redis-server on port ${this.port} did not start`);
          await new Promise((r) => setTimeout(r, 100));
        }
      }
    } finally {
      probe.disconnect();
    }
  }

  /** SIGKILL: everything in memory (every queued job, every rate-limit slot) is gone. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGKILL');
    await exited;
  }

  async stop(): Promise<void> {
    await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

describe('Redis killed and started again mid-run', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    t = await createTestApp({
      REDIS_URL: redis.url,
      FAIRE_REQUESTS_PER_SECOND: '20',
      FAIRE_TIMEOUT_MS: '1000',
      SHIPMENT_RECOVERY_AFTER_MS: '2000',
      SHIPMENT_RECOVERY_INTERVAL_MS: '1000',
      // The 300-row file is staged and turned into shipments by the worker, through Redis too.
      SHIPMENT_INLINE_ROWS: '100',
    });
    ({ agent: admin, companyId } = await t.companyAdmin('restart@brand.test', 'Restart', f.token));
  });

  afterAll(async () => {
    await t?.close();
    await redis?.stop();
  });

  it('every row ends terminal with exactly one shipment on the marketplace', async () => {
    const rows: string[][] = [];
    for (let o = 0; o < 100; o++) {
      const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      for (let i = 0; i < 3; i++) {
        rows.push([
          order.id,
          `1ZRS${String(o).padStart(4, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '3'),
          'UPS',
          today(),
          '1.00',
        ]);
      }
    }
    t.sandbox.knobs.set({ latencyMs: 20 });
    await upload(admin, csv(rows), 'restart.csv').expect(200);

    // Kill Redis once some rows are done and many are not.
    const count = async (status: string) => {
      const { rows: r } = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = $2',
        [companyId, status],
      );
      return r[0]!.n;
    };
    const started = Date.now();
    while ((await count('SUCCESS')) < 30 && Date.now() - started < 30_000) {
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await count('SUCCESS')).toBeGreaterThanOrEqual(30);
    expect(await unfinished(t, companyId)).toBeGreaterThan(60);
    await redis.kill();
    await new Promise((r) => setTimeout(r, 1500));
    await redis.start();

    await waitForTerminal(t, companyId, 120_000);
    t.sandbox.knobs.reset();
    const counts = ledgerCounts(t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    expect(await count('SUCCESS')).toBe(rows.length);
  }, 180_000);
});
