import { BullModule } from '@nestjs/bullmq';
import { Module, type DynamicModule } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { MailModule } from '../mail/mail.module.js';
import { DigestPreferences } from './digest-preferences.service.js';
import { DigestController } from './digest.controller.js';
import { DigestProcessor } from './digest.processor.js';
import { DigestService } from './digest.service.js';

/** The daily digest email to company admins: its schedule and worker, and each member's opt-out. */
@Module({})
export class DigestModule {
  static register(opts: { worker: boolean }): DynamicModule {
    return {
      module: DigestModule,
      imports: [MailModule, BullModule.registerQueue({ name: QUEUES.DIGEST })],
      controllers: [DigestController],
      providers: [DigestService, DigestPreferences, ...(opts.worker ? [DigestProcessor] : [])],
      exports: [DigestService],
    };
  }
}
