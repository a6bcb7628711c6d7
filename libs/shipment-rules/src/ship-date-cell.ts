import { conflictingDateMessage, readShipDateCell } from './date-forms.js';
import { dateOrderOfCell, dateOrderReason, type DateOrderDecision } from './date-order.js';
import { isMoreThanOneDayAhead, isMoreThanOneYearOld, parseShipDate, type ShipDateParse } from './dates.js';
import { remember } from './memo.js';

/*
 * A ship date cell as `validateRow` reads it: the spec's forms, the forms people export or paste
 * (date-forms.ts), and a date that reads two ways in the order its file settled (date-order.ts), with
 * the warning it gets at a moment. Memoised per cell text: a file has few distinct dates.
 */

type ShipDateWarning = 'SHIP_DATE_IN_FUTURE' | 'SHIP_DATE_TOO_OLD' | undefined;

export interface ShipDateCell {
  parsed: ShipDateParse;
  /** Set when the cell was read from a form people export or paste (date-forms.ts). */
  note?: string;
  /** Set when the cell could be read two ways: the error's message. */
  ambiguous?: string;
  /** The `now` time value `warning` was worked out for. */
  warningAt: number;
  warning: ShipDateWarning;
}

const shipDateCells = new Map<string, ShipDateCell>();

function shipDateWarning(date: string, now: Date): ShipDateWarning {
  if (isMoreThanOneDayAhead(date, now)) return 'SHIP_DATE_IN_FUTURE';
  if (isMoreThanOneYearOld(date, now)) return 'SHIP_DATE_TOO_OLD';
  return undefined;
}

/** `parseShipDate` of the cell, or of its reading when it is a form people export or paste. */
function readShipDate(raw: string): ShipDateCell {
  const parsed = parseShipDate(raw);
  const cell: ShipDateCell = { parsed, warningAt: NaN, warning: undefined };
  if (parsed.ok || parsed.reason === 'missing') return cell;
  const form = readShipDateCell(raw);
  if (form.kind === 'ambiguous') cell.ambiguous = form.message;
  if (form.kind !== 'read') return cell;
  const read = parseShipDate(form.text);
  return read.ok ? { ...cell, parsed: read, note: form.note } : cell;
}

/** The decision `inOrderCells` holds readings for (one file's, usually). */
let inOrderDecision: DateOrderDecision | undefined;
const inOrderCells = new Map<string, ShipDateCell | null>();

/** A cell that reads as two different days, read as the file's decision says; null for any other cell. */
function readInFileOrder(raw: string, d: DateOrderDecision): ShipDateCell | null {
  if (dateOrderOfCell(raw) !== 'either') return null;
  const cell: ShipDateCell = { parsed: { ok: false, reason: 'invalid' }, warningAt: NaN, warning: undefined };
  if (d.order === undefined) {
    return { ...cell, ambiguous: conflictingDateMessage(raw, d.dayFirst, d.monthFirst) };
  }
  const form = readShipDateCell(raw, { order: d.order, reason: dateOrderReason(d) });
  if (form.kind !== 'read') return cell;
  const read = parseShipDate(form.text);
  return read.ok ? { ...cell, parsed: read, note: form.note } : cell;
}

/** The ship date of the cell, and for a date, the warning it gets at `now`. */
export function shipDateCell(raw: string | undefined, now: Date, order?: DateOrderDecision): ShipDateCell {
  if (raw === undefined) return { parsed: parseShipDate(raw), warningAt: NaN, warning: undefined };
  let cell: ShipDateCell | null | undefined;
  if (order !== undefined) {
    if (order !== inOrderDecision) {
      inOrderDecision = order;
      inOrderCells.clear();
    }
    cell = inOrderCells.get(raw);
    if (cell === undefined) cell = remember(inOrderCells, raw, readInFileOrder(raw, order));
  }
  cell ??= shipDateCells.get(raw);
  if (cell === undefined) cell = remember(shipDateCells, raw, readShipDate(raw));
  if (cell.parsed.ok) {
    // The ship-date rules depend on `now` only through its time value (an invalid one, NaN, never matches).
    const at = now.getTime();
    if (at !== cell.warningAt) {
      cell.warning = shipDateWarning(cell.parsed.date, now);
      cell.warningAt = at;
    }
  }
  return cell;
}
