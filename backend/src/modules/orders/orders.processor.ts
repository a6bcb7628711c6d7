import { Processor, WorkerHost } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import type { Job } from 'bullmq';
import { QUEUES, type SyncOrdersJob } from '../../common/queue/queues.js';
import { OrdersSyncService } from './orders-sync.service.js';

@Processor(QUEUES.ORDERS, { concurrency: 2 })
export class OrdersProcessor extends WorkerHost {
  private readonly logger = new Logger('OrdersProcessor');

  constructor(private readonly sync: OrdersSyncService) {
    super();
  }

  process(job: Job<SyncOrdersJob>) {
    return this.sync.syncCompany(job.data.companyId);
  }

  /** Nightly: one sync job per connected company; one company's failure never stops the others. */
  @Cron('0 3 * * *', { name: 'nightly-order-sync', timeZone: 'UTC' })
  async nightly(): Promise<void> {
    const companies = await this.sync.connectedCompanies();
    for (const companyId of companies) {
      try {
        await this.sync.enqueue(companyId);
      } catch (err) {
        this.logger.error({ err }, `Could not schedule the order sync of company ${companyId}`);
      }
    }
    this.logger.log(`Nightly order sync scheduled for ${companies.length} companies`);
  }
}
