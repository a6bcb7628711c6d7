import { SANDBOX_FIXTURES, type SandboxHandle } from '@portal/faire-sandbox';
import { ShipmentRecoveryService } from '../src/modules/shipments/recovery/shipment-recovery.service.js';
import { ShipmentsProcessor } from '../src/modules/shipments/processing/shipments.processor.js';
import { csv, ledgerCounts, today, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, dropQueueKeys, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

/** `orders` PROCESSING orders with `perOrder` tracking numbers each, as CSV rows. */
function batch(sandbox: SandboxHandle, orders: number, perOrder: number, tag: string): string[][] {
  const rows: string[][] = [];
  for (let o = 0; o < orders; o++) {
    const order = sandbox.createOrder('brand1', { state: 'PROCESSING' });
    for (let i = 0; i < perOrder; i++) {
      rows.push([
        order.id,
        `1Z${tag}${String(o).padStart(4, '0')}${String(i).padStart(3, '0')}`.padEnd(18, '0').slice(0, 18),
        'UPS',
        today(),
        '4.20',
      ]);
    }
  }
  return rows;
}

/** Every row terminal, every valid row exactly one shipment on the marketplace, nothing duplicated. */
async function assertExactlyOnce(t: TestApp, companyId: string, rows: string[][]): Promise<void> {
  const { rows: statuses } = await t.db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM shipments WHERE company_id = $1 GROUP BY status',
    [companyId],
  );
  expect(statuses.find((s) => s.status === 'PENDING')).toBeUndefined();
  const counts = ledgerCounts(t.sandbox);
  const duplicated = [...counts].filter(([, n]) => n > 1);
  expect(duplicated).toEqual([]);
  for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
  const { rows: ok } = await t.db.query<{ n: number }>(
    "SELECT count(*)::int AS n FROM shipments WHERE company_id = $1 AND status = 'SUCCESS' AND tracking_number = ANY($2::text[])",
    [companyId, rows.map((r) => r[1])],
  );
  expect(ok[0]!.n).toBe(rows.length);
}

describe('exactly once under faults', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({
      FAIRE_REQUESTS_PER_SECOND: '100',
      FAIRE_TIMEOUT_MS: '1000',
      SHIPMENT_RECOVERY_AFTER_MS: '2000',
      SHIPMENT_RECOVERY_INTERVAL_MS: '1000',
    });
    ({ agent: admin, companyId } = await t.companyAdmin('faults@brand.test', 'Faults', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  afterEach(() => t.sandbox.knobs.reset());

  it('survives 30% 429s, 20% 5xx and 10% answers dropped after commit', async () => {
    const rows = batch(t.sandbox, 40, 5, 'F');
    t.sandbox.knobs.set({
      rate429Share: 0.3,
      retryAfterSeconds: 1,
      error5xxShare: 0.2,
      dropAfterCommitShare: 0.1,
      randomSeed: 7,
    });
    await upload(admin, csv(rows)).expect(200);
    await waitForTerminal(t, companyId, 120_000);
    t.sandbox.knobs.reset();
    await assertExactlyOnce(t, companyId, rows);
  }, 150_000);

  it('settles every create whose answer was dropped after commit by reading the order, never by sending again', async () => {
    const rows = batch(t.sandbox, 10, 3, 'D');
    t.sandbox.clearLedger();
    t.sandbox.knobs.set({ dropAfterCommitShare: 1, faultPaths: ['POST /orders/{id}/shipments'] });
    await upload(admin, csv(rows)).expect(200);
    await waitForTerminal(t, companyId, 60_000);
    t.sandbox.knobs.reset();
    const creates = t.sandbox.ledger();
    expect(creates).toHaveLength(10);
    expect(creates.every((l) => l.outcome === 'dropped_after_commit')).toBe(true);
    await assertExactlyOnce(t, companyId, rows);
  }, 90_000);

  /** The shipment ids of every job the shipments queue holds (BullMQ keeps a job's data in its hash). */
  async function queuedShipmentIds(): Promise<Set<string>> {
    const ids = new Set<string>();
    let cursor = '0';
    do {
      const [next, keys] = await t.redis.scan(
        cursor,
        'MATCH',
        `${t.config.queuePrefix}:shipments:*`,
        'COUNT',
        1000,
      );
      cursor = next;
      for (const key of keys) {
        if ((await t.redis.type(key)) !== 'hash') continue;
        const data = await t.redis.hget(key, 'data');
        const job = data ? (JSON.parse(data) as { shipmentIds?: string[] }) : {};
        for (const id of job.shipmentIds ?? []) ids.add(id);
      }
    } while (cursor !== '0');
    return ids;
  }

  it('recovers rows whose jobs were lost with Redis (re-queued from Postgres)', async () => {
    const worker = t.app.get(ShipmentsProcessor).worker;
    // Waits for a running scheduled sweep and the fetch in flight to end, so no job slips through and
    // the sweep below is the only one.
    await worker.pause();
    const rows = batch(t.sandbox, 30, 4, 'R');
    await upload(admin, csv(rows)).expect(200);
    // Redis loses every queued job (a restart without persistence).
    await dropQueueKeys(t.redis, `${t.config.queuePrefix}:shipments`);
    const { rows: pendingNow } = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM shipments WHERE status = 'PENDING'",
    );
    expect(pendingNow[0]!.n).toBe(rows.length);
    await t.db.query(`UPDATE shipments SET updated_at = now() - interval '1 hour' WHERE status = 'PENDING'`);
    // Redis forgot the sweep's schedule too, and the schedule keeper (every second here) may notice
    // first and sweep every PENDING row itself (decision 0039); this sweep then finds them queued or
    // waits on that one. Either way every row must have a job again, read from Postgres alone.
    await t.app.get(ShipmentRecoveryService).sweep();
    const { rows: pending } = await t.db.query<{ id: string }>(
      "SELECT id FROM shipments WHERE status = 'PENDING'",
    );
    expect(pending).toHaveLength(rows.length);
    const deadline = Date.now() + 15_000;
    let missing = pending.map((p) => p.id);
    while (missing.length > 0 && Date.now() < deadline) {
      const queued = await queuedShipmentIds();
      missing = missing.filter((id) => !queued.has(id));
      if (missing.length > 0) await new Promise((r) => setTimeout(r, 200));
    }
    expect(missing).toEqual([]);
    void worker.resume();
    await waitForTerminal(t, companyId, 60_000);
    await assertExactlyOnce(t, companyId, rows);
  }, 90_000);
});
