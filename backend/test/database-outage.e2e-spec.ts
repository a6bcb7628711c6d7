import request from 'supertest';
import { TEST_PG_BASE } from './helpers/env.js';
import { TcpProxy } from './helpers/tcp-proxy.js';
import { createTestApp, uniqueName, type TestAgent, type TestApp } from './helpers/test-app.js';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Postgres stopped (decision 0039), seen through a proxy this test cuts, so the machine's Postgres keeps
 * serving the other suites: health and signed-in requests answer 503 "Service temporarily unavailable"
 * with Retry-After, within seconds, and everything works again once the database is back.
 */
describe('a database outage reads as one', () => {
  let proxy: TcpProxy;
  let t: TestApp;
  let admin: TestAgent;

  beforeAll(async () => {
    const base = new URL(TEST_PG_BASE);
    proxy = new TcpProxy(base.hostname, Number(base.port || 5432));
    base.host = `127.0.0.1:${await proxy.start()}`;
    const url = `${base.toString().replace(/\/$/, '')}/${uniqueName('test')}`;
    t = await createTestApp({ DATABASE_URL: url });
    ({ agent: admin } = await t.companyAdmin('outage@db.test', 'Db Outage'));
  });

  afterAll(async () => {
    await proxy.start().catch(() => undefined);
    await t.close();
    await proxy.cut();
  });

  it('answers 503 with Retry-After to health and signed-in requests, then recovers', async () => {
    await admin.get('/api/health').expect(200);
    await admin.get('/api/auth/me').expect(200);

    await proxy.cut();
    for (const [who, path] of [
      [admin, '/api/health'],
      [admin, '/api/auth/me'],
      [admin, '/api/shipments'],
      [request.agent(t.app.getHttpServer()), '/api/health'],
    ] as const) {
      const started = Date.now();
      const res = await who.get(path);
      const tookMs = Date.now() - started;
      expect({ path, status: res.status }).toEqual({ path, status: 503 });
      expect(res.body.message).toBe('Service temporarily unavailable');
      expect(res.body.code).toBe('SERVICE_UNAVAILABLE');
      expect(res.headers['retry-after']).toBe('5');
      expect(res.body.errorId).toBeUndefined();
      // Refused at once here; a database that hangs is given up on after the pools' 5 s.
      expect(tookMs).toBeLessThan(10_000);
    }

    await proxy.start();
    const deadline = Date.now() + 30_000;
    let status = 0;
    while (Date.now() < deadline) {
      status = (await admin.get('/api/auth/me')).status;
      if (status === 200) break;
      await sleep(250);
    }
    expect(status).toBe(200);
  }, 90_000);
});
