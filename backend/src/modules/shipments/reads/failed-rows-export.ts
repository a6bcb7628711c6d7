import { Injectable } from '@nestjs/common';
import {
  byteOrderMark,
  csvLineOf,
  encodeCsvText,
  reasonColumnName,
  type ColumnMapping,
  type LineEnding,
} from '@portal/shipment-rules';
import { HeavyReads } from '../../../common/database/heavy-reads.js';
import { csvLine, failedRowsHeader, neutraliseCell } from './failed-rows-csv.js';
import {
  failedRowColumns,
  failedRowsBetween,
  lastRowNumber,
  uploadLayout,
  uploadLinesPage,
} from './failed-rows.query.js';
import { LINES_PAGE_ROWS, linesPageOf } from '../intake/upload-files.repository.js';
import { describeRow, fieldColumns } from './upload-row-view.js';
import type { UploadRowRecord } from './upload-rows.sql.js';

/** Row numbers read per page: one short statement of at most this many rows (decision 0027). */
export const EXPORT_PAGE_ROWS = LINES_PAGE_ROWS;

/** Uploads whose columns are kept in memory (a few KB each). */
const KNOWN_COLUMNS_MAX = 200;

export interface FailedRowsFile {
  fileName: string;
  /** The `Content-Type` of the file: text/csv with the file's own encoding. */
  contentType: string;
  /** The file's bytes (header first), produced one page at a time as the reader asks for them. */
  lines: AsyncIterable<Buffer>;
}

/** An upload as the failed-rows file needs it. */
export interface FailedRowsUpload {
  id: string;
  file_name: string;
  column_mapping: ColumnMapping | null;
  encoding?: string | null;
  delimiter?: string | null;
}

/** How the file was written, read back from `upload_layouts`. */
interface StoredLayout {
  bom: boolean;
  header: string[];
  lineEnding: LineEnding;
  delimiter: string;
  encoding: string;
}

/**
 * The failed-rows file, streamed (decision 0027): the rows are read in pages of EXPORT_PAGE_ROWS row
 * numbers, each page one short statement on the heavy-reads pool, and the next page is read only when
 * the client has taken the previous one. Memory stays one page whatever the upload's size, no
 * connection is held while the client reads, and a page is a few milliseconds of the event loop.
 *
 * An upload stored with its file's layout (decision 0032) gets the brand's own file back: its
 * delimiter, line ending, encoding and byte order mark, its header row as written, the failed rows'
 * cells as written, and one last column with the reason. Older uploads get the file's columns, as
 * the results view describes each row, with `error` last.
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
      known = failedRowColumns(this.heavy, uploadId);
      known.catch(() => this.columns.delete(uploadId));
      if (this.columns.size >= KNOWN_COLUMNS_MAX) this.columns.delete(this.columns.keys().next().value!);
      this.columns.set(uploadId, known);
    }
    return known;
  }

  async open(upload: FailedRowsUpload, now: Date): Promise<FailedRowsFile> {
    const stored = await uploadLayout(this.heavy, upload.id);
    const last = await lastRowNumber(this.heavy, upload.id);
    const base = upload.file_name.replace(/\.csv$/i, '').replace(/[^\w.-]+/g, '-') || 'upload';
    const fileName = `${base}-failed-rows.csv`;
    const fields = fieldColumns(upload.column_mapping);
    if (stored) {
      const layout: StoredLayout = {
        bom: stored.bom,
        header: JSON.parse(stored.header) as string[],
        lineEnding: stored.line_ending as LineEnding,
        delimiter: upload.delimiter || ',',
        encoding: upload.encoding || 'utf-8',
      };
      const charset = layout.encoding === 'windows-1252' ? 'windows-1252' : layout.encoding;
      return {
        fileName,
        contentType: `text/csv; charset=${charset}`,
        lines: this.brandLines(upload.id, layout, fields, last, now),
      };
    }
    const header = failedRowsHeader(fields, await this.columnsOf(upload.id));
    return {
      fileName,
      contentType: 'text/csv; charset=utf-8',
      lines: this.normalisedLines(upload.id, header, fields, last, now),
    };
  }

  /** The brand's own file back: its layout, the failed rows' cells as written, the reason last. */
  private async *brandLines(
    uploadId: string,
    layout: StoredLayout,
    fields: Record<string, string>,
    last: number,
    now: Date,
  ): AsyncGenerator<Buffer> {
    const { delimiter, lineEnding, encoding, header } = layout;
    const width = header.length;
    const encode = (text: string) => Buffer.from(encodeCsvText(text, encoding));
    const first = encode(csvLineOf([...header, reasonColumnName(header)], delimiter, lineEnding));
    yield layout.bom ? Buffer.concat([byteOrderMark(encoding), first]) : first;
    for (let from = 0; from < last; from += EXPORT_PAGE_ROWS) {
      const records = await failedRowsBetween(this.heavy, uploadId, from, from + EXPORT_PAGE_ROWS);
      await new Promise((r) => setImmediate(r));
      if (records.length === 0) continue;
      const text = await uploadLinesPage(this.heavy, uploadId, linesPageOf(from + 1));
      const written = new Map<number, readonly string[]>(
        text ? (JSON.parse(text) as Array<[number, string[]]>) : [],
      );
      let out = '';
      for (const r of records) {
        const cells = [...(written.get(r.row_number) ?? [])].slice(0, width);
        while (cells.length < width) cells.push('');
        // The brand's cells go back as written; only the reason, our text, is made formula-safe.
        const reason = neutraliseCell(describeRow(r, uploadId, fields, now).reason ?? '');
        out += csvLineOf([...cells, reason], delimiter, lineEnding);
      }
      yield encode(out);
    }
  }

  /** An upload stored without its layout: its rows as the results view describes them, `error` last. */
  private async *normalisedLines(
    uploadId: string,
    header: string[],
    fields: Record<string, string>,
    last: number,
    now: Date,
  ): AsyncGenerator<Buffer> {
    yield Buffer.from(csvLine(header));
    for (let from = 0; from < last; from += EXPORT_PAGE_ROWS) {
      const records = await failedRowsBetween(this.heavy, uploadId, from, from + EXPORT_PAGE_ROWS);
      // Other requests' callbacks run between two pages, however many downloads are open.
      await new Promise((r) => setImmediate(r));
      if (records.length === 0) continue;
      yield Buffer.from(
        records
          .map((r) => {
            const cells = cellsOf(r, uploadId, fields, now);
            return csvLine(header.map((h) => cells[h] ?? ''));
          })
          .join(''),
      );
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
