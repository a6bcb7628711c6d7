import { REQUIRED_COLUMNS } from '@portal/shipment-rules';

/**
 * A spreadsheet opens a cell starting with one of these as a formula. Cells going back to a person as a
 * file are prefixed with an apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function neutraliseCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

function quote(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** One CSV line ending in CRLF, fields quoted when needed, every cell formula-safe. */
export function csvLine(cells: string[]): string {
  return cells.map((c) => quote(neutraliseCell(c))).join(',') + '\r\n';
}

/** One CSV file (CRLF lines, fields quoted when needed, every cell formula-safe). */
export function toCsv(header: string[], rows: string[][]): string {
  return [header, ...rows].map(csvLine).join('');
}

/**
 * The columns of a failed-rows file: the five required fields under the names the file used (through
 * its column mapping), then any other column seen in the rows kept as written, then `error`.
 */
export function failedRowsHeader(
  fieldColumn: Record<string, string>,
  otherColumns: Iterable<string>,
): string[] {
  const first = REQUIRED_COLUMNS.map((f) => fieldColumn[f] ?? f);
  const seen = new Set(first);
  const rest = [...new Set(otherColumns)].filter((c) => !seen.has(c) && c !== 'error').sort();
  return [...first, ...rest, 'error'];
}
