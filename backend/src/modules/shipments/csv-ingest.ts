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
import { parseStream } from 'fast-csv';
import { Readable } from 'node:stream';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

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
/** The text is fed to the parser in slices, so parsing also leaves room for other requests. */
const CHUNK_CHARS = 64 * 1024;

function* chunks(text: string, size: number): Generator<string> {
  for (let i = 0; i < text.length; i += size) yield text.slice(i, i + size);
}

/**
 * Decodes (UTF-8 with or without BOM, UTF-16, Windows-1252), detects the delimiter, parses with
 * fast-csv as a stream, and validates every row with the shared rules. Row numbers are spreadsheet
 * rows: the header is row 1.
 */
export async function ingestCsv(
  bytes: Uint8Array,
  mapping: ColumnMapping | undefined,
  now: Date,
): Promise<IngestResult> {
  const { text, encoding } = decodeCsvBytes(bytes);
  const delimiter = detectDelimiter(text.slice(0, 64 * 1024));
  const records: CsvRecord[] = [];
  let headers: string[] = [];
  await new Promise<void>((resolve, reject) => {
    parseStream<CsvRecord, CsvRecord>(Readable.from(chunks(text, CHUNK_CHARS)), {
      delimiter,
      headers: (raw) => {
        headers = raw.map((h) => normalizeHeader(h ?? ''));
        return headers.map((h, i) => (h === '' || headers.indexOf(h) !== i ? `__column_${i + 1}` : h));
      },
      ignoreEmpty: false,
      discardUnmappedColumns: true,
      strictColumnHandling: false,
      trim: false,
    })
      .on('error', reject)
      .on('data', (row: CsvRecord) => records.push(row))
      .on('end', () => resolve());
  });
  const missingColumns = findMissingColumns(headers, mapping);
  const rows: IngestedRow[] = [];
  let validRows = 0;
  if (missingColumns.length === 0) {
    const firstSeen = new Map<string, number>();
    for (let i = 0; i < records.length; i++) {
      if (i > 0 && i % YIELD_EVERY === 0) await yieldToLoop();
      const raw = records[i];
      if (isEmptyRecord(raw)) continue;
      const rowNumber = i + 2;
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
    headers,
    missingColumns,
    rows,
    totalRows: rows.length,
    validRows,
    invalidRows: rows.length - validRows,
  };
}
