import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type QueryRunner } from 'typeorm';
import { ShuttingDownError } from '../../common/shutdown.js';
import {
  AccountJobPermits,
  CompanyConnections,
  type CompanyAccount,
  FaireClient,
  type FaireAccount,
  FaireError,
  SlotNotDueError,
  type FaireOrder,
} from '../marketplace/index.js';
import { OrderSnapshots } from '../orders/index.js';
import {
  MAX_PER_CALL,
  SHIPPABLE,
  advisoryKey,
  faireErrorOutcome,
  failRefusedRows,
  finishRows,
  finishRowsAlone,
  recordAttempt,
  stateMessage,
  toFaireShipment,
  type ShipmentRow,
} from './shipment-rows.js';
import { normalizeTracking } from './tracking-key.js';
import { RetryLaterError, SLOT_ROUNDS, withOrderLock } from './order-lock.js';
import { isDataRefusal, refusalMessage } from './upload-slices.js';

export interface AttemptContext {
  /** True on the job's last attempt: a retryable problem then ends the row as FAILED. */
  lastAttempt: boolean;
}

/**
 * Creates shipments on Faire exactly once. For each order (under a per-order Postgres advisory lock,
 * released by Postgres itself if this process dies):
 *   1. re-read the rows: only PENDING ones are worked on;
 *   2. read the order on Faire: a shipment with the same tracking code already there counts as done
 *      (this is how a row left in flight by a dead worker, or a lost answer, is recovered);
 *   3. accept a NEW order first; refuse states Faire does not ship;
 *   4. send every remaining row of the order in one create call;
 *   5. on an uncertain outcome, read the order again before deciding anything.
 */
