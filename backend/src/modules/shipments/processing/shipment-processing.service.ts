import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import type { CreateShipmentsJob } from '../../../common/queue/queues.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import {
  AccountJobPermits,
  CompanyConnections,
  type CompanyAccount,
  FaireClient,
  FaireError,
  SlotNotDueError,
  type FaireOrder,
  type PermitWaiter,
} from '../../marketplace/index.js';
import { OrderSnapshots } from '../../orders/index.js';
import {
  MAX_PER_CALL,
  SHIPPABLE,
  advisoryKey,
  ids,
  InFlight,
  stateMessage,
  toFaireShipment,
  type ShipmentRow,
} from './shipment-rows.js';
import { ShipmentsRepository, type AttemptOptions } from './shipments.repository.js';
import { JobAccounts, loadBatch, type OrderWork, type ShipmentBatch } from './shipment-batch.js';
import { FaireOrderStates } from './order-states.js';
import { acceptOrder, settleAlreadyThere } from './order-settle.js';
import { RetryLaterError, SLOT_ROUNDS } from './order-lock.js';
import {
  endSpentWindows,
  settleOrderError,
  type AttemptContext,
  type FaultPolicy,
  type OrderRun,
} from './shipment-faults.js';
import { isDataRefusal, refusalMessage } from '../refusals.js';

export type { AttemptContext } from './shipment-faults.js';

/** What a job's run left to do: when to run again for its orders still waiting on Faire (epoch ms). */
export interface BatchOutcome {
  retryAt: number | null;
}

/** How long a job waits before starting an order again that found no Faire request slot (no attempt used). */
const NO_SLOT_WAIT_MS = 1000;
/** An order due this soon is worked on now rather than waited for again. */
const DUE_SLACK_MS = 100;
/** Faire answered the account this recently: it is up (decision 0037). */
const ANSWERED_LATELY_MS = 10_000;
/** A job runs this long before it asks whether another job waits for its slot (decision 0041). */
const SLICE_MS = 1000;

/**
 * Creates shipments on Faire exactly once. For each order (under a per-order Postgres advisory lock,
 * released by Postgres itself if this process dies):
 *   1. re-read the rows: only PENDING ones are worked on;
 *   2. what Faire already has: a shipment with the same tracking code there counts as done. The order's
 *      state comes from the brand's orders read in bulk within the window (decision 0040), or from a
 *      read of the order where that is uncertain: a row tried before (a dead worker, a lost answer),
 *      another row of the order sent since, no state within the window, a state Faire does not ship;
 *   3. accept a NEW order first; refuse states Faire does not ship;
 *   4. send every remaining row of the order in one create call;
 *   5. on an uncertain outcome, read the order again before deciding anything.
 * A fault that may pass (429, 5xx, timeout, lost answer) leaves the rows PENDING and the order is tried
 * again later, for the retry window; a row ends FAILED only for a refusal, or once its window is spent
 * and a read of the order shows it is not there (decision 0037).
 */
@Injectable()
export class ShipmentProcessingService {
  private readonly logger = new Logger('ShipmentProcessing');
  private readonly policy: FaultPolicy;

  constructor(
    private readonly shipments: ShipmentsRepository,
    private readonly faire: FaireClient,
    private readonly connections: CompanyConnections,
    private readonly snapshots: OrderSnapshots,
    private readonly permits: AccountJobPermits,
    private readonly states: FaireOrderStates,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const { retryWindowMs, retryBaseMs, retryMaxDelayMs } = config.shipments;
    this.policy = { retryWindowMs, retryBaseMs, retryMaxDelayMs };
  }

  /** The job's rows, read once before any lock; null when none of its shipments exists here. */
  load(job: CreateShipmentsJob): Promise<ShipmentBatch | null> {
    return loadBatch(this.shipments, this.connections, job);
  }

  /**
   * A permit for the Faire account this batch will call, or, when that account already has its share
   * of running jobs, how many jobs of its line are ahead of this one and the account's key (the caller
   * gives its worker slot back and tries again later, see AccountJobPermits).
   */
  async permitFor(
    batch: ShipmentBatch,
    owner?: string,
    waiter?: PermitWaiter,
  ): Promise<{ release(): Promise<void> } | { ahead: number; accountKey: string }> {
    const noop = { release: async () => undefined };
    const first = batch.orders[0];
    if (!first) return noop;
    const account = await batch.accounts.of(first.companyId);
    if (!account) return noop;
    const got = await this.permits.acquireOrWait(account.key, owner, waiter);
    return 'release' in got ? got : { ahead: got.ahead, accountKey: account.key };
  }

  /** A permit for an account known from an earlier refusal of the same job, before its rows are read. */
  permitForAccount(
    accountKey: string,
    owner?: string,
    waiter?: PermitWaiter,
  ): Promise<{ release(): Promise<void> } | { ahead: number }> {
    return this.permits.acquireOrWait(accountKey, owner, waiter);
  }

