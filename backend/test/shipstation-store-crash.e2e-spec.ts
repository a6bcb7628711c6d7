import { SANDBOX_DEFAULTS } from '@portal/faire-sandbox';
import { freePort } from './helpers/ports.js';
import { ledgerCounts, unfinished } from './helpers/shipments.js';
import { SS_KEY, SS_SECRET } from './helpers/sources.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';
import { startWorkerProcess, type WorkerProcess } from './helpers/worker-process.js';

const TIMINGS = {
  SHIPMENT_LOCK_MS: '2000',
  SHIPMENT_RECOVERY_AFTER_MS: '5000',
  SHIPMENT_RECOVERY_INTERVAL_MS: '2000',
  SOURCE_GRACE_MS: '0',
  SOURCE_TICK_MS: '500',
  SOURCE_POLL_INTERVAL_MS: '1000',
  SOURCE_LOCK_MS: '2000',
};
const NOTICES = 40;

/**
 * The worker as a separate process, killed with SIGKILL while ShipStation's store notices arrive
 * (issue 38): every notice ends as exactly one Faire shipment, with the V1 poll reading the same labels.
 * Build the backend first (`npm run build -w @portal/backend`).
 */
describe('kill -9 of the worker while store notices arrive', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;
  const workers: WorkerProcess[] = [];

  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({ WORKER_MODE: 'api', PUBLIC_URL: `http://127.0.0.1:${port}`, ...TIMINGS });
    await t.app.listen(port, '127.0.0.1');
    const a = await t.companyAdmin('store-crash@brand.test', 'Store crash', SANDBOX_DEFAULTS.brand1Token);
    admin = a.agent;
    companyId = a.companyId;
    await admin
      .post('/api/integrations/shipstation')
      .send({ apiKey: SS_KEY, apiSecret: SS_SECRET })
      .expect(200);
    const creds = await admin.post('/api/integrations/shipstation/store').expect(200);
    t.shipstation.control.store.register(creds.body);
  }, 60_000);

  afterAll(async () => {
    for (const w of workers) w.child.kill('SIGKILL');
    await t.close();
  });

  function startWorker(): WorkerProcess {
    const worker = startWorkerProcess(t, TIMINGS);
    workers.push(worker);
    return worker;
  }

  it('every notice ends as exactly one Faire shipment', async () => {
    const orders = Array.from({ length: NOTICES }, () =>
      t.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    );
    const syncer = startWorker();
    await syncer.ready;
    await admin.post('/api/orders/refresh').expect(200);
    syncer.child.kill('SIGTERM');
    await syncer.exited;
    const store = t.shipstation.control.store;
    expect((await store.pull()).status).toBe(200);
    const codes = orders.map((_, i) => `1ZKN${String(i).padStart(4, '0')}`.padEnd(18, '7'));
    t.sandbox.knobs.set({ latencyMs: 30 });

    // Notices arrive one after another (each posted twice) while workers are started and killed.
    const posting = (async () => {
      for (let i = 0; i < NOTICES; i++) {
        const out = await store.ship({
          orderId: orders[i]!.id,
          trackingNumber: codes[i]!,
          carrier: 'UPS',
          shippingCost: 2.5,
          times: 2,
        });
        expect(out.statuses).toEqual([200, 200]);
        await new Promise((r) => setTimeout(r, 40));
      }
    })();
    for (let kill = 0; kill < 4; kill++) {
      const worker = startWorker();
      await worker.ready;
      await new Promise((r) => setTimeout(r, 600 + kill * 300));
      worker.child.kill('SIGKILL');
      await worker.exited;
    }
    await posting;

    const left = async () => {
      const { rows } = await t.db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM source_labels
          WHERE company_id = $1 AND state = 'WAITING' AND tracking_number = ANY($2::text[])`,
        [companyId, codes],
      );
      const onFaire = [...ledgerCounts(t.sandbox).keys()].filter((k) => codes.includes(k.split('|')[1]!));
      return rows[0]!.n + (await unfinished(t, companyId)) + NOTICES - onFaire.length;
    };
    const last = startWorker();
    const deadline = Date.now() + 120_000;
    while ((await left()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
    last.child.kill('SIGTERM');
    await last.exited;
    t.sandbox.knobs.reset();

    expect(await left()).toBe(0);
    const counts = ledgerCounts(t.sandbox);
    orders.forEach((o, i) => expect(counts.get(`${o.id}|${codes[i]}`)).toBe(1));
    const { rows } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM source_labels WHERE company_id = $1 AND external_id LIKE 'store:%'",
      [companyId],
    );
    expect(rows[0]!.n).toBe(NOTICES);
  }, 300_000);
});
