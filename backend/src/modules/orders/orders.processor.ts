import { InjectQueue, Processor, WorkerHost } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bullmq';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { foreignJob } from '../../common/queue/foreign-job.js';
import { handBack } from '../../common/queue/hand-back.js';
import { ORDER_JOBS, QUEUES, type SyncOrdersJob } from '../../common/queue/queues.js';
import { keepSchedule } from '../../common/queue/schedules.js';
import { OrdersSyncService } from './orders-sync.service.js';

/** 03:00 UTC every day. */
export const NIGHTLY_ORDER_SYNC_PATTERN = '0 3 * * *';

@Processor(QUEUES.ORDERS, { concurrency: 2 })
export class OrdersProcessor extends WorkerHost implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OrdersProcessor');
  private stopKeeping?: () => void;

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

  async process(job: Job<SyncOrdersJob>, token?: string): Promise<unknown> {
    if (job.name === ORDER_JOBS.NIGHTLY) return this.nightly();
    if (!(await this.sync.companyExists(job.data.companyId))) {
      throw foreignJob(job, `company ${job.data.companyId}`, this.config.queuePrefix);
    }
    return handBack(job, token, () => this.sync.syncCompany(job.data.companyId));
  }

  /** Nightly: one sync job per connected company; one company's failure never stops the others. */
  async nightly(): Promise<{ companies: number }> {
    const companies = await this.sync.connectedCompanies();
    for (const companyId of companies) {
      try {
        await this.sync.enqueue(companyId);
      } catch (err) {
        this.logger.error({ err }, `Could not schedule the order sync of company ${companyId}`);
      }
    }
    this.logger.log(`Nightly order sync scheduled for ${companies.length} companies`);
    return { companies: companies.length };
  }
}
