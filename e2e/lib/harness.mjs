// The browser test harness: starts the whole product the way `npm start` does (scripts/start.mjs, with the
// build already done by nx), each run on its own port, database and queue prefix; drives Debian's chromium
// through playwright-core; saves screenshots under e2e/screenshots/.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { chromium } from 'playwright-core';
import { cloneDatabase, ensureTemplateDatabase } from './template-db.mjs';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const SCREENSHOTS = join(ROOT, 'e2e', 'screenshots');
const PG_BASE = process.env.E2E_PG_BASE ?? 'postgres://postgres@127.0.0.1:5432';
const REDIS_URL = process.env.E2E_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * A port free right now. Picked at random below the kernel's ephemeral range (32768 and up on Linux): a
 * port the kernel hands out (listen on 0) is also what it gives the next outgoing connection (Postgres,
 * Redis, chromium), so under load it was taken between being picked and being listened on. Here only
 * another file's pick can collide, and the bind check rules out a port already listened on.
 */
export async function freePort() {
  for (let tries = 0; ; tries++) {
    const port = 15000 + Math.floor(Math.random() * 17000);
    if (await canListen(port)) return port;
    if (tries > 50) throw new Error('no free port found between 15000 and 32000');
  }
}

function canListen(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)));
  });
}

export function uniqueName(prefix) {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

/** Runs the product as `npm start` runs it. Resolves once /api/health is green, or rejects with its output. */
export async function startProduct({ env = {}, waitForHealth = true, timeoutMs = 60_000 } = {}) {
  const dbName = uniqueName('e2e');
  if (!env.DATABASE_URL) {
    // A copy of the migrated template: the product's migration run at boot finds nothing to do. Made
    // before the ports are picked, so no other file's product can take a picked port meanwhile.
    const template = await ensureTemplateDatabase(PG_BASE, join(ROOT, 'backend', 'dist'));
    await cloneDatabase(PG_BASE, dbName, template);
  }
  const port = await freePort();
  const sandboxPort = await freePort();
  const shipstationPort = await freePort();
  const shopifyPort = await freePort();
  const stateDir = mkdtempSync(join(tmpdir(), 'portal-e2e-'));
  const url = `http://localhost:${port}`;
  const childEnv = {
    ...process.env,
    SKIP_BUILD: '1',
    NODE_ENV: 'development',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    DATABASE_URL: `${PG_BASE}/${dbName}`,
    REDIS_URL,
    QUEUE_PREFIX: dbName,
    LOCAL_STATE_DIR: stateDir,
    LOG_LEVEL: 'warn',
    SHUTDOWN_TIMEOUT_MS: '3000',
    SANDBOX_PORT: String(sandboxPort),
    SHIPSTATION_SANDBOX_PORT: String(shipstationPort),
    SHOPIFY_SANDBOX_PORT: String(shopifyPort),
    ...env,
  };
  const child = spawn(process.execPath, [join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));

  const product = {
    url,
    port,
    sandboxUrl: `http://127.0.0.1:${sandboxPort}`,
    shipstationSandboxUrl: `http://127.0.0.1:${shipstationPort}`,
    shopifySandboxUrl: `http://127.0.0.1:${shopifyPort}`,
    dbName,
    databaseUrl: childEnv.DATABASE_URL,
    env: childEnv,
    output: () => output,
    exited,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const result = await Promise.race([exited, sleep(15_000).then(() => 'timeout')]);
      if (result === 'timeout') child.kill('SIGKILL');
      await dropDatabase(dbName).catch(() => undefined);
      rmSync(stateDir, { recursive: true, force: true });
      return result;
    },
  };
  if (!waitForHealth) return product;

  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      throw new Error(`The product exited with code ${child.exitCode} before it was healthy:\n${output}`);
    }
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) return product;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  await product.stop();
  throw new Error(`The product was not healthy within ${timeoutMs} ms:\n${output}`);
}

