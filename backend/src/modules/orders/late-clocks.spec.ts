import { PROBLEM_SINCE } from '../../migrations/1764200000700-orders-list-counts.js';
import { OPEN_STATES } from './order-snapshots.service.js';
import { listOrdersSql } from './orders-list.sql.js';
import {
  CLOCK_COLUMNS,
  DEFAULT_THRESHOLDS,
  LATE_CLOCKS,
  lateClockStart,
  lateVerdict,
  problemSinceSql,
  type LateRuleInput,
  type Thresholds,
} from './late-rules.js';

/**
 * The late clocks' table drives three things: the verdict in TypeScript, the orders list's "problem"
 * filter and the generated column `problem_since`. These tests evaluate the SQL on sample orders (a
 * small interpreter for the few forms that SQL uses) and ask that it says what the verdict says.
 */

type Row = Record<string, Date | string | null>;
type Value = Date | string | null;

/** Evaluates the SQL of `problemSinceSql` (CASE, coalesce, =, column names, '' literals) on one row. */
function evaluate(sql: string, row: Row): Value {
  const tokens = sql.match(/'[^']*'|[A-Za-z_]+|[(),=]/g) ?? [];
  let at = 0;
  const next = () => tokens[at++]!;
  const peek = () => tokens[at];
  const expect = (t: string) => {
    const got = next();
    if (got.toUpperCase() !== t) throw new Error(`expected ${t}, got ${got}`);
  };
  const expr = (): Value => {
    const t = next();
    if (t.toUpperCase() === 'CASE') {
      const subject = peek()!.toUpperCase() === 'WHEN' ? undefined : expr();
      let result: Value = null;
      let matched = false;
      while (peek()!.toUpperCase() === 'WHEN') {
        next();
        const when = subject === undefined ? condition() : expr() === subject;
        expect('THEN');
        const then = expr();
        if (when && !matched) [result, matched] = [then, true];
      }
      expect('END');
      return result;
    }
    if (t.toLowerCase() === 'coalesce') {
      expect('(');
      const args = [expr()];
      while (peek() === ',') {
        next();
        args.push(expr());
      }
      expect(')');
      return args.find((a) => a !== null) ?? null;
    }
    if (t.startsWith("'")) return t.slice(1, -1);
    if (!(t in row)) throw new Error(`unknown column ${t}`);
    return row[t]!;
  };
  const condition = () => {
    const left = expr();
    expect('=');
    const right = expr();
    return left !== null && right !== null && left === right;
  };
  const value = expr();
  if (at !== tokens.length) throw new Error(`left over: ${tokens.slice(at).join(' ')}`);
  return value;
}

const now = new Date('2026-11-25T12:00:00.000Z');
const DAY = 86_400_000;
const ago = (ms: number) => new Date(now.getTime() - ms);

/** Every state, with and without each time and a tracking number, at ages around each threshold. */
function samples(): LateRuleInput[] {
  const ages = [0, DAY - 1000, DAY + 1000, 2 * DAY + 1000, 8 * DAY - 1000, 8 * DAY + 1000, 30 * DAY];
  const out: LateRuleInput[] = [];
  for (const state of [...OPEN_STATES, 'DELIVERED', 'CANCELED']) {
    for (const tracking of [null, '', '1Z999']) {
      for (const created of [ages[2]!, ages[6]!]) {
        for (const processing of [null, ...ages]) {
          for (const shipment of [null, ...ages]) {
            out.push({
              state,
              createdAt: ago(created),
              processingAt: processing === null ? null : ago(processing),
              shipmentCreatedAt: shipment === null ? null : ago(shipment),
              trackingNumber: tracking,
            });
          }
        }
      }
    }
  }
  return out;
}

const asRow = (o: LateRuleInput): Row => ({
  state: o.state,
  tracking_number: o.trackingNumber,
  ...Object.fromEntries(
    Object.entries(CLOCK_COLUMNS).map(([f, col]) => [col, o[f as keyof typeof CLOCK_COLUMNS]]),
  ),
});

describe('the late clocks, one table for the verdict and the SQL', () => {
  it('has a clock for each state at most once, each on a threshold of its own', () => {
    const states = LATE_CLOCKS.map((c) => c.state);
    expect(new Set(states).size).toBe(states.length);
    expect(LATE_CLOCKS.map((c) => c.threshold).sort()).toEqual(Object.keys(DEFAULT_THRESHOLDS).sort());
  });

  it('problem_since in SQL starts each clock where the TypeScript rule does', () => {
    const sql = problemSinceSql();
    for (const order of samples()) {
      expect({ order, since: evaluate(sql, asRow(order)) }).toEqual({ order, since: lateClockStart(order) });
    }
  });

  it('the migration wrote problem_since as the table says (a change to the table needs a new migration)', () => {
    expect(PROBLEM_SINCE.replace(/\s+/g, ' ').trim()).toBe(problemSinceSql());
  });

  it.each<[string, Thresholds]>([
    ['the defaults', { ...DEFAULT_THRESHOLDS }],
    ['other thresholds', { newOrderDays: 0, processingDays: 2, preTransitDays: 8, inTransitDays: 1 }],
  ])('the list filter "problem" finds the orders the verdict calls late, with %s', (_name, t) => {
    const { where, params } = listOrdersSql({ problem: 'true' }, t, now);
    const clause = /coalesce\(problem_since < CASE state (.*?) END, false\)/.exec(where)?.[1];
    expect(clause).toBeDefined();
    // `$1` is the company, left out of the parameters answered: `$n` is params[n - 2].
    const cutoffs = new Map(
      [...clause!.matchAll(/WHEN '(\w+)' THEN \$(\d+)::timestamptz/g)].map((m) => [
        m[1]!,
        params[Number(m[2]) - 2] as Date,
      ]),
    );
    const sql = problemSinceSql();
    for (const order of samples()) {
      const since = evaluate(sql, asRow(order)) as Date | null;
      const cutoff = cutoffs.get(order.state);
      const listed = !!since && !!cutoff && since.getTime() < cutoff.getTime();
      expect({ order, listed }).toEqual({ order, listed: lateVerdict(order, t, now).isProblem });
    }
  });
});
