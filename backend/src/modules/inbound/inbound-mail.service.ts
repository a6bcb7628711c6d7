import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import { ColumnMappingsService } from '../column-mappings/index.js';
import { CompanyConnections } from '../marketplace/index.js';
import { ingestCsv, ShipmentIntake, type IntakeRequest, type StagedIntake } from '../shipments/index.js';
import type { InboundFileOutcome } from './entities/inbound-message.entity.js';
import { mailTokenHash } from './inbound-address.js';
import type { InboundLetter } from './inbound-files.js';
import { InboundLimits } from './inbound-limits.js';
import { InboundReplies } from './inbound-replies.service.js';
import { InboundRecords } from './inbound.repository.js';

/** The most rows one file may bring (the public API's post limit is smaller; the upload's is this). */
const MAX_FILE_ROWS = 50_000;

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
    private readonly mappings: ColumnMappingsService,
    private readonly replies: InboundReplies,
    private readonly clock: Clock,
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
    const read: Array<{ name: string; request: IntakeRequest | null; refused: string | null }> = [];
    for (const file of m.letter.files) read.push(await this.readFile(scope, m.sender, file, brand));
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

  /** One file read as an upload is: encodings, delimiters, date orders, the company's saved mappings. */
  private async readFile(
    scope: CompanyScope,
    sender: string,
    file: { name: string; content: Buffer; refused?: string },
    brand: { currency: string; locale: string | null },
  ): Promise<{ name: string; request: IntakeRequest | null; refused: string | null }> {
    const refuse = (why: string) => ({ name: file.name, request: null, refused: why });
    if (file.refused) return refuse(file.refused);
    const company = { companyId: scope.companyId };
    const reading = {
      currency: brand.currency,
      dateOrder: { remembered: await this.mappings.dateOrder(company), locale: brand.locale },
    };
    try {
      let ingest = await ingestCsv(file.content, undefined, this.clock.now(), reading);
      if (ingest.missingColumns.length) {
        const saved = await this.mappings.find(company, ingest.headers);
        if (saved) ingest = await ingestCsv(file.content, saved, this.clock.now(), reading);
      }
      if (ingest.missingColumns.length) {
        return refuse(
          `Missing required columns: ${ingest.missingColumns.join(', ')}. Upload a file with these columns once in the portal and map them: the mapping is then applied to mail too.`,
        );
      }
      if (ingest.totalRows === 0) return refuse('The file has no data rows');
      if (ingest.totalRows > MAX_FILE_ROWS) {
        return refuse(`The file has ${ingest.totalRows} rows; at most ${MAX_FILE_ROWS} are taken at once`);
      }
      const request: IntakeRequest = {
        scope,
        sender: { mail: true },
        sourceKind: 'EMAIL',
        // History and the uploads list show it as "Email · <sender> · <file>".
        name: `${sender} · ${file.name}`,
        rows: ingest.rows,
        currency: brand.currency,
        file: {
          size: file.content.length,
          encoding: ingest.encoding,
          delimiter: ingest.delimiter,
          mapping: ingest.mapping ?? null,
          layout: ingest.layout,
        },
      };
      return { name: file.name, request, refused: null };
    } catch (err) {
      if (err instanceof AppError) return refuse(err.message);
      throw err;
    }
  }
}
