import { Inject, Injectable, Logger } from '@nestjs/common';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { MailOutbox } from './mail-outbox.entity.js';
import { MailOutboxRecords } from './mail-outbox.repository.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** The HTML part, built by the same template as the text (mail-template.ts). */
  html?: string;
  /** The one link the message is about (e.g. an invitation), kept for the development outbox. */
  link?: string;
  companyId?: string | null;
  /** Files sent with the message (the outbox keeps only the text, which names them). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/**
 * Sends mail through SMTP when SMTP_URL is set; otherwise writes it to the log and keeps it in the
 * outbox table, which development installs show to the inviter. In production the outbox keeps the
 * message without its link (the link holds a one-time token; the token table itself is hashed).
 */
@Injectable()
export class MailService {
  private readonly logger = new Logger('Mail');
  private readonly transporter: Transporter | null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly outbox: MailOutboxRecords,
  ) {
    this.transporter = config.mail.smtpUrl ? nodemailer.createTransport(config.mail.smtpUrl) : null;
  }

  /** Sends (or keeps) the message; answers how: 'smtp' when it was emailed, 'log' when only kept here. */
  async send(message: MailMessage): Promise<'smtp' | 'log'> {
    const transport = this.transporter ? 'smtp' : 'log';
    if (this.transporter) {
      await this.transporter.sendMail({
        from: this.config.mail.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.attachments?.length ? { attachments: message.attachments } : {}),
      });
    } else {
      this.logger.log(`Mail (no SMTP configured) to ${message.to}: ${message.subject}`);
    }
    await this.outbox.add({
      companyId: message.companyId ?? null,
      toEmail: message.to,
      subject: message.subject,
      bodyText: this.config.isProduction ? withoutLink(message) : message.text,
      link: this.config.isProduction ? null : (message.link ?? null),
      transport,
    });
    return transport;
  }

  recent(companyId: string, limit = 20): Promise<MailOutbox[]> {
    return this.outbox.recent(companyId, limit);
  }
}

/** The text as kept in production: the link (it carries a one-time token) is not stored (decision 0013). */
export function withoutLink(message: Pick<MailMessage, 'text' | 'link'>): string {
  return message.link ? message.text.split(message.link).join(LINK_NOT_STORED) : message.text;
}

export const LINK_NOT_STORED = '[link not stored]';
