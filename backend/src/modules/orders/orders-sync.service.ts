import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { Queue, QueueEvents } from 'bullmq';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ShuttingDownError } from '../../common/shutdown.js';
import { ORDER_JOBS, QUEUES, type SyncOrdersJob } from '../../common/queue/queues.js';
import { bullConnection } from '../../common/queue/redis.js';
import { retryBackoff } from '../../common/queue/retry-backoff.js';
import { CompanyRecords } from '../companies/index.js';
import {
  FaireClient,
  FaireError,
  type FaireOrderState,
  CompanyConnections,
  type CompanyAccount,
} from '../marketplace/index.js';
import { OPEN_STATES, OrderSnapshots } from './order-snapshots.service.js';
import { OrderSyncStates } from './order-sync-state.repository.js';
import { OrdersRepository } from './orders.repository.js';

const CLOSED_STATES: FaireOrderState[] = ['DELIVERED', 'CANCELED', 'PENDING_RETAILER_CONFIRMATION'];
const FULL_SYNC_EVERY_MS = 24 * 3_600_000;
/** Overlap with the previous run so an order updated during it is not missed. */
const OVERLAP_MS = 5 * 60_000;
const REFRESH_WAIT_MS = 60_000;
/** Runs of one sync job before it is given up (decision 0021): 1 s, 2 s, 4 s, 8 s apart at least. */
export const SYNC_ATTEMPTS = 5;
const SYNC_RETRY_DELAY_MS = 1000;

export const syncJobId = (companyId: string) => `sync-${companyId}`;

/**
 * Pulls a company's orders from Faire through a connected member's token. The first run (and one a day)
 * lists every open order and closes the ones no longer open; other runs ask only for orders updated
 * since the last one (`updated_at_min`). A failed run keeps the previous data and records the error.
 */
