import {
  DateOrderTally,
  REQUIRED_COLUMNS,
  costColumnNote,
  dateOrderSummary,
  decodeCsvBytes,
  dedupeKey,
  detectDelimiter,
  detectLineEnding,
  findMissingColumns,
  isShipmentField,
  normalizeHeader,
  safeText,
  startsWithByteOrderMark,
  UPLOAD_LIMITS,
  validateRow,
  withCostColumn,
  type ColumnMapping,
  type DateOrderDecision,
  type DateOrderFallback,
  type CsvRecord,
  type FileLayout,
  type RowResult,
  type ShipmentField,
} from '@portal/shipment-rules';
import Papa from 'papaparse';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../../../common/errors/index.js';

export interface IngestedRow {
  rowNumber: number;
  /** A row with errors as the file had it (every column); a valid row's `record`. */
  raw: CsvRecord;
  /** The shipment fields of the row, the column mapping applied (field name -> cell). */
  record: CsvRecord;
  result: RowResult;
  duplicateOf?: number;
  /**
   * The row's cells as written, in the file's column order (as many as the header row has), so its
   * failed rows go back as the brand wrote them (decision 0032). Absent for rows not read from a file.
   */
  cells?: readonly string[];
}

export interface IngestResult {
  encoding: string;
  delimiter: string;
  /** How the file was written: its byte order mark, header row as written, line ending. */
  layout: FileLayout;
  headers: string[];
  missingColumns: string[];
  /** The mapping the rows were read with: the one given, plus a cost column under another name. */
  mapping?: ColumnMapping;
  /** How the file's ambiguous dates were read, and why (date-order.ts of the shared rules). */
  dateOrder: DateOrderDecision;
  /** Lines about the whole file, shown above its rows: the date order, the cost column read. */
  notes: string[];
  rows: IngestedRow[];
  totalRows: number;
  validRows: number;
  invalidRows: number;
}

/**
 * Cells looked at between two yields to the event loop, so a 10 MB file never stalls other requests
 * (500 rows of a five-column file; fewer of a wide one).
 */
const YIELD_CELLS = 5000;
/** The text is parsed in slices of this many characters, with a yield to the event loop after each. */
const CHUNK_CHARS = 64 * 1024;

const LIMIT = UPLOAD_LIMITS;
const count = (n: number) => n.toLocaleString('en-US');

function refuse(message: string): AppError {
  return new AppError('VALIDATION_FAILED', message);
}

/** Characters scanned between two yields to the event loop while looking for over-long lines. */
const SCAN_YIELD_CHARS = 1_000_000;

/**
 * The number (1-based) of the first line longer than `max` characters, or 0. A line is what lies
 * between two line breaks (LF, or CR in a file without any LF). Run before parsing: a line the parser
 * cannot finish in one slice is parsed again with every slice, so a 10 MB line would cost it
 * quadratic time.
 */
async function firstLongLine(text: string, max: number): Promise<number> {
  const lineBreak = text.includes('\n') ? '\n' : '\r';
  let start = 0;
  let line = 1;
  let scanned = 0;
  while (start <= text.length) {
    let end = text.indexOf(lineBreak, start);
    if (end === -1) end = text.length;
    if (end - start > max) return line;
    scanned += end - start + 1;
    if (scanned >= SCAN_YIELD_CHARS) {
      scanned = 0;
      await yieldToLoop();
    }
    start = end + 1;
    line += 1;
  }
  return 0;
}

/** Columns the header row names: up to its last non-empty cell (trailing empty cells are ignored). */
function headerWidth(header: readonly string[]): number {
  let width = header.length;
  while (width > 0 && (header[width - 1] ?? '').trim() === '') width -= 1;
  return width;
}

/**
 * Parses the text into rows of cells with papaparse (the parser the browser uses too), a slice at a
 * time: after each slice the parser is paused until the event loop has had a turn. Lenient like the
 * browser: a stray quote inside a field is kept. A quoted field that never closes swallows the rest of
 * the file, so it is refused with the row where it starts. A header over the column limit or a file
 * over the row limit is refused as soon as the parser reaches it.
 */
