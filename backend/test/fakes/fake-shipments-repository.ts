import type { Logger } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import type { JobRow } from '../../src/modules/shipments/processing/shipment-batch.js';
import type { ShipmentRow } from '../../src/modules/shipments/processing/shipment-rows.js';
import type {
  AttemptOptions,
  ClaimOptions,
  EndOptions,
  ShipmentsRepository,
  SuccessOptions,
  WaitOptions,
} from '../../src/modules/shipments/processing/shipments.repository.js';
import type { UploadsRepository } from '../../src/modules/shipments/intake/uploads.repository.js';

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

/** The repository's statements, by the name a test fails one with (`failNext`). */
export type FakeStep =
  | 'jobRows'
  | 'claimPending'
  | 'succeed'
  | 'succeed:attempt'
  | 'endWithReason'
  | 'endWithReason:attempt'
  | 'endRefused'
  | 'wait'
  | 'recordAttempt'
  | 'requeueLost';

/** The repository's methods the processing and recovery services call. */
type Called =
  | 'jobRows'
  | 'lockOrder'
  | 'claimPending'
  | 'succeed'
  | 'endWithReason'
  | 'endWithReasonAlone'
  | 'endRefused'
  | 'wait'
  | 'recordAttempt'
  | 'requeueLost';

/**
 * ShipmentsRepository in memory: the `shipments` and `shipment_attempts` tables as maps, each named
 * transition carried out on the rows as its SQL does (decision 0050), the order locks as a set. A test
 * looks at rows, attempts and Faire's calls; `failNext` makes one statement of a transition throw (a
 * two-statement transition has a step for each), as Postgres would.
 */
export class FakeShipmentsRepository implements Pick<ShipmentsRepository, Called> {
  readonly shipments = new Map<string, FakeShipment>();
  readonly attempts: FakeAttempt[] = [];
  /** Order locks held now (taken and not released). */
  readonly locks = new Set<string>();
  /** Every statement run, by step, in order. */
  readonly log: FakeStep[] = [];
  private readonly failures: { step: FakeStep; err: unknown }[] = [];
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

  /** The next statement of `step` throws `err` instead of running. */
  failNext(step: FakeStep, err: unknown): void {
    this.failures.push({ step, err });
  }

  async jobRows(ids: readonly string[]): Promise<JobRow[]> {
    await this.statement('jobRows');
    return ids.flatMap((id) => {
      const r = this.shipments.get(id);
      if (!r) return [];
      const dueIn = r.next_try_at === null ? null : Math.max(0, Math.ceil(r.next_try_at - Date.now()));
      const { company_id, order_id, status, attempts } = r;
      return [{ id: r.id, company_id, order_id, status, attempts, due_in_ms: dueIn }];
    });
  }

  /** A lock taken twice fails (the real one would wait): no test runs two orders' locks at once. */
  async lockOrder(
    lockKey: string,
    _orderId: string,
    _logger: Logger,
    work: (q: QueryRunner) => Promise<void>,
  ): Promise<void> {
    await Promise.resolve();
    if (this.locks.has(lockKey)) throw new Error(`Advisory lock ${lockKey} taken twice`);
    this.locks.add(lockKey);
    try {
      await work({ manager: {} } as unknown as QueryRunner);
    } finally {
      this.locks.delete(lockKey);
    }
  }

