// One build of the product (its backend/dist/main.js serving its frontend/dist) in a process of its own,
// as production runs it, on a fresh database with a Faire sandbox, and a connected owner to open it as:
// a company admin whose company has Faire connected and orders synced. Used by the web benchmark to
// measure this checkout and, with BENCH_WEB_BEFORE, another one in the same run.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { openEnv, REDIS_URL } from './env.mjs';
import { freePort } from './free-port.mjs';

export const OWNER_EMAIL = 'web@bench.test';
const KB = 1024;

/** Scripts index.html makes the browser fetch before anything renders: the entry and its modulepreloads. */
export function initialScripts(dist) {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  const files = [...new Set(urls)].map((url) => {
    const data = readFileSync(join(dist, url));
    return { url, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
  return { files, gzip: files.reduce((s, f) => s + f.gzip, 0) };
}

export function describeScripts(initial) {
  return initial.files
    .map((f) => `${f.url.replace('/assets/', '')} ${(f.gzip / KB).toFixed(1)} KB`)
    .join(', ');
}

/**
 * Starts `root`'s build (`label` names it in errors) and signs up the connected owner. Returns
 * { label, baseUrl, dist, close() }.
 */
export async function startBuild(label, root) {
  const main = join(root, 'backend', 'dist', 'main.js');
  const dist = join(root, 'frontend', 'dist');
  for (const f of [main, join(dist, 'index.html')]) {
    if (!existsSync(f)) throw new Error(`${label}: ${f} is missing: build it first (npm run build)`);
  }
  const env = await openEnv(`web_${label}`, { sandbox: true });
  const stateDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
  const port = await freePort();
  const child = spawn(process.execPath, [main], {
    cwd: root,
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      NODE_ENV: 'test',
      WORKER_MODE: 'all',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATABASE_URL: env.databaseUrl,
      REDIS_URL,
      QUEUE_PREFIX: env.prefix,
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      LOCAL_STATE_DIR: stateDir,
      SHUTDOWN_TIMEOUT_MS: '2000',
      AUTH_DEV_LOGIN: 'true',
      SERVE_FRONTEND: 'true',
      FRONTEND_DIST: dist,
      FAIRE_API_BASE_URL: env.sandbox.apiBaseUrl,
      FAIRE_OAUTH_BASE_URL: env.sandbox.oauthBaseUrl,
      FAIRE_APPLICATION_ID: 'apa_sandbox_demo',
      FAIRE_APPLICATION_SECRET: 'sbx_demo_secret',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (c) => (out += c));
  child.stderr.on('data', (c) => (out += c));
  const exited = new Promise((r) => child.once('exit', (code, sig) => r(code ?? sig)));
  // Ctrl-C or a crash of the bench must not leave the server running.
  const orphan = () => child.kill('SIGKILL');
  process.once('exit', orphan);
  const close = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', orphan);
    await env.close();
    rmSync(stateDir, { recursive: true, force: true });
  };
  try {
    await new Promise((resolve, reject) => {
      const timer = setInterval(() => /is running/.test(out) && (clearInterval(timer), resolve()), 100);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`${label}: the server exited (${code}) before it ran:\n${out.slice(-2000)}`));
      });
    });
    const baseUrl = `http://127.0.0.1:${port}`;
    await connectedOwner(baseUrl, env.sandbox.fixtures().brand1.token, label);
    return { label, baseUrl, dist, close };
  } catch (err) {
    await close();
    throw err;
  }
}

/** A company admin with Faire connected (a brand token) and the brand's orders synced; checked, not assumed. */
async function connectedOwner(baseUrl, faireToken, label) {
  let cookie = '';
  const call = async (method, path, body) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        'X-Requested-With': 'bench',
        ...(cookie ? { Cookie: cookie } : {}),
        ...(body ? { 'Content-Type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    const set = res.headers.getSetCookie().find((c) => c.startsWith('sid='));
    if (set) cookie = set.split(';')[0];
    const text = await res.text();
    if (!res.ok) throw new Error(`${label}: ${method} ${path} -> ${res.status}: ${text.slice(0, 200)}`);
    return text ? JSON.parse(text) : undefined;
  };
  await call('POST', '/api/auth/dev-login', { email: OWNER_EMAIL, name: 'Web', faireToken });
  await call('POST', '/api/company/create', { name: 'Web Bench' });
  await call('POST', '/api/orders/refresh');
  const connection = await call('GET', '/api/faire/connection');
  const stats = await call('GET', '/api/analytics/stats');
  const me = await call('GET', '/api/auth/me');
  if (connection.status !== 'CONNECTED' || !(stats.openOrders > 0) || me.company?.role !== 'COMPANY_ADMIN') {
    throw new Error(
      `${label}: the owner is not a connected company admin with orders ` +
        `(connection ${connection.status}, ${stats.openOrders} open orders, role ${me.company?.role})`,
    );
  }
  return { openOrders: stats.openOrders, brandName: connection.brandName };
}