@Injectable()
export class OrdersSyncService implements OnModuleDestroy {
  private readonly logger = new Logger('OrdersSync');
  private events?: QueueEvents;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.ORDERS) private readonly queue: Queue<SyncOrdersJob>,
    private readonly faire: FaireClient,
    private readonly connections: CompanyConnections,
    private readonly companies: CompanyRecords,
    private readonly snapshots: OrderSnapshots,
    private readonly orders: OrdersRepository,
    private readonly syncStates: OrderSyncStates,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Enqueues a sync (joining one queued, after one running) and waits for it. */
  async refresh(caller: CompanyAuthContext): Promise<{ message: string }> {
    const scope = CompanyScope.of(caller);
    const companyId = scope.companyId;
    const account = await this.connections.accountFor(scope);
    if (!account) {
      const current = await this.connections.find(scope);
      if (current?.status === 'FAILED') throw new AppError('MARKETPLACE_REFUSED');
      throw new AppError('MARKETPLACE_NOT_CONNECTED', 'Connect Faire in Settings to load orders');
    }
    // Another refresh running is joined; a sync running for another reason (Faire or a source just
    // connected, the nightly run) began before this click: it is let finish, and a fresh one reads Faire.
    const running = await this.queue.getJob(syncJobId(companyId));
    if (running && running.data.reason && running.data.reason !== 'refresh' && (await running.isActive())) {
      await running.waitUntilFinished(await this.queueEvents(), REFRESH_WAIT_MS).catch(() => undefined);
    }
    const job = await this.enqueue(companyId);
    try {
      await job.waitUntilFinished(await this.queueEvents(), REFRESH_WAIT_MS);
    } catch (err) {
      const message = (err as Error).message;
      // A job removed on completion before we started listening has simply finished.
      if (!/Missing key|missing key/.test(message)) {
        const state = await this.state(scope);
        throw new AppError(
          'MARKETPLACE_UNAVAILABLE',
          `Orders could not be refreshed: ${clause(state?.last_error ?? message)}. Showing the last synced data.`,
        );
      }
    }
    const state = await this.state(scope);
    if (state?.last_error && (!state.last_success_at || state.last_error_at! > state.last_success_at)) {
      throw new AppError(
        'MARKETPLACE_UNAVAILABLE',
        `Orders could not be refreshed: ${clause(state.last_error)}. Showing the last synced data.`,
      );
    }
    return { message: 'Orders refreshed' };
  }

  enqueue(companyId: string, reason: NonNullable<SyncOrdersJob['reason']> = 'refresh') {
    return this.queue.add(
      ORDER_JOBS.SYNC,
      { companyId, reason },
      {
        jobId: syncJobId(companyId),
        removeOnComplete: true,
        removeOnFail: true,
        // A page Faire did not answer (throttled, unavailable) fails the run; BullMQ runs it again
        // after the backoff (or Faire's Retry-After). Orders are upserted, so a re-run duplicates none.
        attempts: SYNC_ATTEMPTS,
        backoff: retryBackoff(SYNC_RETRY_DELAY_MS),
      },
    );
  }

  state(scope: CompanyScope) {
    return this.syncStates.get(scope);
  }

  /**
   * The job body: one sync of one company, from the company's brand. If the admin changed the brand while
   * it ran, what it loaded is dropped and the new brand's orders are loaded instead: orders never mix brands.
   */
  async syncCompany(
    companyId: string,
    opts: { willRetry?: boolean } = {},
  ): Promise<{ fetched: number; closed: number }> {
    const scope = CompanyScope.ofJob(companyId);
    for (let round = 0; ; round++) {
      const account = await this.connections.accountFor(scope);
      if (!account) return { fetched: 0, closed: 0 };
      const result = await this.syncFrom(companyId, account, opts.willRetry ?? false);
      const now = await this.connections.find(scope);
      if (!now || now.brandId === account.brandId || round >= 2) return result;
      await this.orders.dropOtherBrands(scope, now.brandId);
      await this.syncStates.forget(scope);
    }
  }

  private async syncFrom(
    companyId: string,
    account: CompanyAccount,
    willRetry: boolean,
  ): Promise<{ fetched: number; closed: number }> {
    const scope = CompanyScope.ofJob(companyId);
    const state = await this.state(scope);
    const now = this.clock.now();
    const full =
      !state?.last_success_at ||
      !state.high_water_mark ||
      now.getTime() - state.last_success_at.getTime() > FULL_SYNC_EVERY_MS;
    const thresholds = await this.snapshots.thresholds(scope);
    let fetched = 0;
    let closed = 0;
    let highWater = state?.high_water_mark ?? null;
    const seen = new Set<string>();
    try {
      const params = full
        ? { excludedStates: CLOSED_STATES }
        : { updatedAtMin: new Date(highWater!.getTime() - OVERLAP_MS).toISOString() };
      for await (const order of this.faire.iterateOrders(account, params)) {
        await this.snapshots.applyFaireOrder(companyId, order, this.db.manager, thresholds, account.brandId);
        seen.add(order.id);
        fetched += 1;
        const updated = new Date(order.updated_at);
        if (!highWater || updated > highWater) highWater = updated;
      }
      if (full) {
        // Open here but not in Faire's open list any more: read each to learn its state.
        const stale = await this.orders.openNotIn(scope, [...seen]);
        for (const faire_order_id of stale) {
          try {
            await this.snapshots.applyFaireOrder(
              companyId,
              await this.faire.getOrder(account, faire_order_id),
              this.db.manager,
              thresholds,
              account.brandId,
            );
          } catch (err) {
            if (!(err instanceof FaireError && err.kind === 'NOT_FOUND')) throw err;
            await this.orders.closeGone(scope, faire_order_id);
          }
          closed += 1;
        }
      }
      await this.snapshots.recalculate(scope);
      await this.syncStates.succeeded(scope, now, highWater ?? now, fetched + closed > 0);
      return { fetched, closed };
    } catch (err) {
      if (err instanceof ShuttingDownError) throw err; // handed back, not a failed sync
      const message = err instanceof FaireError ? err.message : 'unexpected error';
      if (willRetry && err instanceof FaireError && err.transient) {
        // Not a failed sync yet: the job runs again; what users see changes only if the last run fails.
        this.logger.warn(`Order sync for company ${companyId} will be tried again: ${message}`);
        throw err;
      }
      if (err instanceof FaireError && err.kind === 'UNAUTHORIZED') {
        await this.connections.markFailed(scope, account.connectionId, err.message);
      }
      this.logger.warn(`Order sync for company ${companyId} failed: ${message}`);
      await this.syncStates.failed(scope, message);
      throw err;
    }
  }

  /** Whether the company still exists (asked of the companies module, which owns the table). */
  companyExists(companyId: string): Promise<boolean> {
    return this.companies.exists(companyId);
  }

  /** Companies with a working Faire connection (for the nightly run; the marketplace module owns them). */
  connectedCompanies(): Promise<string[]> {
    return this.connections.connectedCompanyIds();
  }

  private async queueEvents(): Promise<QueueEvents> {
    if (!this.events) {
      this.events = new QueueEvents(QUEUES.ORDERS, {
        connection: bullConnection(this.config.redisUrl),
        prefix: this.config.queuePrefix,
      });
      await this.events.waitUntilReady();
    }
    return this.events;
  }

  async onModuleDestroy(): Promise<void> {
    await this.events?.close();
  }
}

export { OPEN_STATES };

/** A message put inside a sentence: without its own full stop, so the sentence has one. */
function clause(message: string): string {
  return message.replace(/\s*\.+\s*$/, '');
}
