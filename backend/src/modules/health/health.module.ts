import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { QUEUES } from '../../common/queue/queues.js';
import { HealthController } from './health.controller.js';
import { HealthService } from './health.service.js';
import { SystemProcessor } from './system.processor.js';

@Module({})
export class HealthModule {
  static register(opts: { worker: boolean }): DynamicModule {
    return {
      module: HealthModule,
      imports: [
        TerminusModule.forRoot({ errorLogStyle: 'json' }),
        BullModule.registerQueue({ name: QUEUES.SYSTEM }),
      ],
      controllers: [HealthController],
      providers: [HealthService, ...(opts.worker ? [SystemProcessor] : [])],
      exports: [HealthService],
    };
  }
}
