import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import { csv, today, upload } from './helpers/shipments.js';
import { createTestApp, type TestAgent, type TestApp } from './helpers/test-app.js';

const f = SANDBOX_FIXTURES.brand1;
const ROWS = 2000;

/**
 * Two uploads of the same rows at once, one file in the other's reverse order (decision 0039): the
 * staged rows are written in one key order, so the second waits for the first instead of deadlocking
 * (40P01), and each upload is told exactly what happened to its rows.
 */
describe('the same rows uploaded twice at once, in opposite order', () => {
  let t: TestApp;
  let admin: TestAgent;
  let companyId: string;

  beforeAll(async () => {
    // Intake only: nothing here is about sending to Faire.
    t = await createTestApp({ WORKER_MODE: 'api' });
    ({ agent: admin, companyId } = await t.companyAdmin('twice@brand.test', 'Twice', f.token));
  });

  afterAll(async () => {
    await t.close();
  });

  async function deadlocks(): Promise<number> {
    // Statistics are flushed when a transaction ends and read from a snapshot: take a fresh one.
    const client = await t.db.connect();
    try {
      await client.query('SELECT pg_stat_clear_snapshot()');
      const { rows } = await client.query<{ n: string }>(
        'SELECT deadlocks AS n FROM pg_stat_database WHERE datname = current_database()',
      );
      return Number(rows[0]!.n);
    } finally {
      client.release();
    }
  }

  it('no deadlock, and both answers true', async () => {
    const orders = Array.from(
      { length: 40 },
      () => t.sandbox.createOrder('brand1', { state: 'PROCESSING' }).id,
    );
    const rows = Array.from({ length: ROWS }, (_, i) => [
      orders[i % orders.length]!,
      `1ZDU${String(i).padStart(6, '0')}`.padEnd(18, '1'),
      'UPS',
      today(),
      '1.00',
    ]);
    // Each row's insert takes a moment (this test's database only), so that the two uploads' inserts
    // surely run at the same time, as two API processes' would.
    await t.db.query(`CREATE FUNCTION slow_row() RETURNS trigger LANGUAGE plpgsql AS
                        $$ BEGIN PERFORM pg_sleep(0.0005); RETURN NEW; END $$`);
    await t.db.query(
      'CREATE TRIGGER slow_row BEFORE INSERT ON shipments FOR EACH ROW EXECUTE FUNCTION slow_row()',
    );
    const before = await deadlocks();
    const [a, b] = await Promise.all([
      upload(admin, csv(rows), 'forward.csv'),
      upload(admin, csv([...rows].reverse()), 'reversed.csv'),
    ]);
    await t.db.query('DROP TRIGGER slow_row ON shipments');
    expect([a.status, b.status]).toEqual([200, 200]);
    // Flushed at the end of the transactions, read a moment later.
    await new Promise((r) => setTimeout(r, 1500));
    expect((await deadlocks()) - before).toBe(0);

    // Every row is one shipment, made by one of the two uploads; the other linked it as a repeat.
    const { rows: stored } = await t.db.query<{
      id: string;
      duplicate_rows: number;
      shipments: number;
      materialized: boolean;
    }>(
      `SELECT u.id, u.duplicate_rows, u.materialized_at IS NOT NULL AS materialized,
              (SELECT count(*)::int FROM shipments s WHERE s.upload_id = u.id) AS shipments
         FROM uploads u WHERE u.company_id = $1`,
      [companyId],
    );
    const { rows: total } = await t.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM shipments WHERE company_id = $1',
      [companyId],
    );
    expect(total[0]!.n).toBe(ROWS);
    for (const answer of [a.body, b.body]) {
      const upload = stored.find((u) => u.id === answer.uploadId)!;
      // What the answer says is what is stored: each row is queued or a repeat, nothing guessed.
      expect(upload.materialized).toBe(true);
      expect(answer.duplicateRows).toBe(upload.duplicate_rows);
      expect(answer.queued).toBe(upload.shipments);
      expect(answer.queued + answer.duplicateRows).toBe(ROWS);
    }
    expect(a.body.queued + b.body.queued).toBe(ROWS);
  }, 120_000);
});
