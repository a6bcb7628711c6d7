import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { LateRateService } from './late-rate.service.js';
import { OrderSnapshots } from './order-snapshots.service.js';
import { OrdersSyncService } from './orders-sync.service.js';
import { OrdersController } from './orders.controller.js';
import { OrdersProcessor } from './orders.processor.js';
import { OrdersService } from './orders.service.js';

@Module({})
export class OrdersModule {
  static register(opts: { worker: boolean }): DynamicModule {
    return {
      module: OrdersModule,
      global: true,
      imports: [BullModule.registerQueue({ name: QUEUES.ORDERS })],
      controllers: [OrdersController],
      providers: [
        OrderSnapshots,
        OrdersSyncService,
        OrdersService,
        LateRateService,
        ...(opts.worker ? [OrdersProcessor] : []),
      ],
      exports: [OrderSnapshots, OrdersSyncService, LateRateService],
    };
  }
}
