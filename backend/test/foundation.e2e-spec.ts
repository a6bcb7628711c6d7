import request from 'supertest';
import { HealthService } from '../src/modules/health/health.service.js';
import { createTestApp, type TestApp } from './helpers/test-app.js';

describe('foundation (real Postgres + Redis)', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t.close();
  });

  it('created its own database and ran the migrations', async () => {
    const { rows } = await t.db.query<{ name: string }>('SELECT name FROM migrations ORDER BY id');
    expect(rows.map((r) => r.name)).toContain('Init1764100000000');
    const ext = await t.db.query("SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm'");
    expect(ext.rowCount).toBe(1);
  });

  it('reports database, redis and queue as up on GET /api/health', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').expect(200);
    expect(res.body.status).toBe('ok');
    expect(res.body.details.database.status).toBe('up');
    expect(res.body.details.redis.status).toBe('up');
    expect(res.body.details.queue.status).toBe('up');
  });

  it('round-trips a job through BullMQ and the in-process worker', async () => {
    const { roundTripMs } = await t.app.get(HealthService).queueRoundTrip();
    expect(roundTripMs).toBeGreaterThanOrEqual(0);
    const keys = await t.redis.keys(`${t.config.queuePrefix}:system:*`);
    expect(keys.length).toBeGreaterThan(0);
  });

  it('answers unknown API routes with a JSON 404 and a request id', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/nope').expect(404);
    expect(res.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps a caller-supplied request id', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').set('X-Request-Id', 'abc12345-test');
    expect(res.headers['x-request-id']).toBe('abc12345-test');
  });

  it('sets security headers (helmet)', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('serves the OpenAPI document', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/docs/openapi.json').expect(200);
    expect(res.body.paths['/api/health']).toBeDefined();
  });
});

describe('api-only mode', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ WORKER_MODE: 'api' });
  });

  afterAll(async () => {
    await t.close();
  });

  it('reports the queue as down when no worker consumes it', async () => {
    const res = await request(t.app.getHttpServer()).get('/api/health').expect(503);
    expect(res.body.details.database.status).toBe('up');
    expect(res.body.details.queue.status).toBe('down');
  }, 15000);
});