  async claimPending(_q: unknown, ids: readonly string[], o: ClaimOptions): Promise<ShipmentRow[]> {
    await this.statement('claimPending');
    return this.pendingOf(ids).map((r) => {
      Object.assign(r, {
        attempts: r.attempts + 1,
        in_flight_since: Date.now(),
        updated_at: Date.now(),
        brand_id: o.brandId,
        brand_name: o.brandName,
        currency: o.currency,
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
        window_spent: r.retry_since !== null && r.retry_since < Date.now() - o.retryWindowMs,
      };
    });
  }

  async succeed(_q: unknown, id: string, o: SuccessOptions): Promise<void> {
    await this.statement('succeed');
    if (this.end([id], 'SUCCESS', null)) this.row(id).marketplace_shipment_id = o.shipmentId;
    o.inFlight?.ended([id]);
    await this.statement('succeed:attempt');
    this.attempt([id], 'SUCCESS', 200, o.message, { shipmentId: o.shipmentId, orderState: o.orderState });
  }

  async endWithReason(_q: unknown, ids: readonly string[], o: EndOptions): Promise<void> {
    if (ids.length === 0) return;
    await this.statement('endWithReason');
    this.end(ids, o.status, o.message);
    o.inFlight?.ended(ids);
    await this.statement('endWithReason:attempt');
    const answer = o.order ? { orderState: o.order.state } : null;
    this.attempt(ids, o.outcome, o.httpStatus ?? null, o.message, answer);
  }

  endWithReasonAlone(ids: readonly string[], o: EndOptions): Promise<void> {
    return this.endWithReason(null, ids, o);
  }

  async endRefused(ids: readonly string[], message: string): Promise<void> {
    await this.statement('endRefused');
    this.end(ids, 'FAILED', message);
  }

  async wait(_q: unknown, ids: readonly string[], o: WaitOptions): Promise<void> {
    if (ids.length === 0) return;
    await this.statement('wait');
    for (const r of this.pendingOf(ids)) {
      Object.assign(r, {
        error_message: o.message,
        last_fault: o.fault,
        next_try_at: Date.now() + o.delayMs,
        fault_count: o.faults,
        retry_since: o.throttled ? r.retry_since : (r.retry_since ?? Date.now()),
        updated_at: Date.now(),
      });
    }
  }

  async recordAttempt(_q: unknown, ids: readonly string[], o: AttemptOptions): Promise<void> {
    await this.statement('recordAttempt');
    this.attempt(ids, o.outcome, o.httpStatus, o.message, null);
  }

  async requeueLost(o: {
    queued: boolean;
    olderThanMs: number;
  }): Promise<{ id: string; order_id: string; upload_id: string }[]> {
    await this.statement('requeueLost');
    const before = Date.now() - o.olderThanMs;
    const rows = [...this.shipments.values()]
      .filter(
        (r) =>
          r.status === 'PENDING' &&
          (r.queued_at !== null) === o.queued &&
          r.updated_at < before &&
          (r.next_try_at === null || r.next_try_at < before),
      )
      .sort((a, b) => a.updated_at - b.updated_at)
      .slice(0, 10_000);
    for (const r of rows) r.updated_at = Date.now();
    return rows.map((r) => ({ id: r.id, order_id: r.order_id, upload_id: r.upload_id }));
  }

  /** One statement: a turn of the event loop, as a round trip would be, unless a test failed it. */
  private async statement(step: FakeStep): Promise<void> {
    await Promise.resolve();
    this.log.push(step);
    const failure = this.failures.findIndex((f) => f.step === step);
    if (failure >= 0) throw this.failures.splice(failure, 1)[0]!.err;
  }

  private pendingOf(ids: readonly string[]): FakeShipment[] {
    return ids.flatMap((id) => {
      const row = this.shipments.get(id);
      return row?.status === 'PENDING' ? [row] : [];
    });
  }

  /** Ends PENDING rows with a status; answers how many it ended. */
  private end(ids: readonly string[], status: string, message: string | null): number {
    const rows = this.pendingOf(ids);
    for (const r of rows) {
      Object.assign(r, {
        status,
        error_message: message,
        in_flight_since: null,
        next_try_at: null,
        completed_at: Date.now(),
        updated_at: Date.now(),
      });
    }
    return rows.length;
  }

  private attempt(
    ids: readonly string[],
    outcome: string,
    http: number | null,
    message: string | null,
    answer: object | null,
  ): void {
    for (const id of ids) {
      this.attempts.push({
        shipment_id: id,
        outcome,
        http_status: http,
        message,
        marketplace_answer: answer && JSON.stringify(answer),
      });
    }
  }
}

/** A row of the in-memory `uploads` table, as far as the worker and the sweep read it. */
export interface FakeUpload {
  id: string;
  created_at: number;
  materialized_at: number | null;
}

/** The uploads as the recovery sweep reads them (UploadsRepository.unmaterialized), in memory. */
export class FakeUploads implements Pick<UploadsRepository, 'unmaterialized'> {
  readonly uploads = new Map<string, FakeUpload>();
  /** How many times the sweep asked for unmaterialized uploads. */
  looked = 0;

  unmaterialized({ olderThanMs }: { olderThanMs: number }): Promise<{ id: string }[]> {
    this.looked += 1;
    return Promise.resolve(
      [...this.uploads.values()]
        .filter((u) => u.materialized_at === null && u.created_at < Date.now() - olderThanMs)
        .sort((a, b) => a.created_at - b.created_at)
        .slice(0, 100)
        .map((u) => ({ id: u.id })),
    );
  }
}

/** An error as node-postgres reports a refused statement (SQLSTATE `code`). */
export function pgError(code: string, message = `SQLSTATE ${code}`): Error {
  return Object.assign(new Error(message), { code });
}
