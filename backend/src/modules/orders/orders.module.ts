import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { LateRateQuery } from './late-rate.query.js';
import { LateRateService } from './late-rate.service.js';
import { OrderRecords } from './order-records.repository.js';
import { OrderLookup } from './order-lookup.service.js';
import { OrderSnapshots } from './order-snapshots.service.js';
import { OrderSyncStates } from './order-sync-state.repository.js';
import { OrdersRepository } from './orders.repository.js';
import { OrdersSyncService } from './orders-sync.service.js';
import { OrdersService } from './orders.service.js';
import { ProblemOrderReports } from './problem-order-reports.service.js';
import { ShipmentTally } from './shipment-tally.js';
import { ThresholdsRepository } from './thresholds.repository.js';

const ordersQueue = BullModule.registerQueue({ name: QUEUES.ORDERS });

/** Orders synced from Faire, their late rules, lists and stats; the queue its worker takes jobs from. */
@Module({
  imports: [ordersQueue, MarketplaceModule, CompanyRecordsModule],
  providers: [
    ThresholdsRepository,
    OrdersRepository,
    OrderSyncStates,
    LateRateQuery,
    OrderRecords,
    OrderSnapshots,
    OrderLookup,
    OrdersSyncService,
    OrdersService,
    LateRateService,
    ProblemOrderReports,
    ShipmentTally,
  ],
  exports: [
    ordersQueue,
    OrderRecords,
    OrderSnapshots,
    OrderLookup,
    OrdersSyncService,
    OrdersService,
    LateRateService,
    ProblemOrderReports,
    ShipmentTally,
  ],
})
export class OrdersModule {}