function parseCells(text: string, delimiter: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    const stop = (parser: Papa.Parser, err: AppError) => {
      // Settle first: abort() calls `complete` right away.
      reject(err);
      parser.abort();
    };
    Papa.parse<string[]>(text, {
      delimiter,
      skipEmptyLines: false,
      chunkSize: CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        const unclosed = results.errors.find((e) => e.code === 'MissingQuotes');
        if (unclosed) {
          const row = rows.length + (unclosed.row ?? 0) + 1;
          stop(parser, refuse(`CSV parsing failed: row ${row} opens a quoted field that is never closed`));
          return;
        }
        if (rows.length === 0 && results.data.length > 0) {
          const width = headerWidth(results.data[0]!);
          if (width > LIMIT.maxColumns) {
            stop(
              parser,
              refuse(`The header row has ${count(width)} columns; at most ${LIMIT.maxColumns} are allowed`),
            );
            return;
          }
        }
        if (rows.length + results.data.length > LIMIT.maxRows + 1) {
          stop(
            parser,
            refuse(`The file has more than ${count(LIMIT.maxRows)} rows; split it into smaller files`),
          );
          return;
        }
        for (const cells of results.data) rows.push(cells);
        parser.pause();
        setImmediate(() => parser.resume());
      },
      complete: () => resolve(rows),
      error: (err: Error) => reject(err),
    });
  });
}

/**
 * For each shipment field the file has, the column its cell comes from: the mapped column (the
 * mapping's keys compared after `normalizeHeader`) or else the column of that name. The same cells
 * `applyColumnMapping` gives those fields, worked out once per file instead of once per row.
 */
function fieldColumns(
  keys: readonly string[],
  mapping: ColumnMapping | undefined,
): Array<[ShipmentField, number]> {
  const index = new Map<string, number>();
  keys.forEach((key, i) => index.set(key, i));
  const source = new Map<ShipmentField, number>();
  for (const field of REQUIRED_COLUMNS) {
    const i = index.get(field);
    if (i !== undefined) source.set(field, i);
  }
  for (const [column, field] of Object.entries(mapping ?? {})) {
    const i = index.get(normalizeHeader(column));
    if (isShipmentField(field) && i !== undefined) source.set(field, i);
  }
  return [...source.entries()];
}

/** True when every cell under a header is absent or blank (a blank line in the file). */
function isBlankLine(line: readonly string[], width: number): boolean {
  for (let c = 0; c < width; c++) if ((line[c] ?? '').trim() !== '') return false;
  return true;
}

/**
 * The file's date order, from its ship date cells (a first pass over the parsed lines; the few distinct
 * dates of a file make it cheap), decided the way the browser decides it (`DateOrderTally`).
 */
async function tallyDates(
  cells: readonly string[][],
  end: number,
  width: number,
  plan: Array<[ShipmentField, number]>,
  fallback: DateOrderFallback | undefined,
): Promise<DateOrderDecision> {
  const tally = new DateOrderTally();
  const column = plan.find(([field]) => field === 'ship_date')?.[1];
  if (column !== undefined) {
    let work = 0;
    for (let i = 1; i < end; i++) {
      // A blank-line check looks at every column: yield by cells looked at, as the validation does.
      work += width + 1;
      if (work >= YIELD_CELLS) {
        work = 0;
        await yieldToLoop();
      }
      const line = cells[i]!;
      if (!isBlankLine(line, width)) tally.add(i + 1, line[column] ?? '');
    }
  }
  return tally.decide(fallback);
}

/** A line's cells under the header row's columns: a short row's missing cells empty, cells past it dropped. */
function writtenCells(line: readonly string[], width: number): readonly string[] {
  if (line.length === width) return line;
  const out = line.slice(0, width);
  while (out.length < width) out.push('');
  return out;
}

/** Header -> cell for every column; a short row's missing cells are empty. */
function rawRecord(line: readonly string[], keys: readonly string[]): Record<string, string> {
  const raw: Record<string, string> = {};
  for (let c = 0; c < keys.length; c++) raw[keys[c]!] = line[c] ?? '';
  return raw;
}

/** What the company's earlier files and its Faire brand say about reading a file. */
export interface FileReading {
  /** The brand's currency: a cost naming another ('€ 12,50' for USD) is refused. USD when not given. */
  currency?: string;
  /** The company's remembered date order and the brand's locale, for a file whose dates do not settle it. */
  dateOrder?: DateOrderFallback;
}

