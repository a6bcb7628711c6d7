import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { CompanyScope } from '../../common/database/company-scope.js';
import { CompanyConnections } from '../marketplace/index.js';
import { ShipmentIntake, type StagedIntake } from '../shipments/index.js';
import type { InboundFileOutcome } from './entities/inbound-message.entity.js';
import { mailTokenHash } from './inbound-address.js';
import { InboundFileReader, type ReadInboundFile } from './inbound-file-reader.service.js';
import type { InboundLetter } from './inbound-files.js';
import { InboundLimits } from './inbound-limits.js';
import { InboundReplies } from './inbound-replies.service.js';
import { InboundRecords } from './inbound.repository.js';

/** A message as the receiver hands it over: the token of its address, its sender and its files. */
export interface ArrivedMessage {
  token: string;
  /** The sender's address (the From header's, else the envelope's), lower case. */
  sender: string;
  letter: InboundLetter;
}

export type ArrivalOutcome = 'processed' | 'duplicate' | 'refused-sender' | 'no-mailbox' | 'not-connected';

/**
 * Mail-in (decision 0069): a message to a company's address becomes one upload per CSV file through the
 * one intake (source `EMAIL`, named by the sender and the file), staged with the message's claim in one
 * commit, so a message is taken once; the sender gets one reply.
 */
@Injectable()
export class InboundMailService {
  private readonly logger = new Logger('InboundMail');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly records: InboundRecords,
    private readonly intake: ShipmentIntake,
    private readonly connections: CompanyConnections,
    private readonly reader: InboundFileReader,
    private readonly replies: InboundReplies,
    private readonly limits: InboundLimits,
  ) {}

  /**
   * The receiver's RCPT check: a token of a live address, within the address's messages an hour
   * ('busy': refused for now, the sending server retries later).
   */
  async recipient(token: string): Promise<'live' | 'unknown' | 'busy'> {
    const hash = mailTokenHash(token);
    if ((await this.records.byTokenHash(hash)) === null) return 'unknown';
    return (await this.limits.messageAllowed(hash)) ? 'live' : 'busy';
  }

  /** A refusal reply goes to a sender once a day per company: its From is not authenticated. */
  private async refusalReplyAllowed(scope: CompanyScope, sender: string): Promise<boolean> {
    return this.limits.refusalReplyAllowed(scope.companyId, sender).catch(() => false);
  }

  /** Takes a message whose DATA has arrived. Resolves once its files are staged (before the SMTP answer). */
  async arrive(m: ArrivedMessage): Promise<ArrivalOutcome> {
    const mailbox = await this.records.byTokenHash(mailTokenHash(m.token));
    if (!mailbox) return 'no-mailbox';
    const scope = CompanyScope.ofJob(mailbox.companyId);
    const allowed = mailbox.allowedSenders;
    if (allowed.length > 0 && !allowed.includes(m.sender)) {
      if (await this.refusalReplyAllowed(scope, m.sender)) {
        this.replies.later(this.replies.senderRefused(scope, m.sender));
      }
      return 'refused-sender';
    }
    const connection = await this.connections.find(scope);
    if (connection?.status !== 'CONNECTED') {
      if (await this.refusalReplyAllowed(scope, m.sender)) {
        this.replies.later(this.replies.notConnected(scope, m.sender));
      }
      return 'not-connected';
    }
    const brand = { currency: connection.currency ?? 'USD', locale: connection.locale };
    const read: ReadInboundFile[] = [];
    for (const file of m.letter.files) {
      // History and the uploads list show it as "Email · <sender> · <file>".
      const origin = {
        sourceKind: 'EMAIL',
        sender: { mail: true },
        uploadName: `${m.sender} · ${file.name}`,
      } as const;
      read.push(await this.reader.read(scope, origin, file, brand));
    }
    const taken = await this.db.transaction(async (tx) => {
      const id = await this.records.claimMessage(tx, scope, {
        messageId: m.letter.messageId,
        attachmentsHash: m.letter.attachmentsHash,
        sender: m.sender,
      });
      if (!id) return null;
      const outcomes: InboundFileOutcome[] = [];
      const staged: StagedIntake[] = [];
      for (const r of read) {
        if (!r.request) {
          outcomes.push({ name: r.name, uploadId: null, refused: r.refused });
          continue;
        }
        const s = await this.intake.stage(tx, r.request);
        staged.push(s);
        outcomes.push({ name: r.name, uploadId: s.uploadId, refused: null });
      }
      await this.records.recordFiles(tx, scope, id, outcomes);
      return { id, outcomes, staged };
    });
    if (!taken) return 'duplicate';
    for (const s of taken.staged) {
      try {
        await this.intake.finish(s);
      } catch (err) {
        // The rows are committed: the recovery sweep turns them into shipments.
        this.logger.error({ err }, `Upload ${s.uploadId}: finishing the intake failed; the sweep takes it`);
      }
    }
    this.replies.later(
      this.replies.results(scope, {
        messageRowId: taken.id,
        sender: m.sender,
        files: taken.outcomes,
        ignored: m.letter.ignored,
      }),
    );
    return 'processed';
  }
}
