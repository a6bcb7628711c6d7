// api: the public shipments API (issue 36). 10,000 rows posted as 2 requests of 5,000 from one key:
// each answered in <= 2 s, all on the Faire sandbox within 1.2 x the Faire rate bound. Then 100 single-row
// posts a second from 10 keys: p95 answer <= 100 ms, and health p95 < 100 ms throughout.
// Run as production runs: one API process (WORKER_MODE=api) and one worker process beside it, both
// from the build, so the bench's own load (its posts, its health reads) shares no event loop with them.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from './lib/backend.mjs';
import { companyAdmin, openEnv, REDIS_URL } from './lib/env.mjs';
import { startProcess } from './lib/fleet-processes.mjs';
import { freePort } from './lib/free-port.mjs';
import { quantile } from './lib/measure.mjs';

const MAIN = join(ROOT, 'backend', 'dist', 'main.js');

export const name = 'api';
export const title = 'Public API: bulk posts and a steady stream of single rows';

/** Faire calls per second per brand the bench allows. */
const FAIRE_LIMIT = 20;

async function post(env, key, rows) {
  const t0 = performance.now();
  const res = await fetch(`${env.baseUrl}/api/v1/shipments`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${key}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(rows),
    signal: AbortSignal.timeout(60_000),
  });
  const body = await res.json();
  const ms = performance.now() - t0;
  if (res.status !== 200) throw new Error(`POST /api/v1/shipments -> ${res.status}: ${JSON.stringify(body)}`);
  return { ms, body };
}

async function done(env, companyId) {
  const { rows } = await env.pool.query(
    `SELECT count(*) FILTER (WHERE status = 'SUCCESS')::int AS ok,
            max(extract(epoch FROM completed_at) * 1000) AS last
       FROM shipments WHERE company_id = $1`,
    [companyId],
  );
  return { ok: rows[0].ok, last: Number(rows[0].last) };
}

const row = (orderId, i, tag) => ({
  orderId,
  trackingNumber: `1Z${tag}${String(i).padStart(8, '0')}`.padEnd(18, '7'),
  carrier: 'UPS',
  shipDate: new Date().toISOString().slice(0, 10),
  shippingCost: '4.10',
});

