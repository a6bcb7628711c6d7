// Fresh, isolated environments for one benchmark: its own Postgres database, its own Redis key prefix,
// optionally the Nest app (listening on 127.0.0.1) and a Faire sandbox. Everything is torn down in
// `close()`, which never throws and is safe to call twice.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import pg from 'pg';
import { startSandbox } from '@portal/faire-sandbox';
import { backend } from './backend.mjs';

export const PG_BASE = process.env.BENCH_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

for (const url of [PG_BASE, REDIS_URL]) {
  const host = new URL(url).hostname;
  if (host !== '127.0.0.1' && host !== 'localhost') {
    throw new Error(`Benchmarks only talk to 127.0.0.1 (got ${url})`);
  }
}

/** Every environment still open, so run.mjs can close them on SIGINT / a crash. */
export const openEnvs = new Set();

export function uniqueName(bench) {
  return `bench_${bench}_${Date.now().toString(36)}${randomBytes(3).toString('hex')}`;
}

/**
 * opts: { app?: boolean, sandbox?: boolean | sandboxOptions, env?: Record<string,string>, port?: number }
 * Returns { name, databaseUrl, prefix, pool, redis, app?, config?, baseUrl?, sandbox?, close() }.
 */
export async function openEnv(bench, opts = {}) {
  const { createApp, loadConfig, ensureDatabase, runMigrations } = await backend();
  const name = uniqueName(bench);
  const databaseUrl = `${PG_BASE}/${name}`;
  const env = {
    name,
    databaseUrl,
    prefix: name,
    pool: null,
    redis: null,
    app: null,
    config: null,
    sandbox: null,
    baseUrl: null,
    stateDir: null,
    closing: null,
    /** Idempotent: a second caller (e.g. a signal handler) waits for the same teardown. */
    close() {
      env.closing ??= teardown().finally(() => openEnvs.delete(env));
      return env.closing;
    },
  };
  async function teardown() {
    const step = async (what, fn) => {
      try {
        await fn();
      } catch (err) {
        process.stderr.write(`  cleanup (${what}) failed: ${err?.message ?? err}\n`);
      }
    };
    if (env.app) await step('app', () => withTimeout(env.app.close(), 15_000, 'app.close'));
    if (env.sandbox) await step('sandbox', () => withTimeout(env.sandbox.close(), 10_000, 'sandbox.close'));
    // A client still checked out would make pool.end() wait forever; the DROP ... WITH (FORCE) below
    // ends any connection left anyway.
    if (env.pool) await step('pool', () => withTimeout(env.pool.end(), 5_000, 'pool.end'));
    if (env.redis) {
      await step('redis keys', () => deleteKeys(env.redis, `${env.prefix}*`));
      await step('redis quit', () => withTimeout(env.redis.quit(), 5_000, 'redis.quit'));
    }
    await step('database', () => dropDatabase(databaseUrl));
    if (env.stateDir) await step('state dir', () => rmSync(env.stateDir, { recursive: true, force: true }));
  }
  openEnvs.add(env);
  try {
    await ensureDatabase(databaseUrl);
    await runMigrations(databaseUrl);
    const interrupted = () => {
      if (env.closing) throw new Error('interrupted while starting');
    };
    interrupted();
    env.pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
    // An idle client still closing when the teardown's DROP ... WITH (FORCE) ends it reports the FATAL
    // on the pool: without a listener that crashed the whole run (CI: "terminating connection due to
    // administrator command" after the store benchmark). A query's own error still reaches its caller.
    env.pool.on('error', () => undefined);
    env.redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 3 });
    if (opts.sandbox) {
      const sandbox = await startSandbox({
        port: 0,
        host: '127.0.0.1',
        ...(typeof opts.sandbox === 'object' ? opts.sandbox : {}),
      });
      if (env.closing) await sandbox.close();
      interrupted();
      env.sandbox = sandbox;
    }
    if (opts.app) {
      env.stateDir = mkdtempSync(join(tmpdir(), 'portal-bench-'));
      env.config = loadConfig({
        NODE_ENV: 'test',
        DATABASE_URL: databaseUrl,
        REDIS_URL,
        QUEUE_PREFIX: name,
        LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
        SERVE_FRONTEND: 'false',
        LOCAL_STATE_DIR: env.stateDir,
        SHUTDOWN_TIMEOUT_MS: '2000',
        AUTH_DEV_LOGIN: 'true',
        PUBLIC_URL: 'http://localhost:3000',
        ...(env.sandbox
          ? {
              FAIRE_API_BASE_URL: env.sandbox.apiBaseUrl,
              FAIRE_OAUTH_BASE_URL: env.sandbox.oauthBaseUrl,
              FAIRE_APPLICATION_ID: 'apa_sandbox_demo',
              FAIRE_APPLICATION_SECRET: 'sbx_demo_secret',
            }
          : {}),
        ...(opts.env ?? {}),
        // Extra app settings to try a configuration, e.g. BENCH_APP_ENV='{"SHIPMENT_WORKER_CONCURRENCY":"2"}'.
        ...(process.env.BENCH_APP_ENV ? JSON.parse(process.env.BENCH_APP_ENV) : {}),
      });
      const signals = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGQUIT', 'SIGUSR2'];
      const before = new Map(signals.map((sig) => [sig, process.listeners(sig)]));
      const app = await createApp(env.config);
      // The app's shutdown hooks would close it and re-raise the signal; run.mjs closes it itself.
      const dropHooks = () => {
        for (const sig of signals) {
          for (const l of process.listeners(sig)) if (!before.get(sig).includes(l)) process.off(sig, l);
        }
      };
      dropHooks();
      if (env.closing) await app.close();
      interrupted();
      env.app = app;
      await env.app.listen(opts.port ?? 0, '127.0.0.1');
      dropHooks();
      const { port } = env.app.getHttpServer().address();
      env.baseUrl = `http://127.0.0.1:${port}`;
    }
    return env;
  } catch (err) {
    await env.close();
    throw err;
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms} ms`)), ms);
      timer.unref();
    }),
  ]);
}

/** Deletes every key matching `pattern` (SCAN, bounded by the keyspace). */
export async function deleteKeys(redis, pattern) {
  let cursor = '0';
  let deleted = 0;
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (keys.length) deleted += await redis.unlink(...keys);
  } while (cursor !== '0');
  return deleted;
}

/** Bytes held by the keys matching `pattern`, per Redis's own accounting (MEMORY USAGE ... SAMPLES 0). */
export async function keysMemory(redis, pattern) {
  let cursor = '0';
  let bytes = 0;
  let keys = 0;
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    if (batch.length) {
      const pipe = redis.pipeline();
      for (const k of batch) pipe.memory('USAGE', k, 'SAMPLES', 0);
      for (const [err, n] of await pipe.exec()) if (!err && n) bytes += Number(n);
      keys += batch.length;
    }
  } while (cursor !== '0');
  return { bytes, keys };
}

export async function usedMemory(redis) {
  const info = await redis.info('memory');
  return Number(/used_memory:(\d+)/.exec(info)?.[1] ?? NaN);
}

export async function dropDatabase(databaseUrl) {
  const url = new URL(databaseUrl);
  const dbName = url.pathname.slice(1);
  if (!/^bench_[a-z0-9_]+$/.test(dbName)) throw new Error(`Refusing to drop ${dbName}`);
  url.pathname = '/postgres';
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${dbName}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/**
 * A tiny HTTP client for the app with a cookie jar and the anti-forgery header, like the tests' agent.
 */
export function agent(baseUrl) {
  const jar = new Map();
  async function call(method, path, body) {
    const headers = { 'X-Requested-With': 'bench' };
    if (jar.size) headers.Cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      signal: AbortSignal.timeout(120_000),
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair.indexOf('=');
      jar.set(pair.slice(0, i).trim(), pair.slice(i + 1).trim());
    }
    const text = await res.text();
    let json;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) throw new Error(`${method} ${path} -> ${res.status}: ${text.slice(0, 300)}`);
    return json;
  }
  return {
    get: (p) => call('GET', p),
    post: (p, b) => call('POST', p, b),
    upload(csvText, fileName = 'shipments.csv') {
      const form = new FormData();
      form.append('csv', new Blob([csvText], { type: 'text/csv' }), fileName);
      return call('POST', '/api/shipments/upload', form);
    },
  };
}

/**
 * Signs a user in (dev sign-in, optionally connecting Faire with a brand token) and creates a company.
 * Returns the agent and a CompanyAuthContext usable with the services directly.
 */
export async function companyAdmin(env, email, companyName, faireToken) {
  const a = agent(env.baseUrl);
  await a.post('/api/auth/dev-login', {
    email,
    name: email.split('@')[0],
    ...(faireToken ? { faireToken } : {}),
  });
  const res = await a.post('/api/company/create', { name: companyName });
  const caller = {
    userId: res.id,
    email,
    name: email.split('@')[0],
    isPlatformAdmin: false,
    companyId: res.company.id,
    companyName,
    role: 'COMPANY_ADMIN',
    membershipId: res.company.membershipId ?? '',
  };
  return { agent: a, caller };
}
