// throughput: the worker against the sandbox with 50 ms latency and a 10 requests/s limit per brand.
// 1. one brand's ~300-row upload: requests per second achieved as a share of the limit;
// 2. two companies at once: a big file for brand 1, then a small one for brand 2 — when does each get
//    its first shipment, and when is the big file done?
import { performance } from 'node:perf_hooks';
import { companyAdmin, openEnv } from './lib/env.mjs';
import { toCsv } from './lib/data.mjs';

export const name = 'throughput';
export const title = 'shipments against the sandbox (50 ms latency, 10 req/s per brand)';

const LIMIT = 10;
const LINE = /^\[faire-sandbox\] (\w+) \/external-api\/v2(\S*) (\d{3}|-) (\d+)ms/;

let serial = 0;
function trackingNumber() {
  serial += 1;
  // UPS shape: 1Z + 16 letters/digits (the check digit is not required to be right).
  return `1ZBN${String(Date.now() % 1e6).padStart(6, '0')}${String(serial).padStart(8, '0')}`;
}

/** Creates PROCESSING orders on the sandbox for `brand` and answers `count` CSV rows (1-3 per order). */
function makeRows(sandbox, brand, count, orderIds) {
  const rows = [];
  const today = new Date().toISOString().slice(0, 10);
  let k = 0;
  while (rows.length < count) {
    const order = sandbox.createOrder(brand, { state: 'PROCESSING' });
    orderIds.add(order.id);
    const per = 1 + (k++ % 3);
    for (let i = 0; i < per && rows.length < count; i++) {
      rows.push([order.id, trackingNumber(), 'UPS', today, '7.25']);
    }
  }
  return rows;
}

async function uploadState(env, uploadId) {
  const { rows } = await env.pool.query(
    `SELECT count(*) FILTER (WHERE status = 'PENDING')::int AS pending,
            count(*) FILTER (WHERE status = 'SUCCESS')::int AS ok,
            count(*)::int AS total,
            extract(epoch FROM min(completed_at) FILTER (WHERE status = 'SUCCESS')) * 1000 AS first_ms,
            extract(epoch FROM max(completed_at)) * 1000 AS last_ms
       FROM shipments WHERE upload_id = $1`,
    [uploadId],
  );
  return rows[0];
}

