import type { DataSource, QueryRunner } from 'typeorm';

/** Company ids are UUIDs (CompanyScope checks it). */
export const COMPANY_A = '10000000-0000-4000-8000-00000000000a';
export const COMPANY_B = '10000000-0000-4000-8000-00000000000b';

/** A row of the in-memory `shipments` table (times are epoch ms, `Date.now()` clock). */
export interface FakeShipment {
  id: string;
  company_id: string;
  upload_id: string;
  uploaded_by: string | null;
  order_id: string;
  tracking_number: string;
  carrier: string;
  ship_date: string;
  shipping_cost_cents: number;
  status: string;
  error_message: string | null;
  fault_count: number;
  last_fault: string | null;
  retry_since: number | null;
  next_try_at: number | null;
  in_flight_since: number | null;
  attempts: number;
  brand_id: string | null;
  brand_name: string | null;
  currency: string | null;
  marketplace_shipment_id: string | null;
  queued_at: number | null;
  updated_at: number;
  completed_at: number | null;
}

/** A row of the in-memory `shipment_attempts` table. */
export interface FakeAttempt {
  shipment_id: string;
  outcome: string;
  http_status: number | null;
  message: string | null;
  marketplace_answer: string | null;
}

export interface FakeUpload {
  id: string;
  created_at: number;
  materialized_at: number | null;
}

type Params = unknown[];
interface Statement {
  /** Matched against the statement with its whitespace collapsed. */
  match: RegExp;
  run(params: Params): unknown;
}

/**
 * The shipments tables in memory, behind the part of TypeORM's DataSource / QueryRunner surface the
 * processing and recovery code calls (`query`, `createQueryRunner`). Each statement those services send
 * is matched by its text and carried out on the rows; a statement nobody taught it fails the test loudly
 * (`Unknown SQL`), so a change of SQL shows here at once: add its meaning to STATEMENTS. When the
 * shipments get a repository of their own, this becomes an in-memory class implementing it, and the
 * unit tests (which look at rows and attempts only) stay as they are.
 */
export class FakeShipmentsDb {
  readonly shipments = new Map<string, FakeShipment>();
  readonly attempts: FakeAttempt[] = [];
  readonly uploads = new Map<string, FakeUpload>();
  /** Every statement run, collapsed, in order. */
  readonly log: string[] = [];
  /** Advisory locks held now (taken and not released). */
  readonly locks = new Set<string>();
  private readonly failures: { match: RegExp; err: unknown }[] = [];
  private readonly statements: Statement[] = this.statementsOf();
  private seq = 0;

  /** Adds a PENDING row (or whatever `over` says) and answers it. */
  add(over: Partial<FakeShipment> & { order_id: string }): FakeShipment {
    const now = Date.now();
    const row: FakeShipment = {
      id: `00000000-0000-4000-8000-${String(++this.seq).padStart(12, '0')}`,
      company_id: COMPANY_A,
      upload_id: 'upload-1',
      uploaded_by: 'user-1',
      tracking_number: `1Z999AA1012345678${this.seq}`,
      carrier: 'UPS',
      ship_date: '2026-11-20',
      shipping_cost_cents: 1250,
      status: 'PENDING',
      error_message: null,
      fault_count: 0,
      last_fault: null,
      retry_since: null,
      next_try_at: null,
      in_flight_since: null,
      attempts: 0,
      brand_id: null,
      brand_name: null,
      currency: null,
      marketplace_shipment_id: null,
      queued_at: now,
      updated_at: now,
      completed_at: null,
      ...over,
    };
    this.shipments.set(row.id, row);
    return row;
  }

  row(id: string): FakeShipment {
    const row = this.shipments.get(id);
    if (!row) throw new Error(`No shipment ${id}`);
    return row;
  }

  /** The outcomes recorded for a row, in order. */
  outcomes(id: string): string[] {
    return this.attempts.filter((a) => a.shipment_id === id).map((a) => a.outcome);
  }

  /** The next statement matching `match` throws `err` instead of running. */
  failNext(match: RegExp, err: unknown): void {
    this.failures.push({ match, err });
  }

  /** DataSource.query / QueryRunner.query. */
  query = async (sql: string, params: Params = []): Promise<unknown> => {
    await Promise.resolve();
    const text = sql.replace(/\s+/g, ' ').trim();
    this.log.push(text);
    const failure = this.failures.findIndex((f) => f.match.test(text));
    if (failure >= 0) {
      const { err } = this.failures.splice(failure, 1)[0]!;
      throw err;
    }
    const statement = this.statements.find((s) => s.match.test(text));
    if (!statement) throw new Error(`Unknown SQL for FakeShipmentsDb: ${text}`);
    return statement.run(params);
  };

