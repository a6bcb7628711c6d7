import { REQUIRED_COLUMNS, type ShipmentField } from './constants.js';

/**
 * The spec's `columnMapping`: a JSON map from a CSV column (as it appears in the header) to a field.
 * Keys are compared after `normalizeHeader`, so 'Order #' and 'order #' are the same column.
 */
export type ColumnMapping = Readonly<Record<string, ShipmentField>>;

/** A CSV record: header -> cell. Absent cells are `undefined`. */
export type CsvRecord = Readonly<Record<string, string | undefined>>;

/** Trimmed, lowercased header without a UTF-8 byte order mark. */
export function normalizeHeader(header: string): string {
  return String(header)
    .replace(/^\uFEFF+/, '')
    .trim()
    .toLowerCase();
}

export function isShipmentField(value: unknown): value is ShipmentField {
  return typeof value === 'string' && (REQUIRED_COLUMNS as readonly string[]).includes(value);
}

/** A cell as a string, or `undefined` when absent. Tolerates parsers that hand over numbers or null. */
export function cellText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint')
    return String(value);
  return undefined;
}

/** Cells keyed by normalised header; the first occurrence of a header wins. */
export function normalizedCells(record: CsvRecord): Map<string, string | undefined> {
  const cells = new Map<string, string | undefined>();
  for (const [key, value] of Object.entries(record)) {
    const header = normalizeHeader(key);
    if (!cells.has(header)) cells.set(header, cellText(value));
  }
  return cells;
}

/**
 * Required columns that are neither in the header row nor supplied by the mapping.
 * A mapping entry only counts when its CSV column is actually in `headers`.
 */
export function findMissingColumns(headers: readonly string[], mapping?: ColumnMapping): ShipmentField[] {
  const present = new Set(headers.map(normalizeHeader));
  const covered = new Set<string>(present);
  if (mapping) {
    for (const [column, field] of Object.entries(mapping)) {
      if (isShipmentField(field) && present.has(normalizeHeader(column))) covered.add(field);
    }
  }
  return REQUIRED_COLUMNS.filter((field) => !covered.has(field));
}

/**
 * The record with normalised headers, and each mapped field set from its CSV column. A mapped field
 * replaces a column of the same name. Unmapped columns are kept (under their normalised header).
 */
export function applyColumnMapping(
  record: CsvRecord,
  mapping: ColumnMapping = {},
): Record<string, string | undefined> {
  const cells = normalizedCells(record);
  const out = new Map(cells);
  for (const [column, field] of Object.entries(mapping)) {
    if (!isShipmentField(field)) continue;
    const header = normalizeHeader(column);
    if (cells.has(header)) out.set(field, cells.get(header));
  }
  return Object.fromEntries(out);
}
