// fleet: the product as a fleet. 2 API processes and 3 worker processes (backend/dist/main.js, as
// production runs them) on one Postgres and Redis; 5 companies, each on its own Faire brand in the
// sandbox, upload a 2,000-row file at the same moment (to alternating API processes). Measured: every
// row terminal, no shipment created twice in the sandbox's ledger, each brand's calls per second against
// its rate limit (sliding 1 s windows, and 429s), and the history endpoint's latency over HTTP with 10
// readers polling it while the fleet works. Once a quarter of the rows are done, one worker is killed
// with SIGKILL and a replacement starts (as an orchestrator would): the recovery time is how long the
// rows the dead worker held (its active jobs' rows) stay untouched, i.e. until each is terminal or being
// worked on again (decision 0021: taken back at the replacement's boot, not when the locks lapse).
import { Queue } from 'bullmq';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { ROOT } from './lib/backend.mjs';
import { toCsv } from './lib/data.mjs';
import { REDIS_URL, agent, openEnv } from './lib/env.mjs';
import { quantile } from './lib/measure.mjs';

export const name = 'fleet';
export const title = '2 API + 3 worker processes, 5 companies uploading 2,000 rows each at once';

const MAIN = join(ROOT, 'backend', 'dist', 'main.js');
const LIMIT = 20; // requests per second per brand: the app's setting and the sandbox's enforcement
const BRANDS = 5;
const READERS = 10;
const LINE = /^\[faire-sandbox\] (\w+) \/external-api\/v2(\S*) (\d{3}|-) (\d+)ms/;

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function startProcess(env, mode, extra) {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, NODE_OPTIONS: '', ...env, WORKER_MODE: mode, ...extra },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise((r) => child.once('exit', (code, sig) => r(code ?? sig)));
  const ready = new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      if (/is running/.test(out)) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    void exited.then((code) => {
      clearInterval(timer);
      reject(new Error(`${mode} process exited (${code}) before it was running:\n${out.slice(-2000)}`));
    });
  });
  ready.catch(() => undefined);
  return { child, mode, ready, exited, output: () => out };
}

let serial = 0;
function makeRows(sandbox, brandId, count, orderBrand) {
  const rows = [];
  const today = new Date().toISOString().slice(0, 10);
  let k = 0;
  while (rows.length < count) {
    const order = sandbox.createOrder(brandId, { state: 'PROCESSING' });
    orderBrand.set(order.id, brandId);
    const per = 1 + (k++ % 3);
    for (let i = 0; i < per && rows.length < count; i++) {
      serial += 1;
      rows.push([order.id, `1ZFL${String(serial).padStart(14, '0')}`, 'UPS', today, '3.10']);
    }
  }
  return rows;
}

const fmtS = (ms) => (ms === null ? '-' : `${(ms / 1000).toFixed(1)} s`);

/** Most calls in any 1-second window (sorted timestamps in ms). */
function maxPerSecond(times) {
  let best = 0;
  let lo = 0;
  for (let hi = 0; hi < times.length; hi++) {
    while (times[hi] - times[lo] >= 1000) lo++;
    best = Math.max(best, hi - lo + 1);
  }
  return best;
}

/** Kills the last worker with SIGKILL and starts a replacement; what the dead worker held, and when. */
async function killOneWorker(procs, common, env) {
  const victim = procs.filter((p) => p.mode === 'worker').at(-1);
  victim.child.kill('SIGKILL');
  await victim.exited;
  const at = Date.now();
  const { rows } = await env.pool.query('SELECT now() AS now');
  const queue = new Queue('shipments', { connection: { url: REDIS_URL }, prefix: env.prefix });
  const held = (await queue.getJobs(['active'])).flatMap((j) => j.data.shipmentIds ?? []);
  const replacement = startProcess(common, 'worker', {});
  procs.push(replacement);
  const crash = {
    at,
    killedAt: rows[0].now,
    held,
    queue,
    recoveredMs: null,
    jobsBackMs: null,
    readyMs: null,
  };
  void replacement.ready.then(() => (crash.readyMs = Date.now() - at));
  return crash;
}

/** Active shipments jobs whose worker process is gone (no `<prefix>:live:<id>` connection in Redis). */
async function jobsOfDeadWorkers(crash, env) {
  const list = String(await env.redis.call('CLIENT', 'LIST'));
  const alive = new Set(
    [...list.matchAll(/name=(\S+)/g)]
      .map((m) => m[1])
      .filter((n) => n.startsWith(`${env.prefix}:live:`))
      .map((n) => n.slice(`${env.prefix}:live:`.length)),
  );
  return (await crash.queue.getJobs(['active'])).filter((j) => j.processedBy && !alive.has(j.processedBy))
    .length;
}

/**
 * Two times: until the dead worker's jobs are back in the queue (no active job of a dead process), and
 * until every row held at the kill is terminal or was worked on after it (which also waits for its turn).
 */
