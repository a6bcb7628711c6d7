import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { CompanyConnections } from '../../marketplace/index.js';
import { ShipmentIntake, type StagedIntake } from '../../shipments/index.js';
import { InboundFileReader, type ReadInboundFile } from '../inbound-file-reader.service.js';
import { errorFileName, isTemporaryName } from './sftp-paths.js';
import { SftpRecords } from './sftp.repository.js';

/** What became of a file put into `inbox/`. */
export type SftpTakeOutcome =
  | { kind: 'sent'; uploadId: string }
  | { kind: 'refused'; reason: string }
  | { kind: 'held' }
  | { kind: 'gone' };

/**
 * The SFTP drop's files (decision 0070). A file whose upload closes in `inbox/` is read as an uploaded
 * file is and handed to the one intake (source `SFTP`, named by the file), its `done/` copy and its
 * staging committed together, so a file is taken once; an upload with refused rows gets its error file
 * once its rows are settled (SftpErrorFiles). A file refused whole (its columns unmapped, no rows, Faire
 * not connected) goes to `error/` with a `.err.txt` saying why. A file under a temporary name is held
 * in `inbox/` until it is renamed to its real name.
 */
@Injectable()
export class SftpDrop {
  private readonly logger = new Logger('InboundSftp');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly records: SftpRecords,
    private readonly reader: InboundFileReader,
    private readonly intake: ShipmentIntake,
    private readonly connections: CompanyConnections,
  ) {}

  /** A file whose upload into `inbox/` closed: held under a temporary name, else taken. */
  async closed(scope: CompanyScope, name: string, content: Buffer): Promise<SftpTakeOutcome> {
    if (isTemporaryName(name)) {
      await this.records.put(this.db, scope, { folder: 'inbox', name, content });
      return { kind: 'held' };
    }
    return this.take(scope, name, content, null);
  }

  /** A held file renamed to its real name in `inbox/`: taken by the one rename that removes it. */
  async renamedInInbox(scope: CompanyScope, from: string, to: string): Promise<SftpTakeOutcome> {
    if (isTemporaryName(to)) {
      return (await this.records.rename(scope, 'inbox', from, to)) ? { kind: 'held' } : { kind: 'gone' };
    }
    const content = await this.records.content(scope, 'inbox', from);
    if (!content) return { kind: 'gone' };
    return this.take(scope, to, content, from);
  }

  /**
   * Reads the file, then in one transaction: removes the held file (when it was one; another process
   * that removed it first wins), writes `done/<name>` and stages the rows. The intake's end runs after.
   */
  private async take(
    scope: CompanyScope,
    name: string,
    content: Buffer,
    heldAs: string | null,
  ): Promise<SftpTakeOutcome> {
    const read = await this.read(scope, name, content);
    const done = await this.db.transaction(async (tx) => {
      if (heldAs !== null && !(await this.records.take(tx, scope, 'inbox', heldAs))) return null;
      if (!read.request) {
        await this.records.put(tx, scope, { folder: 'error', name, content });
        const reason = Buffer.from(`${name}: not processed. ${read.refused ?? 'Refused'}\n`, 'utf8');
        await this.records.put(tx, scope, {
          folder: 'error',
          name: errorFileName(name, 'refused'),
          content: reason,
        });
        return { refused: read.refused ?? 'Refused' };
      }
      const staged = await this.intake.stage(tx, read.request);
      await this.records.put(tx, scope, { folder: 'done', name, content, uploadId: staged.uploadId });
      await this.records.awaitErrorFile(tx, scope, staged.uploadId, name);
      return { staged };
    });
    if (!done) return { kind: 'gone' };
    if (!done.staged) return { kind: 'refused', reason: done.refused ?? 'Refused' };
    await this.finish(done.staged);
    return { kind: 'sent', uploadId: done.staged.uploadId };
  }

  private async read(scope: CompanyScope, name: string, content: Buffer): Promise<ReadInboundFile> {
    const connection = await this.connections.find(scope);
    if (connection?.status !== 'CONNECTED') {
      return {
        name,
        request: null,
        refused:
          "The brand's Faire connection is not working, so shipments cannot be created. Put the file again once the brand has connected Faire.",
      };
    }
    const brand = { currency: connection.currency ?? 'USD', locale: connection.locale };
    // History and the uploads list show it as "SFTP · <file>".
    const origin = { sourceKind: 'SFTP', sender: { sftp: true }, uploadName: name } as const;
    return this.reader.read(scope, origin, { name, content }, brand);
  }

  private async finish(s: StagedIntake): Promise<void> {
    try {
      await this.intake.finish(s);
    } catch (err) {
      // The rows are committed: the recovery sweep turns them into shipments.
      this.logger.error({ err }, `Upload ${s.uploadId}: finishing the intake failed; the sweep takes it`);
    }
  }
}
