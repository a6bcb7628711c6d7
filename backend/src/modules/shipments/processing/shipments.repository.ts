import { Injectable, type Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';
import { type CompanyScope, type Queryable, scopedQuery } from '../../../common/database/company-scope.js';
import { returningRows } from '../../../common/database/returning-rows.js';
import type { FaireOrder } from '../../marketplace/index.js';
import { withOrderLock } from './order-lock.js';
import { RESET_FOR_RETRY_SQL } from './retry-schedule.js';
import type { JobRow } from './shipment-batch.js';
import type { InFlight, ShipmentRow, TerminalStatus } from './shipment-rows.js';

/** What `claimPending` writes on the rows it puts in flight, and the window their answer is measured by. */
export interface ClaimOptions {
  brandId: string;
  brandName: string;
  currency: string;
  /** A row whose retry window began longer ago than this answers `window_spent`. */
  retryWindowMs: number;
}

/** A row found on the Faire order (`succeed`). */
export interface SuccessOptions {
  /** Faire's id of the shipment carrying the row's tracking code. */
  shipmentId: string;
  /** The order's state as Faire answered, kept with the attempt. */
  orderState: string;
  /** The attempt's message. */
  message: string;
  /** When this run's create began, when the shipment is its work; else the attempt starts now. */
  startedAt?: Date;
  /** The run answering for the row: told it ended once its status is written. */
  inFlight?: InFlight;
}

/** A terminal status other than SUCCESS, with its reason (`endWithReason`). */
export interface EndOptions {
  status: TerminalStatus;
  /** The reason the row shows. */
  message: string;
  /** The attempt's outcome: 'WRONG_STATE', 'GAVE_UP', 'NOT_CONNECTED', ... */
  outcome: string;
  /** Faire's order as last read: its state is kept with the attempt. */
  order?: FaireOrder;
  /** Faire's HTTP status, when Faire's answer ended the rows. */
  httpStatus?: number;
  /** The run answering for the rows: told they ended once their status is written. */
  inFlight?: InFlight;
}

/** A transient fault remembered on rows that stay PENDING (`wait`, decision 0037). */
export interface WaitOptions {
  /** Faire's words, shown while the rows wait. */
  message: string;
  /** The fault in short ('503', '429', 'timeout'). */
  fault: string;
  /** Until the next try. */
  delayMs: number;
  /** The rows' fault count from now on. */
  faults: number;
  /** A 429: the retry window does not start. */
  throttled: boolean;
}

/** An attempt that ended nothing (an order accepted, a create throttled or without a sure answer). */
export interface AttemptOptions {
  startedAt: Date;
  outcome: string;
  httpStatus: number | null;
  message: string | null;
}

/**
 * The statements on `shipments` and `shipment_attempts` of the processing, the recovery sweep, the
 * queueing, a person's retry and the order check (decision 0050). A row's life is its named
 * transitions: `claimPending` (in flight under the order's lock), then `succeed`, `endWithReason` or
 * `wait` (a fault that may pass: PENDING, with its next try); `requeueLost` and `markQueued` for rows
 * waiting without a job; `retryShipment` / `retryUpload` back to PENDING. Methods taking `q` run on the
 * connection holding the order's lock (`lockOrder`); the others on the pool. Ending transitions touch
 * only PENDING rows, so a row another run ended meanwhile stays as it was. (A row is born in the
 * materialize step, `UploadsRepository.insertShipments`, decision 0051, queued by its slice's queue
 * intent, `ShipmentQueueIntents`, decision 0060.)
 */
@Injectable()
export class ShipmentsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** The job's rows as they are before any lock: enough to take a permit, plan slots and take locks. */
  jobRows(ids: readonly string[]): Promise<JobRow[]> {
    return this.db.query(
      `SELECT id, company_id, order_id, status, attempts,
            greatest(0, ceil(extract(epoch FROM next_try_at - now()) * 1000))::int AS due_in_ms
       FROM shipments WHERE id = ANY($1::uuid[])`,
      [ids],
    );
  }

  /**
   * Runs `work` holding the order's advisory lock (key from `advisoryKey`) on a connection of its own;
   * `work` gets that connection for the transitions made under the lock.
   */
  lockOrder(
    lockKey: string,
    orderId: string,
    logger: Logger,
    work: (q: QueryRunner) => Promise<void>,
  ): Promise<void> {
    return withOrderLock(this.db, lockKey, orderId, logger, work);
  }

  /**
   * Puts the rows still PENDING in flight (one more attempt, the brand they are sent as) and answers
   * them: another worker may have ended some while this one waited for the lock.
   */
  async claimPending(q: Queryable, ids: readonly string[], o: ClaimOptions): Promise<ShipmentRow[]> {
    const result = await q.query(
      `UPDATE shipments SET attempts = attempts + 1, in_flight_since = now(), updated_at = now(),
                brand_id = $2, brand_name = $3, currency = $4
        WHERE id = ANY($1::uuid[]) AND status = 'PENDING'
        RETURNING id, company_id, uploaded_by, order_id, tracking_number, carrier, ship_date::text AS ship_date,
                  shipping_cost_cents, status, error_message, fault_count, attempts,
                  (retry_since IS NOT NULL AND retry_since < now() - $5::int * interval '1 millisecond') AS window_spent`,
      [ids, o.brandId, o.brandName, o.currency, o.retryWindowMs],
    );
    return returningRows<ShipmentRow>(result);
  }

  /** SUCCESS: the row's tracking code is on the Faire order; the attempt says how it got there. */
  async succeed(q: Queryable, id: string, o: SuccessOptions): Promise<void> {
    await q.query(
      `UPDATE shipments SET status = 'SUCCESS', error_message = NULL, marketplace_shipment_id = $2, in_flight_since = NULL,
              next_try_at = NULL, completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'PENDING'`,
      [id, o.shipmentId],
    );
    o.inFlight?.ended([id]);
    await q.query(
      `INSERT INTO shipment_attempts (shipment_id, started_at, finished_at, outcome, http_status, message, marketplace_answer)
       VALUES ($1, $2, now(), 'SUCCESS', 200, $3, $4)`,
      [
        id,
        o.startedAt ?? new Date(),
        o.message,
        JSON.stringify({ shipmentId: o.shipmentId, orderState: o.orderState }),
      ],
    );
  }

  /** Ends PENDING rows with a terminal status and its reason, and records the attempt that ended them. */
  async endWithReason(q: Queryable, ids: readonly string[], o: EndOptions): Promise<void> {
    if (ids.length === 0) return;
    await q.query(
      `UPDATE shipments SET status = $2, error_message = $3, in_flight_since = NULL, next_try_at = NULL, completed_at = now(), updated_at = now()
      WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [ids, o.status, o.message],
    );
    o.inFlight?.ended(ids);
    await q.query(
      `INSERT INTO shipment_attempts (shipment_id, finished_at, outcome, http_status, message, marketplace_answer)
     SELECT unnest($1::uuid[]), now(), $2, $3, $4, $5`,
      [
        ids,
        o.outcome,
        o.httpStatus ?? null,
        o.message,
        o.order ? JSON.stringify({ orderState: o.order.state }) : null,
      ],
    );
  }

  /** `endWithReason` on a connection of its own, outside any order lock. */
  async endWithReasonAlone(ids: readonly string[], o: EndOptions): Promise<void> {
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await this.endWithReason(runner, ids, o);
    } finally {
      await runner.release();
    }
  }

  /** Rows whose data the database refused, outside any Faire call: FAILED with the reason, no attempt. */
  async endRefused(ids: readonly string[], message: string): Promise<void> {
    await this.db.query(
      `UPDATE shipments SET status = 'FAILED', error_message = $2, in_flight_since = NULL, next_try_at = NULL, completed_at = now(), updated_at = now()
      WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [ids, message],
    );
  }

  /**
   * PENDING rows wait for their next try after a fault that may pass: the fault is remembered and the
   * retry window starts with the first one that counts (a 429 does not).
   */
  async wait(q: Queryable, ids: readonly string[], o: WaitOptions): Promise<void> {
    if (ids.length === 0) return;
    await q.query(
      `UPDATE shipments SET error_message = $2, last_fault = $3, next_try_at = now() + $4::int * interval '1 millisecond',
              fault_count = $5::int,
              retry_since = CASE WHEN $6::boolean THEN retry_since ELSE coalesce(retry_since, now()) END,
              updated_at = now()
        WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [ids, o.message, o.fault, o.delayMs, o.faults, o.throttled],
    );
  }

  /** An attempt on the rows that changes no status (they stay in flight). */
  async recordAttempt(q: Queryable, ids: readonly string[], o: AttemptOptions): Promise<void> {
    await q.query(
      `INSERT INTO shipment_attempts (shipment_id, started_at, finished_at, outcome, http_status, message)
     SELECT unnest($1::uuid[]), $2, now(), $3, $4, $5`,
      [ids, o.startedAt, o.outcome, o.httpStatus, o.message],
    );
  }

  /**
   * Claims for queueing again (bumps `updated_at` of) up to 10,000 PENDING rows never queued, or queued,
   * untouched for `olderThanMs`; a row waiting for its next try after a fault counts as untouched from
   * then on (decision 0037).
   */
  async requeueLost(o: {
    queued: boolean;
    olderThanMs: number;
  }): Promise<{ id: string; order_id: string; upload_id: string }[]> {
    const which = o.queued ? 'queued_at IS NOT NULL' : 'queued_at IS NULL';
    const result: unknown = await this.db.query(
      `UPDATE shipments SET updated_at = now()
        WHERE id IN (SELECT id FROM shipments
                      WHERE status = 'PENDING' AND ${which} AND updated_at < now() - ($1::int * interval '1 millisecond')
                        AND (next_try_at IS NULL OR next_try_at < now() - ($1::int * interval '1 millisecond'))
                      ORDER BY updated_at LIMIT 10000 FOR UPDATE SKIP LOCKED)
        RETURNING id, order_id, upload_id`,
      [o.olderThanMs],
    );
    return returningRows(result);
  }

  /** Rows now in a job: the sweep no longer takes them for lost ones (decision 0016). */
  async markQueued(ids: readonly string[]): Promise<void> {
    await this.db.query(
      'UPDATE shipments SET queued_at = now() WHERE id = ANY($1::uuid[]) AND queued_at IS NULL',
      [ids],
    );
  }

  /** `markQueued` of one row (a person's retry). */
  async markQueuedOne(id: string): Promise<void> {
    await this.db.query('UPDATE shipments SET queued_at = now() WHERE id = $1 AND queued_at IS NULL', [id]);
  }

  /**
   * A person's retry ("Retry all failed"): the upload's shipments in one of `statuses` (the retryable
   * ones), and those its repeats point to, back to PENDING with no fault and no job yet; answers them.
   */
  async retryUpload(o: {
    scope: CompanyScope;
    uploadId: string;
    statuses: readonly string[];
  }): Promise<{ id: string; order_id: string }[]> {
    const updated: unknown = await scopedQuery(
      this.db,
      o.scope,
      `UPDATE shipments SET ${RESET_FOR_RETRY_SQL}
        WHERE company_id = $1 AND status = ANY($3::text[])
          AND (upload_id = $2 OR id IN (SELECT shipment_id FROM upload_rows WHERE upload_id = $2 AND shipment_id IS NOT NULL))
        RETURNING id, order_id`,
      [o.uploadId, o.statuses],
    );
    return returningRows(updated);
  }

  /** A person's retry of one shipment; none when it is not the company's or not in one of `statuses`. */
  async retryShipment(o: {
    scope: CompanyScope;
    shipmentId: string;
    statuses: readonly string[];
  }): Promise<{ order_id: string; display_id: string | null; tracking_number: string }[]> {
    const updated: unknown = await scopedQuery(
      this.db,
      o.scope,
      `UPDATE shipments SET ${RESET_FOR_RETRY_SQL}
        WHERE id = $2 AND company_id = $1 AND status = ANY($3::text[]) RETURNING id, order_id, display_id, tracking_number`,
      [o.shipmentId, o.statuses],
    );
    return returningRows(updated);
  }
}
