import {
  applyColumnMapping,
  decodeCsvBytes,
  dedupeKey,
  detectDelimiter,
  findMissingColumns,
  isEmptyRecord,
  normalizeHeader,
  validateRow,
  type ColumnMapping,
  type CsvRecord,
  type RowResult,
} from '@portal/shipment-rules';
import Papa from 'papaparse';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { AppError } from '../../common/errors/index.js';

export interface IngestedRow {
  rowNumber: number;
  /** The row as the file had it. */
  raw: CsvRecord;
  /** The row with the column mapping applied (field name -> cell). */
  record: CsvRecord;
  result: RowResult;
  duplicateOf?: number;
}

export interface IngestResult {
  encoding: string;
  delimiter: string;
  headers: string[];
  missingColumns: string[];
  rows: IngestedRow[];
  totalRows: number;
  validRows: number;
  invalidRows: number;
}

/** Rows validated between two yields to the event loop, so a 10 MB file never stalls other requests. */
const YIELD_EVERY = 500;
/** The text is parsed in slices of this many characters, with a yield to the event loop after each. */
const CHUNK_CHARS = 64 * 1024;

/**
 * Parses the text into rows of cells with papaparse (the parser the browser uses too), a slice at a
 * time: after each slice the parser is paused until the event loop has had a turn. Lenient like the
 * browser: a stray quote inside a field is kept. A quoted field that never closes swallows the rest of
 * the file, so it is refused with the row where it starts.
 */
function parseCells(text: string, delimiter: string): Promise<string[][]> {
  return new Promise((resolve, reject) => {
    const rows: string[][] = [];
    Papa.parse<string[]>(text, {
      delimiter,
      skipEmptyLines: false,
      chunkSize: CHUNK_CHARS,
      chunk: (results: Papa.ParseResult<string[]>, parser: Papa.Parser) => {
        const unclosed = results.errors.find((e) => e.code === 'MissingQuotes');
        if (unclosed) {
          // Settle first: abort() calls `complete` right away.
          reject(
            new AppError(
              'VALIDATION_FAILED',
              `CSV parsing failed: row ${rows.length + (unclosed.row ?? 0) + 1} opens a quoted field that is never closed`,
            ),
          );
          parser.abort();
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
 * Decodes (UTF-8 with or without BOM, UTF-16, Windows-1252), detects the delimiter, parses, and
 * validates every row with the shared rules. Row numbers are spreadsheet rows: the header is row 1.
 * Headers are trimmed and lowercased; an empty or repeated header becomes `__column_N` (ignored).
 * A short row's missing cells are empty; cells past the last header are dropped.
 */
export async function ingestCsv(
  bytes: Uint8Array,
  mapping: ColumnMapping | undefined,
  now: Date,
): Promise<IngestResult> {
  const { text, encoding } = decodeCsvBytes(bytes);
  const delimiter = detectDelimiter(text.slice(0, 64 * 1024));
  const cells = await parseCells(text, delimiter);
  const written = (cells[0] ?? []).map((h) => normalizeHeader(h ?? ''));
  const keys = written.map((h, i) => (h === '' || written.indexOf(h) !== i ? `__column_${i + 1}` : h));
  // A file that ends with a line break gives one last empty line: not a row.
  const last = cells.length > 1 ? cells[cells.length - 1] : undefined;
  const end = last && last.length === 1 && last[0] === '' ? cells.length - 1 : cells.length;
  const missingColumns = findMissingColumns(written, mapping);
  const rows: IngestedRow[] = [];
  let validRows = 0;
  if (missingColumns.length === 0) {
    const firstSeen = new Map<string, number>();
    for (let i = 1; i < end; i++) {
      if (i % YIELD_EVERY === 0) await yieldToLoop();
      const line = cells[i];
      const raw: Record<string, string> = {};
      for (let c = 0; c < keys.length; c++) raw[keys[c]] = line[c] ?? '';
      if (isEmptyRecord(raw)) continue;
      const rowNumber = i + 1;
      const record = mapping ? applyColumnMapping(raw, mapping) : raw;
      const result = validateRow(record, { now });
      const row: IngestedRow = { rowNumber, raw, record, result };
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
    headers: written,
    missingColumns,
    rows,
    totalRows: rows.length,
    validRows,
    invalidRows: rows.length - validRows,
  };
}
