import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { ShipmentRecoveryService } from '../src/modules/shipments/recovery/shipment-recovery.service.js';
import { ShipmentsProcessor } from '../src/modules/shipments/processing/shipments.processor.js';
import { ShipmentQueueing } from '../src/modules/shipments/recovery/shipment-queueing.service.js';
import { csv, ledgerCounts, today, upload, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, dropQueueKeys, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

async function countOf(t: TestApp, sql: string, params: unknown[] = []): Promise<number> {
  const { rows } = await t.db.query<{ n: number }>(sql, params);
  return Number(rows[0]!.n);
}

/** `orders` orders with `perOrder` UPS rows each. */
function rowsFor(orders: string[], perOrder: number, tag: string): string[][] {
  const rows: string[][] = [];
  orders.forEach((order, o) => {
    for (let i = 0; i < perOrder; i++) {
      rows.push([
        order,
        `1Z${tag}${String(o).padStart(5, '0')}${String(i).padStart(2, '0')}`.padEnd(18, '0').slice(0, 18),
        'UPS',
        today(),
        '2.50',
      ]);
    }
  });
  return rows;
}

/**
 * Big uploads (more valid rows than SHIPMENT_INLINE_ROWS) are answered once their rows are stored as
 * received, and become shipments in the background, one slice per transaction.
 */
describe('big uploads: stored first, turned into shipments exactly once', () => {
  let t: TestApp;
  let admin: TestAgent;

  // No worker in this process: the tests below turn the staged rows into shipments themselves.
  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api', SHIPMENT_INLINE_ROWS: '0' });
    ({ agent: admin } = await t.companyAdmin('staging@brand.test', 'Staging', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  const count = (sql: string, params: unknown[] = []) => countOf(t, sql, params);

  it('answers before the rows are shipments; two workers on the same upload make each row one shipment', async () => {
    const service = t.app.get(ShipmentQueueing);
    // One row stored by an earlier upload, repeated in the big one.
    const earlier = rowsFor(['bo_stagedearly1'], 1, 'E');
    await upload(admin, csv(earlier), 'earlier.csv').expect(200);
    const [earlierUpload] = (
      await t.db.query<{ id: string }>("SELECT id FROM uploads WHERE file_name = 'earlier.csv'")
    ).rows;
    await service.materialize(earlierUpload!.id);

    const orders = Array.from({ length: 1500 }, (_, i) => `bo_staged${String(i).padStart(6, '0')}`);
    const rows = rowsFor(orders, 3, 'S'); // 4,500 valid rows: three staged slices
    rows.splice(10, 0, [...rows[4]!]); // row 12 repeats row 6 (same order and tracking number)
    rows.push(earlier[0]!); // stored before
    rows.push(['bo_staged000001', '', 'UPS', today(), '1']); // invalid
    rows.push(['bo_staged000002', '1ZS99999990000000', 'UPS', '31/31/2026', '1']); // invalid
    const res = await upload(admin, csv(rows), 'big.csv').expect(200);
    expect(res.body).toMatchObject({ totalRows: 4504, validRows: 4502, invalidRows: 2, duplicateRows: 1 });
    const uploadId: string = res.body.uploadId;

    // Stored, not yet shipments: the progress says so and is not done.
    expect(await count('SELECT count(*) AS n FROM shipments WHERE upload_id = $1', [uploadId])).toBe(0);
    expect(await count('SELECT count(*) AS n FROM upload_batches WHERE upload_id = $1', [uploadId])).toBe(3);
    const before = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    expect(before.body).toMatchObject({ staged: 4502, shipments: 0, done: false });

    // Two workers at once (e.g. a job taken over after a stall): each slice is taken by one of them.
    const [a, b] = await Promise.all([service.materialize(uploadId), service.materialize(uploadId)]);
    expect(a.queued + b.queued).toBe(4500);
    expect(a.repeats + b.repeats).toBe(1);

    expect(await count('SELECT count(*) AS n FROM shipments WHERE upload_id = $1', [uploadId])).toBe(4500);
    expect(await count('SELECT count(*) AS n FROM upload_batches WHERE upload_id = $1', [uploadId])).toBe(0);
    const repeats = await t.db.query<{
      row_number: number;
      valid: boolean;
      duplicate: boolean;
      link: string;
    }>(
      `SELECT ur.row_number, ur.valid, ur.duplicate, s.upload_id AS link
         FROM upload_rows ur LEFT JOIN shipments s ON s.id = ur.shipment_id
        WHERE ur.upload_id = $1 ORDER BY ur.row_number`,
      [uploadId],
    );
    expect(repeats.rows).toEqual([
      { row_number: 12, valid: true, duplicate: true, link: uploadId },
      { row_number: 4503, valid: true, duplicate: true, link: earlierUpload!.id },
      { row_number: 4504, valid: false, duplicate: false, link: null },
      { row_number: 4505, valid: false, duplicate: false, link: null },
    ]);
    // Row 12 points at row 6's shipment.
    const [six] = (
      await t.db.query<{ id: string }>('SELECT id FROM shipments WHERE upload_id = $1 AND row_number = 6', [
        uploadId,
      ])
    ).rows;
    expect(
      await count(
        'SELECT count(*) AS n FROM upload_rows WHERE upload_id = $1 AND row_number = 12 AND shipment_id = $2',
        [uploadId, six!.id],
      ),
    ).toBe(1);
    // The history's upload date is the upload's, not the moment the slice was turned into shipments.
    expect(
      await count(
        'SELECT count(*) AS n FROM shipments s JOIN uploads u ON u.id = s.upload_id WHERE s.upload_id = $1 AND s.uploaded_at <> u.created_at',
        [uploadId],
      ),
    ).toBe(0);
    const after = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    // Counts are per row of the file: the 2 repeats wait with the shipments they repeat.
    expect(after.body).toMatchObject({
      staged: 0,
      shipments: 4500,
      pending: 4502,
      byStatus: { PENDING: 4502 },
      duplicateRows: 2,
      done: false,
    });
    const [u] = (
      await t.db.query<{ materialized_at: Date | null }>(
        'SELECT materialized_at FROM uploads WHERE id = $1',
        [uploadId],
      )
    ).rows;
    expect(u!.materialized_at).not.toBeNull();
  }, 90_000);

  it('rolls back a slice cut off half-way; running it again makes each row one shipment', async () => {
    const service = t.app.get(ShipmentQueueing);
    // The last statement of the slice's transaction fails, after its shipments were inserted.
    await t.db.query(`CREATE FUNCTION cut_off() RETURNS trigger LANGUAGE plpgsql AS $$
                      BEGIN RAISE EXCEPTION 'cut off'; END $$`);
    await t.db.query(
      `CREATE TRIGGER cut_off BEFORE DELETE ON upload_batches FOR EACH ROW EXECUTE FUNCTION cut_off()`,
    );
    try {
      const orders = Array.from({ length: 1200 }, (_, i) => `bo_cutoff${String(i).padStart(6, '0')}`);
      const rows = rowsFor(orders, 2, 'C'); // two slices
      const res = await upload(admin, csv(rows), 'cut.csv').expect(200);
      const uploadId: string = res.body.uploadId;
      await expect(service.materialize(uploadId)).rejects.toThrow(/cut off/);
      expect(await count('SELECT count(*) AS n FROM shipments WHERE upload_id = $1', [uploadId])).toBe(0);
      expect(await count('SELECT count(*) AS n FROM upload_batches WHERE upload_id = $1', [uploadId])).toBe(
        2,
      );
      await t.db.query('DROP TRIGGER cut_off ON upload_batches');
      const again = await service.materialize(uploadId);
      expect(again).toEqual({ queued: rows.length, repeats: 0, unqueued: 0 });
      const stored = await t.db.query<{ row_number: number; tracking_number: string }>(
        'SELECT row_number, tracking_number FROM shipments WHERE upload_id = $1 ORDER BY row_number',
        [uploadId],
      );
      expect(stored.rows.map((r) => r.tracking_number)).toEqual(rows.map((r) => r[1]));
      expect(stored.rows.map((r) => r.row_number)).toEqual(rows.map((_, i) => i + 2));
      expect(await count('SELECT count(*) AS n FROM upload_rows WHERE upload_id = $1', [uploadId])).toBe(0);
    } finally {
      await t.db.query('DROP TRIGGER IF EXISTS cut_off ON upload_batches');
      await t.db.query('DROP FUNCTION IF EXISTS cut_off()');
    }
  });

  it('a row not sent yet shows the currency its upload was taken in, read with the page', async () => {
    // No worker here: the rows stay unsent.
    const rows = rowsFor(['bo_currency0001'], 2, 'C');
    const res = await upload(admin, csv(rows), 'currency.csv').expect(200);
    await t.app.get(ShipmentQueueing).materialize(res.body.uploadId);
    const [{ company_id: companyId }] = (
      await t.db.query<{ company_id: string }>('SELECT company_id FROM uploads WHERE id = $1', [
        res.body.uploadId,
      ])
    ).rows as [{ company_id: string }];
    const connection = (q: string) =>
      t.db.query(`UPDATE marketplace_connections SET currency = '${q}' WHERE company_id = $1`, [companyId]);
    const shown = async () =>
      (
        (await admin.get(`/api/shipments?uploadId=${res.body.uploadId}`).expect(200)).body.shipments as {
          currency: string;
          status: string;
        }[]
      ).map((s) => `${s.status} ${s.currency}`);
    const stored = await t.db.query('SELECT currency FROM uploads WHERE id = $1', [res.body.uploadId]);
    expect(stored.rows).toEqual([{ currency: 'USD' }]);
    try {
      // The connection's currency changed since: the page shows the upload's, without asking.
      await connection('EUR');
      expect(await shown()).toEqual(['PENDING USD', 'PENDING USD']);
      // An upload from before the currency was stored falls back to the connection's.
      await t.db.query('UPDATE uploads SET currency = NULL WHERE id = $1', [res.body.uploadId]);
      expect(await shown()).toEqual(['PENDING EUR', 'PENDING EUR']);
    } finally {
      await connection('USD');
    }
  });
});

describe('uploads whose rows could not become shipments at once', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    t = await createTestApp({
      SHIPMENT_INLINE_ROWS: '50',
      FAIRE_REQUESTS_PER_SECOND: '100',
      SHIPMENT_RECOVERY_AFTER_MS: '2000',
      SHIPMENT_RECOVERY_INTERVAL_MS: '3600000',
    });
    ({ agent: admin, companyId } = await t.companyAdmin('lost@brand.test', 'Lost', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  it('turns an upload whose job was lost with Redis into shipments from the recovery sweep', async () => {
    const worker = t.app.get(ShipmentsProcessor).worker;
    await worker.pause(); // waits for the fetch in flight too, so no job slips through
    const orders = Array.from(
      { length: 30 },
      () => t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id,
    );
    const rows = rowsFor(orders, 3, 'L');
    const res = await upload(admin, csv(rows), 'lost.csv').expect(200);
    const uploadId: string = res.body.uploadId;
    await dropQueueKeys(t.redis, `${t.config.queuePrefix}:shipments`);
    // Not yet old enough: the sweep leaves a fresh upload to its own job.
    await t.app.get(ShipmentRecoveryService).sweep();
    expect(await t.redis.keys(`${t.config.queuePrefix}:shipments:materialize-${uploadId}-recover*`)).toEqual(
      [],
    );
    await t.db.query(`UPDATE uploads SET created_at = now() - interval '1 hour' WHERE id = $1`, [uploadId]);
    t.sandbox.clearLedger();
    await t.app.get(ShipmentRecoveryService).sweep();
    void worker.resume();
    await waitForTerminal(t, companyId, 60_000);
    const counts = ledgerCounts(t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
    const done = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    expect(done.body).toMatchObject({ staged: 0, shipments: 90, success: 90, done: true });
    expect(await countOf(t, 'SELECT count(*) AS n FROM uploads WHERE materialized_at IS NULL')).toBe(0);
  }, 90_000);
  it('answers a small upload whose inline step failed, and lets a worker finish it exactly once', async () => {
    await t.db.query(`CREATE FUNCTION cut_off() RETURNS trigger LANGUAGE plpgsql AS $$
                      BEGIN RAISE EXCEPTION 'cut off'; END $$`);
    await t.db.query(
      `CREATE TRIGGER cut_off BEFORE DELETE ON upload_batches FOR EACH ROW EXECUTE FUNCTION cut_off()`,
    );
    let rows: string[][];
    try {
      const orders = Array.from(
        { length: 10 },
        () => t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id,
      );
      rows = rowsFor(orders, 2, 'I');
      const res = await upload(admin, csv(rows), 'inline.csv').expect(200);
      expect(res.body).toMatchObject({ validRows: 20, invalidRows: 0 });
      expect(
        await countOf(t, 'SELECT count(*) AS n FROM shipments WHERE upload_id = $1', [res.body.uploadId]),
      ).toBe(0);
      expect(
        await countOf(t, 'SELECT count(*) AS n FROM upload_batches WHERE upload_id = $1', [
          res.body.uploadId,
        ]),
      ).toBe(1);
    } finally {
      await t.db.query('DROP TRIGGER IF EXISTS cut_off ON upload_batches');
      await t.db.query('DROP FUNCTION IF EXISTS cut_off()');
    }
    await waitForTerminal(t, companyId, 60_000);
    const counts = ledgerCounts(t.sandbox);
    expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
    for (const [order, code] of rows) expect(counts.get(`${order}|${code}`)).toBe(1);
  }, 90_000);
});
