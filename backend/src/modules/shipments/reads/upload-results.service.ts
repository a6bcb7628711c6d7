import { Injectable } from '@nestjs/common';
import { Clock } from '../../../common/clock.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { AppError } from '../../../common/errors/index.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { UserDirectory, type UserNameAndEmail } from '../../users/index.js';
import { FailedRowsExport, type FailedRowsFile } from './failed-rows-export.js';
import { HistoryQuery, type UploadRecord } from './history.query.js';
import { RETRYABLE, secondsUntil } from './waiting-on-faire.js';
import { UploadCountsStore, type UploadCountsView } from './upload-counts.store.js';
import { describeRow, fieldColumns } from './upload-row-view.js';
import type { ListUploadsQuery, RowFilter, UploadRowsQuery } from './uploads.dto.js';

/**
 * What happened to each upload and each of its rows, for the results view and the history: the
 * uploads list, one upload's live counts, its rows in file order with reasons in words, its failed rows
 * as a CSV to fix and upload again (retrying them in one go is the root service's: it writes).
 */
@Injectable()
export class UploadResultsService {
  constructor(
    private readonly reads: HistoryQuery,
    private readonly clock: Clock,
    private readonly users: UserDirectory,
    private readonly failedRows: FailedRowsExport,
    private readonly counts: UploadCountsStore,
  ) {}

  async list(caller: CompanyAuthContext, q: ListUploadsQuery) {
    const scope = CompanyScope.of(caller);
    const total = await this.reads.uploadTotal({ scope });
    const uploads = await this.reads.uploadsPage({ scope, limit: q.limit, offset: (q.page - 1) * q.limit });
    const counts = await this.counts.countsOf(uploads);
    const uploaders = await this.uploaders(uploads);
    return {
      total,
      page: q.page,
      uploads: uploads.map((u) => this.summaryOf(u, counts.get(u.id), uploaders)),
    };
  }

  async summary(caller: CompanyAuthContext, uploadId: string) {
    const upload = await this.find(caller, uploadId);
    const counts = await this.counts.countsOf([upload]);
    return this.summaryOf(upload, counts.get(uploadId), await this.uploaders([upload]));
  }

  async rows(caller: CompanyAuthContext, uploadId: string, q: UploadRowsQuery) {
    const upload = await this.find(caller, uploadId);
    const filter: RowFilter | null = q.status ?? null;
    const { total, records } = await this.reads.uploadRows({
      uploadId,
      filter,
      limit: q.limit,
      offset: (q.page - 1) * q.limit,
    });
    const now = this.clock.now();
    const fields = fieldColumns(upload.column_mapping);
    return { total, rows: records.map((r) => describeRow(r, uploadId, fields, now)) };
  }

  /**
   * The rows that failed, with the file's columns and an `error` column, ready to fix and upload again:
   * the file's name, its header, and its lines read page by page as the download goes (decision 0027).
   */
  async failedCsv(caller: CompanyAuthContext, uploadId: string): Promise<FailedRowsFile> {
    const upload = await this.find(caller, uploadId);
    return this.failedRows.open(upload, this.clock.now());
  }

  /** The caller's company's upload, or NOT_FOUND (also for another company's upload). */
  async upload(caller: CompanyAuthContext, uploadId: string): Promise<UploadRecord> {
    return this.find(caller, uploadId);
  }

  private async find(caller: CompanyAuthContext, uploadId: string): Promise<UploadRecord> {
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(uploadId)) {
      throw new AppError('NOT_FOUND', 'Upload not found');
    }
    const upload = await this.reads.upload({ scope: CompanyScope.of(caller), uploadId });
    if (!upload) throw new AppError('NOT_FOUND', 'Upload not found');
    return upload;
  }

  /** Who sent each upload, asked of the users module (which owns them). */
  private uploaders(uploads: UploadRecord[]): Promise<Map<string, UserNameAndEmail>> {
    return this.users.namesByIds(uploads.flatMap((u) => (u.user_id ? [u.user_id] : [])));
  }

  private summaryOf(
    u: UploadRecord,
    c: UploadCountsView | undefined,
    uploaders: Map<string, UserNameAndEmail>,
  ) {
    const uploader = u.user_id ? uploaders.get(u.user_id) : undefined;
    const by = { ...(c?.by ?? {}) };
    const success = by.SUCCESS ?? 0;
    const pending = (by.PENDING ?? 0) + u.staged_rows;
    const rowsKnown = Object.values(by).reduce((a, n) => a + n, 0) + u.staged_rows;
    const failed = rowsKnown - success - pending;
    const done = u.materialized_at !== null && pending === 0;
    return {
      uploadId: u.id,
      filename: u.file_name,
      source: u.source,
      createdAt: u.created_at.toISOString(),
      uploadedBy: uploader?.name ?? uploader?.email ?? null,
      totalRows: u.total_rows,
      validRows: u.valid_rows,
      invalidRows: u.invalid_rows,
      duplicateRows: u.duplicate_rows,
      /** Shipments made from this upload's rows (repeats of existing shipments are not counted). */
      shipments: c?.own ?? 0,
      /** Valid rows received but not yet turned into shipments (a big upload, for a few seconds). */
      staged: u.staged_rows,
      success,
      /** Every row that is not SUCCESS and will not be tried again by itself (invalid ones included). */
      failed,
      pending,
      /** Failed rows that "Retry all failed" would send again. */
      retryable: RETRYABLE.reduce((a, s) => a + (by[s] ?? 0), 0),
      byStatus: by,
      /** Rows still being sent while Faire has trouble, the next try of the first of them and the last trouble. */
      waitingOnFaire: c?.waiting ?? 0,
      nextRetryAt: c?.waiting && c.nextRetryAt ? c.nextRetryAt.toISOString() : null,
      nextRetryInSeconds: c?.waiting && c.nextRetryAt ? secondsUntil(c.nextRetryAt, this.clock.now()) : null,
      lastFault: c?.waiting ? c.lastFault : null,
      done,
      state: done ? ('DONE' as const) : ('IN_PROGRESS' as const),
    };
  }
}