  /** DataSource.createQueryRunner: a runner on the same tables. */
  createQueryRunner = (): QueryRunner => {
    const runner = {
      connect: async () => undefined,
      release: async () => undefined,
      query: this.query,
      manager: { query: this.query },
    };
    return runner as unknown as QueryRunner;
  };

  /** This fake where the code takes a DataSource. */
  asDataSource(): DataSource {
    return this as unknown as DataSource;
  }

  private pendingOf(ids: unknown): FakeShipment[] {
    return (ids as string[]).flatMap((id) => {
      const row = this.shipments.get(id);
      return row?.status === 'PENDING' ? [row] : [];
    });
  }

  private attempt(ids: string[], outcome: unknown, http: unknown, message: unknown, answer?: unknown): void {
    for (const id of ids) {
      this.attempts.push({
        shipment_id: id,
        outcome: String(outcome),
        http_status: (http as number | null) ?? null,
        message: (message as string | null) ?? null,
        marketplace_answer: (answer as string | null) ?? null,
      });
    }
  }

  /** Ends rows as finishRows / failRefusedRows do. */
  private end(ids: unknown, status: unknown, message: unknown): number {
    const rows = this.pendingOf(ids);
    for (const r of rows) {
      Object.assign(r, {
        status: String(status),
        error_message: message as string,
        in_flight_since: null,
        next_try_at: null,
        completed_at: Date.now(),
        updated_at: Date.now(),
      });
    }
    return rows.length;
  }

  /** Rows untouched for `olderThanMs` the recovery sweep takes (and touches). */
  private take(queued: boolean, olderThanMs: number): { id: string; order_id: string; upload_id: string }[] {
    const before = Date.now() - olderThanMs;
    const rows = [...this.shipments.values()]
      .filter(
        (r) =>
          r.status === 'PENDING' &&
          (r.queued_at !== null) === queued &&
          r.updated_at < before &&
          (r.next_try_at === null || r.next_try_at < before),
      )
      .sort((a, b) => a.updated_at - b.updated_at)
      .slice(0, 10_000);
    for (const r of rows) r.updated_at = Date.now();
    return rows.map((r) => ({ id: r.id, order_id: r.order_id, upload_id: r.upload_id }));
  }

