import type { ListOrdersQuery, OrderSort } from './dto/list-orders.query.js';
import { LATE_CLOCKS, type Thresholds } from './late-rules.js';
import { OPEN_STATES } from './order-snapshots.service.js';
import { NOT_SCANNED_STATES, shipByEndSql } from './order-view.js';

/**
 * The WHERE and ORDER BY of the orders list. The late rules come from their table (LATE_CLOCKS,
 * late-rules.ts; late-rules.spec.ts checks this SQL against the verdict); the "paid" and "past the
 * expected ship date" rules (order-view.ts) are written again here in SQL so the database filters and
 * counts; orders-list.e2e-spec.ts checks that both say the same for every order. `$1` is the company:
 * the statements run through `scopedQuery`, which binds the scope there, so the parameters answered
 * start at `$2`.
 */
export function listOrdersSql(q: ListOrdersQuery, t: Thresholds, now: Date) {
  /** `$1`'s place, the scope's company; left out of the parameters answered. */
  const params: unknown[] = [null, [...OPEN_STATES]];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['company_id = $1', 'is_open', 'state = ANY($2::text[])'];
  /** A two-letter search, for the total's index (below). */
  let bigram: string | undefined;
  if (q.state) where.push(`state = ${p(q.state)}`);

  const search = q.search?.trim().replace(/^#+/, '').trim();
  if (search) {
    // search_text: lower(order id, display id, customer), a generated column with one trigram index.
    const text = search.toLowerCase();
    where.push(`search_text LIKE ${p(`%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
    // Two letters make no trigram: the total is then counted through the index of every two-letter piece
    // of the text (migration 1764200000700), which says exactly the same as the LIKE. Not for the page:
    // the planner cannot estimate that index and would sort every match instead of walking the sort index.
    if ([...text].length === 2) bigram = text;
  }

  // Pushed last (below): with problem=true the total is counted state by state.
  let problem: { clause: string; byState: string[] } | undefined;
  if (q.problem) {
    // The late clocks (LATE_CLOCKS, late-rules.ts) as "older than the state's threshold": problem_since is
    // when the order's late clock started (`problemSinceSql`, migration 1764200000700), null where none runs.
    const ago = (days: number) => `${p(new Date(now.getTime() - days * 86_400_000))}::timestamptz`;
    const cutoffs: [string, string][] = LATE_CLOCKS.map((c) => [c.state, ago(t[c.threshold])]);
    const clause = `coalesce(problem_since < CASE state ${cutoffs.map(([s, c]) => `WHEN '${s}' THEN ${c}`).join(' ')} END, false)`;
    problem = {
      clause: q.problem === 'true' ? clause : `NOT ${clause}`,
      byState: q.problem === 'true' ? cutoffs.map(([s, c]) => `state = '${s}' AND problem_since < ${c}`) : [],
    };
  }
  if (q.late) {
    const late = `(state = ANY(${p([...NOT_SCANNED_STATES])}::text[]) AND coalesce(${shipByEndSql('expected_ship_date')} <= ${p(now)}::timestamptz, false))`;
    where.push(q.late === 'true' ? late : `NOT ${late}`);
  }
  if (q.paid) {
    const paid = `(state = 'IN_TRANSIT' AND estimated_payout_at IS NOT NULL)`;
    where.push(q.paid === 'true' ? paid : `NOT ${paid}`);
  }

  // The total: with problem=true one range of the (company, state, problem_since) index per state, each
  // counted from the index alone; the states are disjoint, so the sum is the count (decision 0023).
  // The bigram's parameter comes after all of the page's, so the page's statement can leave it out.
  const countParams = bigram === undefined ? params : [...params, bigram];
  const countWhere = [
    ...where,
    ...(bigram === undefined
      ? []
      : [`orders_search_bigrams(search_text) @> ARRAY[$${countParams.length}::text]`]),
  ];
  const countWheres = problem?.byState.length
    ? problem.byState.map((b) => [...countWhere, b].join(' AND '))
    : [[...countWhere, ...(problem ? [problem.clause] : [])].join(' AND ')];
  if (problem) where.push(problem.clause);

  const column: Record<OrderSort, string> = {
    expectedShipDate: 'expected_ship_date',
    createdAt: 'faire_created_at',
    totalCents: 'total_cents',
  };
  const dir = q.order === 'DESC' ? 'DESC' : 'ASC';
  // Each (sort, direction) has its own index (migration 1764200000600), missing values last both ways.
  const orderBy = `${column[q.sort ?? 'createdAt']} ${dir} NULLS LAST, id ${dir}`;
  return {
    where: where.join(' AND '),
    countWheres,
    countParams: countParams.slice(1),
    orderBy,
    params: params.slice(1),
  };
}
