import {
  applyColumnMapping,
  costColumnNote,
  dateOrderSummary,
  decodeCsvBytes,
  detectDelimiter,
  detectLineEnding,
  findMissingColumns,
  formatCents,
  normalizeHeader,
  REQUIRED_COLUMNS,
  reviewDisplayId,
  startsWithByteOrderMark,
  validateRecords,
  withCostColumn,
  type ColumnMapping,
  type CsvRecord,
  type DateOrderFallback,
  type ValidatedRecord,
} from '@portal/shipment-rules';
import Papa from 'papaparse';
import type { ParseResult, ReviewFileLayout, ReviewRow } from './types';

/** Files with at most this many rows keep every row in the browser, for `POST /api/shipments/process`. */
export const FULL_ROWS_LIMIT = 5000;
/** Rows the review modal renders at most. */
export const REVIEW_ROW_LIMIT = 500;
/** 'Row N: message' lines kept in the parse summary. */
export const MAX_SUMMARY_ERRORS = 1000;

const HEADER_SAMPLE_CHARS = 64 * 1024;

export interface ParseOptions {
  mapping?: ColumnMapping;
  now?: Date;
  /** The brand's currency: a cost naming another ('€ 12,50' for USD) is invalid. USD when absent. */
  currency?: string;
  /** The company's remembered date order and the brand's locale, for a file whose dates do not settle it. */
  dateOrder?: DateOrderFallback;
}

const text = (value: string | undefined) => (value ?? '').trim();

/** A validated record as the review modal shows it. */
export function toReviewRow(r: ValidatedRecord, mapping?: ColumnMapping): ReviewRow {
  const cells = applyColumnMapping(r.raw, mapping);
  const v = r.result.value;
  const orderId = text(cells.order_id);
  const row: ReviewRow = {
    row: r.rowNumber,
    order_id: orderId,
    displayId: reviewDisplayId(orderId),
    tracking_number: v?.trackingNumber ?? text(cells.tracking_number),
    carrier: text(cells.carrier),
    ship_date: v?.shipDate ?? text(cells.ship_date),
    shipDate: v?.shipDateIso,
    shipping_cost: v ? formatCents(v.shippingCostCents) : text(cells.shipping_cost),
    valid: r.result.valid,
    warnings: r.result.warnings.filter((w) => w.code !== 'VALUE_INTERPRETED').map((w) => w.message),
  };
  const notes = r.result.warnings.filter((w) => w.code === 'VALUE_INTERPRETED').map((w) => w.message);
  if (notes.length > 0) row.notes = notes;
  if (v) row.orderId = v.orderId;
  if (!r.result.valid) row.validation = r.result.errors.map((e) => e.message).join('; ') || 'Invalid';
  if (r.result.suggestedCarrier) row.suggestedCarrier = r.result.suggestedCarrier;
  if (r.duplicateOf !== undefined) row.duplicateOf = r.duplicateOf;
  return row;
}

/**
 * The file as written (decision 0032): its header row and every line's cells, under the header's
 * columns (a short line's missing cells empty, cells past the header dropped), and the column each
 * shipment field is read from.
 */
function writtenFile(
  bytes: Uint8Array,
  csv: string,
  delimiter: string,
  readWith: ColumnMapping | undefined,
): { layout: ReviewFileLayout; lines: string[][] } {
  const lines = Papa.parse<string[]>(csv, { delimiter, skipEmptyLines: false }).data;
  const header = lines[0] ?? [];
  const fieldIndex: ReviewFileLayout['fieldIndex'] = {};
  for (const field of REQUIRED_COLUMNS) {
    const column = Object.keys(readWith ?? {}).find((k) => readWith?.[k] === field) ?? field;
    const i = header.findIndex((h) => normalizeHeader(h) === normalizeHeader(column));
    if (i >= 0) fieldIndex[field] = i;
  }
  return {
    layout: {
      bom: startsWithByteOrderMark(bytes),
      header,
      lineEnding: detectLineEnding(csv.slice(0, HEADER_SAMPLE_CHARS)),
      fieldIndex,
    },
    lines,
  };
}

