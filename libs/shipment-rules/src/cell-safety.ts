import type { ShipmentField } from './constants.js';
import { cellText, type CsvRecord, type FieldKeys } from './headers.js';
import type { RowIssue } from './messages.js';

/**
 * Limits on an uploaded file, so that no file can make the server (or the browser) work for long, and
 * no cell holds what the database or Faire would refuse. The server refuses a file over a file limit
 * with a 400 naming it; a cell over its limit makes its row invalid.
 */
export const UPLOAD_LIMITS = {
  /** Columns in the header row (trailing empty header cells do not count). */
  maxColumns: 100,
  /** Characters in any cell of a shipment field. */
  maxCellChars: 256,
  /** Characters in an order id or a tracking number. */
  maxIdChars: 100,
  /** Characters on one line of the file (100 columns of 256 characters fit, quoted). */
  maxLineChars: 32_768,
  /** Records in the file, blank lines included (a 10MB file of short rows has about 230,000). */
  maxRows: 300_000,
} as const;

/** How many characters of a user's text an answer or a message quotes at most. */
export const ECHO_CHARS = 100;

/** A row error about what a cell holds rather than what it means. */
export type CellSafetyCode =
  'CELL_CONTROL_CHARACTER' | 'CELL_INVALID_CHARACTER' | 'CELL_TOO_LONG' | 'SHIPPING_COST_TOO_LARGE';

/** The largest shipping cost that can be stored, in cents (a 32-bit integer): $21,474,836.47. */
export const MAX_STORED_CENTS = 2_147_483_647;

/** The row error of a shipping cost above MAX_STORED_CENTS. */
export function shippingCostTooLarge(): RowIssue<CellSafetyCode> {
  return {
    field: 'shipping_cost',
    code: 'SHIPPING_COST_TOO_LARGE',
    message: 'Shipping cost is too large (at most $21,474,836.47)',
  };
}

const FIELD_LABELS: Readonly<Record<ShipmentField, string>> = {
  order_id: 'Order ID',
  tracking_number: 'Tracking number',
  carrier: 'Carrier',
  ship_date: 'Ship date',
  shipping_cost: 'Shipping cost',
};

/** The longest text a cell of `field` may hold (after trimming). */
export function maxCellChars(field: ShipmentField): number {
  return field === 'order_id' || field === 'tracking_number'
    ? UPLOAD_LIMITS.maxIdChars
    : UPLOAD_LIMITS.maxCellChars;
}

export function cellSafetyMessage(field: ShipmentField, code: CellSafetyCode): string {
  const label = FIELD_LABELS[field];
  switch (code) {
    case 'CELL_CONTROL_CHARACTER':
      return `${label} contains an invisible control character`;
    case 'CELL_INVALID_CHARACTER':
      return `${label} contains a broken character; save the file as UTF-8 and upload it again`;
    case 'CELL_TOO_LONG':
      return `${label} is longer than ${maxCellChars(field)} characters`;
    case 'SHIPPING_COST_TOO_LARGE':
      return shippingCostTooLarge().message;
  }
}

/** A control character (C0 except tab, which includes NUL and line breaks) or any surrogate half. */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const SUSPECT = /[\u0000-\u0008\u000A-\u001F\uD800-\uDFFF]/;
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000A-\u001F]/;
/** A surrogate half that is not part of a pair: not text, and refused by Postgres inside JSON. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** What is wrong with a cell of `field`, if anything: too long, a control character, a broken character. */
export function cellProblem(field: ShipmentField, value: string): CellSafetyCode | undefined {
  const max = maxCellChars(field);
  if (value.length > max && value.trim().length > max) return 'CELL_TOO_LONG';
  if (!SUSPECT.test(value)) return undefined;
  if (CONTROL.test(value)) return 'CELL_CONTROL_CHARACTER';
  if (LONE_SURROGATE.test(value)) return 'CELL_INVALID_CHARACTER';
  return undefined;
}

const FIELDS: readonly ShipmentField[] = [
  'order_id',
  'tracking_number',
  'carrier',
  'ship_date',
  'shipping_cost',
];

/**
 * One error per shipment field whose cell is too long or holds a control or broken character. Such a
 * row is invalid whatever else it holds: its other rules are not worth running on text like that.
 */
export function cellSafetyErrors(record: CsvRecord, keys: FieldKeys): Array<RowIssue<CellSafetyCode>> {
  const errors: Array<RowIssue<CellSafetyCode>> = [];
  for (const field of FIELDS) {
    const key = keys[field];
    const value = key === undefined ? undefined : cellText(record[key]);
    if (value === undefined) continue;
    const code = cellProblem(field, value);
    if (code !== undefined) errors.push({ field, code, message: cellSafetyMessage(field, code) });
  }
  return errors;
}

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL_ALL = /[\u0000-\u0008\u000A-\u001F]/g;
const LONE_SURROGATE_ALL = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * User text made safe to store and to show: control characters (NUL included) become spaces, broken
 * characters become U+FFFD, and text over `maxChars` is cut (never inside a character pair) and ends
 * with an ellipsis.
 */
export function safeText(value: string, maxChars: number): string {
  let text = String(value);
  let cut = false;
  if (text.length > maxChars) {
    let end = maxChars;
    const last = text.charCodeAt(end - 1);
    if (last >= 0xd800 && last <= 0xdbff) end -= 1;
    text = text.slice(0, end);
    cut = true;
  }
  if (SUSPECT.test(text)) text = text.replace(CONTROL_ALL, ' ').replace(LONE_SURROGATE_ALL, '\uFFFD');
  return cut ? `${text}…` : text;
}

/** A user's text as an answer or a message may quote it: at most ECHO_CHARS characters, made safe. */
export function echoText(value: string): string {
  return safeText(value, ECHO_CHARS);
}

/** A record (header -> cell) as it may be stored as JSON: every header and cell made safe and bounded. */
export function storableRecord(record: CsvRecord): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(record)) {
    const text = cellText(value);
    if (text !== undefined) {
      out[safeText(key, UPLOAD_LIMITS.maxCellChars)] = safeText(text, UPLOAD_LIMITS.maxCellChars);
    }
  }
  return out;
}