  private statementsOf(): Statement[] {
    return [
      {
        match: /^SELECT pg_advisory_lock\(\$1\)$/,
        run: ([key]) => {
          if (this.locks.has(String(key))) throw new Error(`Advisory lock ${String(key)} taken twice`);
          this.locks.add(String(key));
          return [];
        },
      },
      {
        match: /^SELECT pg_advisory_unlock\(\$1\)$/,
        run: ([key]) => [{ pg_advisory_unlock: this.locks.delete(String(key)) }],
      },
      {
        // loadBatch: the job's rows before any lock.
        match:
          /^SELECT id, company_id, order_id, status, (?:attempts, )?greatest\(0, .* AS due_in_ms FROM shipments WHERE id = ANY/,
        run: ([ids]) =>
          (ids as string[]).flatMap((id) => {
            const r = this.shipments.get(id);
            if (!r) return [];
            const dueIn = r.next_try_at === null ? null : Math.max(0, Math.ceil(r.next_try_at - Date.now()));
            const { company_id, order_id, status, attempts } = r;
            return [{ id: r.id, company_id, order_id, status, attempts, due_in_ms: dueIn }];
          }),
      },
      {
        // The claim under the order's lock: PENDING rows put in flight (UPDATE ... RETURNING: [rows, count]).
        match: /^UPDATE shipments SET attempts = attempts \+ 1, in_flight_since = now\(\).* RETURNING /,
        run: ([ids, brandId, brandName, currency, windowMs]) => {
          const rows = this.pendingOf(ids).map((r) => {
            Object.assign(r, {
              attempts: r.attempts + 1,
              in_flight_since: Date.now(),
              updated_at: Date.now(),
              brand_id: brandId,
              brand_name: brandName,
              currency,
            });
            const { id, company_id, uploaded_by, order_id, tracking_number, carrier, ship_date } = r;
            return {
              id,
              company_id,
              uploaded_by,
              order_id,
              tracking_number,
              carrier,
              ship_date,
              shipping_cost_cents: r.shipping_cost_cents,
              status: r.status,
              error_message: r.error_message,
              fault_count: r.fault_count,
              attempts: r.attempts,
              window_spent: r.retry_since !== null && r.retry_since < Date.now() - Number(windowMs),
            };
          });
          return [rows, rows.length];
        },
      },
      {
        match:
          /^UPDATE shipments SET status = 'SUCCESS', error_message = NULL, marketplace_shipment_id = \$2,.* WHERE id = \$1 AND status = 'PENDING'$/,
        run: ([id, shipmentId]) => {
          const n = this.end([id], 'SUCCESS', null);
          if (n) this.row(String(id)).marketplace_shipment_id = String(shipmentId);
          return [[], n];
        },
      },
      {
        // finishRows
        match:
          /^UPDATE shipments SET status = \$2, error_message = \$3, .* WHERE id = ANY\(\$1::uuid\[\]\) AND status = 'PENDING'$/,
        run: ([ids, status, message]) => [[], this.end(ids, status, message)],
      },
      {
        // failRefusedRows
        match:
          /^UPDATE shipments SET status = 'FAILED', error_message = \$2, .* WHERE id = ANY\(\$1::uuid\[\]\) AND status = 'PENDING'$/,
        run: ([ids, message]) => [[], this.end(ids, 'FAILED', message)],
      },
      {
        // recordFault
        match:
          /^UPDATE shipments SET error_message = \$2, last_fault = \$3, next_try_at = now\(\) \+ \$4.* fault_count = \$5::int, retry_since = CASE WHEN \$6::boolean THEN retry_since ELSE coalesce\(retry_since, now\(\)\) END/,
        run: ([ids, message, label, delayMs, faults, throttled]) => {
          const rows = this.pendingOf(ids);
          for (const r of rows) {
            Object.assign(r, {
              error_message: message,
              last_fault: label,
              next_try_at: Date.now() + Number(delayMs),
              fault_count: Number(faults),
              retry_since: throttled ? r.retry_since : (r.retry_since ?? Date.now()),
              updated_at: Date.now(),
            });
          }
          return [[], rows.length];
        },
      },
      {
        // settleAlreadyThere's attempt: one row, SUCCESS, 200.
        match:
          /^INSERT INTO shipment_attempts \(shipment_id, started_at, finished_at, outcome, http_status, message, marketplace_answer\) VALUES \(\$1, \$2, now\(\), 'SUCCESS', 200, \$3, \$4\)$/,
        run: ([id, , message, answer]) => this.attempt([String(id)], 'SUCCESS', 200, message, answer),
      },
      {
        // finishRows' attempts
        match:
          /^INSERT INTO shipment_attempts \(shipment_id, finished_at, outcome, http_status, message, marketplace_answer\) SELECT unnest\(\$1::uuid\[\]\), now\(\), \$2, \$3, \$4, \$5$/,
        run: ([ids, outcome, http, message, answer]) =>
          this.attempt(ids as string[], outcome, http, message, answer),
      },
      {
        // recordAttempt
        match:
          /^INSERT INTO shipment_attempts \(shipment_id, started_at, finished_at, outcome, http_status, message\) SELECT unnest\(\$1::uuid\[\]\), \$2, now\(\), \$3, \$4, \$5$/,
        run: ([ids, , outcome, http, message]) => this.attempt(ids as string[], outcome, http, message),
      },
      {
        // The recovery sweep: uploads whose rows are not all shipments yet.
        match:
          /^SELECT id FROM uploads WHERE materialized_at IS NULL AND created_at < now\(\) - \(\$1::int .* ORDER BY created_at LIMIT 100$/,
        run: ([ageMs]) =>
          [...this.uploads.values()]
            .filter((u) => u.materialized_at === null && u.created_at < Date.now() - Number(ageMs))
            .sort((a, b) => a.created_at - b.created_at)
            .slice(0, 100)
            .map((u) => ({ id: u.id })),
      },
      {
        // The recovery sweep: PENDING rows untouched for $1 ms, never queued or queued.
        match:
          /^UPDATE shipments SET updated_at = now\(\) WHERE id IN \(SELECT id FROM shipments WHERE status = 'PENDING' AND queued_at IS (NOT )?NULL AND .* RETURNING id, order_id, upload_id$/,
        run: (params) => {
          const text = this.log[this.log.length - 1]!;
          const rows = this.take(/queued_at IS NOT NULL/.test(text), Number(params[0]));
          return [rows, rows.length];
        },
      },
    ];
  }
}

/** An error as node-postgres reports a refused statement (SQLSTATE `code`). */
export function pgError(code: string, message = `SQLSTATE ${code}`): Error {
  return Object.assign(new Error(message), { code });
}
