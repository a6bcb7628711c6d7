import { MAPPABLE_FIELDS, type ShipmentField } from './constants.js';
import { normalizeHeader, type ColumnMapping } from './headers.js';

/** Field -> CSV column, the state of the mapping dialog. */
export type FieldSelection = Partial<Record<ShipmentField, string>>;

/** Header names (already in canonical form, see `canonicalHeader`) that mean each field. */
const SYNONYMS: Readonly<Record<ShipmentField, readonly string[]>> = {
  order_id: [
    'order id',
    'order',
    'order number',
    'order ref',
    'order reference',
    'po',
    'po number',
    'purchase order',
    'purchase order number',
    'faire order id',
    'faire order',
    'faire order number',
    'display id',
  ],
  tracking_number: [
    'tracking number',
    'tracking',
    'tracking id',
    'tracking code',
    'track number',
    'tracking numbers',
    'awb',
    'awb number',
    'air waybill',
    'waybill',
    'waybill number',
    'consignment number',
    'shipment tracking',
  ],
  carrier: [
    'carrier',
    'ship via',
    'shipped via',
    'courier',
    'carrier name',
    'shipping carrier',
    'shipping company',
    'delivery company',
    'shipper',
    'shipping method',
    'ship method',
    'shipping provider',
  ],
  ship_date: [
    'ship date',
    'shipped',
    'date shipped',
    'shipped date',
    'shipped on',
    'shipping date',
    'shipment date',
    'dispatch date',
    'dispatched',
    'date dispatched',
    'fulfillment date',
    'fulfilled date',
    'date',
  ],
  shipping_cost: [
    'shipping cost',
    'shipping',
    'freight',
    'freight cost',
    'cost',
    'postage',
    'postage cost',
    'shipping charge',
    'shipping fee',
    'ship cost',
    'label cost',
    'maker cost',
  ],
};

/** Scores below this are not suggested. */
const MIN_SCORE = 0.5;

const NUMBER_WORDS = new Set(['no', 'nr', 'nbr', 'num', 'number']);

/**
 * Lowercase words: '#' and the abbreviations no/nr/nbr/num become 'number', every other
 * non-alphanumeric run (including `_`, `-`, `.`) separates words.
 */
export function canonicalHeader(header: string): string {
  return normalizeHeader(header)
    .replace(/#/g, ' number ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => (NUMBER_WORDS.has(word) ? 'number' : word))
    .join(' ');
}

function bigrams(text: string): Map<string, number> {
  const grams = new Map<string, number>();
  for (let i = 0; i < text.length - 1; i += 1) {
    const gram = text.slice(i, i + 2);
    grams.set(gram, (grams.get(gram) ?? 0) + 1);
  }
  return grams;
}

/** Sørensen-Dice coefficient over character bigrams, 0..1. */
export function diceCoefficient(a: string, b: string): number {
  if (a === b) return a.length > 0 ? 1 : 0;
  if (a.length < 2 || b.length < 2) return 0;
  const left = bigrams(a);
  const right = bigrams(b);
  let overlap = 0;
  for (const [gram, count] of left) overlap += Math.min(count, right.get(gram) ?? 0);
  return (2 * overlap) / (a.length - 1 + (b.length - 1));
}

/** Words too common in headers to tell fields apart ('Order Number' vs 'Tracking Number'). */
const GENERIC_WORDS = new Set(['number', 'id', 'the', 'of']);

function distinctive(words: readonly string[]): string {
  const kept = words.filter((word) => !GENERIC_WORDS.has(word));
  return (kept.length > 0 ? kept : words).join('');
}

function synonymScore(canonical: string, synonym: string): number {
  if (canonical === synonym) return 1;
  const words = canonical.split(' ');
  const synonymWords = synonym.split(' ');
  let score = diceCoefficient(distinctive(words), distinctive(synonymWords)) * 0.95;
  if (synonymWords.every((word) => words.includes(word))) {
    score = Math.max(score, 0.6 + 0.3 * (synonymWords.length / words.length));
  }
  return score;
}

/** How much a CSV header looks like a field, 0..1 (1 = exact name or a listed synonym). */
export function headerSimilarity(header: string, field: ShipmentField): number {
  return canonicalSimilarity(canonicalHeader(header), field);
}

/** Characters of a header compared: no field's name or synonym comes close to this length. */
const COMPARED_CHARS = 64;

function canonicalSimilarity(canonical: string, field: ShipmentField): number {
  if (canonical.length === 0) return 0;
  if (canonical === field.replace(/_/g, ' ')) return 1;
  let best = 0;
  for (const synonym of SYNONYMS[field]) best = Math.max(best, synonymScore(canonical, synonym));
  return best;
}

/**
 * For each field, the most similar CSV column by header name, each column used at most once
 * (columns are told apart by normalised name, as the mapping is keyed by name).
 * Pairs are taken best score first (ties: field order, then column order); fields with no column
 * scoring at least 0.5 are left out. By default only the four mappable fields are suggested.
 */
export function suggestMapping(
  headers: readonly string[],
  fields: readonly ShipmentField[] = MAPPABLE_FIELDS,
): FieldSelection {
  const candidates: Array<{
    field: ShipmentField;
    fieldIndex: number;
    column: string;
    columnIndex: number;
    score: number;
  }> = [];
  // Each header is put in canonical form once, and only its first COMPARED_CHARS characters count:
  // the widest header a file may have (100 columns of 256 characters) is scored in a few ms.
  const canonicals = headers.map((column) =>
    canonicalHeader(normalizeHeader(column).slice(0, COMPARED_CHARS)),
  );
  fields.forEach((field, fieldIndex) => {
    headers.forEach((column, columnIndex) => {
      const score = canonicalSimilarity(canonicals[columnIndex] ?? '', field);
      if (score >= MIN_SCORE) candidates.push({ field, fieldIndex, column, columnIndex, score });
    });
  });
  candidates.sort(
    (a, b) => b.score - a.score || a.fieldIndex - b.fieldIndex || a.columnIndex - b.columnIndex,
  );
  const selection: FieldSelection = {};
  const usedColumns = new Set<string>();
  for (const candidate of candidates) {
    const name = normalizeHeader(candidate.column);
    if (selection[candidate.field] !== undefined || usedColumns.has(name)) continue;
    selection[candidate.field] = candidate.column;
    usedColumns.add(name);
  }
  return selection;
}

/** The dialog's field -> column selection as the spec's column -> field `columnMapping`. */
export function selectionToColumnMapping(selection: FieldSelection): ColumnMapping {
  const entries: Array<[string, ShipmentField]> = [];
  for (const [field, column] of Object.entries(selection) as Array<[ShipmentField, string | undefined]>) {
    if (column !== undefined) entries.push([column, field]);
  }
  return Object.fromEntries(entries);
}