export async function dropDatabase(name) {
  const client = new pg.Client({ connectionString: `${PG_BASE}/postgres` });
  await client.connect();
  try {
    await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  } finally {
    await client.end();
  }
}

/** One headless chromium for a test file; `page()` opens a fresh context (cookies not shared). */
export async function launchBrowser() {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--disable-dev-shm-usage',
    ],
  });
  const errors = [];
  return {
    browser,
    errors,
    async page({ width = 1366, height = 860, mobile = false } = {}) {
      const context = await browser.newContext({
        viewport: mobile ? { width: 390, height: 844 } : { width, height },
        deviceScaleFactor: 1,
        isMobile: mobile,
        hasTouch: mobile,
      });
      const page = await context.newPage();
      page.on('pageerror', (err) => errors.push(`pageerror: ${err.message}`));
      page.on('console', (msg) => {
        // HTTP statuses are asserted by the tests themselves (a signed-out 401 is expected).
        if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) {
          errors.push(`console: ${msg.text()}`);
        }
      });
      page.on('response', (res) => {
        if (res.status() >= 500) errors.push(`HTTP ${res.status()} ${res.request().method()} ${res.url()}`);
      });
      return page;
    },
    async close() {
      await browser.close();
    },
  };
}

export async function screenshot(page, name) {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const path = join(SCREENSHOTS, `${name}.png`);
  // Let dialog and chart transitions settle so the picture shows what a person sees.
  await page.waitForTimeout(400);
  await page.screenshot({ path, fullPage: true });
  return path;
}

export function sleep(ms) {
  return new Promise((r) => setTimeout(r, ms));
}

/** Signs in through the developer sign-in form, as a person would. Resolves on the page after sign-in. */
export async function devSignIn(page, product, { email, name, faireToken, stay = false } = {}) {
  if (!stay) await page.goto(`${product.url}/`);
  const form = page.getByRole('form', { name: 'Developer sign-in' });
  await form.getByLabel('Email').fill(email);
  if (name) await form.getByLabel('Name').fill(name);
  if (faireToken) await form.getByLabel('Faire token (optional)').fill(faireToken);
  await form.getByRole('button', { name: 'Sign in as developer' }).click();
  await page.waitForURL(
    (u) => !u.pathname.endsWith('/') || u.pathname === '/no-company' || u.pathname === '/dashboard',
    { timeout: 30_000 },
  );
}

/** Signs in and creates a company from the no-company screen. */
export async function signUpWithCompany(page, product, { email, name, company, faireToken }) {
  await devSignIn(page, product, { email, name, faireToken });
  await page.waitForURL(/\/no-company$/);
  await page.getByLabel('Company name (optional)').fill(company);
  await page.getByRole('button', { name: 'Create Company' }).click();
  await page.waitForURL(/\/dashboard$/);
}

/** Calls the product's API from the page (same cookies, anti-forgery header). */
export async function api(page, method, path, body) {
  return page.evaluate(
    async ({ method, path, body }) => {
      const res = await fetch(path, {
        method,
        credentials: 'include',
        headers: { 'X-Requested-With': 'fetch', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      let json = null;
      try {
        json = JSON.parse(text);
      } catch {
        /* not JSON */
      }
      return { status: res.status, body: json };
    },
    { method, path, body },
  );
}

/** Waits for a toast with this title (and description when given). */
export async function toast(page, title, description) {
  // One wait for the whole toast: it stays 5 s, so a second wait after the first could miss it.
  const t = page.getByTestId('toast').filter({ hasText: title });
  try {
    await (description ? t.filter({ hasText: description }) : t).first().waitFor({ timeout: 30_000 });
  } catch (err) {
    // Say what was on screen instead: another toast, or none, and where the page was.
    const shown = await page
      .getByTestId('toast')
      .allInnerTexts()
      .catch(() => []);
    throw new Error(
      `No toast "${title}"${description ? ` / "${description}"` : ''} at ${page.url()}; ` +
        `toasts shown now: ${JSON.stringify(shown)}. ${err.message}`,
      { cause: err },
    );
  }
}
