/* global window */
// web: the first screen of the built product in Chromium, as a connected owner (a company admin with
// Faire connected and orders synced) opens /dashboard cold (fresh profile, cache disabled). The build
// runs as production runs it: backend/dist/main.js in its own process serving frontend/dist with its
// precompressed files. Measures the JavaScript the first screen needs before it can render (index.html's
// entry script and its modulepreloads, gzipped), the largest contentful paint under three network
// profiles, what the page fetched twice, and when the dashboard's numbers were asked for.
// BENCH_WEB_BEFORE=<another checkout, built>: the same loads on that build, interleaved with this
// one's in the same run (so the machine's load weighs on both alike), as the reference.
import { chromium } from 'playwright-core';
import { ROOT } from './lib/backend.mjs';
import { median } from './lib/measure.mjs';
import { describeScripts, initialScripts, OWNER_EMAIL, startBuild } from './lib/web-build.mjs';

export const name = 'web';
export const title = 'first screen: initial JS and largest contentful paint of /dashboard in Chromium';

const KB = 1024;
const BEFORE_ROOT = process.env.BENCH_WEB_BEFORE;
/** Issue 25, measured on main (fc9e32a) for a connected owner, when no other build is given. */
const ISSUE_25 = { lcp: { slow4g: 3080, none: 1570 }, initialJs: 408 * KB };
const PROFILES = [
  { key: 'slow4g', label: 'Slow 4G (1.6 Mbps, 150 ms RTT)', down: 1.6e6, up: 750e3, rtt: 150 },
  { key: 'fast', label: '9 Mbps, 60 ms RTT', down: 9e6, up: 1.5e6, rtt: 60 },
  { key: 'none', label: 'unthrottled', down: 0, up: 0, rtt: 0 },
];
const NUMBERS = ['/api/analytics/stats', '/api/orders/late-rate'];

