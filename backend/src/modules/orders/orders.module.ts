import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { MarketplaceModule } from '../marketplace/index.js';
import { LateRateService } from './late-rate.service.js';
import { OrderSnapshots } from './order-snapshots.service.js';
import { OrdersSyncService } from './orders-sync.service.js';
import { OrdersService } from './orders.service.js';

const ordersQueue = BullModule.registerQueue({ name: QUEUES.ORDERS });

/** Orders synced from Faire, their late rules, lists and stats; the queue its worker takes jobs from. */
@Module({
  imports: [ordersQueue, MarketplaceModule],
  providers: [OrderSnapshots, OrdersSyncService, OrdersService, LateRateService],
  exports: [ordersQueue, OrderSnapshots, OrdersSyncService, OrdersService, LateRateService],
})
export class OrdersModule {}
