import { BullModule } from '@nestjs/bullmq';
import { Module } from '@nestjs/common';
import { QUEUES } from '../../common/queue/queues.js';
import { CompanyRecordsModule } from '../companies/index.js';
import { MailModule } from '../mail/index.js';
import { OrdersModule } from '../orders/index.js';
import { DigestPreferences } from './digest-preferences.service.js';
import { DigestSendsRepository } from './digest-sends.repository.js';
import { DigestService } from './digest.service.js';

const digestQueue = BullModule.registerQueue({ name: QUEUES.DIGEST });

/** The daily digest email to company admins (its worker and schedule) and each member's opt-out. */
@Module({
  imports: [CompanyRecordsModule, MailModule, OrdersModule, digestQueue],
  providers: [DigestSendsRepository, DigestService, DigestPreferences],
  exports: [digestQueue, DigestService, DigestPreferences],
})
export class DigestModule {}
