import { Inject, Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { FailedRowsExport, PublicShipmentReads } from '../../shipments/index.js';
import { errorFileName } from './sftp-paths.js';
import { SftpRecords } from './sftp.repository.js';

/** Rows of one upload read to see whether they are settled (a file's rows are at most the intake's limit). */
const READ_ROWS = 50_000;
/** Uploads looked at per tick. */
const PER_TICK = 20;

/**
 * The error files of the SFTP drop (decision 0070): once an upload's rows are settled (none pending,
 * or INBOUND_REPLY_WAIT_MS after it arrived), its refused rows are written to `error/<name>.err.csv` as
 * the brand's own file with a reason column (the failed-rows download's). Every worker-side process
 * ticks; each waiting upload is locked by the one that looks at it, so its file is written once.
 */
@Injectable()
export class SftpErrorFiles {
  private readonly logger = new Logger('InboundSftp');
  private timer: NodeJS.Timeout | null = null;
  private ticking: Promise<void> | null = null;

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly records: SftpRecords,
    private readonly reads: PublicShipmentReads,
    private readonly failedRows: FailedRowsExport,
    private readonly clock: Clock,
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.ticking) return;
      this.ticking = this.tick()
        .catch((err: unknown) => this.logger.error({ err }, 'SFTP error files: a tick failed'))
        .finally(() => (this.ticking = null));
    }, this.config.inbound.sftpTickMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.ticking;
  }

  /** Looks at the uploads waiting for their error file once. */
  async tick(): Promise<void> {
    await this.records.eachAwaitingErrorFile(PER_TICK, (tx, row) => this.settle(tx, row));
  }

  /** Writes the upload's error file when its rows are settled; whether it is done with it. */
  private async settle(
    tx: EntityManager,
    row: { upload_id: string; company_id: string; name: string; received_at: Date },
  ): Promise<boolean> {
    const scope = CompanyScope.ofJob(row.company_id);
    const upload = await this.reads.upload(scope, row.upload_id);
    if (!upload) return true;
    const { rows } = await this.reads.rows(upload, { limit: READ_ROWS, offset: 0 });
    const pending =
      upload.total_rows > rows.length || rows.some((r) => !r.duplicate && r.status === 'PENDING');
    const waited = this.clock.now().getTime() - row.received_at.getTime();
    if (pending && waited < this.config.inbound.replyWaitMs) return false;
    const failed = rows.some((r) => !r.duplicate && r.status !== 'SUCCESS' && r.status !== 'PENDING');
    if (!failed) return true;
    const file = await this.failedRows.open({ ...upload, file_name: row.name }, this.clock.now());
    const parts: Buffer[] = [];
    for await (const part of file.lines) parts.push(part);
    await this.records.put(tx, scope, {
      folder: 'error',
      name: errorFileName(row.name, 'rows'),
      content: Buffer.concat(parts),
      uploadId: upload.id,
    });
    return true;
  }
}