  /**
   * Works through the job's orders. An order waiting on Faire (its rows' next try not due yet, or a
   * fault that may pass now) does not hold back the others; the answer says when the job should run
   * again for it. An unexpected error of one order is thrown after the others were tried (a BullMQ
   * attempt).
   */
  async processBatch(batch: ShipmentBatch, ctx: AttemptContext): Promise<BatchOutcome> {
    let retryAt: number | null = null;
    const later = (at: number) => {
      retryAt = retryAt === null ? at : Math.min(retryAt, at);
    };
    let failure: Error | null = null;
    let sliceStart = Date.now();
    for (const work of batch.orders) {
      // Another brand's job waits for a slot: give it ours, and run again behind it (decision 0041).
      if (Date.now() - sliceStart >= SLICE_MS && ctx.shouldYield) {
        if (await ctx.shouldYield()) {
          later(Date.now());
          break;
        }
        sliceStart = Date.now();
      }
      if (work.dueAt !== null && work.dueAt > Date.now() + DUE_SLACK_MS) {
        later(work.dueAt);
        continue;
      }
      try {
        await this.processOrder(batch.accounts, work, ctx);
      } catch (err) {
        if (err instanceof RetryLaterError) later(Date.now() + err.delayMs);
        else if (isDataRefusal(err)) await this.failRefused(work, err);
        else failure ??= err instanceof Error ? err : new Error(String(err));
      }
    }
    if (failure) throw failure;
    return { retryAt };
  }

  private async processOrder(accounts: JobAccounts, work: OrderWork, ctx: AttemptContext): Promise<void> {
    const account = await accounts.of(work.companyId);
    if (!account) {
      await this.finishUnconnected(work);
      return;
    }
    // The brand's orders read in bulk, shared by its jobs (decision 0040); then the calls this order
    // needs in the usual case: one create per 50 rows, after a read of the order where it is uncertain.
    const known = (await this.states.refresh(account)) && !work.tried;
    let planned = (known ? 0 : 1) + Math.ceil(work.ids.length / MAX_PER_CALL);
    for (let round = 1; ; round++) {
      // Waiting for Faire request slots happens here, holding no connection and no lock.
      const budgeted = await this.faire.reserve(account, planned);
      try {
        // Exactly once per Faire brand and order, whichever company's rows these are.
        await this.shipments.lockOrder(
          advisoryKey(account.brandId, work.orderId),
          work.orderId,
          this.logger,
          (runner) => this.processOrderLocked(runner, budgeted, accounts, work, ctx),
        );
        return;
      } catch (err) {
        if (!(err instanceof SlotNotDueError)) throw err;
        // A call beyond the plan (accepting a NEW order, a re-read) found no slot due: let go of the
        // lock, wait for one more slot, start the order again (it re-reads Faire before it writes).
        if (round >= SLOT_ROUNDS) {
          throw new RetryLaterError(
            `No Faire request slot for order ${work.orderId} after ${round} tries`,
            NO_SLOT_WAIT_MS,
          );
        }
        planned += 1;
      }
    }
  }

  /**
   * The order's rows are read once here, under its lock, as they are put in flight; from then on the
   * run keeps track of which of them it has ended (`InFlight`) instead of reading them again.
   */
  private async processOrderLocked(
    q: QueryRunner,
    account: CompanyAccount,
    accounts: JobAccounts,
    work: OrderWork,
    ctx: AttemptContext,
  ): Promise<void> {
    const { companyId, orderId } = work;
    // Another worker may have finished some of these while we waited for the lock.
    const rows = await this.shipments.claimPending(q, work.ids, {
      brandId: account.brandId,
      brandName: account.brandName,
      currency: account.currency,
      retryWindowMs: this.policy.retryWindowMs,
    });
    if (rows.length === 0) return;
    const run: OrderRun = {
      q,
      shipments: this.shipments,
      account,
      companyId,
      orderId,
      inFlight: new InFlight(rows),
      answered: false,
    };

    try {
      // 1. What does Faire already have? The bulk-read state where nothing is uncertain, else a read.
      const fresh = rows.filter((r) => r.attempts <= 1).map((r) => r.id);
      const known =
        fresh.length === rows.length
          ? await this.states.lookup(q, account.brandId, orderId, fresh)
          : { read: 'tried before' };
      let order: FaireOrder;
      if ('order' in known && (known.order.state === 'NEW' || SHIPPABLE.has(known.order.state))) {
        order = known.order;
      } else {
        order = await this.read(q, account, orderId);
        run.answered = true;
      }
      const missing = await this.settleAlreadyThere(run, rows, order);
      // Faire just answered and these are not on the order: rows whose window is spent end here.
      const pending = await endSpentWindows(run, missing, order, this.policy.retryWindowMs);
      if (pending.length === 0) return;

      // 2. A NEW order is accepted first.
      if (order.state === 'NEW') {
        order = await acceptOrder(this.faire, run, pending);
        await this.states.remember(q, account.brandId, order);
      }
      if (!SHIPPABLE.has(order.state)) {
        await this.shipments.endWithReason(q, ids(pending), {
          status: 'ORDER_STATUS_INCORRECT',
          message: stateMessage(order.state),
          outcome: 'WRONG_STATE',
          order,
          inFlight: run.inFlight,
        });
        return;
      }

      // 3. One create call for the remaining rows of this order (Faire takes up to 50 per call).
      for (let i = 0; i < pending.length; i += MAX_PER_CALL) {
        await this.create(run, pending.slice(i, i + MAX_PER_CALL));
      }
    } catch (err) {
      // Faire answered this account lately (here or for another order): a fault now is Faire being
      // flaky, not down, and the backoff stays short.
      run.answered ||= this.faire.answeredWithin(account.key, ANSWERED_LATELY_MS);
      await settleOrderError(run, accounts, err, ctx, this.policy, this.logger);
    }
  }