async function checkRecovered(crash, env) {
  if (crash.jobsBackMs === null && (await jobsOfDeadWorkers(crash, env)) === 0)
    crash.jobsBackMs = Date.now() - crash.at;
  const { rows } = await env.pool.query(
    `SELECT count(*)::int AS n FROM shipments
      WHERE id = ANY($1::uuid[]) AND status = 'PENDING' AND updated_at <= $2`,
    [crash.held, crash.killedAt],
  );
  if (rows[0].n === 0) crash.recoveredMs = Date.now() - crash.at;
}

export async function run(ctx) {
  const rowsPerFile = ctx.quick ? 400 : 2000;
  const requests = [];
  const brands = Array.from({ length: BRANDS }, (_, i) => ({
    brandId: `b_fleet${i + 1}`,
    name: `Fleet Brand ${i + 1}`,
    token: `sbx_fleet${i + 1}_${randomBytes(6).toString('hex')}`,
  }));
  const env = await openEnv('fleet', {
    sandbox: {
      brands,
      logger: (line) => {
        const m = LINE.exec(line);
        if (m) requests.push({ at: performance.now(), method: m[1], path: m[2], status: m[3] });
      },
    },
  });
  const stateDir = mkdtempSync(join(tmpdir(), 'portal-fleet-'));
  const procs = [];
  try {
    env.sandbox.knobs.set({ latencyMs: 30, perTokenRatePerSecond: LIMIT });
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
      FAIRE_REQUESTS_PER_SECOND: String(LIMIT),
      FAIRE_TIMEOUT_MS: '5000',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      APP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    };
    const apiPorts = [await freePort(), await freePort()];
    for (const port of apiPorts) {
      procs.push(startProcess(common, 'api', { PORT: String(port), HOST: '127.0.0.1' }));
    }
    for (let i = 0; i < 3; i++) procs.push(startProcess(common, 'worker', {}));
    await Promise.all(procs.map((p) => p.ready));
    const apis = apiPorts.map((p) => `http://127.0.0.1:${p}`);
    ctx.log(`fleet up: APIs on ${apiPorts.join(', ')}, 3 workers`);

    const companies = [];
    const orderBrand = new Map();
    for (const [i, brand] of brands.entries()) {
      const a = agent(apis[i % 2]);
      await a.post('/api/auth/dev-login', {
        email: `fleet${i + 1}@bench.test`,
        name: `Fleet ${i + 1}`,
        faireToken: brand.token,
      });
      const company = await a.post('/api/company/create', { name: brand.name });
      companies.push({
        agent: a,
        companyId: company.company.id,
        rows: makeRows(env.sandbox, brand.brandId, rowsPerFile, orderBrand),
      });
    }
    requests.length = 0;

    // 10 readers on the history endpoint, alternating API processes, while the fleet works.
    let reading = true;
    const latencies = [];
    const readers = Array.from({ length: READERS }, async (_, i) => {
      const c = companies[i % companies.length];
      const reader = agent(apis[(i + 1) % 2]);
      await reader.post('/api/auth/dev-login', {
        email: `fleet${(i % companies.length) + 1}@bench.test`,
        name: 'Reader',
      });
      while (reading) {
        const t = performance.now();
        await reader.get(`/api/shipments?page=${1 + (i % 3)}&limit=50`);
        latencies.push(performance.now() - t);
        await new Promise((r) => setTimeout(r, 50));
      }
      return c;
    });

    const t0 = Date.now();
    const uploads = await Promise.all(
      companies.map((c, i) => c.agent.upload(toCsv(c.rows), `fleet-${i + 1}.csv`)),
    );
    const tAnswered = Date.now();
    for (const [i, u] of uploads.entries()) {
      if (u.validRows !== rowsPerFile) {
        throw new Error(`upload ${i + 1}: ${u.validRows} valid of ${rowsPerFile}`);
      }
    }
    const ids = companies.map((c) => c.companyId);
    const deadline = Date.now() + (ctx.quick ? 300_000 : 900_000);
    const total = BRANDS * rowsPerFile;
    let crash = null;
    let left;
    for (;;) {
      const { rows } = await env.pool.query(
        `SELECT (SELECT count(*) FROM shipments WHERE company_id = ANY($1::uuid[]) AND status = 'PENDING')::int
              + (SELECT coalesce(sum(b.row_count), 0) FROM upload_batches b JOIN uploads u ON u.id = b.upload_id
                  WHERE u.company_id = ANY($1::uuid[]))::int AS n`,
        [ids],
      );
      left = rows[0].n;
      if (!crash && left > 0 && left <= total * 0.75) crash = await killOneWorker(procs, common, env);
      if (crash && crash.recoveredMs === null) await checkRecovered(crash, env);
      if ((left === 0 && (!crash || crash.recoveredMs !== null)) || Date.now() > deadline) break;
      await new Promise((r) => setTimeout(r, crash && crash.recoveredMs === null ? 250 : 1000));
    }
    const doneMs = Date.now() - t0;
    await crash?.queue.close();
    reading = false;
    await Promise.all(readers);

    const { rows: statuses } = await env.pool.query(
      `SELECT status, count(*)::int AS n FROM shipments WHERE company_id = ANY($1::uuid[]) GROUP BY status ORDER BY status`,
      [ids],
    );
    const counts = new Map();
    for (const brand of brands) {
      for (const order of env.sandbox.listOrders(brand.brandId)) {
        for (const s of order.shipments) {
          counts.set(
            `${order.id}|${s.tracking_code}`,
            (counts.get(`${order.id}|${s.tracking_code}`) ?? 0) + 1,
          );
        }
      }
    }
    const duplicates = [...counts.values()].filter((n) => n > 1).length;
    const missing = companies
      .flatMap((c) => c.rows)
      .filter(([o, code]) => !counts.has(`${o}|${code}`)).length;

    const perBrand = brands.map((b) => {
      const mine = requests.filter((r) => orderBrand.get(r.path.split('/')[2]) === b.brandId);
      const ok = mine.filter((r) => r.status !== '429').map((r) => r.at);
      return {
        brand: b.brandId,
        calls: mine.length,
        throttled: mine.length - ok.length,
        maxPerSecond: maxPerSecond(ok),
      };
    });
    const worstRate = Math.max(...perBrand.map((p) => p.maxPerSecond));
    const throttled = perBrand.reduce((s, p) => s + p.throttled, 0);
    const p95 = quantile(latencies, 0.95);
    ctx.log(`statuses: ${statuses.map((s) => `${s.status} ${s.n}`).join(', ')}; ${left} rows not terminal`);
    ctx.log(
      `uploads answered in ${((tAnswered - t0) / 1000).toFixed(1)} s; all rows terminal after ${(doneMs / 1000).toFixed(1)} s`,
    );
    ctx.log(
      `per brand: ${perBrand.map((p) => `${p.brand} ${p.calls} calls, max ${p.maxPerSecond}/s, ${p.throttled} x 429`).join('; ')}`,
    );
    ctx.log(
      crash
        ? `kill -9 of a worker (${crash.held.length} rows in active jobs): its jobs back in the queue after ${fmtS(crash.jobsBackMs)}, every row terminal or worked on again after ${fmtS(crash.recoveredMs)} (replacement ready after ${fmtS(crash.readyMs)})`
        : 'no worker was killed (the run ended first)',
    );
    ctx.log(
      `history: ${latencies.length} reads, p50 ${quantile(latencies, 0.5).toFixed(0)} ms, p95 ${p95.toFixed(0)} ms`,
    );
    return [
      {
        measure: `rows terminal (${BRANDS} x ${rowsPerFile} rows)`,
        value: BRANDS * rowsPerFile - left,
        unit: '',
        refLabel: 'rows',
        ref: BRANDS * rowsPerFile,
        ratioText: '-',
        goal: 'all',
        pass: left === 0,
        note: `${(doneMs / 1000).toFixed(0)} s`,
      },
      {
        measure: 'shipments created twice on the marketplace',
        value: duplicates,
        unit: '',
        goal: '0',
        pass: duplicates === 0 && missing === 0,
        note: `${missing} rows missing`,
      },
      {
        measure: "busiest second of any brand's calls",
        value: worstRate,
        unit: 'req/s',
        refLabel: 'limit',
        ref: LIMIT,
        refUnit: 'req/s',
        goal: `<= ${LIMIT} req/s (+1 slot)`,
        pass: worstRate <= LIMIT + 1,
        note: `${throttled} x 429`,
      },
      {
        measure: 'kill -9 of a worker: its jobs back in the queue after',
        value: crash?.jobsBackMs ?? null,
        unit: 'ms',
        goal: '',
        note: crash ? `replacement ready after ${fmtS(crash.readyMs)}` : 'no kill',
      },
      {
        measure: 'recovery after kill -9 of a worker (replacement started at once)',
        value: crash?.recoveredMs ?? null,
        unit: 'ms',
        goal: '<= 120 s',
        pass: crash !== null && crash.recoveredMs !== null && crash.recoveredMs <= 120_000,
        note: crash ? `${crash.held.length} rows held` : 'no kill',
      },
      {
        measure: `history p95 over HTTP, ${READERS} readers during the run`,
        value: p95,
        unit: 'ms',
        goal: '<= 100 ms',
        pass: p95 <= 100,
        note: `${latencies.length} reads`,
      },
    ];
  } finally {
    for (const p of procs) p.child.kill('SIGTERM');
    await Promise.all(procs.map((p) => Promise.race([p.exited, new Promise((r) => setTimeout(r, 15_000))])));
    for (const p of procs) {
      if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    }
    rmSync(stateDir, { recursive: true, force: true });
  }
}