export async function run(ctx) {
  const n = ctx.quick ? 2000 : 10_000;
  const perPost = n / 2;
  const streamSeconds = ctx.quick ? 5 : 20;
  const port = await freePort();
  const env = await openEnv('api', { sandbox: true });
  const stateDir = mkdtempSync(join(tmpdir(), 'portal-api-bench-'));
  const common = {
    NODE_ENV: 'test',
    DATABASE_URL: env.databaseUrl,
    REDIS_URL,
    QUEUE_PREFIX: env.prefix,
    LOCAL_STATE_DIR: stateDir,
    SERVE_FRONTEND: 'false',
    LOG_LEVEL: 'error',
    AUTH_DEV_LOGIN: 'true',
    PUBLIC_URL: 'http://localhost:3000',
    FAIRE_API_BASE_URL: env.sandbox.apiBaseUrl,
    FAIRE_OAUTH_BASE_URL: env.sandbox.oauthBaseUrl,
    FAIRE_APPLICATION_ID: 'apa_sandbox_demo',
    FAIRE_APPLICATION_SECRET: 'sbx_demo_secret',
    FAIRE_REQUESTS_PER_SECOND: String(FAIRE_LIMIT),
    FAIRE_TIMEOUT_MS: '5000',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    APP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
  };
  const procs = [
    startProcess(
      MAIN,
      common,
      'api',
      { PORT: String(port), HOST: '127.0.0.1' },
      // BENCH_API_CPU_PROF=<dir>: a V8 CPU profile of the API process, written when it exits.
      process.env.BENCH_API_CPU_PROF
        ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_API_CPU_PROF}`]
        : [],
    ),
    startProcess(MAIN, common, 'worker', {}),
  ];
  try {
    await Promise.all(procs.map((p) => p.ready));
    env.baseUrl = `http://127.0.0.1:${port}`;
    const [b1] = env.sandbox.brands();
    const co = await companyAdmin(env, 'api@bench.test', 'Api', b1.token);
    const keys = [];
    for (let i = 0; i < 10; i++) {
      const made = await co.agent.post('/api/company/api-keys', {
        name: `Tool ${i + 1}`,
        scopes: ['shipments:write'],
      });
      keys.push(made.key);
    }
    env.sandbox.knobs.set({ perTokenRatePerSecond: FAIRE_LIMIT });

    // Bulk: 2 posts of n/2 rows, one key, one order a row.
    const orders = Array.from({ length: n }, () =>
      env.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    );
    const started = Date.now();
    const bulk = [];
    for (let p = 0; p < 2; p++) {
      const rows = orders
        .slice(p * perPost, (p + 1) * perPost)
        .map((o, i) => row(o.id, p * perPost + i, 'BK'));
      const { ms, body } = await post(env, keys[0], rows);
      if (body.accepted !== perPost) {
        throw new Error(`post ${p + 1}: ${body.accepted} of ${perPost} accepted`);
      }
      bulk.push(ms);
    }
    const deadline = Date.now() + (ctx.quick ? 300_000 : 1_200_000);
    let state = await done(env, co.caller.companyId);
    while (state.ok < n && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 500));
      state = await done(env, co.caller.companyId);
    }
    if (state.ok < n) throw new Error(`${state.ok} of ${n} posted rows reached Faire in time`);
    const allOn = state.last - started;
    // Each shipment is a read and a create on Faire: at FAIRE_LIMIT calls/s, the last one cannot be sooner.
    const bound = ((2 * n) / FAIRE_LIMIT) * 1000;

    // Stream: 100 single-row posts a second from 10 keys, health read every 100 ms beside them.
    const streamOrders = Array.from({ length: 100 * streamSeconds }, () =>
      env.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    );
    const answers = [];
    const health = [];
    let stop = false;
    const healthLoop = (async () => {
      while (!stop) {
        const t0 = performance.now();
        await fetch(`${env.baseUrl}/api/health`).then((r) => r.arrayBuffer());
        health.push(performance.now() - t0);
        await new Promise((r) => setTimeout(r, 100));
      }
    })();
    const inFlight = [];
    const t0 = Date.now();
    for (let i = 0; i < streamOrders.length; i++) {
      const due = t0 + i * 10;
      const wait = due - Date.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      inFlight.push(
        post(env, keys[i % keys.length], [row(streamOrders[i].id, i, 'ST')]).then((r) => answers.push(r.ms)),
      );
    }
    await Promise.all(inFlight);
    stop = true;
    await healthLoop;
    const p95 = quantile(answers, 0.95);
    const healthP95 = quantile(health, 0.95);
    ctx.log(
      `bulk: posts answered in ${bulk.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(' and ')}, ${n} rows on Faire after ${(allOn / 1000).toFixed(1)} s (bound ${(bound / 1000).toFixed(1)} s); stream: ${answers.length} posts in ${streamSeconds} s`,
    );
    return [
      {
        measure: `slowest answer of 2 posts of ${perPost} rows`,
        value: Math.max(...bulk),
        unit: 'ms',
        goal: '<= 2 s',
        pass: Math.max(...bulk) <= 2000,
      },
      {
        measure: `  all ${n} rows on Faire`,
        value: allOn,
        unit: 'ms',
        ref: bound,
        goal: '<= 1.2 x the Faire rate bound',
        pass: allOn <= bound * 1.2,
      },
      {
        measure: 'p95 answer, 100 single-row posts/s from 10 keys',
        value: p95,
        unit: 'ms',
        goal: '<= 100 ms',
        pass: p95 <= 100,
      },
      {
        measure: '  health p95 meanwhile',
        value: healthP95,
        unit: 'ms',
        goal: '< 100 ms',
        pass: healthP95 < 100,
      },
    ];
  } finally {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => Promise.race([p.exited, new Promise((r) => setTimeout(r, 15_000))])));
    for (const p of procs) p.child.kill('SIGKILL');
    await env.close();
    rmSync(stateDir, { recursive: true, force: true });
  }
}
