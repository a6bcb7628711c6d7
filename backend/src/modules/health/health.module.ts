import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { TerminusModule } from '@nestjs/terminus';
import { QUEUES } from '../../common/queue/queues.js';
import { HealthService } from './health.service.js';

const systemQueue = BullModule.registerQueue({ name: QUEUES.SYSTEM });

/** The health check (database, Redis, a queue round trip) and the system queue its worker answers. */
@Module({
  imports: [TerminusModule.forRoot({ errorLogStyle: 'json' }), systemQueue],
  providers: [HealthService],
  exports: [systemQueue, HealthService],
})
export class HealthModule {}