async function load(browser, baseUrl, profile) {
  const context = await browser.newContext({ viewport: { width: 1366, height: 860 } });
  try {
    // Signs in (the cookie lands in this fresh context) as the owner startBuild made.
    await context.request.post(`${baseUrl}/api/auth/dev-login`, {
      headers: { 'X-Requested-With': 'bench' },
      data: { email: OWNER_EMAIL },
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
    let t0;
    const types = new Map();
    const requested = [];
    cdp.on('Network.requestWillBeSent', (e) => {
      t0 ??= e.timestamp;
      requested.push({ url: e.request.url.replace(baseUrl, ''), at: (e.timestamp - t0) * 1000 });
    });
    cdp.on('Network.responseReceived', (e) => types.set(e.requestId, e.type));
    cdp.on('Network.loadingFinished', (e) => {
      transferred += e.encodedDataLength;
      if (types.get(e.requestId) === 'Script') scripts += e.encodedDataLength;
    });
    await page.goto(`${baseUrl}/dashboard`, { waitUntil: 'networkidle', timeout: 120_000 });
    await page.getByText('Open Orders Breakdown').waitFor({ timeout: 60_000 });
    await page.getByTestId('stat-open-orders').getByTestId('stat-value').waitFor({ timeout: 60_000 });
    // LCP is final once the page is interacted with; reading it after network idle is what tools do.
    const lcp = await page.evaluate(() => window.__lcp);
    const counts = new Map();
    for (const r of requested) counts.set(r.url, (counts.get(r.url) ?? 0) + 1);
    const twice = [...counts].filter(([, n]) => n > 1).map(([url]) => url);
    const numbersAt = Math.max(...NUMBERS.map((u) => requested.find((r) => r.url === u)?.at ?? Infinity));
    return { lcp, transferred, scripts, twice, numbersAt };
  } finally {
    await context.close();
  }
}

function summarize(runs) {
  return {
    lcp: median(runs.map((r) => r.lcp)),
    transferred: median(runs.map((r) => r.transferred)),
    scripts: median(runs.map((r) => r.scripts)),
    numbersAt: median(runs.map((r) => r.numbersAt)),
    twice: [...new Set(runs.flatMap((r) => r.twice))],
    runs: runs.length,
  };
}

export async function run(ctx) {
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
  const builds = [];
  try {
    builds.push(await startBuild('after', ROOT));
    if (BEFORE_ROOT) builds.push(await startBuild('before', BEFORE_ROOT));
    const initial = Object.fromEntries(builds.map((b) => [b.label, initialScripts(b.dist)]));
    for (const b of builds) ctx.log(`${b.label}: initial scripts ${describeScripts(initial[b.label])}`);
    // At least 3 loads per profile and build (1 with --quick): one paint is noisy on a shared machine.
    const loads = ctx.quick ? 1 : Math.max(3, ctx.runs);
    const results = Object.fromEntries(builds.map((b) => [b.label, {}]));
    for (const profile of PROFILES) {
      const runs = Object.fromEntries(builds.map((b) => [b.label, []]));
      for (let i = 0; i < loads; i++) {
        for (const b of builds) runs[b.label].push(await load(browser, b.baseUrl, profile));
      }
      for (const b of builds) {
        const s = (results[b.label][profile.key] = summarize(runs[b.label]));
        ctx.log(
          `${b.label}, ${profile.label}: LCP ${s.lcp.toFixed(0)} ms (${runs[b.label].map((r) => r.lcp.toFixed(0)).join(', ')}); ` +
            `numbers asked for at ${s.numbersAt.toFixed(0)} ms; fetched twice: ${s.twice.join(', ') || 'nothing'}`,
        );
      }
    }
    const after = results.after;
    const before = results.before;
    const ref = (key, pick, fallback) =>
      before
        ? { refLabel: 'before', ref: pick(before[key]) }
        : fallback === undefined
          ? {}
          : { refLabel: 'main, issue 25', ref: fallback };
    const twiceAll = [...new Set(PROFILES.flatMap((p) => after[p.key].twice))];
    return [
      {
        measure: 'initial JS of the first screen (entry + modulepreload), gzipped',
        value: initial.after.gzip,
        unit: 'bytes',
        ...(before
          ? { refLabel: 'before', ref: initial.before.gzip }
          : { refLabel: 'main, issue 25 (all JS)', ref: ISSUE_25.initialJs }),
        goal: '<= 300 KB',
        pass: initial.after.gzip <= 300 * KB,
        note: `${initial.after.files.length} files`,
      },
      {
        measure: `LCP of /dashboard, connected owner, cold, ${PROFILES[0].label}`,
        value: after.slow4g.lcp,
        unit: 'ms',
        ...ref('slow4g', (r) => r.lcp, ISSUE_25.lcp.slow4g),
        goal: '<= 2.5 s',
        pass: after.slow4g.lcp <= 2500,
        note: `median of ${after.slow4g.runs}`,
      },
      {
        measure: `LCP of /dashboard, connected owner, cold, ${PROFILES[2].label}`,
        value: after.none.lcp,
        unit: 'ms',
        ...ref('none', (r) => r.lcp, ISSUE_25.lcp.none),
        goal: '<= 1.0 s',
        pass: after.none.lcp <= 1000,
        note: `median of ${after.none.runs}`,
      },
      {
        measure: 'URLs the first screen fetched twice (any profile)',
        value: twiceAll.length,
        unit: '',
        ...(before
          ? { refLabel: 'before', ref: new Set(PROFILES.flatMap((p) => before[p.key].twice)).size }
          : {}),
        ratioText: '-',
        goal: '0',
        pass: twiceAll.length === 0,
        note: twiceAll.join(', ') || undefined,
      },
      {
        info: true,
        measure: `  LCP of /dashboard, cold, ${PROFILES[1].label}`,
        value: after.fast.lcp,
        unit: 'ms',
        ...ref('fast', (r) => r.lcp),
      },
      {
        info: true,
        measure: `  stats and late rate asked for (after the page's request), ${PROFILES[0].label}`,
        value: after.slow4g.numbersAt,
        unit: 'ms',
        ...ref('slow4g', (r) => r.numbersAt),
      },
      {
        info: true,
        measure: '  transferred until network idle (all files, compressed as sent), Slow 4G',
        value: after.slow4g.transferred,
        unit: 'bytes',
        ...ref('slow4g', (r) => r.transferred),
      },
      {
        info: true,
        measure: '  of which JavaScript (the lazy chart included)',
        value: after.slow4g.scripts,
        unit: 'bytes',
        ...ref('slow4g', (r) => r.scripts),
      },
    ];
  } finally {
    await browser.close();
    for (const b of builds) await b.close();
  }
}
