import { Injectable } from '@nestjs/common';
import type { ColumnMapping } from '@portal/shipment-rules';
import { HeavyReads } from '../../common/database/heavy-reads.js';
import { csvLine, failedRowsHeader } from './failed-rows-csv.js';
import { RETRYABLE } from './shipments.service.js';
import { fieldColumns } from './upload-row-view.js';
import { UPLOAD_ROWS_CTE } from './upload-rows.sql.js';

/** Rows that ended without a shipment on Faire and will not be tried again by themselves. */
const FAILED_STATUSES = ['INVALID', ...RETRYABLE];

/** Row numbers read per page: one short statement of at most this many rows (decision 0027). */
export const EXPORT_PAGE_ROWS = 1000;

/** Uploads whose columns are kept in memory (a few KB each). */
const KNOWN_COLUMNS_MAX = 200;

/** The shipment fields a row that became a shipment gives back, under the file's names for them. */
const FIELD_ORDER = ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost'] as const;

export interface FailedRowsFile {
  fileName: string;
  /** The file's lines (header first), produced one page at a time as the reader asks for them. */
  lines: AsyncIterable<string>;
}

/**
 * The failed-rows file, streamed (decision 0027): the header (the file's columns, from one query over
 * the rows with errors) is known before the answer starts; the rows are then read in pages of
 * EXPORT_PAGE_ROWS row numbers, each page one short statement on the heavy-reads pool that gives the
 * page as CSV text, and the next page is read only when the client has taken the previous one. Memory
 * stays one page whatever the upload's size, no connection is held while the client reads, and the
 * API process's event loop only passes text on.
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

  async open(upload: {
    id: string;
    file_name: string;
    column_mapping: ColumnMapping | null;
  }): Promise<FailedRowsFile> {
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
      lines: this.lines(upload.id, header, fields, last ?? 0),
    };
  }

  private async *lines(
    uploadId: string,
    header: string[],
    fields: Record<string, string>,
    last: number,
  ): AsyncGenerator<string> {
    yield csvLine(header);
    const columns = FIELD_ORDER.map((f) => fields[f] ?? f);
    for (let from = 0; from < last; from += EXPORT_PAGE_ROWS) {
      const [page] = await this.heavy.query<{ chunk: string | null }>(FAILED_ROWS_PAGE_SQL, [
        [uploadId],
        FAILED_STATUSES,
        from,
        from + EXPORT_PAGE_ROWS,
        header,
        ...columns,
      ]);
      // Other requests' callbacks run between two pages, however many downloads are open.
      await new Promise((r) => setImmediate(r));
      if (page?.chunk) yield page.chunk;
    }
  }
}

/**
 * One page of the file as CSV text, made by Postgres so the API process only passes text on (decision
 * 0027). Per row: the row as written when it had errors, else its shipment's fields under the file's
 * column names ($6-$10), plus `error`, the reason the results view gives (`describeRow` for a row that
 * ended); then each column of the header ($5), formula-safe and quoted as `csvLine` does. $1: the
 * upload (as an array), $2: the failed statuses, $3-$4: the page's row numbers.
 */
const FAILED_ROWS_PAGE_SQL = `
  WITH ${UPLOAD_ROWS_CTE},
  reasons AS (
    SELECT o.*,
      CASE WHEN o.status = 'INVALID'
        THEN coalesce(nullif((SELECT string_agg(coalesce(m.e ->> 'message', ''), '; ' ORDER BY m.k)
                                FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o.errors) = 'array' THEN o.errors ELSE '[]' END)
                                     WITH ORDINALITY AS m(e, k)), ''), 'Invalid')
        ELSE coalesce(o.error_message, 'Failed') END AS base,
      CASE WHEN o.first_upload_id = ($1::uuid[])[1] AND o.first_row IS NOT NULL
        THEN 'the same order and tracking number as row ' || o.first_row
        ELSE 'already uploaded in an earlier file' END AS place
      FROM upload_row_outcomes o
     WHERE o.status = ANY($2::text[]) AND o.row_number > $3 AND o.row_number <= $4
  ),
  cells AS (
    SELECT r.row_number,
      CASE WHEN r.status = 'INVALID' AND r.raw IS NOT NULL THEN r.raw
        ELSE jsonb_build_object($6::text, r.order_id, $7::text, r.tracking_number, $8::text, r.carrier,
               $9::text, r.ship_date,
               $10::text, CASE WHEN r.shipping_cost_cents IS NULL THEN ''
                 ELSE to_char(r.shipping_cost_cents / 100.0, 'FM999999999990.00') END) END
      || jsonb_build_object('error',
           CASE WHEN NOT r.duplicate THEN r.base
                WHEN r.base <> '' THEN r.base || ' (' || r.place || ')'
                ELSE 'Not sent again: ' || r.place END) AS cells
      FROM reasons r
  )
  SELECT string_agg(line, '' ORDER BY row_number) AS chunk FROM (
    SELECT c.row_number,
      (SELECT string_agg(CASE WHEN q.n ~ '[",\\r\\n]' THEN '"' || replace(q.n, '"', '""') || '"' ELSE q.n END,
                         ',' ORDER BY x.i)
         FROM unnest($5::text[]) WITH ORDINALITY AS x(h, i)
         CROSS JOIN LATERAL (SELECT coalesce(c.cells ->> x.h, '') AS v) v
         CROSS JOIN LATERAL (SELECT CASE WHEN v.v ~ '^[=+@\\t\\r-]' THEN '''' || v.v ELSE v.v END AS n) q
      ) || E'\\r\\n' AS line
      FROM cells c
  ) lines`;
