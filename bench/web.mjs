/* global window */
// web: the first screen of the built product in Chromium, as a signed-in brand opens /dashboard cold
// (fresh profile, cache disabled), served by the API process like production (precompressed assets).
// Measures the JavaScript the first screen needs before it can render (index.html's entry script and
// its modulepreloads, gzipped) and the largest contentful paint under three network profiles, next to
// the figures measured before the change (issue 16, main at 834d600).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { ROOT } from './lib/backend.mjs';
import { openEnv } from './lib/env.mjs';
import { median } from './lib/measure.mjs';

export const name = 'web';
export const title = 'first screen: initial JS and largest contentful paint of /dashboard in Chromium';

const DIST = join(ROOT, 'frontend', 'dist');
const KB = 1024;
/** Issue 16, measured on main (834d600) with the cache disabled. */
const BEFORE = {
  initialJsGzip: 497 * KB,
  transferred: 1.63 * KB * KB,
  lcp: { none: 920, fast: 2080, slow4g: 9200 },
};
const PROFILES = [
  { key: 'slow4g', label: 'Slow 4G (1.6 Mbps, 150 ms RTT)', down: 1.6e6, up: 750e3, rtt: 150 },
  { key: 'fast', label: '9 Mbps, 60 ms RTT', down: 9e6, up: 1.5e6, rtt: 60 },
  { key: 'none', label: 'unthrottled', down: 0, up: 0, rtt: 0 },
];

/** Scripts index.html makes the browser fetch before anything renders: the entry and its modulepreloads. */
function initialScripts() {
  const html = readFileSync(join(DIST, 'index.html'), 'utf8');
  const urls = [
    ...html.matchAll(/<script[^>]+src="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g),
  ].map((m) => m[1]);
  return [...new Set(urls)].map((url) => {
    const data = readFileSync(join(DIST, url));
    return { url, bytes: data.length, gzip: gzipSync(data, { level: 9 }).length };
  });
}

async function load(browser, baseUrl, profile) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    const headers = { 'X-Requested-With': 'bench' };
    // Signs in (the cookie lands in this fresh context) with the company made in run().
    await context.request.post(`${baseUrl}/api/auth/dev-login`, {
      headers,
      data: { email: 'web@bench.test' },
    });
    const page = await context.newPage();
    await page.addInitScript(() => {
      window.__lcp = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) window.__lcp = e.startTime;
      }).observe({ type: 'largest-contentful-paint', buffered: true });
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (profile.rtt) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: profile.rtt,
        downloadThroughput: profile.down / 8,
        uploadThroughput: profile.up / 8,
      });
    }
    let transferred = 0;
    let scripts = 0;
    const types = new Map();
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      transferred += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') scripts += e.encodedDataLength;
    });
    await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.getByText('Open Orders Breakdown').waitFor({ timeout: 60_000 });
    // LCP is final once the page is interacted with; reading it after network idle is what tools do.
    const lcp = await page.evaluate(() => window.__lcp);
    return { lcp, transferred, scripts };
  } finally {
    await context.close();
  }
}

export async function run(ctx) {
  if (!existsSync(join(DIST, 'index.html'))) {
    throw new Error('frontend/dist is missing: run `npm run build -w @portal/frontend` first');
  }
  const initial = initialScripts();
  const initialGzip = initial.reduce((s, f) => s + f.gzip, 0);
  ctx.log(`initial scripts: ${initial.map((f) => `${f.url} ${(f.gzip / KB).toFixed(1)} KB`).join(', ')}`);

  const env = await openEnv('web', {
    app: true,
    sandbox: true,
    env: { SERVE_FRONTEND: 'true', FRONTEND_DIST: DIST },
  });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-sync',
    ],
  });
  try {
    // A brand with a connected Faire account and synced orders, so the dashboard shows its breakdown.
    const api = await browser.newContext();
    const headers = { 'X-Requested-With': 'bench' };
    const brand = env.sandbox.fixtures().brand1;
    const ok = async (res) => {
      if (!res.ok()) throw new Error(`${res.url()} -> ${res.status()}: ${(await res.text()).slice(0, 200)}`);
    };
    await ok(
      await api.request.post(`${env.baseUrl}/api/auth/dev-login`, {
        headers,
        data: { email: 'web@bench.test', name: 'Web', faireToken: brand.token },
      }),
    );
    await ok(
      await api.request.post(`${env.baseUrl}/api/company/create`, { headers, data: { name: 'Web Bench' } }),
    );
    await ok(await api.request.post(`${env.baseUrl}/api/orders/refresh`, { headers }));
    await api.close();

    const results = {};
    for (const profile of PROFILES) {
      const runs = [];
      for (let i = 0; i < ctx.runs; i++) runs.push(await load(browser, env.baseUrl, profile));
      results[profile.key] = {
        lcp: median(runs.map((r) => r.lcp)),
        transferred: median(runs.map((r) => r.transferred)),
        scripts: median(runs.map((r) => r.scripts)),
      };
      ctx.log(`${profile.label}: LCP ${results[profile.key].lcp.toFixed(0)} ms over ${runs.length} load(s)`);
    }
    const slow = results.slow4g;
    return [
      {
        measure: 'initial JS of the first screen (entry + modulepreload), gzipped',
        value: initialGzip,
        unit: 'bytes',
        refLabel: 'before',
        ref: BEFORE.initialJsGzip,
        goal: '<= 350 KB',
        pass: initialGzip <= 350 * KB,
        note: `${initial.length} files`,
      },
      {
        measure: `LCP of /dashboard, cold, ${PROFILES[0].label}`,
        value: slow.lcp,
        unit: 'ms',
        refLabel: 'before',
        ref: BEFORE.lcp.slow4g,
        goal: '<= 2.5 s',
        pass: slow.lcp <= 2500,
      },
      ...PROFILES.slice(1).map((p) => ({
        info: true,
        measure: `  LCP of /dashboard, cold, ${p.label}`,
        value: results[p.key].lcp,
        unit: 'ms',
        refLabel: 'before',
        ref: BEFORE.lcp[p.key],
      })),
      {
        info: true,
        measure: '  transferred until network idle (all files, compressed as sent)',
        value: slow.transferred,
        unit: 'bytes',
        refLabel: 'before',
        ref: BEFORE.transferred,
      },
      {
        info: true,
        measure: '  of which JavaScript (lazy chunks of the screen included)',
        value: slow.scripts,
        unit: 'bytes',
      },
    ];
  } finally {
    await browser.close();
  }
}
