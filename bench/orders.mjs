// orders: the orders list (GET /api/orders) with 50,000 open orders in one company (and 4 other companies
// of 10k each): search, filter and sort. The SQL is the one OrdersService.list sends (captured from the
// service itself), replayed 30 times each on one connection; a page's statements (rows + count) are timed
// together, as the endpoint runs them.
import { backend } from './lib/backend.mjs';
import { companyAdmin, openEnv } from './lib/env.mjs';
import { quantile, time } from './lib/measure.mjs';
import { recordStatements } from './lib/pgspy.mjs';

export const name = 'orders';
export const title = 'orders list with 50k open orders in one company';

/** One INSERT ... SELECT generate_series of `count` orders spread over the open states and 90 days. */
async function seedCompany(client, companyId, count, salt) {
  await client.query(
    `INSERT INTO orders (company_id, faire_order_id, display_id, state, is_open, faire_created_at, faire_updated_at,
                         processing_at, customer_name, total_cents, expected_ship_date, tracking_number, carrier,
                         shipment_created_at, estimated_payout_at)
     SELECT $1, 'bo_' || o.id, upper(o.id), s.state, true, c.created, c.created, c.created + interval '6 hours',
            (ARRAY['Tom''s Toque Emporium','Maple & Pine','Blue Heron Gifts','The Paper Nook','Olive Branch Home',
                   'Little Fox Toys','Harbor Mercantile','Sunday Supply Co'])[1 + g % 8] || ' ' || (g % 997),
            500 + (g * 7919) % 250000, c.created + ((g % 9) || ' days')::interval,
            CASE WHEN s.state IN ('PRE_TRANSIT', 'IN_TRANSIT') THEN '1Z' || upper(substr(md5(o.id), 1, 16)) END,
            CASE WHEN s.state IN ('PRE_TRANSIT', 'IN_TRANSIT') THEN 'UPS' END,
            CASE WHEN s.state IN ('PRE_TRANSIT', 'IN_TRANSIT') THEN c.created + interval '2 days' END,
            CASE WHEN s.state = 'IN_TRANSIT' THEN c.created + interval '20 days' END
       FROM generate_series(1, $2::int) g
      CROSS JOIN LATERAL (SELECT substr(md5($3 || g::text), 1, 10) AS id) o
      CROSS JOIN LATERAL (SELECT now() - ((g * 151) % (90 * 24 * 60) || ' minutes')::interval AS created) c
      CROSS JOIN LATERAL (SELECT (ARRAY['NEW','PROCESSING','PROCESSING','PRE_TRANSIT','IN_TRANSIT','IN_TRANSIT','BACKORDERED'])[1 + g % 7] AS state) s`,
    [companyId, count, salt],
  );
}

async function replay(client, statements, n) {
  const totals = [];
  for (const s of statements) await client.query(s.sql, s.params);
  for (let i = 0; i < n; i++) {
    let total = 0;
    for (const s of statements) total += (await time(() => client.query(s.sql, s.params))).ms;
    totals.push(total);
  }
  return totals;
}

export async function run(ctx) {
  const { OrdersService } = await backend();
  const big = ctx.quick ? 10_000 : 50_000;
  const others = ctx.quick ? 1 : 4;
  const runs = 30;
  const env = await openEnv('orders', { app: true, env: { WORKER_MODE: 'api' } });
  try {
    const service = env.app.get(OrdersService);
    const { caller } = await companyAdmin(env, 'orders@bench.test', 'Orders Bench');
    const client = await env.pool.connect();
    try {
      const seed = await time(async () => {
        await seedCompany(client, caller.companyId, big, 'a');
        for (let c = 0; c < others; c++) {
          const other = await companyAdmin(env, `other${c}@bench.test`, `Other ${c}`);
          await seedCompany(client, other.caller.companyId, 10_000, `o${c}`);
        }
        await client.query('VACUUM ANALYZE orders');
      });
      ctx.log(
        `seeded ${big.toLocaleString('en-US')} + ${others} x 10,000 orders in ${(seed.ms / 1000).toFixed(1)} s`,
      );
      const { rows: pick } = await client.query(
        `SELECT display_id FROM orders WHERE company_id = $1 ORDER BY faire_created_at OFFSET $2 LIMIT 1`,
        [caller.companyId, Math.floor(big / 3)],
      );
      const displayId = pick[0].display_id;
      const page = { page: 1, perPage: 25 };
      const cases = [
        { label: 'first page, default sort', query: { ...page } },
        {
          label: `search "#${displayId.slice(0, 6)}" (display id)`,
          query: { ...page, search: `#${displayId.slice(0, 6)}` },
        },
        { label: 'search "heron" (customer)', query: { ...page, search: 'heron' } },
        { label: 'search "ma" (two keystrokes)', query: { ...page, search: 'ma' } },
        { label: 'filter problem=true', query: { ...page, problem: 'true' } },
        {
          label: 'filter state=PROCESSING, late=true',
          query: { ...page, state: 'PROCESSING', late: 'true' },
        },
        {
          label: 'filter paid=true, sort amount DESC',
          query: { ...page, paid: 'true', sort: 'totalCents', order: 'DESC' },
        },
        {
          label: 'sort expected ship date DESC, page 40',
          query: { page: 40, perPage: 25, sort: 'expectedShipDate', order: 'DESC' },
        },
        { label: 'sort amount ASC, page 1', query: { ...page, sort: 'totalCents' } },
      ];
      const out = [];
      for (const c of cases) {
        const rec = await recordStatements(() => service.list(caller, c.query));
        const statements = rec.statements
          .filter((s) => /FROM orders/.test(s.sql))
          .map((s) => ({ sql: s.sql, params: s.params }));
        if (statements.length === 0) throw new Error('OrdersService.list sent no SQL that could be captured');
        const totals = await replay(client, statements, runs);
        const p95 = quantile(totals, 0.95);
        out.push({
          measure: `${c.label}: list SQL at the database, p95 (${runs} runs)`,
          value: p95,
          unit: 'ms',
          note: `p50 ${quantile(totals, 0.5).toFixed(1)} ms; ${rec.value.total.toLocaleString('en-US')} matches`,
          goal: '<= 50 ms',
          pass: p95 <= 50,
          samples: totals,
        });
      }
      return out;
    } finally {
      client.release();
    }
  } finally {
    await env.close();
  }
}
