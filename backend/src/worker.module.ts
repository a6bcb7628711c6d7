import { Processor } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import type { AppConfig } from './common/config/index.js';
import { assertEveryJobHandled } from './common/queue/job-dispatch.js';
import { QUEUES } from './common/queue/queues.js';
import { retryAfterBackoff } from './common/queue/retry-backoff.js';
import { DigestProcessor } from './modules/digest/digest.processor.js';
import { DigestModule } from './modules/digest/index.js';
import { SystemProcessor } from './modules/health/system.processor.js';
import { HealthModule } from './modules/health/index.js';
import { MarketplaceModule } from './modules/marketplace/index.js';
import { OrdersModule } from './modules/orders/index.js';
import { OrdersProcessor } from './modules/orders/orders.processor.js';
import {
  ShipmentRecoveryService,
  ShipmentsModule,
  WORKER_PROCESS_ID,
  WorkerLiveness,
} from './modules/shipments/index.js';
import { ShipmentsProcessor } from './modules/shipments/processing/shipments.processor.js';
import { SourcesModule } from './modules/sources/index.js';
import { SourcesProcessor } from './modules/sources/sources.processor.js';
import { WebhooksModule } from './modules/webhooks/index.js';
import { InboundModule, InboundSftpServer, InboundSmtpReceiver } from './modules/inbound/index.js';
import { WebhooksProcessor } from './modules/webhooks/webhooks.processor.js';

/**
 * The worker side (`WORKER_MODE=worker` or `all`): the BullMQ processors of every queue, the recovery
 * sweep and the schedules they keep (nightly order sync, recovery sweep, daily digest, token
 * revocations, the webhooks' tick; decision 0016), and the mail-in SMTP receiver (decision 0069). It imports the same feature modules as the API and no HTTP code.
 * Before any worker starts, every job name of the catalogue must have a handler (decision 0044).
 */
@Module({})
export class WorkerModule {
  /** Checked as the module is built: before any queue's worker is created (that is onModuleInit). */
  constructor(
    orders: OrdersProcessor,
    digest: DigestProcessor,
    shipments: ShipmentsProcessor,
    sources: SourcesProcessor,
    system: SystemProcessor,
    webhooks: WebhooksProcessor,
  ) {
    assertEveryJobHandled([orders, digest, shipments, sources, system, webhooks]);
  }

  static forRoot(config: AppConfig): DynamicModule {
    // The shipments and sources processors' options come from the configuration, so they are registered here.
    const lockMs = config.shipments.lockMs;
    Processor(QUEUES.SHIPMENTS, {
      concurrency: config.shipments.workerConcurrency,
      maxStalledCount: 20,
      // Named after this process (jobs record it) and started by ShipmentsProcessor once this process
      // is known alive; retries wait as long as Faire asked (decision 0021).
      name: WORKER_PROCESS_ID,
      autorun: false,
      settings: { backoffStrategy: retryAfterBackoff },
      lockDuration: lockMs,
      stalledInterval: Math.max(500, Math.round(lockMs / 2)),
    })(ShipmentsProcessor);
    // Source jobs are short and idempotent: a killed worker's poll is taken up once its lock lapses.
    const sourceLockMs = config.sources.lockMs;
    Processor(QUEUES.SOURCES, {
      concurrency: 2,
      lockDuration: sourceLockMs,
      stalledInterval: Math.max(500, Math.round(sourceLockMs / 2)),
    })(SourcesProcessor);
    return {
      module: WorkerModule,
      imports: [
        OrdersModule,
        DigestModule,
        ShipmentsModule,
        SourcesModule,
        HealthModule,
        MarketplaceModule,
        WebhooksModule,
        InboundModule,
      ],
      providers: [
        OrdersProcessor,
        DigestProcessor,
        ShipmentsProcessor,
        SourcesProcessor,
        ShipmentRecoveryService,
        WorkerLiveness,
        SystemProcessor,
        WebhooksProcessor,
        InboundSmtpReceiver,
        InboundSftpServer,
      ],
    };
  }
}
