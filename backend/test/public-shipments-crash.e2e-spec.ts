import { join } from 'node:path';
import { SANDBOX_FIXTURES } from '@portal/faire-sandbox';
import request from 'supertest';
import { freePort } from './helpers/ports.js';
import { ledgerCounts, today, tracking, waitForTerminal } from './helpers/shipments.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';
import { startWorkerProcess, type WorkerProcess } from './helpers/worker-process.js';

const KILL_AFTER_COMMIT = join(import.meta.dirname, 'helpers', 'kill-after-commit.mjs');

/**
 * Issue 36's crash: the API process is killed (SIGKILL) right after a post's rows and its
 * Idempotency-Key committed, before it answered or queued anything. The client, having no answer,
 * posts again with the same key to another API process: it is answered with the first post's upload,
 * and every row reaches Faire once. Build the backend first (`npm run build -w @portal/backend`).
 */
describe('kill -9 of the API right after a post committed, then the same Idempotency-Key again', () => {
  let t: TestApp;
  let api: WorkerProcess | undefined;

  beforeAll(async () => {
    t = await createTestApp({ SHIPMENT_RECOVERY_AFTER_MS: '3000', SHIPMENT_RECOVERY_INTERVAL_MS: '1000' });
  });

  afterAll(async () => {
    api?.child.kill('SIGKILL');
    await t.close();
  });

  it('gives one shipment per row', async () => {
    const a = await t.companyAdmin('crash@api.test', 'Api Crash', SANDBOX_FIXTURES.brand1.token);
    const made = await a.agent
      .post('/api/company/api-keys')
      .send({ name: 'ERP', scopes: ['shipments:write'] })
      .expect(201);
    const key = made.body.key as string;
    const port = await freePort();
    api = startWorkerProcess(
      t,
      {
        WORKER_MODE: 'api',
        PORT: String(port),
        HOST: '127.0.0.1',
        KILL_AFTER_COMMIT_OF: 'INSERT INTO api_idempotency_keys',
      },
      `--import ${KILL_AFTER_COMMIT}`,
    );
    const base = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 300) throw new Error('the API process did not start');
      await new Promise((r) => setTimeout(r, 100));
    }
    const rows = Array.from({ length: 5 }, () => {
      const order = t.sandbox.createOrder('brand1', { state: 'PROCESSING' });
      return {
        orderId: order.id,
        trackingNumber: tracking('KIL'),
        carrier: 'UPS',
        shipDate: today(),
        shippingCost: '2.50',
      };
    });
    const body = JSON.stringify(rows);
    const headers = {
      Authorization: `Bearer ${key}`,
      'Content-Type': 'application/json',
      'Idempotency-Key': 'crash-1',
    };
    // The first post: the process dies after the commit, so the client gets no answer.
    await expect(fetch(`${base}/api/v1/shipments`, { method: 'POST', headers, body })).rejects.toThrow();
    expect(await api.exited).toBe('SIGKILL');
    const stored = await t.db.query<{ upload_id: string }>(
      "SELECT upload_id FROM api_idempotency_keys WHERE idempotency_key = 'crash-1'",
    );
    expect(stored.rows).toHaveLength(1);

    // The client tries again with the same key, reaching another API process.
    const again = await request(t.app.getHttpServer())
      .post('/api/v1/shipments')
      .set(headers)
      .send(rows)
      .expect(200);
    expect(again.body).toMatchObject({ replayed: true, uploadId: stored.rows[0]!.upload_id });
    expect((again.body.rows as { outcome: string }[]).map((r) => r.outcome)).toEqual(
      rows.map(() => 'accepted'),
    );
    await waitForTerminal(t, a.companyId, 60_000);
    const onFaire = ledgerCounts(t.sandbox);
    expect(rows.map((r) => onFaire.get(`${r.orderId}|${r.trackingNumber}`) ?? 0)).toEqual(rows.map(() => 1));
    const uploads = await t.db.query("SELECT 1 FROM uploads WHERE company_id = $1 AND source = 'API'", [
      a.companyId,
    ]);
    expect(uploads.rows).toHaveLength(1);
  });
});
