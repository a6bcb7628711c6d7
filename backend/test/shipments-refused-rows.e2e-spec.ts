import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { randomBytes } from 'node:crypto';
import { ShipmentProcessingService } from '../src/modules/shipments/processing/shipment-processing.service.js';
import { ShipmentQueueing } from '../src/modules/shipments/recovery/shipment-queueing.service.js';
import { csv, ledgerCounts, today, tracking, unfinished, upload } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;

/**
 * Rows the rules let through but Postgres refuses (forced here by writing a staged slice directly)
 * cost only themselves: the slice's other rows become shipments and are created on the sandbox.
 */
describe('a staged slice holding rows Postgres refuses', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    // No worker in this process: the tests run the worker's steps themselves, in order.
    t = await createTestApp({
      WORKER_MODE: 'api',
      SHIPMENT_INLINE_ROWS: '0',
      FAIRE_REQUESTS_PER_SECOND: '100',
    });
    ({ agent: admin, companyId } = await t.companyAdmin('refused@brand.test', 'Refused', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  /** What the worker's create job does, for every shipment of the upload in one job of the earlier shape (ids only). */
  async function processAll(uploadId: string): Promise<void> {
    const ids = (
      await t.db.query<{ id: string }>('SELECT id FROM shipments WHERE upload_id = $1 ORDER BY row_number', [
        uploadId,
      ])
    ).rows.map((r) => r.id);
    const processing = t.app.get(ShipmentProcessingService);
    const batch = await processing.load({ shipmentIds: ids });
    await processing.processBatch(batch!, { lastAttempt: false });
    expect(await unfinished(t, companyId)).toBe(0);
  }

  it('isolates the refused rows with a reason and finishes every other row of the slice', async () => {
    const orders = [0, 1, 2, 3].map(() => t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id);
    const good = orders.map((order) => [order, tracking('R'), 'UPS', today(), '3.00']);
    const res = await upload(admin, csv(good), 'refused.csv').expect(200);
    const uploadId: string = res.body.uploadId;
    const [batch] = (
      await t.db.query<{ rows: string }>('SELECT rows FROM upload_batches WHERE upload_id = $1', [uploadId])
    ).rows;
    const staged = JSON.parse(batch!.rows) as unknown[][];
    const date = today();
    // [rowNumber, orderId, trackingNumber, carrier, carrierRaw, shipDate, cents, duplicateOf]
    const refused: Array<[unknown[], string]> = [
      [
        [10, 'bo_refused0001', 'ABC\u0000123', 'UPS', 0, date, 100, 0],
        'This row could not be stored: it contains a character that cannot be saved (such as an invisible control character)',
      ],
      [
        [11, 'bo_refused0002', randomBytes(12_000).toString('hex'), 'UPS', 0, date, 100, 0],
        'This row could not be stored: one of its values is too long',
      ],
      [
        [12, 'bo_refused0003', 'REFUSEDDATE1', 'UPS', 0, '2026-02-30', 100, 0],
        'This row could not be stored: its ship date does not exist',
      ],
      [
        [13, 'bo_refused0004', 'REFUSEDCOST1', 'UPS', 0, date, 5_000_000_000, 0],
        'This row could not be stored: a number in it is out of range',
      ],
    ];
    // Good and refused rows interleaved, so every half of the slice holds some of each.
    const rows = [
      staged[0],
      refused[0]![0],
      staged[1],
      refused[1]![0],
      staged[2],
      refused[2]![0],
      staged[3],
      refused[3]![0],
    ];
    await t.db.query('UPDATE upload_batches SET rows = $2, row_count = $3 WHERE upload_id = $1', [
      uploadId,
      JSON.stringify(rows),
      rows.length,
    ]);
    await t.db.query('UPDATE uploads SET valid_rows = $2, total_rows = $2 WHERE id = $1', [
      uploadId,
      rows.length,
    ]);

    const done = await t.app.get(ShipmentQueueing).materialize(uploadId);
    expect(done).toEqual({ queued: 4, repeats: 0, unqueued: 0 });
    const errors = await t.db.query<{ row_number: number; valid: boolean; errors: { message: string }[] }>(
      'SELECT row_number, valid, errors FROM upload_rows WHERE upload_id = $1 ORDER BY row_number',
      [uploadId],
    );
    expect(errors.rows.map((r) => [r.row_number, r.valid, r.errors[0]!.message])).toEqual(
      refused.map(([r, message]) => [r[0], false, message]),
    );
    const [u] = (
      await t.db.query<{ valid_rows: number; invalid_rows: number; materialized_at: Date | null }>(
        'SELECT valid_rows, invalid_rows, materialized_at FROM uploads WHERE id = $1',
        [uploadId],
      )
    ).rows;
    expect(u).toMatchObject({ valid_rows: 4, invalid_rows: 4 });
    expect(u!.materialized_at).not.toBeNull();
    expect((await t.db.query('SELECT 1 FROM upload_batches WHERE upload_id = $1', [uploadId])).rowCount).toBe(
      0,
    );

    await processAll(uploadId);
    const counts = ledgerCounts(t.sandbox);
    for (const [order, code] of good) expect(counts.get(`${order}|${code}`)).toBe(1);
    const progress = await admin.get(`/api/shipments/uploads/${uploadId}`).expect(200);
    expect(progress.body).toMatchObject({ validRows: 4, invalidRows: 4, success: 4, staged: 0, done: true });
  }, 90_000);

  it('a batch whose processing the database refuses for one order still creates the other orders', async () => {
    const orders = [0, 1, 2].map(() => t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id);
    const rows = orders.map((order) => [order, tracking('Q'), 'UPS', today(), '4.00']);
    const poisoned = rows[1]![1];
    // Postgres refuses to mark that row in flight (a data exception, as a refused value would raise).
    await t.db.query(`CREATE FUNCTION refuse_row() RETURNS trigger LANGUAGE plpgsql AS $$
                      BEGIN RAISE EXCEPTION 'refused' USING ERRCODE = '22000'; END $$`);
    await t.db.query(
      `CREATE TRIGGER refuse_row BEFORE UPDATE ON shipments FOR EACH ROW
         WHEN (NEW.tracking_number = '${poisoned}' AND NEW.status = 'PENDING' AND NEW.in_flight_since IS NOT NULL)
         EXECUTE FUNCTION refuse_row()`,
    );
    try {
      const res = await upload(admin, csv(rows), 'refused-batch.csv').expect(200);
      await t.app.get(ShipmentQueueing).materialize(res.body.uploadId);
      // All three rows in one batch, as one job would carry them.
      await processAll(res.body.uploadId);
    } finally {
      await t.db.query('DROP TRIGGER IF EXISTS refuse_row ON shipments');
      await t.db.query('DROP FUNCTION IF EXISTS refuse_row()');
    }
    const counts = ledgerCounts(t.sandbox);
    expect(counts.get(`${orders[0]}|${rows[0]![1]}`)).toBe(1);
    expect(counts.get(`${orders[2]}|${rows[2]![1]}`)).toBe(1);
    expect(counts.get(`${orders[1]}|${poisoned}`)).toBeUndefined();
    const [row] = (
      await t.db.query<{ status: string; error_message: string }>(
        'SELECT status, error_message FROM shipments WHERE tracking_number = $1',
        [poisoned],
      )
    ).rows;
    expect(row).toEqual({
      status: 'FAILED',
      error_message: 'This row could not be stored: the database refused one of its values',
    });
  }, 90_000);
});
