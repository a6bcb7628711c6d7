import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { MailOutbox } from './mail-outbox.entity.js';
import { MailService } from './mail.service.js';

@Module({
  imports: [TypeOrmModule.forFeature([MailOutbox])],
  providers: [MailService],
  exports: [MailService],
})
export class MailModule {}
