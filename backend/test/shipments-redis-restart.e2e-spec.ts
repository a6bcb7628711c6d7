import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { freePort } from './helpers/ports.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { csv, ledgerCounts, today, unfinished, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

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
