import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { foreignJob } from '../../common/queue/foreign-job.js';
import { handBack } from '../../common/queue/hand-back.js';
import {
  dispatchJob,
  type CatalogueJob,
  type JobHandlers,
  type JobProcessor,
} from '../../common/queue/job-dispatch.js';
import { ORDER_JOBS, QUEUES } from '../../common/queue/queues.js';
import { retryAfterBackoff } from '../../common/queue/retry-backoff.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { ShuttingDownError } from '../../common/shutdown.js';
import { FaireError } from '../marketplace/index.js';
import { OrdersSyncService } from './orders-sync.service.js';

/** 03:00 UTC every day. */
export const NIGHTLY_ORDER_SYNC_PATTERN = '0 3 * * *';

// A sync only upserts, so one whose worker died is run again however often that happens: BullMQ's
// default (one stall) would drop it after a second crash, and with it the orders held labels wait for.
@Processor(QUEUES.ORDERS, {
  concurrency: 2,
  maxStalledCount: 20,
  settings: { backoffStrategy: retryAfterBackoff },
})
export class OrdersProcessor
  extends WorkerHost
  implements OnApplicationBootstrap, OnApplicationShutdown, JobProcessor<typeof QUEUES.ORDERS>
{
  private readonly logger = new Logger('OrdersProcessor');
  private stopKeeping?: () => void;
  readonly queueName = QUEUES.ORDERS;
  readonly handlers: JobHandlers<typeof QUEUES.ORDERS> = {
    [ORDER_JOBS.NIGHTLY]: () => this.nightly(),
    [ORDER_JOBS.SYNC]: (job, token) => this.syncOne(job, token),
  };

  constructor(
    private readonly sync: OrdersSyncService,
    @InjectQueue(QUEUES.ORDERS) private readonly queue: Queue,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    super();
  }

  /** Every worker registers the nightly schedule (and again if Redis forgot it); it runs once per night per fleet. */
  async onApplicationBootstrap(): Promise<void> {
    this.stopKeeping = await keepSchedule(
      this.queue,
      ORDER_JOBS.NIGHTLY,
      { pattern: NIGHTLY_ORDER_SYNC_PATTERN },
      this.config.shipments.recoveryIntervalMs,
      this.logger,
    );
  }

  onApplicationShutdown(): void {
    this.stopKeeping?.();
  }

  process(job: Job, token?: string): Promise<unknown> {
    return dispatchJob(this.queueName, job, this.handlers, token);
  }

  private async syncOne(
    job: CatalogueJob<typeof QUEUES.ORDERS, typeof ORDER_JOBS.SYNC>,
    token?: string,
  ): Promise<unknown> {
    if (!(await this.sync.companyExists(job.data.companyId))) {
      throw foreignJob(job, `company ${job.data.companyId}`, this.config.queuePrefix);
    }
    const willRetry = job.attemptsMade + 1 < (job.opts.attempts ?? 1);
    return handBack(job, token, async () => {
      try {
        return await this.sync.syncCompany(job.data.companyId, { willRetry });
      } catch (err) {
        // Only what may pass by itself is worth another run (a refused token or a bug is not).
        if (err instanceof FaireError && err.transient) throw err;
        if (err instanceof ShuttingDownError) throw err;
        throw new UnrecoverableError(err instanceof Error ? err.message : String(err));
      }
    });
  }

  /** Nightly: one sync job per connected company; one company's failure never stops the others. */
  async nightly(): Promise<{ companies: number }> {
    const companies = await this.sync.connectedCompanies();
    for (const companyId of companies) {
      try {
        await this.sync.enqueue(companyId, 'nightly');
      } catch (err) {
        this.logger.error({ err }, `Could not schedule the order sync of company ${companyId}`);
      }
    }
    this.logger.log(`Nightly order sync scheduled for ${companies.length} companies`);
    return { companies: companies.length };
  }
}
