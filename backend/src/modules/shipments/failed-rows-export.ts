import { Injectable } from '@nestjs/common';
import type { ColumnMapping } from '@portal/shipment-rules';
import { HeavyReads } from '../../common/database/heavy-reads.js';
import { csvLine, failedRowsHeader } from './failed-rows-csv.js';
import { RETRYABLE } from './shipments.service.js';
import { describeRow, fieldColumns } from './upload-row-view.js';
import { UPLOAD_ROWS_CTE, type UploadRowRecord } from './upload-rows.sql.js';

/** Rows that ended without a shipment on Faire and will not be tried again by themselves. */
const FAILED_STATUSES = ['INVALID', ...RETRYABLE];

/** Row numbers read per page: one short statement of at most this many rows (decision 0027). */
export const EXPORT_PAGE_ROWS = 250;

/** Uploads whose columns are kept in memory (a few KB each). */
const KNOWN_COLUMNS_MAX = 200;

export interface FailedRowsFile {
  fileName: string;
  /** The file's lines (header first), produced one page at a time as the reader asks for them. */
  lines: AsyncIterable<string>;
}

/**
 * The failed-rows file, streamed (decision 0027): the header (the file's columns, from one query over
 * the rows with errors) is known before the answer starts; the rows are then read in pages of
 * EXPORT_PAGE_ROWS row numbers, each page one short statement on the heavy-reads pool, written as the
 * results view describes each row, and the next page is read only when the client has taken the
 * previous one. Memory stays one page whatever the upload's size, no connection is held while the
 * client reads, and a page is a few milliseconds of the event loop, so light requests pass between.
 */
@Injectable()
export class FailedRowsExport {
  /**
   * The columns of each upload's rows with errors, by upload: those rows are written once, with the
   * upload, so their columns never change; parallel downloads of one file read them once.
   */
  private readonly columns = new Map<string, Promise<string[]>>();

  constructor(private readonly heavy: HeavyReads) {}

  private columnsOf(uploadId: string): Promise<string[]> {
    let known = this.columns.get(uploadId);
    if (!known) {
      known = this.heavy
        .query<{ k: string }>(
          `SELECT DISTINCT k FROM upload_rows ur
             CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(ur.raw) = 'object' THEN ur.raw ELSE '{}' END) k
            WHERE ur.upload_id = $1 AND NOT ur.valid`,
          [uploadId],
        )
        .then((rows) => rows.map((r) => r.k));
      known.catch(() => this.columns.delete(uploadId));
      if (this.columns.size >= KNOWN_COLUMNS_MAX) this.columns.delete(this.columns.keys().next().value!);
      this.columns.set(uploadId, known);
    }
    return known;
  }

  async open(
    upload: { id: string; file_name: string; column_mapping: ColumnMapping | null },
    now: Date,
  ): Promise<FailedRowsFile> {
    const fields = fieldColumns(upload.column_mapping);
    const header = failedRowsHeader(fields, await this.columnsOf(upload.id));
    const [{ last }] = (await this.heavy.query<{ last: number | null }>(
      `SELECT greatest((SELECT max(row_number) FROM shipments WHERE upload_id = $1),
                       (SELECT max(row_number) FROM upload_rows WHERE upload_id = $1)) AS last`,
      [upload.id],
    )) as [{ last: number | null }];
    const base = upload.file_name.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-') || 'upload';
    return {
      fileName: `${base}-failed-rows.csv`,
      lines: this.lines(upload.id, header, fields, last ?? 0, now),
    };
  }

  private async *lines(
    uploadId: string,
    header: string[],
    fields: Record<string, string>,
    last: number,
    now: Date,
  ): AsyncGenerator<string> {
    yield csvLine(header);
    for (let from = 0; from < last; from += EXPORT_PAGE_ROWS) {
      const records = await this.heavy.query<UploadRowRecord>(
        `WITH ${UPLOAD_ROWS_CTE}
         SELECT * FROM upload_row_outcomes
          WHERE status = ANY($2::text[]) AND row_number > $3 AND row_number <= $4
          ORDER BY row_number`,
        [[uploadId], FAILED_STATUSES, from, from + EXPORT_PAGE_ROWS],
      );
      // Other requests' callbacks run between two pages, however many downloads are open.
      await new Promise((r) => setImmediate(r));
      if (records.length === 0) continue;
      yield records
        .map((r) => {
          const cells = cellsOf(r, uploadId, fields, now);
          return csvLine(header.map((h) => cells[h] ?? ''));
        })
        .join('');
    }
  }
}

/** One failed row's cells by column: the row as written when it had errors, else its shipment's fields. */
function cellsOf(
  r: UploadRowRecord,
  uploadId: string,
  fields: Record<string, string>,
  now: Date,
): Record<string, string> {
  const cells: Record<string, string> =
    r.status === 'INVALID' && r.raw
      ? { ...r.raw }
      : {
          [fields.order_id ?? 'order_id']: r.order_id ?? '',
          [fields.tracking_number ?? 'tracking_number']: r.tracking_number ?? '',
          [fields.carrier ?? 'carrier']: r.carrier ?? '',
          [fields.ship_date ?? 'ship_date']: r.ship_date ?? '',
          [fields.shipping_cost ?? 'shipping_cost']:
            r.shipping_cost_cents === null ? '' : (r.shipping_cost_cents / 100).toFixed(2),
        };
  cells.error = describeRow(r, uploadId, fields, now).reason ?? '';
  return cells;
}
