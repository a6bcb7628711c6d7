import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/common/config/index.js';
import { recoveryBoundMs } from '../../src/modules/shipments/recovery/shipment-recovery.service.js';
import { csv, ledgerCounts, today, unfinished, upload } from './shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './test-app.js';
import { startWorkerProcess, type WorkerProcess } from './worker-process.js';

/** The killed workers' timings: short, so that the test shows recovery in terms of them. */
const TIMINGS = {
  SHIPMENT_LOCK_MS: '2000',
  SHIPMENT_RECOVERY_AFTER_MS: '5000',
  SHIPMENT_RECOVERY_INTERVAL_MS: '2000',
};
const WORKER_CONFIG = loadConfig({
  LOCAL_STATE_DIR: mkdtempSync(join(tmpdir(), 'portal-crash-')),
  ...TIMINGS,
});
const BOOT_MS = 30_000;
const WORK_MS = 80_000;
const f = SANDBOX_FIXTURES.brand1;

/** A small seeded PRNG so a failing seed can be replayed. */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = Math.imul(s ^ (s >>> 15), 1 | s);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The worker as a separate process (WORKER_MODE=worker), killed with SIGKILL at random moments (from
 * `seed`) while a 1,000-row upload is turned into shipments and processed; every row must end terminal
 * with exactly one shipment on the marketplace. Each seed is its own spec file, so jest can run two at
 * once. Build the backend first (`npm run build -w @portal/backend`).
 */
export function describeWorkerCrash(seed: number): void {
  describe(`kill -9 of the worker mid-batch (seed ${seed})`, () => {
    let t: TestApp;
    let admin: TestAgent;
    let companyId: string;
    const workers: WorkerProcess[] = [];

    beforeAll(async () => {
      // SHIPMENT_INLINE_ROWS=0: the upload is only staged by the API; the worker killed below also
      // turns it into shipments.
      t = await createTestApp({ WORKER_MODE: 'api', SHIPMENT_INLINE_ROWS: '0' });
      ({ agent: admin, companyId } = await t.companyAdmin(`crash${seed}@brand.test`, 'Crash', f.token));
    });

    afterAll(async () => {
      for (const w of workers) w.child.kill('SIGKILL');
      await t.close();
    });

    function startWorker(): WorkerProcess {
      const worker = startWorkerProcess(t, TIMINGS);
      workers.push(worker);
      return worker;
    }

    /** Attempts made so far on this company's rows: grows as soon as a worker touches a row. */
    async function touched(): Promise<number> {
      const { rows } = await t.db.query<{ n: number }>(
        'SELECT coalesce(sum(attempts), 0)::int AS n FROM shipments WHERE company_id = $1',
        [companyId],
      );
      return rows[0]!.n;
    }

    const pending = () => unfinished(t, companyId);

    it('every row terminal, exactly one shipment each, none duplicated', async () => {
      const random = prng(seed);
      const rows: string[][] = [];
      for (let o = 0; o < 100; o++) {
        const order = t.sandbox.createOrder('brand1', { state: o % 10 === 0 ? 'NEW' : 'PROCESSING' });
        for (let i = 0; i < 10; i++) {
          rows.push([
            order.id,
            `1ZK${seed}${String(o).padStart(3, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '7'),
            'UPS',
            today(),
            '1.00',
          ]);
        }
      }
      t.sandbox.knobs.set({ latencyMs: 15 });
      await upload(admin, csv(rows), `crash-${seed}.csv`).expect(200);
      const killedMidway: number[] = [];
      for (let kill = 0; kill < 5 && (await pending()) > 0; kill++) {
        const before = await touched();
        const worker = startWorker();
        // Wait until this worker is really working (booting is slow on a busy machine), then kill it
        // at a random moment.
        const started = Date.now();
        while ((await touched()) === before && Date.now() - started < 30_000) {
          await new Promise((r) => setTimeout(r, 100));
        }
        await new Promise((r) => setTimeout(r, Math.floor(random() * 4000)));
        worker.child.kill('SIGKILL');
        await worker.exited;
        const left = await pending();
        if (left > 0 && (await touched()) > before) killedMidway.push(left);
      }
      // The kills really landed while rows were in flight.
      expect(killedMidway.length).toBeGreaterThanOrEqual(2);
      const last = startWorker();
      // Every row done within the recovery bound of the workers' timings, plus the boot of the last
      // worker and the work itself (1,000 rows at 20 calls/s, on a shared machine).
      const deadline = Date.now() + BOOT_MS + recoveryBoundMs(WORKER_CONFIG) + WORK_MS;
      while ((await pending()) > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 500));
      last.child.kill('SIGTERM');
      await last.exited;
      t.sandbox.knobs.reset();

      expect(await pending()).toBe(0);
      const counts = ledgerCounts(t.sandbox);
      expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
      for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
      const { rows: ok } = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM shipments WHERE status = 'SUCCESS' AND tracking_number = ANY($1::text[])",
        [rows.map((r) => r[1])],
      );
      expect(ok[0]!.n).toBe(1000);
    }, 240_000);
  });
}
