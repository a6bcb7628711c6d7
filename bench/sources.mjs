// sources: 1,000 ShipStation labels printed at once (issue 23), grace period 0. The labels' one webhook is
// read, the labels are matched to synced Faire orders and sent: p95 time from the webhook to the Faire
// shipment (goal: the Faire rate limit is the only bound), ShipStation calls per label (goal <= 0.05),
// and no 429 from ShipStation.
import { freePort } from './lib/free-port.mjs';
import { startShipStationSandbox } from '@portal/shipstation-sandbox';
import { companyAdmin, openEnv } from './lib/env.mjs';
import { quantile } from './lib/measure.mjs';

export const name = 'sources';
export const title = 'ShipStation labels to Faire shipments (webhook, grace 0)';

/** Faire calls per second per brand the bench allows (the bound the labels are measured against). */
const FAIRE_LIMIT = 20;

async function sentState(env, companyId) {
  const { rows } = await env.pool.query(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status = 'SUCCESS')::int AS ok,
            count(*) FILTER (WHERE status = 'PENDING')::int AS pending
       FROM shipments WHERE company_id = $1`,
    [companyId],
  );
  return rows[0];
}

export async function run(ctx) {
  const n = ctx.quick ? 200 : 1000;
  const ss = await startShipStationSandbox({ port: 0 });
  const port = await freePort();
  const env = await openEnv('sources', {
    app: true,
    sandbox: true,
    port,
    env: {
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SHIPSTATION_API_BASE_URL: ss.url,
      SOURCE_GRACE_MS: '0',
      SOURCE_TICK_MS: '1000',
      WORKER_MODE: 'all',
      FAIRE_REQUESTS_PER_SECOND: String(FAIRE_LIMIT),
      FAIRE_TIMEOUT_MS: '5000',
    },
  });
  try {
    const [b1] = env.sandbox.brands();
    const co = await companyAdmin(env, 'ss@bench.test', 'Labels', b1.token);
    const orders = Array.from({ length: n }, () =>
      env.sandbox.createOrder('brand1', { state: 'PROCESSING' }),
    );
    await co.agent.post('/api/orders/refresh');
    await co.agent.post('/api/integrations/shipstation', {
      apiKey: 'sbx_ss_key',
      apiSecret: 'sbx_ss_secret',
    });
    env.sandbox.knobs.set({ perTokenRatePerSecond: FAIRE_LIMIT });
    ss.control.clearCalls();
    const printedAt = Date.now();
    ss.control.printLabels(
      orders.map((o, i) => ({
        orderNumber: o.id.replace(/^bo_/, '').toUpperCase(),
        trackingNumber: `1ZSB${String(i).padStart(6, '0')}`.padEnd(18, '5'),
        carrierCode: 'ups',
        shipmentCost: 6.4,
      })),
    );
    await ss.control.idle();
    const deadline = Date.now() + (ctx.quick ? 120_000 : 300_000);
    let state = await sentState(env, co.caller.companyId);
    while ((state.total < n || state.pending > 0) && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 250));
      state = await sentState(env, co.caller.companyId);
    }
    if (state.ok < n) throw new Error(`${state.ok} of ${n} labels reached Faire in time`);
    const { rows } = await env.pool.query(
      `SELECT extract(epoch FROM completed_at) * 1000 AS done FROM shipments WHERE company_id = $1`,
      [co.caller.companyId],
    );
    const latencies = rows.map((r) => Number(r.done) - printedAt);
    const p95 = quantile(latencies, 0.95);
    const calls = ss.control.calls();
    const perLabel = calls.total / n;
    // Each shipment is a read and a create on Faire: at FAIRE_LIMIT calls/s, the last one cannot be sooner.
    const bound = ((2 * n) / FAIRE_LIMIT) * 1000;
    ctx.log(
      `${n} labels: ${calls.total} ShipStation calls (${calls.throttled} answered 429), all on Faire after ${(Math.max(...latencies) / 1000).toFixed(1)} s; Faire bound ${(bound / 1000).toFixed(1)} s`,
    );
    return [
      {
        measure: `p95 webhook -> Faire shipment (${n} labels)`,
        value: p95,
        unit: 'ms',
        ref: bound,
        goal: '<= 1.2 x the Faire rate bound',
        pass: p95 <= bound * 1.2,
      },
      {
        measure: '  ShipStation calls per label',
        value: perLabel,
        goal: '<= 0.05',
        pass: perLabel <= 0.05,
        note: `${calls.total} calls`,
      },
      {
        measure: '  ShipStation answers 429',
        value: calls.throttled,
        goal: '0',
        pass: calls.throttled === 0,
      },
    ];
  } finally {
    await env.close();
    await ss.close();
  }
}
