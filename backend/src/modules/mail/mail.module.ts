import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutbox } from './mail-outbox.entity.js';
import { MailOutboxRecords } from './mail-outbox.repository.js';
import { MailService } from './mail.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MailOutbox])],
  providers: [MailService, MailOutboxRecords],
  exports: [MailService],
})
export class MailModule {}
