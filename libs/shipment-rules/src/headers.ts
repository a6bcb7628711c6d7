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
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') {
    return String(value);
  }
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
 * The shipping cost column under the names warehouse, carrier and marketplace exports give it. The
 * spec's mapping dialog does not map the cost, so a file whose cost column is "Freight" would have no
 * cost on any row; a column with one of these names is read as the cost instead, and the file gets a
 * note naming it (`costColumnNote`). Names are compared without case, spacing, `_`, `-`, `.` and a
 * bracketed suffix ("Shipping Cost (USD)"), in this order of preference: the first name the file has wins.
 */
const COST_NAMES = [
  'shipping cost',
  'shipping costs',
  'freight',
  'freight cost',
  'postage',
  'postage cost',
  'label cost',
  'shipping label cost',
  'label price',
  'maker cost',
  'shipping fee',
  'shipping charge',
  'shipping amount',
  'shipping price',
  'ship cost',
  'shipment cost',
  'delivery cost',
  'carrier cost',
  'shipping',
  'cost',
].map((name) => name.replace(/ /g, ''));

/** A header as cost names are compared: 'Shipping Cost (USD)' -> 'shippingcost'. */
export function costNameKey(header: string): string {
  return normalizeHeader(header)
    .replace(/\s*[([].*?[)\]]\s*$/, '')
    .replace(/[\s_.-]+/g, '');
}

/**
 * The column (normalised header, as `headers` has it after `normalizeHeader`) to read the shipping cost
 * from when the file has no `shipping_cost` column and the mapping does not give one; undefined
 * otherwise. A column the mapping reads as another field is never taken.
 */
export function findCostColumn(headers: readonly string[], mapping?: ColumnMapping): string | undefined {
  const normalized = headers.map(normalizeHeader);
  if (normalized.includes('shipping_cost')) return undefined;
  const mapped = new Set<string>();
  for (const [column, field] of Object.entries(mapping ?? {})) {
    if (!isShipmentField(field)) continue;
    if (field === 'shipping_cost' && normalized.includes(normalizeHeader(column))) return undefined;
    mapped.add(normalizeHeader(column));
  }
  const keys = new Map<string, string>();
  for (const header of normalized) {
    if (header === '' || mapped.has(header)) continue;
    const key = costNameKey(header);
    if (!keys.has(key)) keys.set(key, header);
  }
  for (const name of COST_NAMES) {
    const header = keys.get(name);
    if (header !== undefined) return header;
  }
  return undefined;
}

/** The mapping with the cost column found by `findCostColumn` added (the mapping as given when none). */
export function withCostColumn(
  headers: readonly string[],
  mapping?: ColumnMapping,
): { mapping?: ColumnMapping; costColumn?: string } {
  const costColumn = findCostColumn(headers, mapping);
  if (costColumn === undefined) return mapping ? { mapping } : {};
  return { mapping: { ...mapping, [costColumn]: 'shipping_cost' }, costColumn };
}

/** The file's note when its cost came from another column: 'Shipping cost was read from the "Freight" column'. */
export function costColumnNote(label: string): string {
  return `Shipping cost was read from the "${label}" column`;
}

/**
 * Required columns that are neither in the header row nor supplied by the mapping.
 * A mapping entry only counts when its CSV column is actually in `headers`; a cost column under
 * another name (`findCostColumn`) counts as the shipping cost.
 */
export function findMissingColumns(headers: readonly string[], mapping?: ColumnMapping): ShipmentField[] {
  const present = new Set(headers.map(normalizeHeader));
  const covered = new Set<string>(present);
  if (findCostColumn(headers, mapping) !== undefined) covered.add('shipping_cost');
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

/** For each required field, the record key `normalizedCells` takes its cell from, if any. */
export type FieldKeys = Readonly<Record<ShipmentField, string | undefined>>;

interface FieldKeysEntry {
  keys: readonly string[];
  fieldKeys: FieldKeys;
}

/** The key list last seen and its field keys: the records of one file share their keys. */
let lastFieldKeys: FieldKeysEntry | undefined;

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * For each required field, the first of the record's keys (in `Object.entries` order) whose
 * normalised header is that field: the key whose cell `normalizedCells(record).get(field)` holds.
 */
export function fieldKeysOf(record: CsvRecord): FieldKeys {
  const keys = Object.keys(record);
  if (lastFieldKeys !== undefined && sameKeys(lastFieldKeys.keys, keys)) return lastFieldKeys.fieldKeys;
  const found: Partial<Record<ShipmentField, string>> = {};
  for (const key of keys) {
    const header = normalizeHeader(key);
    if (isShipmentField(header) && found[header] === undefined) found[header] = key;
  }
  const fieldKeys: FieldKeys = {
    order_id: found.order_id,
    tracking_number: found.tracking_number,
    carrier: found.carrier,
    ship_date: found.ship_date,
    shipping_cost: found.shipping_cost,
  };
  lastFieldKeys = { keys, fieldKeys };
  return fieldKeys;
}