async function waitDone(env, uploadIds, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const states = await Promise.all(uploadIds.map((id) => uploadState(env, id)));
    if (states.every((s) => s.pending === 0)) return states;
    if (Date.now() > deadline) {
      throw new Error(
        `still ${states.map((s) => s.pending).join(' + ')} rows PENDING after ${timeoutMs / 1000} s`,
      );
    }
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * The app (worker included) with `slots` worker slots (its default, 8, when null), a sandbox whose API
 * calls are recorded in `env.requests`, and two companies, one per brand.
 */
async function openApp(slots) {
  const requests = [];
  const env = await openEnv('throughput', {
    app: true,
    sandbox: {
      logger: (line) => {
        const m = LINE.exec(line);
        if (m) {
          requests.push({ at: performance.now(), wall: Date.now(), method: m[1], path: m[2], status: m[3] });
        }
      },
    },
    env: {
      FAIRE_REQUESTS_PER_SECOND: String(LIMIT),
      FAIRE_TIMEOUT_MS: '5000',
      WORKER_MODE: 'all',
      ...(slots ? { SHIPMENT_WORKER_CONCURRENCY: String(slots) } : {}),
    },
  });
  try {
    const [b1, b2] = env.sandbox.brands();
    const one = await companyAdmin(env, 'brand1@bench.test', 'Brand One', b1.token);
    const two = await companyAdmin(env, 'brand2@bench.test', 'Brand Two', b2.token);
    env.sandbox.knobs.set({ latencyMs: 50, perTokenRatePerSecond: LIMIT });
    return { env, requests, one, two };
  } catch (err) {
    await env.close();
    throw err;
  }
}

export async function run(ctx) {
  // --quick uses a smaller big file; fewer worker slots keep "more batch jobs than slots" true.
  const { env, requests, one, two } = await openApp(ctx.quick ? 2 : null);
  try {
    const sandbox = env.sandbox;

    // 1. Sustained rate: one brand, ~300 shipments.
    const n1 = ctx.quick ? 100 : 300;
    const orders1 = new Set();
    const rows1 = makeRows(sandbox, 'brand1', n1, orders1);
    requests.length = 0;
    const t0 = Date.now();
    const up1 = await one.agent.upload(toCsv(rows1), 'rate.csv');
    if (up1.validRows !== n1) throw new Error(`upload: ${up1.validRows} valid rows of ${n1}`);
    const [s1] = await waitDone(env, [up1.uploadId], 240_000);
    const wallMs = s1.last_ms - t0;
    // Calls on one of the run's orders, and every read of an order list meanwhile (whatever its brand:
    // brand 2 is idle, so this can only count too many), the bulk reads of decision 0040.
    const isList = (r) => r.path === '/orders' || r.path.startsWith('/orders?');
    const api = requests.filter(
      (r) => orders1.has(r.path.split('/')[2]) || (isList(r) && r.wall <= s1.last_ms),
    );
    const ok = api.filter((r) => r.status !== '429');
    const throttled = api.length - ok.length;
    const span = (ok.at(-1).at - ok[0].at) / 1000;
    const rate = (ok.length - 1) / span;
    const callsPerOrder = api.length / orders1.size;
    const listCalls = api.filter(isList).length;
    const shipmentsPerSecond = (s1.ok / wallMs) * 1000;
    ctx.log(
      `rate run: ${n1} rows in ${orders1.size} orders, ${api.length} API calls (${throttled} answered 429), ${s1.ok}/${s1.total} SUCCESS, ${(wallMs / 1000).toFixed(1)} s`,
    );

    // 2. Fairness, with this app's worker slots (8; 2 with --quick), then (full run) with 2 slots.
    const fairness = [await fairnessRun(ctx, { env, requests, one, two }, ctx.quick ? 2 : 8)];
    if (!ctx.quick) {
      // The same with 2 worker slots: a small install, or a busy fleet with few free slots.
      const small = await openApp(2);
      try {
        fairness.push(await fairnessRun(ctx, small, 2));
      } finally {
        await small.env.close();
      }
    }
    return [
      {
        measure: `requests/s to the sandbox, 1 brand, ${n1} shipments`,
        value: rate,
        unit: 'req/s',
        refLabel: 'limit',
        ref: LIMIT,
        refUnit: 'req/s',
        ratioText: `${((rate / LIMIT) * 100).toFixed(1)}%`,
        goal: '>= 90% of 10 req/s',
        pass: rate >= 0.9 * LIMIT,
        note: `${throttled} x 429`,
      },
      {
        measure: `Faire calls per order shipped (${n1} rows in ${orders1.size} orders, clean run)`,
        value: callsPerOrder,
        goal: '<= 1.1',
        pass: callsPerOrder <= 1.1,
        note: `${api.length} calls, of which ${listCalls} order-list pages`,
      },
      {
        measure: `shipments/s over the whole run (${(n1 / orders1.size).toFixed(1)} rows/order, upload to last row)`,
        value: shipmentsPerSecond,
        unit: '/s',
        goal: '>= 9/s at 10 req/s',
        pass: shipmentsPerSecond >= 9,
      },
      ...fairness.flat(),
    ];
  } finally {
    await env.close();
  }
}

/**
 * Brand 1's big file, then brand 2's small one as soon as the big one is queued, on an app with `slots`
 * worker slots. More jobs of 50 rows than worker slots.
 */
async function fairnessRun(ctx, { env, requests, one, two }, slots) {
  const { sandbox } = env;
  const big = ctx.quick ? 200 : 500;
  const small = 20;
  const orders2 = new Set();
  const orders3 = new Set();
  const bigRows = makeRows(sandbox, 'brand1', big, orders2);
  const smallRows = makeRows(sandbox, 'brand2', small, orders3);
  requests.length = 0;
  const tBig = Date.now();
  const upBig = await one.agent.upload(toCsv(bigRows), 'big.csv');
  const tSmall = Date.now();
  const upSmall = await two.agent.upload(toCsv(smallRows), 'small.csv');
  const [sBig, sSmall] = await waitDone(env, [upBig.uploadId, upSmall.uploadId], 300_000);
  const bigFirst = sBig.first_ms - tBig;
  const bigDone = sBig.last_ms - tBig;
  const smallFirst = sSmall.first_ms - tSmall;
  const smallDone = sSmall.last_ms - tSmall;
  const bigCalls = requests.filter((r) => orders2.has(r.path.split('/')[2]) && r.status !== '429');
  const bigRate = (bigCalls.length - 1) / ((bigCalls.at(-1).at - bigCalls[0].at) / 1000);
  ctx.log(
    `fairness run: brand 1 ${big} rows (${sBig.ok} SUCCESS), brand 2 ${small} rows (${sSmall.ok} SUCCESS), brand 2 uploaded ${((tSmall - tBig) / 1000).toFixed(1)} s after brand 1`,
  );
  // "Neither waits behind the other's whole file": brand 2's first shipment lands within the first
  // quarter of brand 1's file.
  const fair = smallFirst <= 0.25 * bigDone;
  return [
    {
      info: true,
      measure: `  requests/s of brand 1 during the fairness run (${slots} worker slots)`,
      value: bigRate,
      unit: 'req/s',
      refLabel: 'limit',
      ref: LIMIT,
      refUnit: 'req/s',
      ratioText: `${((bigRate / LIMIT) * 100).toFixed(1)}%`,
    },
    {
      measure: `2 companies: brand 2's first shipment (${small}-row file, ${slots} worker slots)`,
      value: smallFirst,
      unit: 'ms',
      refLabel: `brand 1's ${big}-row file done in`,
      ref: bigDone,
      goal: "<= 25% of brand 1's file",
      pass: fair,
      note: `brand 2 all done ${(smallDone / 1000).toFixed(1)} s`,
    },
    {
      info: true,
      measure: `  brand 1's first shipment (big file, ${slots} worker slots)`,
      value: bigFirst,
      unit: 'ms',
      refLabel: `brand 1's file done in`,
      ref: bigDone,
    },
  ];
}
