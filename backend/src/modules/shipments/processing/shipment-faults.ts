import type { Logger } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { isDatabaseUnavailable } from '../../../common/database/unavailable.js';
import { ShuttingDownError } from '../../../common/shutdown.js';
import {
  FaireError,
  SlotNotDueError,
  type CompanyAccount,
  type FaireOrder,
} from '../../marketplace/index.js';
import { RetryLaterError } from './order-lock.js';
import {
  backoffMs,
  faultLabel,
  throttleWaitMs,
  windowSpentMessage,
  type RetryTimings,
} from './retry-schedule.js';
import type { JobAccounts } from './shipment-batch.js';
import { faireErrorOutcome, ids, type InFlight, type ShipmentRow } from './shipment-rows.js';
import type { ShipmentsRepository } from './shipments.repository.js';
import { isDataRefusal, refusalMessage } from '../refusals.js';

/** One order being worked on under its lock. */
export interface OrderRun {
  /** The connection holding the order's lock: the run's transitions are made on it. */
  q: QueryRunner;
  shipments: ShipmentsRepository;
  account: CompanyAccount;
  companyId: string;
  orderId: string;
  inFlight: InFlight;
  /**
   * Faire answered this run's read of the order, or another call of the account lately: it is up, only
   * flaky (the backoff stays short).
   */
  answered: boolean;
}

/**
 * The backoff's exponent while Faire answers (this run's read, or the account's other calls lately): a
 * fault next to answers is a passing one, not an outage, so it is tried again within seconds (at most
 * base x 2^(n-1) with this n) instead of waiting as long as in an outage.
 */
const ANSWERED_MAX_FAULTS = 3;

export interface FaultPolicy extends RetryTimings {
  retryWindowMs: number;
}

/** True on the job's last attempt of BullMQ's (spent only by unexpected errors, never by Faire's faults). */
export interface AttemptContext {
  lastAttempt: boolean;
  /**
   * Asked between orders once the job has run for a slice: true when another job waits for a slot this
   * one could give back (decision 0041). The job then stops and is queued again behind it.
   */
  shouldYield?: () => Promise<boolean>;
}

/**
 * Remembers a transient fault on the rows it stopped and answers how long they wait (decision 0037). A
 * 429 waits for Faire's Retry-After and changes nothing else; any other fault counts (the backoff grows,
 * less far when Faire answered this run's read) and starts the row's retry window if it had none.
 */
export async function recordFault(
  run: Pick<OrderRun, 'q' | 'shipments'>,
  rows: ShipmentRow[],
  err: FaireError,
  policy: FaultPolicy,
  answered: boolean,
): Promise<number> {
  const throttled = err.kind === 'RATE_LIMITED';
  const before = Math.max(0, ...rows.map((r) => r.fault_count));
  const faults = throttled ? before : answered ? Math.min(before + 1, ANSWERED_MAX_FAULTS) : before + 1;
  const delayMs = throttled ? throttleWaitMs(err) : backoffMs(faults, policy);
  await run.shipments.wait(
    run.q,
    rows.map((r) => r.id),
    { message: err.message, fault: faultLabel(err), delayMs, faults, throttled },
  );
  return delayMs;
}

/**
 * Rows whose retry window is spent end FAILED with their last reason: called right after a read of the
 * order answered, with the rows it did not show, so a row is never FAILED while its shipment is on Faire
 * (decision 0037). Answers the rows still to send.
 */
export async function endSpentWindows(
  run: OrderRun,
  rows: ShipmentRow[],
  order: FaireOrder,
  windowMs: number,
): Promise<ShipmentRow[]> {
  const spent = rows.filter((r) => r.window_spent);
  if (spent.length === 0) return rows;
  const byReason = new Map<string, ShipmentRow[]>();
  for (const r of spent) {
    const message = windowSpentMessage(windowMs, r.error_message);
    byReason.set(message, [...(byReason.get(message) ?? []), r]);
  }
  for (const [message, group] of byReason) {
    await run.shipments.endWithReason(run.q, ids(group), {
      status: 'FAILED',
      message,
      outcome: 'GAVE_UP',
      order,
      inFlight: run.inFlight,
    });
  }
  return rows.filter((r) => !r.window_spent);
}

/**
 * What an error that stopped an order's run under its lock means for the rows it left in flight: a
 * refusal ends them; a fault that may pass is remembered and the order is tried again later
 * (RetryLaterError, no attempt used); anything else is a BullMQ attempt, and on the last one the rows
 * end FAILED, unless the database itself was away (they stay PENDING for the recovery sweep).
 */
export async function settleOrderError(
  run: OrderRun,
  accounts: JobAccounts,
  err: unknown,
  ctx: AttemptContext,
  policy: FaultPolicy,
  logger: Logger,
): Promise<void> {
  // Not an outcome: the processor hands the job back, or the order is started again after a slot.
  if (err instanceof ShuttingDownError || err instanceof SlotNotDueError) throw err;
  const { q, orderId, shipments } = run;
  // The rows this run put in flight and has not ended (not read again: the lock is still held).
  const rows = run.inFlight.rows();
  if (isDataRefusal(err)) {
    // The database refuses these rows' data: retrying cannot help, the rows end here with the reason.
    await shipments.endWithReason(q, ids(rows), {
      status: 'FAILED',
      message: refusalMessage(err),
      outcome: 'REFUSED_BY_DATABASE',
    });
    return;
  }
  if (!(err instanceof FaireError)) {
    if (isDatabaseUnavailable(err)) {
      logger.warn(`Database unavailable while creating shipments for ${orderId}; the job will try again`);
      throw err;
    }
    logger.error({ err }, `Unexpected error creating shipments for ${orderId}`);
    if (ctx.lastAttempt) {
      await shipments.endWithReason(q, ids(rows), {
        status: 'FAILED',
        message: 'Something went wrong on our side while creating this shipment. Please retry.',
        outcome: 'ERROR',
      });
    }
    throw err;
  }
  const outcome = faireErrorOutcome(err);
  if (err.kind === 'UNAUTHORIZED') await accounts.refused(run.companyId, run.account, err.message);
  if ('end' in outcome) {
    await shipments.endWithReason(q, ids(rows), {
      status: outcome.end,
      message: outcome.message,
      outcome: err.kind,
      httpStatus: err.status,
    });
    return;
  }
  const delayMs = await recordFault(run, rows, err, policy, run.answered);
  throw new RetryLaterError(err.message, delayMs);
}