  /** Sends one create call; an uncertain or refused outcome is settled by reading the order again. */
  private async create(run: OrderRun, rows: ShipmentRow[]): Promise<void> {
    const { q, account, orderId } = run;
    const startedAt = new Date();
    let created: FaireOrder;
    try {
      created = await this.faire.addShipments(
        account,
        orderId,
        rows.map((r) => toFaireShipment(r, account.currency)),
      );
    } catch (err) {
      if (err instanceof FaireError && err.kind === 'RATE_LIMITED') {
        // Throttled: Faire did nothing, and the account is held back for its Retry-After.
        await this.shipments.recordAttempt(q, ids(rows), attemptOf(startedAt, 'THROTTLED', err));
        throw err;
      }
      if (
        err instanceof FaireError &&
        (err.kind === 'UNCERTAIN' ||
          err.kind === 'UNAVAILABLE' ||
          err.kind === 'BLOCKED' ||
          err.kind === 'BAD_RESPONSE')
      ) {
        await this.shipments.recordAttempt(q, ids(rows), attemptOf(startedAt, 'UNCERTAIN', err));
        // Did it happen? Read again; anything there is done, the rest waits for the next attempt
        // (which reads first anyway: without a slot due now, the re-read is left to it).
        const reread = await this.read(q, account, orderId).catch((readErr: unknown) => {
          throw readErr instanceof SlotNotDueError ? err : readErr;
        });
        const left = await this.settleAlreadyThere(run, rows, reread);
        if (left.length === 0) return;
        throw err;
      }
      if (err instanceof FaireError && err.kind === 'WRONG_STATE') {
        const reread = await this.read(q, account, orderId);
        const left = await this.settleAlreadyThere(run, rows, reread);
        if (left.length) {
          await this.shipments.endWithReason(q, ids(left), {
            status: 'ORDER_STATUS_INCORRECT',
            message: `Faire refused the shipment: ${err.message}`,
            outcome: 'WRONG_STATE',
            order: reread,
            httpStatus: err.status,
            inFlight: run.inFlight,
          });
        }
        return;
      }
      throw err;
    }
    const stillMissing = await this.settleAlreadyThere(run, rows, created, startedAt);
    // Faire's create answers with the whole order: the brand's states learn it without a read.
    await this.states.remember(q, account.brandId, created);
    if (stillMissing.length) {
      // Faire answered 200 without our tracking codes: never seen, but never guess either.
      throw new FaireError(
        'UNCERTAIN',
        'Faire accepted the request but the shipment is not on the order yet',
      );
    }
  }

  private settleAlreadyThere(
    run: OrderRun,
    rows: ShipmentRow[],
    order: FaireOrder,
    startedAt?: Date,
  ): Promise<ShipmentRow[]> {
    return settleAlreadyThere(run, this.snapshots, rows, order, startedAt);
  }

  /** One read of the order on Faire; what it says is kept with the brand's states. */
  private async read(q: QueryRunner, account: CompanyAccount, orderId: string): Promise<FaireOrder> {
    const order = await this.faire.getOrder(account, orderId);
    await this.states.remember(q, account.brandId, order);
    return order;
  }

  /** Rows of a company without a working connection end at once with what to do about it. */
  private async finishUnconnected(work: OrderWork): Promise<void> {
    const current = await this.connections.find(CompanyScope.ofJob(work.companyId));
    const message =
      current?.status === 'FAILED'
        ? 'Faire refused the connected account. Reconnect Faire in Settings, then retry.'
        : 'No connected Faire account in this company. Connect Faire in Settings, then retry.';
    await this.shipments.endWithReasonAlone(work.ids, {
      status: 'FAILED',
      message,
      outcome: current ? 'UNAUTHORIZED' : 'NOT_CONNECTED',
    });
  }

  /** Rows of an order whose processing the database refused (outside any Faire call) end FAILED. */
  private async failRefused(work: OrderWork, err: unknown): Promise<void> {
    this.logger.warn(`Shipments of order ${work.orderId} refused by the database; marked FAILED`);
    await this.shipments.endRefused(work.ids, refusalMessage(err));
  }
}

/** The attempt of a create that ended nothing: Faire's status and words. */
function attemptOf(startedAt: Date, outcome: string, err: FaireError): AttemptOptions {
  return { startedAt, outcome, httpStatus: err.status ?? null, message: err.message ?? null };
}
