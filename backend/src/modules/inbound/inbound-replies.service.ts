import { Inject, Injectable, Logger } from '@nestjs/common';
import { setTimeout as sleep } from 'node:timers/promises';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { CompanyScope } from '../../common/database/company-scope.js';
import { BLANK, line, mailBody, MailService, type MailLine } from '../mail/index.js';
import { FailedRowsExport, PublicShipmentReads, type PublicRowOutcome } from '../shipments/index.js';
import type { InboundFileOutcome } from './entities/inbound-message.entity.js';
import { InboundRecords } from './inbound.repository.js';

/** Rows of one file read for the reply (a file's rows are at most the intake's limit). */
const READ_ROWS = 50_000;
/** Refused rows named one by one in the reply's text; the attached file has them all. */
const LISTED_ROWS = 20;
const POLL_MS = 1000;

interface FileTally {
  name: string;
  refused: string | null;
  sent: number;
  pending: number;
  duplicates: number;
  failed: Array<Pick<PublicRowOutcome, 'row' | 'orderId' | 'reason'>>;
  attachment: { filename: string; content: Buffer; contentType: string } | null;
}

/**
 * The one reply to a mail-in message's sender (decision 0069), through the product's mail service: per
 * file, the rows sent to Faire, the rows refused and why, and the failed rows as the brand's own file
 * attached. The reply waits, up to INBOUND_REPLY_WAIT_MS, for the rows to reach Faire; rows still on
 * their way then are counted as such (History has their end).
 */
@Injectable()
export class InboundReplies {
  private readonly logger = new Logger('InboundMail');
  private readonly running = new Set<Promise<void>>();
  /** Set when the process stops: replies waiting for Faire send what they know at once. */
  private stopping = false;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly mail: MailService,
    private readonly reads: PublicShipmentReads,
    private readonly failedRows: FailedRowsExport,
    private readonly records: InboundRecords,
    private readonly clock: Clock,
  ) {}

  /** Runs a reply after the SMTP answer; a failure is logged, never thrown into the receiver. */
  later(reply: Promise<void>): void {
    const p = reply
      .catch((err: unknown) => this.logger.error({ err }, 'A mail-in reply could not be sent'))
      .finally(() => this.running.delete(p));
    this.running.add(p);
  }

  /** Sends the replies still waiting at once (the rows not yet on Faire counted as still being sent). */
  async stop(): Promise<void> {
    this.stopping = true;
    await Promise.allSettled([...this.running]);
  }

  async senderRefused(scope: CompanyScope, sender: string): Promise<void> {
    await this.send(scope, sender, 'Your shipments file was not accepted', [
      line`Your message to the company's mail-in address was not processed: ${sender} is not on the list of senders this address accepts.`,
      BLANK,
      line`Ask the brand to add your address to its allowed senders (Settings, Inbound).`,
    ]);
  }

  async notConnected(scope: CompanyScope, sender: string): Promise<void> {
    await this.send(scope, sender, 'Your shipments file was not processed', [
      line`Your message was not processed: the brand's Faire connection is not working, so shipments cannot be created.`,
      BLANK,
      line`Send the file again once the brand has connected Faire in Settings.`,
    ]);
  }

  async results(
    scope: CompanyScope,
    m: { messageRowId: string; sender: string; files: InboundFileOutcome[]; ignored: string[] },
  ): Promise<void> {
    const tallies = await this.tallies(scope, m.files);
    const lines: MailLine[] = [];
    if (tallies.length === 0) {
      lines.push(
        line`Your message had no CSV file (attach a .csv file, or put the CSV in the message's text).`,
      );
    }
    for (const t of tallies) {
      lines.push(line`${t.name}:`);
      if (t.refused) {
        lines.push(line`  Not processed: ${t.refused}`);
      } else {
        lines.push(line`  ${t.sent} row(s) accepted and sent to Faire.`);
        if (t.pending) lines.push(line`  ${t.pending} row(s) still being sent to Faire.`);
        if (t.duplicates) lines.push(line`  ${t.duplicates} row(s) not sent again: already sent before.`);
        if (t.failed.length) lines.push(line`  ${t.failed.length} row(s) refused:`);
        for (const f of t.failed.slice(0, LISTED_ROWS)) {
          lines.push(line`    Row ${f.row} (order ${f.orderId || '?'}): ${f.reason ?? 'Refused'}`);
        }
        if (t.failed.length > LISTED_ROWS) {
          lines.push(line`    ... and ${t.failed.length - LISTED_ROWS} more.`);
        }
        if (t.attachment) lines.push(line`  The refused rows are attached as ${t.attachment.filename}.`);
      }
      lines.push(BLANK);
    }
    if (m.ignored.length) lines.push(line`Not read (not CSV files): ${m.ignored.join(', ')}.`);
    const refused = tallies.some((t) => t.refused || t.failed.length);
    await this.send(
      scope,
      m.sender,
      refused ? 'Your shipments file: some rows were refused' : 'Your shipments file was processed',
      lines,
      tallies.flatMap((t) => (t.attachment ? [t.attachment] : [])),
    );
    await this.records.replied(scope, m.messageRowId);
  }

  private async tallies(scope: CompanyScope, files: InboundFileOutcome[]): Promise<FileTally[]> {
    const out: FileTally[] = [];
    const deadline = this.clock.now().getTime() + this.config.inbound.replyWaitMs;
    for (const f of files) {
      const tally: FileTally = {
        name: f.name,
        refused: f.refused,
        sent: 0,
        pending: 0,
        duplicates: 0,
        failed: [],
        attachment: null,
      };
      out.push(tally);
      if (!f.uploadId) continue;
      for (;;) {
        const upload = await this.reads.upload(scope, f.uploadId);
        if (!upload) break;
        const { rows } = await this.reads.rows(upload, { limit: READ_ROWS, offset: 0 });
        const unread = Math.max(0, upload.total_rows - rows.length);
        Object.assign(tally, { sent: 0, pending: unread, duplicates: 0, failed: [] });
        for (const r of rows) {
          if (r.duplicate) tally.duplicates += 1;
          else if (r.status === 'SUCCESS') tally.sent += 1;
          else if (r.status === 'PENDING') tally.pending += 1;
          else tally.failed.push({ row: r.row, orderId: r.orderId, reason: r.reason });
        }
        if (tally.pending === 0 || this.stopping || this.clock.now().getTime() >= deadline) {
          if (tally.failed.length) tally.attachment = await this.attachment(upload, f.name);
          break;
        }
        await sleep(POLL_MS);
      }
    }
    return out;
  }

  /**
   * The failed rows as the brand's own file (the failed-rows download's), read into memory, named after
   * the file sent ("daily.csv" -> "daily-failed-rows.csv").
   */
  private async attachment(upload: Parameters<FailedRowsExport['open']>[0], name: string) {
    const file = await this.failedRows.open({ ...upload, file_name: name }, this.clock.now());
    const parts: Buffer[] = [];
    for await (const part of file.lines) parts.push(part);
    return { filename: file.fileName, content: Buffer.concat(parts), contentType: file.contentType };
  }

  private async send(
    scope: CompanyScope,
    to: string,
    subject: string,
    lines: MailLine[],
    attachments: Array<{ filename: string; content: Buffer; contentType: string }> = [],
  ): Promise<void> {
    const body = mailBody(lines);
    await this.mail.send({ to, subject, ...body, companyId: scope.companyId, attachments });
  }
}