@Injectable()
export class ShipmentProcessingService {
  private readonly logger = new Logger('ShipmentProcessing');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly faire: FaireClient,
    private readonly connections: CompanyConnections,
    private readonly snapshots: OrderSnapshots,
    private readonly permits: AccountJobPermits,
  ) {}

  /**
   * A permit for the Faire account this batch will call, or null when that account already has its
   * share of running jobs (the caller gives its worker slot back and tries again shortly).
   */
  async permitFor(shipmentIds: string[], owner?: string): Promise<{ release(): Promise<void> } | null> {
    const rows: { company_id: string }[] = await this.db.query(
      `SELECT company_id FROM shipments WHERE id = ANY($1::uuid[]) AND status = 'PENDING' LIMIT 1`,
      [shipmentIds],
    );
    const noop = { release: async () => undefined };
    if (!rows[0]) return noop;
    const account = await this.connections.accountFor(rows[0].company_id);
    if (!account) return noop;
    const release = await this.permits.tryAcquire(account.key, owner);
    return release ? { release } : null;
  }

  async processBatch(shipmentIds: string[], ctx: AttemptContext): Promise<void> {
    const rows: ShipmentRow[] = await this.db.query(
      `SELECT id, company_id, uploaded_by, order_id, tracking_number, carrier, ship_date::text AS ship_date,
              shipping_cost_cents, status
         FROM shipments WHERE id = ANY($1::uuid[]) AND status = 'PENDING'`,
      [shipmentIds],
    );
    const groups = new Map<string, ShipmentRow[]>();
    for (const row of rows) {
      const key = `${row.company_id}|${row.order_id}`;
      groups.set(key, [...(groups.get(key) ?? []), row]);
    }
    // One order's trouble never holds back the other orders of the batch: each is tried, then the
    // first failure (if any) makes the job retry the orders not done.
    let retryLater: RetryLaterError | null = null;
    let failure: Error | null = null;
    for (const group of groups.values()) {
      try {
        await this.processOrder(group, ctx);
      } catch (err) {
        if (err instanceof RetryLaterError) retryLater ??= err;
        else if (isDataRefusal(err)) await failRefusedRows(this.db, this.logger, group, err);
        else failure ??= err instanceof Error ? err : new Error(String(err));
      }
    }
    if (failure) throw failure;
    if (retryLater) throw retryLater;
  }

  private async processOrder(group: ShipmentRow[], ctx: AttemptContext): Promise<void> {
    const { company_id: companyId, order_id: orderId } = group[0]!;
    const account = await this.connections.accountFor(companyId);
    if (!account) {
      await this.finishUnconnected(companyId, group);
      return;
    }
    // The calls this order needs in the usual case: read the order, then one create per 50 rows.
    let planned = 1 + Math.ceil(group.length / MAX_PER_CALL);
    for (let round = 1; ; round++) {
      // Waiting for Faire request slots happens here, holding no connection and no lock.
      const budgeted = await this.faire.reserve(account, planned);
      try {
        await this.processOrderWithLock(budgeted, group, ctx);
        return;
      } catch (err) {
        if (!(err instanceof SlotNotDueError)) throw err;
        // A call beyond the plan (accepting a NEW order, a re-read) found no slot due: let go of the
        // lock, wait for one more slot, start the order again (it re-reads Faire before it writes).
        if (round >= SLOT_ROUNDS) {
          throw new RetryLaterError(`No Faire request slot for order ${orderId} after ${round} tries`);
        }
        planned += 1;
      }
    }
  }

  private async processOrderWithLock(
    account: CompanyAccount,
    group: ShipmentRow[],
    ctx: AttemptContext,
  ): Promise<void> {
    const { company_id: companyId, order_id: orderId } = group[0]!;
    // Exactly once per Faire brand and order, whichever company's rows these are.
    await withOrderLock(this.db, advisoryKey(account.brandId, orderId), orderId, this.logger, (runner) =>
      this.processOrderLocked(
        runner,
        account,
        companyId,
        orderId,
        group.map((r) => r.id),
        ctx,
      ),
    );
  }

  private async processOrderLocked(
    q: QueryRunner,
    account: CompanyAccount,
    companyId: string,
    orderId: string,
    ids: string[],
    ctx: AttemptContext,
  ): Promise<void> {
    // Another worker may have finished some of these while we waited for the lock.
    const rows: ShipmentRow[] = await q
      .query(
        `UPDATE shipments SET attempts = attempts + 1, in_flight_since = now(), updated_at = now(),
                brand_id = $2, brand_name = $3, currency = $4
        WHERE id = ANY($1::uuid[]) AND status = 'PENDING'
        RETURNING id, company_id, uploaded_by, order_id, tracking_number, carrier, ship_date::text AS ship_date, shipping_cost_cents, status`,
        [ids, account.brandId, account.brandName, account.currency],
      )
      .then((r: unknown) =>
        Array.isArray(r) && Array.isArray(r[0]) ? (r[0] as ShipmentRow[]) : (r as ShipmentRow[]),
      );
    if (rows.length === 0) return;

    try {
      // 1. What does Faire already have?
      let order = await this.faire.getOrder(account, orderId);
      const pending = await this.settleAlreadyThere(q, rows, order, companyId, account.brandId);
      if (pending.length === 0) return;

      // 2. A NEW order is accepted first.
      if (order.state === 'NEW') {
        order = await this.accept(q, account, orderId, pending);
      }
      if (!SHIPPABLE.has(order.state)) {
        await finishRows(
          q,
          pending,
          'ORDER_STATUS_INCORRECT',
          stateMessage(order.state),
          'WRONG_STATE',
          order,
        );
        return;
      }

      // 3. One create call for the remaining rows of this order (Faire takes up to 50 per call).
      for (let i = 0; i < pending.length; i += MAX_PER_CALL) {
        await this.create(q, account, companyId, orderId, pending.slice(i, i + MAX_PER_CALL));
      }
    } catch (err) {
      await this.handleError(q, companyId, orderId, err, ctx, account.connectionId);
    }
  }

  /** Sends one create call; an uncertain or refused outcome is settled by reading the order again. */
  private async create(
    q: QueryRunner,
    account: CompanyAccount,
    companyId: string,
    orderId: string,
    rows: ShipmentRow[],
  ): Promise<void> {
    const startedAt = new Date();
    let created: FaireOrder;
    try {
      created = await this.faire.addShipments(
        account,
        orderId,
        rows.map((r) => toFaireShipment(r, account.currency)),
      );
    } catch (err) {
      if (
        err instanceof FaireError &&
        (err.kind === 'UNCERTAIN' ||
          err.kind === 'UNAVAILABLE' ||
          err.kind === 'RATE_LIMITED' ||
          err.kind === 'BLOCKED' ||
          err.kind === 'BAD_RESPONSE')
      ) {
        await recordAttempt(q, rows, startedAt, 'UNCERTAIN', err);
        // Did it happen? Read again; anything there is done, the rest waits for the next attempt
        // (which reads first anyway: without a slot due now, the re-read is left to it).
        const reread = await this.faire.getOrder(account, orderId).catch((readErr: unknown) => {
          throw readErr instanceof SlotNotDueError ? err : readErr;
        });
        const left = await this.settleAlreadyThere(q, rows, reread, companyId, account.brandId);
        if (left.length === 0) return;
        throw err;
      }
      if (err instanceof FaireError && err.kind === 'WRONG_STATE') {
        const reread = await this.faire.getOrder(account, orderId);
        const left = await this.settleAlreadyThere(q, rows, reread, companyId, account.brandId);
        if (left.length) {
          await finishRows(
            q,
            left,
            'ORDER_STATUS_INCORRECT',
            `Faire refused the shipment: ${err.message}`,
            'WRONG_STATE',
            reread,
            err.status,
          );
        }
        return;
      }
      throw err;
    }
    const stillMissing = await this.settleAlreadyThere(
      q,
      rows,
      created,
      companyId,
      account.brandId,
      startedAt,
    );
    if (stillMissing.length) {
      // Faire answered 200 without our tracking codes: never seen, but never guess either.
      throw new FaireError(
        'UNCERTAIN',
        'Faire accepted the request but the shipment is not on the order yet',
      );
    }
  }

  /** Marks rows whose tracking code is already on the Faire order as SUCCESS; answers the others. */
  private async settleAlreadyThere(
    q: QueryRunner,
    rows: ShipmentRow[],
    order: FaireOrder,
    companyId: string,
    brandId: string,
    startedAt?: Date,
  ): Promise<ShipmentRow[]> {
    const existing = new Map<string, string>();
    for (const s of order.shipments ?? []) existing.set(normalizeTracking(s.tracking_code), s.id);
    const done = rows.filter((r) => existing.has(normalizeTracking(r.tracking_number)));
    for (const row of done) {
      const shipmentId = existing.get(normalizeTracking(row.tracking_number))!;
      await q.query(
        `UPDATE shipments SET status = 'SUCCESS', error_message = NULL, marketplace_shipment_id = $2, in_flight_since = NULL,
                completed_at = now(), updated_at = now() WHERE id = $1 AND status = 'PENDING'`,
        [row.id, shipmentId],
      );
      await q.query(
        `INSERT INTO shipment_attempts (shipment_id, started_at, finished_at, outcome, http_status, message, marketplace_answer)
         VALUES ($1, $2, now(), 'SUCCESS', 200, $3, $4)`,
        [
          row.id,
          startedAt ?? new Date(),
          startedAt ? 'Shipment created on Faire' : 'Already on the Faire order (not sent again)',
          JSON.stringify({ shipmentId, orderState: order.state }),
        ],
      );
    }
    if (done.length) await this.snapshots.applyFaireOrder(companyId, order, q.manager, undefined, brandId);
    return rows.filter((r) => !existing.has(normalizeTracking(r.tracking_number)));
  }

  private async accept(
    q: QueryRunner,
    account: FaireAccount,
    orderId: string,
    rows: ShipmentRow[],
  ): Promise<FaireOrder> {
    const startedAt = new Date();
    try {
      const order = await this.faire.acceptOrder(account, orderId);
      await recordAttempt(
        q,
        rows,
        startedAt,
        'ORDER_ACCEPTED',
        null,
        'Order was NEW: accepted it (moved to PROCESSING) before adding the shipment',
      );
      return order;
    } catch (err) {
      if (err instanceof FaireError && (err.kind === 'WRONG_STATE' || err.kind === 'UNCERTAIN')) {
        // Accepted by someone else, or by us without an answer: read what is true now.
        return this.faire.getOrder(account, orderId);
      }
      throw err;
    }
  }

  private async handleError(
    q: QueryRunner,
    companyId: string,
    orderId: string,
    err: unknown,
    ctx: AttemptContext,
    connectionId: string,
  ): Promise<void> {
    // Not an outcome: the processor hands the job back, or the order is started again after a slot.
    if (err instanceof ShuttingDownError || err instanceof SlotNotDueError) throw err;
    const rows = (await q.query(
      `SELECT id, company_id, uploaded_by, order_id, tracking_number, carrier, ship_date::text AS ship_date, shipping_cost_cents, status
         FROM shipments WHERE company_id = $1 AND order_id = $2 AND status = 'PENDING' AND in_flight_since IS NOT NULL`,
      [companyId, orderId],
    )) as ShipmentRow[];
    if (isDataRefusal(err)) {
      // The database refuses these rows' data: retrying cannot help, the rows end here with the reason.
      await finishRows(q, rows, 'FAILED', refusalMessage(err), 'REFUSED_BY_DATABASE');
      return;
    }
    if (!(err instanceof FaireError)) {
      this.logger.error({ err }, `Unexpected error creating shipments for ${orderId}`);
      if (ctx.lastAttempt) {
        await finishRows(
          q,
          rows,
          'FAILED',
          'Something went wrong on our side while creating this shipment. Please retry.',
          'ERROR',
        );
      }
      throw new RetryLaterError(err instanceof Error ? err.message : String(err));
    }
    const next = faireErrorOutcome(err, ctx.lastAttempt);
    if (err.kind === 'UNAUTHORIZED') await this.connections.markFailed(connectionId, err.message);
    if ('end' in next) {
      await finishRows(q, rows, next.end, next.message, err.kind, undefined, err.status);
      return;
    }
    await q.query(`UPDATE shipments SET error_message = $2, updated_at = now() WHERE id = ANY($1::uuid[])`, [
      rows.map((r) => r.id),
      next.retry,
    ]);
    throw new RetryLaterError(err.message, err.retryAfterMs);
  }

  /** Rows of a company without a working connection end at once with what to do about it. */
  private async finishUnconnected(companyId: string, rows: ShipmentRow[]): Promise<void> {
    const current = await this.connections.find(companyId);
    const message =
      current?.status === 'FAILED'
        ? 'Faire refused the connected account. Reconnect Faire in Settings, then retry.'
        : 'No connected Faire account in this company. Connect Faire in Settings, then retry.';
    await finishRowsAlone(this.db, rows, 'FAILED', message, current ? 'UNAUTHORIZED' : 'NOT_CONNECTED');
  }
}
