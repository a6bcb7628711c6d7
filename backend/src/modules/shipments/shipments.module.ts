import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { HeavyReadsModule } from '../../common/database/heavy-reads.js';
import { QUEUES } from '../../common/queue/queues.js';
import { ActivityModule } from '../activity/index.js';
import { ColumnMappingsModule } from '../column-mappings/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { OrdersModule } from '../orders/index.js';
import { UsersModule } from '../users/index.js';
import {
  FailedRowsExport,
  HistoryQuery,
  OrderCheckService,
  PublicShipmentReads,
  ShipmentCounts,
  ShipmentKeys,
  ShipmentPlatformStats,
  SourceShipmentCounts,
  UploadCountsStore,
  UploadResultsService,
} from './reads/index.js';
import { ShipmentIntake, UploadReadinessService, UploadsRepository } from './intake/index.js';
import {
  FaireOrderStates,
  OrderStatesRepository,
  ShipmentProcessingService,
  ShipmentsRepository,
} from './processing/index.js';
import { ShipmentQueueIntents, ShipmentQueueing } from './recovery/index.js';
import { ShipmentsService } from './shipments.service.js';

const shipmentsQueue = BullModule.registerQueue({ name: QUEUES.SHIPMENTS });

/**
 * Uploads, shipments and their history, and the exactly-once processing the worker runs, by concept:
 * intake/, processing/, recovery/ and reads/ (each folder's index.ts says what it holds). The queue's
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
    ShipmentKeys,
    SourceShipmentCounts,
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
    PublicShipmentReads,
  ],
  exports: [
    shipmentsQueue,
    ShipmentsService,
    ShipmentIntake,
    ShipmentKeys,
    SourceShipmentCounts,
    ShipmentQueueing,
    ShipmentProcessingService,
    UploadResultsService,
    UploadReadinessService,
    OrderCheckService,
    ShipmentPlatformStats,
    ShipmentsRepository,
    UploadsRepository,
    PublicShipmentReads,
    // For the mail-in replies (decision 0069): the failed rows as the brand's own file.
    FailedRowsExport,
    // For ShipmentRecoveryService, which the worker's root module provides.
    ShipmentQueueIntents,
  ],
})
export class ShipmentsModule {}
