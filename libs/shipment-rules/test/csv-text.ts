import { decodeCsvBytes, type CsvDelimiter, type CsvEncoding, detectDelimiter } from '../src/index.js';

/**
 * The tests' own small RFC 4180 parser (the apps parse with papaparse and hand their records to
 * `validateRecords`; this one only turns test texts into records): fields separated by `delimiter`,
 * records by CRLF, LF or CR; quoted fields may hold delimiters, line breaks and doubled quotes. Lenient
 * where the RFC is strict: a quote inside an unquoted field is kept as a character, and text after a
 * closing quote is appended. A blank line is a record with one empty field. A trailing line break does
 * not start a record. A leading BOM is dropped.
 */
export function parseCsvText(text: string, delimiter: CsvDelimiter = ','): string[][] {
  const source = String(text).replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let inQuotes = false;
  let fieldStarted = false;
  let i = 0;
  const endRecord = (): void => {
    row.push(field);
    rows.push(row);
    row = [];
    field = '';
    fieldStarted = false;
  };
  while (i < source.length) {
    const char = source[i] ?? '';
    if (inQuotes) {
      if (char === '"') {
        if (source[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        inQuotes = false;
      } else {
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && !fieldStarted) {
      inQuotes = true;
      fieldStarted = true;
    } else if (char === delimiter) {
      row.push(field);
      field = '';
      fieldStarted = false;
    } else if (char === '\r' || char === '\n') {
      endRecord();
      if (char === '\r' && source[i + 1] === '\n') i += 1;
    } else {
      field += char;
      fieldStarted = true;
    }
    i += 1;
  }
  if (fieldStarted || field.length > 0 || row.length > 0) endRecord();
  return rows;
}

export interface CsvRecords {
  /** The header row as written (BOM removed). */
  headers: string[];
  /** One record per data row, keyed by header as written; cells past the end of a short row are `undefined`. */
  records: Array<Record<string, string | undefined>>;
}

/** The first row as headers, every later row as a record (the first of duplicate headers wins). */
export function rowsToRecords(rows: readonly (readonly string[])[]): CsvRecords {
  const headers = [...(rows[0] ?? [])];
  const records = rows.slice(1).map((cells) => {
    const entries: Array<[string, string | undefined]> = [];
    const seen = new Set<string>();
    headers.forEach((header, index) => {
      if (seen.has(header)) return;
      seen.add(header);
      entries.push([header, cells[index]]);
    });
    return Object.fromEntries(entries);
  });
  return { headers, records };
}

export interface ParsedCsv extends CsvRecords {
  encoding: CsvEncoding;
  delimiter: CsvDelimiter;
}

/** Bytes to records in one go: `decodeCsvBytes`, `detectDelimiter`, `parseCsvText`, `rowsToRecords`. */
export function parseCsvBytes(bytes: Uint8Array): ParsedCsv {
  const { text, encoding } = decodeCsvBytes(bytes);
  const delimiter = detectDelimiter(text);
  return { encoding, delimiter, ...rowsToRecords(parseCsvText(text, delimiter)) };
}