/**
 * Decodes (UTF-8 with or without BOM, UTF-16, Windows-1252), detects the delimiter, parses, and
 * validates every row with the shared rules. Row numbers are spreadsheet rows: the header is row 1.
 * Headers are trimmed and lowercased; an empty or repeated header becomes `__column_N` (ignored);
 * empty header cells after the last named column are dropped. A short row's missing cells are empty;
 * cells past the last header are dropped. A file over a limit of UPLOAD_LIMITS (line length, columns,
 * rows) is refused with a 400 naming the limit; an over-long cell makes its row invalid.
 */
export async function ingestCsv(
  bytes: Uint8Array,
  given: ColumnMapping | undefined,
  now: Date,
  reading: FileReading = {},
): Promise<IngestResult> {
  const { currency } = reading;
  const { text, encoding } = decodeCsvBytes(bytes);
  const longLine = await firstLongLine(text, LIMIT.maxLineChars);
  if (longLine === 1) {
    throw refuse(
      `The header row is longer than ${count(LIMIT.maxLineChars)} characters; at most ${LIMIT.maxColumns} columns are allowed`,
    );
  }
  if (longLine > 1) {
    throw refuse(`Line ${count(longLine)} is longer than ${count(LIMIT.maxLineChars)} characters`);
  }
  const delimiter = detectDelimiter(text.slice(0, 64 * 1024));
  const cells = await parseCells(text, delimiter);
  const header = cells[0] ?? [];
  const written = header.slice(0, headerWidth(header)).map((h) => normalizeHeader(h ?? ''));
  const seen = new Set<string>();
  const keys = written.map((h, i) => {
    if (h === '' || seen.has(h)) return `__column_${i + 1}`;
    seen.add(h);
    return h;
  });
  // A file that ends with a line break gives one last empty line: not a row.
  const last = cells.length > 1 ? cells[cells.length - 1] : undefined;
  const end = last && last.length === 1 && last[0] === '' ? cells.length - 1 : cells.length;
  const missingColumns = findMissingColumns(written, given);
  // A cost column under another name ("Freight") is read as the cost (the spec does not map the cost).
  const { mapping, costColumn } = withCostColumn(written, given);
  const notes: string[] = [];
  const rows: IngestedRow[] = [];
  let validRows = 0;
  let dateOrder = new DateOrderTally().decide(reading.dateOrder);
  if (missingColumns.length === 0) {
    const firstSeen = new Map<string, number>();
    const plan = fieldColumns(keys, mapping);
    dateOrder = await tallyDates(cells, end, keys.length, plan, reading.dateOrder);
    const dateNote = dateOrderSummary(dateOrder);
    if (dateNote) notes.push(dateNote);
    if (costColumn !== undefined) {
      const label = (header[written.indexOf(costColumn)] ?? costColumn).trim();
      notes.push(costColumnNote(safeText(label, LIMIT.maxCellChars)));
    }
    let work = 0;
    for (let i = 1; i < end; i++) {
      work += keys.length + plan.length;
      if (work >= YIELD_CELLS) {
        work = 0;
        await yieldToLoop();
      }
      const line = cells[i]!;
      if (isBlankLine(line, keys.length)) continue;
      const rowNumber = i + 1;
      const record: Record<string, string> = {};
      for (const [field, c] of plan) record[field] = line[c] ?? '';
      const result = validateRow(record, { now, currency, dateOrder });
      // Every column is kept only for a row with errors (it is stored as written); building an
      // object of 100 columns for each of 200k valid rows would be most of the work.
      const raw = result.valid ? record : rawRecord(line, keys);
      const row: IngestedRow = { rowNumber, raw, record, result, cells: writtenCells(line, header.length) };
      if (result.value) {
        validRows += 1;
        const key = dedupeKey(result.value);
        const first = firstSeen.get(key);
        if (first === undefined) firstSeen.set(key, rowNumber);
        else row.duplicateOf = first;
      }
      rows.push(row);
    }
  }
  return {
    encoding,
    delimiter,
    layout: {
      bom: startsWithByteOrderMark(bytes),
      header,
      lineEnding: detectLineEnding(text.slice(0, 64 * 1024)),
    },
    headers: written.map((h) => safeText(h, LIMIT.maxCellChars)),
    missingColumns,
    ...(mapping ? { mapping } : {}),
    dateOrder,
    notes,
    rows,
    totalRows: rows.length,
    validRows,
    invalidRows: rows.length - validRows,
  };
}
