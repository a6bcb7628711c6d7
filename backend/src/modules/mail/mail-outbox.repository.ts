import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { MailOutbox } from './mail-outbox.entity.js';

/** What the outbox keeps of a message (the service decides whether its link is kept). */
export type OutboxEntry = Pick<
  MailOutbox,
  'companyId' | 'toEmail' | 'subject' | 'bodyText' | 'link' | 'transport'
>;

/** The `mail_outbox` table: every message sent or kept, newest first per company. */
@Injectable()
export class MailOutboxRecords {
  constructor(@InjectRepository(MailOutbox) private readonly rows: Repository<MailOutbox>) {}

  async add(entry: OutboxEntry): Promise<void> {
    await this.rows.insert(entry);
  }

  recent(companyId: string, limit: number): Promise<MailOutbox[]> {
    return this.rows.find({ where: { companyId }, order: { createdAt: 'DESC' }, take: limit });
  }
}
