import { BullModule, Processor } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { retryAfterBackoff } from '../../common/queue/retry-backoff.js';
import { ColumnMappingsModule } from '../column-mappings/column-mappings.module.js';
import { OrderCheckController } from './order-check.controller.js';
import { OrderCheckService } from './order-check.service.js';
import { ShipmentProcessingService } from './shipment-processing.service.js';
import { ShipmentRecoveryService } from './shipment-recovery.service.js';
import { ShipmentsController } from './shipments.controller.js';
import { ShipmentsProcessor } from './shipments.processor.js';
import { ShipmentsService } from './shipments.service.js';
import { UploadReadinessService } from './upload-readiness.service.js';
import { UploadResultsService } from './upload-results.service.js';
import { UploadsController } from './uploads.controller.js';
import { WORKER_PROCESS_ID, WorkerLiveness } from './worker-liveness.js';

@Module({})
export class ShipmentsModule {
  static register(opts: { worker: boolean; lockMs: number; concurrency: number }): DynamicModule {
    if (opts.worker) {
      Processor(QUEUES.SHIPMENTS, {
        concurrency: opts.concurrency,
        maxStalledCount: 20,
        // Named after this process (jobs record it) and started by ShipmentsProcessor once this process
        // is known alive; retries wait as long as Faire asked (decision 0021).
        name: WORKER_PROCESS_ID,
        autorun: false,
        settings: { backoffStrategy: retryAfterBackoff },
        lockDuration: opts.lockMs,
        stalledInterval: Math.max(500, Math.round(opts.lockMs / 2)),
      })(ShipmentsProcessor);
    }
    return {
      module: ShipmentsModule,
      imports: [BullModule.registerQueue({ name: QUEUES.SHIPMENTS }), ColumnMappingsModule],
      controllers: [UploadsController, OrderCheckController, ShipmentsController],
      providers: [
        ShipmentsService,
        ShipmentProcessingService,
        UploadResultsService,
        UploadReadinessService,
        OrderCheckService,
        ...(opts.worker ? [ShipmentsProcessor, ShipmentRecoveryService, WorkerLiveness] : []),
      ],
      exports: [ShipmentsService, ShipmentProcessingService],
    };
  }
}