/** A line's cells under `width` columns. */
function cellsUnder(line: readonly string[] | undefined, width: number): string[] {
  const cells = (line ?? []).slice(0, width);
  while (cells.length < width) cells.push('');
  return cells;
}

/**
 * Reads a CSV file the way the server does (same rules library): decodes the bytes (UTF-8/16, Windows-1252),
 * detects the delimiter, parses with papaparse (headers trimmed and lowercased, empty lines kept so row
 * numbers match the spreadsheet) and validates every record, with the column mapping when one is given.
 */
export function parseCsvForReview(bytes: Uint8Array, opts: ParseOptions = {}): ParseResult {
  const { mapping, now, currency, dateOrder } = opts;
  const { text: csv, encoding } = decodeCsvBytes(bytes);
  const delimiter = detectDelimiter(csv.slice(0, HEADER_SAMPLE_CHARS));

  const parsed = Papa.parse<CsvRecord>(csv, {
    header: true,
    transformHeader: (h) => normalizeHeader(h),
    skipEmptyLines: false,
    delimiter,
  });
  const fields = (parsed.meta.fields ?? []).filter((f) => f !== '');
  const firstLine =
    Papa.parse<string[]>(csv.slice(0, HEADER_SAMPLE_CHARS), { preview: 1, delimiter }).data[0] ?? [];
  const headerLabels: Record<string, string> = {};
  (parsed.meta.fields ?? []).forEach((field, i) => {
    if (field !== '' && headerLabels[field] === undefined) {
      headerLabels[field] = (firstLine[i] ?? field).trim() || field;
    }
  });

  const missingColumns = findMissingColumns(fields, mapping);
  const report = validateRecords(parsed.data, { mapping, now, currency, dateOrderFallback: dateOrder });
  // The cells of each row as read: with a cost column under another name ("Freight") as the cost.
  const readWith = withCostColumn(fields, mapping).mapping;
  const notes: string[] = [];
  const datesNote = dateOrderSummary(report.dateOrder);
  if (datesNote && missingColumns.length === 0) notes.push(datesNote);
  if (report.costColumn !== undefined && missingColumns.length === 0) {
    notes.push(costColumnNote(headerLabels[report.costColumn] ?? report.costColumn));
  }
  const allRows = report.rows.length <= FULL_ROWS_LIMIT;
  const kept = allRows ? report.rows : report.rows.slice(0, REVIEW_ROW_LIMIT);
  // Every row is in the browser: keep each as written, for the failed rows file.
  const written =
    allRows && missingColumns.length === 0 ? writtenFile(bytes, csv, delimiter, readWith) : undefined;

  const errors: string[] = [];
  for (const e of parsed.errors) {
    if (errors.length >= MAX_SUMMARY_ERRORS) break;
    if (e.type === 'Quotes') errors.push(`Row ${(e.row ?? 0) + 2}: ${e.message}`);
  }
  let duplicateRows = 0;
  for (const r of report.rows) {
    if (r.duplicateOf !== undefined) duplicateRows += 1;
    if (!r.result.valid && errors.length < MAX_SUMMARY_ERRORS) {
      errors.push(`Row ${r.rowNumber}: ${r.result.errors.map((e) => e.message).join('; ')}`);
    }
  }

  return {
    summary: {
      totalRows: report.totalRows,
      validRows: report.validRows,
      invalidRows: report.invalidRows,
      errors,
      detectedHeaders: fields,
      requiresMapping: !mapping && missingColumns.length > 0,
    },
    headerLabels,
    missingColumns,
    duplicateRows,
    rows: kept.map((r) => {
      const row = toReviewRow(r, readWith);
      if (written) row.cells = cellsUnder(written.lines[r.rowNumber - 1], written.layout.header.length);
      return row;
    }),
    ...(written ? { layout: written.layout } : {}),
    dateOrder: report.dateOrder,
    notes,
    allRows,
    encoding,
    delimiter,
    ...(currency === undefined ? {} : { currency }),
  };
}
