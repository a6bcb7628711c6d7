import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { freePort } from './helpers/ports.js';
import { PrivateRedis } from './helpers/private-redis.js';
import { csv, ledgerCounts, today, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/**
 * The goal is an answer within 2 s (issue 24); the assertion allows a loaded machine more. An upload
 * held open for the outage, as before, takes the whole OUTAGE_MS.
 */
const ANSWER_BOUND_MS = 5000;
const OUTAGE_MS = 12_000;

function rowsFor(t: TestApp, orders: number, tag: string): string[][] {
  const rows: string[][] = [];
  for (let o = 0; o < orders; o++) {
    const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
    rows.push([order.id, `1ZRO${tag}${String(o).padStart(4, '0')}`.padEnd(18, '2'), 'UPS', today(), '1.00']);
  }
  return rows;
}

/**
 * Redis stopped (decision 0039): an upload, reviewed rows and a retry commit to Postgres and answer at
 * once, saying the rows are sent when the queue is back; when Redis is back, the recovery sweep queues
 * them and every row ends SUCCESS, exactly once.
 */
describe('uploads while Redis is stopped', () => {
  let redis: PrivateRedis;
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    redis = new PrivateRedis(await freePort());
    await redis.start();
    t = await createTestApp({
      REDIS_URL: redis.url,
      SHIPMENT_RECOVERY_AFTER_MS: '2000',
      SHIPMENT_RECOVERY_INTERVAL_MS: '1000',
    });
    ({ agent: admin, companyId } = await t.companyAdmin('outage@brand.test', 'Outage', f.token));
  });

  afterAll(async () => {
    // The app closes its queues through Redis: give it one, whatever the test left.
    if (redis && !redis.running) await redis.start();
    await t?.close();
    await redis?.stop();
  });

  it('answers within seconds, and its rows succeed once Redis is back', async () => {
    const before = rowsFor(t, 10, 'A');
    const up = await upload(admin, csv(before), 'before.csv').expect(200);
    expect(up.body.queueUnavailable).toBeUndefined();
    await waitForTerminal(t, companyId, 30_000);

    await redis.kill();
    const stoppedAt = Date.now();
    const during = rowsFor(t, 30, 'B');
    const sentAt = Date.now();
    const res = await upload(admin, csv(during), 'during.csv').expect(200);
    const uploadMs = Date.now() - sentAt;
    expect(res.body).toMatchObject({
      validRows: 30,
      queued: 0,
      queueUnavailable: true,
      notice: expect.stringMatching(/saved.*sent as soon as our queue is back/),
    });
    // Reviewed rows too: answered PENDING at once, not after the process wait.
    const reviewed = rowsFor(t, 2, 'C');
    const processAt = Date.now();
    const processed = await admin
      .post('/api/shipments/process')
      .send({
        shipments: reviewed.map(([orderId, trackingNumber]) => ({
          orderId,
          trackingNumber,
          carrier: 'UPS',
          shipDate: new Date().toISOString(),
          shippingCost: 100,
        })),
      })
      .expect(200);
    const processMs = Date.now() - processAt;
    expect(processed.body.queueUnavailable).toBe(true);
    expect(processed.body.results.map((r: { status: string }) => r.status)).toEqual(['PENDING', 'PENDING']);
    process.stdout.write(
      `Redis stopped: upload answered in ${uploadMs} ms, reviewed rows in ${processMs} ms\n`,
    );
    expect(uploadMs).toBeLessThan(ANSWER_BOUND_MS);
    expect(processMs).toBeLessThan(ANSWER_BOUND_MS);
    // Everything is in Postgres, waiting for a job: with its slice's queue intent (decision 0060).
    const { rows: saved } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shipments s
        WHERE s.company_id = $1 AND s.status = 'PENDING'
          AND EXISTS (SELECT 1 FROM shipment_queue_intents i WHERE s.id = ANY(i.shipment_ids))`,
      [companyId],
    );
    expect(saved[0]!.n).toBe(32);

    await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
    await redis.start();
    await waitForTerminal(t, companyId, 90_000);
    const all = [...before, ...during, ...reviewed];
    const onFaire = ledgerCounts(t.sandbox);
    expect([...onFaire].filter(([, n]) => n > 1)).toEqual([]);
    for (const [order, code] of all) expect(onFaire.get(`${order}|${code}`)).toBe(1);
    const { rows: ok } = await t.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS'`,
      [companyId],
    );
    expect(ok[0]!.n).toBe(all.length);
  }, 180_000);
});
