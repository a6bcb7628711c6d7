import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { HeavyReadsModule } from '../../common/database/heavy-reads.js';
import { QUEUES } from '../../common/queue/queues.js';
import { ActivityModule } from '../activity/index.js';
import { ColumnMappingsModule } from '../column-mappings/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { OrdersModule } from '../orders/index.js';
import { UsersModule } from '../users/index.js';
import { FailedRowsExport } from './failed-rows-export.js';
import { HistoryQuery } from './history.query.js';
import { OrderCheckService } from './order-check.service.js';
import { ShipmentPlatformStats } from './platform-stats.repository.js';
import { ShipmentCounts } from './shipment-counts.repository.js';
import { FaireOrderStates } from './order-states.js';
import { OrderStatesRepository } from './order-states.repository.js';
import { ShipmentProcessingService } from './shipment-processing.service.js';
import { ShipmentsRepository } from './shipments.repository.js';
import { ShipmentsService } from './shipments.service.js';
import { ShipmentQueueing } from './shipment-queueing.service.js';
import { ShipmentIntake } from './shipment-intake.service.js';
import { UploadCountsStore } from './upload-counts.store.js';
import { UploadReadinessService } from './upload-readiness.service.js';
import { UploadResultsService } from './upload-results.service.js';
import { ShipmentQueueIntents } from './queue-intents.repository.js';
import { UploadsRepository } from './uploads.repository.js';

const shipmentsQueue = BullModule.registerQueue({ name: QUEUES.SHIPMENTS });

/**
 * Uploads, shipments and their history, and the exactly-once processing the worker runs. The queue's
 * processor and the recovery sweep are registered by the worker root module (WorkerModule).
 */
@Module({
  imports: [
    shipmentsQueue,
    HeavyReadsModule,
    ColumnMappingsModule,
    ActivityModule,
    MarketplaceModule,
    OrdersModule,
    UsersModule,
  ],
  providers: [
    ShipmentsService,
    ShipmentIntake,
    ShipmentQueueing,
    ShipmentProcessingService,
    FaireOrderStates,
    OrderStatesRepository,
    ShipmentsRepository,
    UploadResultsService,
    FailedRowsExport,
    UploadCountsStore,
    UploadsRepository,
    ShipmentQueueIntents,
    HistoryQuery,
    UploadReadinessService,
    OrderCheckService,
    ShipmentCounts,
    ShipmentPlatformStats,
  ],
  exports: [
    shipmentsQueue,
    ShipmentsService,
    ShipmentIntake,
    ShipmentQueueing,
    ShipmentProcessingService,
    UploadResultsService,
    UploadReadinessService,
    OrderCheckService,
    ShipmentPlatformStats,
    ShipmentsRepository,
    UploadsRepository,
    // For ShipmentRecoveryService, which the worker's root module provides.
    ShipmentQueueIntents,
  ],
})
export class ShipmentsModule {}
