import type { NestExpressApplication } from '@nestjs/platform-express';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { startSandbox, type SandboxHandle } from '@portal/faire-sandbox';
import { startShipStationSandbox, type ShipStationSandboxHandle } from '@portal/shipstation-sandbox';
import request from 'supertest';
import { createApp } from '../../src/app.js';
import { Clock } from '../../src/common/clock.js';
import { loadConfig, type AppConfig } from '../../src/common/config/index.js';
import { TEST_PG_BASE, TEST_REDIS_URL } from './env.js';
import { cloneDatabase, ensureTemplateDatabase } from './template-db.js';

export type TestAgent = ReturnType<typeof request.agent>;

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  db: pg.Pool;
  redis: Redis;
  sandbox: SandboxHandle;
  /** A ShipStation sandbox the app's SHIPSTATION_API_BASE_URL points at (unless the test gave another). */
  shipstation: ShipStationSandboxHandle;
  clock: Clock;
  /** A supertest agent that keeps cookies and sends the anti-forgery header on every request. */
  agent(): TestAgent;
  /** Signs in through the dev sign-in and returns the agent with its session cookie. */
  signIn(email: string, name?: string, faireToken?: string): Promise<TestAgent>;
  /** Signs in and creates a company; the user is its COMPANY_ADMIN. */
  companyAdmin(
    email: string,
    company?: string,
    faireToken?: string,
  ): Promise<{ agent: TestAgent; companyId: string; userId: string }>;
  close(): Promise<void>;
}

export function uniqueName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/**
 * For a suite that tests HTTP only: the app without the worker module (no processors, schedulers or
 * recovery sweeps), so nothing runs beside the requests the suite sends (decision 0061). Whatever it
 * enqueues stays queued and is dropped with the suite's queue prefix. Not for a suite that asks
 * `/api/health` (its queue round trip needs a worker: 503 without one) or `POST /api/orders/refresh`
 * with Faire connected (it waits up to a minute for the sync job).
 */
export const API_ONLY: Readonly<Record<string, string>> = { WORKER_MODE: 'api' };

/** A test-only configuration: its own database and queue prefix, so suites never collide. */
export function testConfig(env: Record<string, string> = {}): AppConfig {
  const name = uniqueName('test');
  return loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: `${TEST_PG_BASE}/${name}`,
    REDIS_URL: TEST_REDIS_URL,
    QUEUE_PREFIX: name,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    SERVE_FRONTEND: 'false',
    LOCAL_STATE_DIR: mkdtempSync(join(tmpdir(), 'portal-test-')),
    SHUTDOWN_TIMEOUT_MS: '10000',
    // Tests' webhook receivers listen on 127.0.0.1 over http (a suite turns it off to test the refusals);
    // a production app refuses the setting, so a suite that boots one gets the production default.
    ...(env.NODE_ENV === 'production' ? {} : { WEBHOOKS_ALLOW_PRIVATE: 'true' }),
    // Each app's mail-in receiver and SFTP drop on free ports, so parallel suites never share one
    // (decisions 0069, 0070).
    INBOUND_SMTP_PORT: '0',
    INBOUND_SFTP_PORT: '0',
    ...env,
  });
}

/**
 * Starts the whole app on a fresh database (created + migrated), with the worker in-process and a Faire
 * sandbox on a random port.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  opts: { sandboxLog?: (line: string) => void } = {},
): Promise<TestApp> {
  const sandbox = await startSandbox({ port: 0, logger: opts.sandboxLog });
  // `{"id": n}` is the subscribe answer the connector reads (the sandbox's default is the newer shape).
  const shipstation = await startShipStationSandbox({ port: 0 });
  const config = testConfig({
    SHIPSTATION_API_BASE_URL: shipstation.url,
    AUTH_DEV_LOGIN: 'true',
    PUBLIC_URL: 'http://localhost:3000',
    FAIRE_API_BASE_URL: sandbox.apiBaseUrl,
    FAIRE_OAUTH_BASE_URL: sandbox.oauthBaseUrl,
    FAIRE_APPLICATION_ID: 'apa_sandbox_demo',
    FAIRE_APPLICATION_SECRET: 'sbx_demo_secret',
    FAIRE_REQUESTS_PER_SECOND: '50',
    FAIRE_TIMEOUT_MS: '3000',
    ...env,
  });
  await freshDatabase(config.databaseUrl);
  const app = await createApp(config);
  await app.init();
  const db = new pg.Pool({ connectionString: config.databaseUrl, max: 3 });
  db.on('error', () => undefined);
  const redis = new Redis(config.redisUrl, { maxRetriesPerRequest: 3 });
  const agent = () => request.agent(app.getHttpServer()).set('X-Requested-With', 'test');
  const signIn = async (email: string, name?: string, faireToken?: string) => {
    const a = agent();
    await a
      .post('/api/auth/dev-login')
      .send({ email, name: name ?? email.split('@')[0], ...(faireToken ? { faireToken } : {}) })
      .expect(200);
    return a;
  };
  return {
    app,
    config,
    db,
    redis,
    sandbox,
    shipstation,
    clock: app.get(Clock),
    agent,
    signIn,
    async companyAdmin(email: string, company?: string, faireToken?: string) {
      const a = await signIn(email, undefined, faireToken);
      const res = await a
        .post('/api/company/create')
        .send(company ? { name: company } : {})
        .expect(200);
      const companyId = res.body.company.id as string;
      // A company made with a Faire token has its orders synced at once (decision 0065): let that first
      // sync end, so what a test counts or changes on Faire afterwards is its own doing.
      if (faireToken && config.workerMode !== 'api') await firstSyncDone(db, companyId);
      return { agent: a, companyId, userId: res.body.id as string };
    },
    async close() {
      await app.close();
      await sandbox.close();
      await shipstation.close();
      await db.end();
      await dropQueueKeys(redis, config.queuePrefix);
      await redis.quit();
      await dropDatabase(config.databaseUrl);
      removeDir(config.localStateDir);
    },
  };
}

/** Waits (10 s at most) until the company's first order sync has ended, well or not. */
async function firstSyncDone(db: pg.Pool, companyId: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const { rows } = await db.query(
      `SELECT 1 FROM order_sync_state WHERE company_id = $1
          AND (last_success_at IS NOT NULL OR last_error_at IS NOT NULL)`,
      [companyId],
    );
    if (rows.length) return;
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Creates the test database, migrated: a copy of the migrated template (helpers/template-db.ts). */
export async function freshDatabase(databaseUrl: string): Promise<void> {
  await cloneDatabase(databaseUrl, await ensureTemplateDatabase(TEST_PG_BASE));
}

export async function dropQueueKeys(redis: Redis, prefix: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
    cursor = next;
    if (keys.length) await redis.del(...keys);
  } while (cursor !== '0');
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = url.pathname.slice(1);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

export function removeDir(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
}
