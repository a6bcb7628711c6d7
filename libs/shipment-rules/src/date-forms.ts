/**
 * Ship dates as spreadsheets outside the US export them and as Faire's pages and emails write them,
 * read as a person would read them. Only cells the spec's forms (`parseShipDate`: YYYY-MM-DD, ISO
 * timestamps, MM/DD/YYYY) do not take come here. Each reading comes with a note naming the date it
 * was read as; a form a person could read two ways is refused with a message that says why.
 *
 * - Day first with dots: '20.11.2026', '20.11.26', '3.4.2026' (dots are never a US date).
 * - Day first with slashes when the first number cannot be a month: '20/11/2026'.
 * - Day and month with dashes when one of them cannot be a month: '20-11-2026', '11-20-2026'.
 * - Year first with slashes or dots: '2026/11/20', '2026.11.20', and '2026-1-5'.
 * - Month names, as Faire and spreadsheets write them: 'Nov 20, 2026', 'November 20 2026',
 *   'Fri, Nov 20, 2026', '20 Nov 2026', '20-Nov-2026', '20-Nov-26', '20 November 2026'.
 * - Any of these, or a US date, with a time after it: '11/20/2026 14:30', '20.11.2026 2:30 PM'.
 * - Refused as ambiguous: '03-04-2026' (3 April or 4 March?) and spreadsheet date numbers ('46346').
 *   Within a file, a date that reads both ways ('03/11/2026', '03-11-2026') is read in the order the
 *   file settled (`inOrder`, date-order.ts), with the reason in its note.
 */

import type { DateOrder, DateOrderExample } from './date-order.js';

export type DateReading =
  | { kind: 'as-written' }
  | { kind: 'read'; text: string; note: string }
  | { kind: 'ambiguous'; message: string };

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

const TIME = /^(.+?)(?:,?\s+|T)(\d{1,2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:\s*([ap])\.?m\.?)?$/i;
const NUMERIC = /^(\d{1,4})([./-])(\d{1,2})\2(\d{1,4})\.?$/;
const WEEKDAY = /^(?:mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)[a-z]*\.?,?\s+/i;
/** 'Nov 20, 2026', 'November 20 2026'. */
const MONTH_FIRST = /^([a-z]{3,9})\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})$/i;
/** '20 Nov 2026', '20-Nov-26', '20. November 2026'. */
const DAY_FIRST = /^(\d{1,2})\.?[\s-]([a-z]{3,9})\.?[\s-](\d{4}|\d{2})$/i;
/** A whole number of days as a spreadsheet stores a date (46346 is 2026-11-20). */
const SERIAL = /^\d{5}(?:\.\d+)?$/;

function monthNumber(name: string): number | undefined {
  const lower = name.toLowerCase();
  if (lower === 'sept') return 9;
  const index = MONTHS.findIndex((m) => {
    const full = m.toLowerCase();
    return lower === full || (lower.length === 3 && full.startsWith(lower));
  });
  return index === -1 ? undefined : index + 1;
}

function year(text: string): number {
  return text.length === 2 ? 2000 + Number(text) : Number(text);
}

const pad = (n: number) => String(n).padStart(2, '0');

function spoken(y: number, m: number, d: number): string {
  return `${d} ${MONTHS[m - 1] ?? '?'} ${y}`;
}

interface Parts {
  y: number;
  m: number;
  d: number;
  /** Why the reading is as it is, after the date: ' (day first)'. */
  how: string;
}

type Numeric = Parts | { ambiguous: string } | undefined;

/** How a file settled the order of its ambiguous dates (date-order.ts), for reading one of them. */
export interface FileDateOrder {
  order: DateOrder;
  /** Why, as the end of the note: 'like 26.11.2026 in row 4'. */
  reason: string;
}

function ambiguousMessage(text: string, y: number, first: number, second: number, why = ''): string {
  return (
    `Ship date "${text}" could be ${spoken(y, second, first)} or ${spoken(y, first, second)}${why}; ` +
    `write it as ${y}-${pad(second)}-${pad(first)} or ${y}-${pad(first)}-${pad(second)} so it cannot be misread`
  );
}

function numeric(text: string, inOrder?: FileDateOrder): Numeric {
  const match = NUMERIC.exec(text);
  if (!match) return undefined;
  const [, a = '', sep = '', b = '', c = ''] = match;
  if (a.length === 4) {
    if (c.length > 2) return undefined;
    return { y: Number(a), m: Number(b), d: Number(c), how: '' };
  }
  if (a.length > 2 || (c.length !== 2 && c.length !== 4)) return undefined;
  const [first, second, y] = [Number(a), Number(b), year(c)];
  if (inOrder && sep !== '.' && first <= 12 && second <= 12 && first !== second) {
    const how = ` (${inOrder.order === 'day-first' ? 'day first' : 'month first'}, ${inOrder.reason})`;
    return inOrder.order === 'day-first' ? { y, m: second, d: first, how } : { y, m: first, d: second, how };
  }
  if (sep === '.') return { y, m: second, d: first, how: ' (day first)' };
  if (sep === '/') {
    if (first <= 12) return { y, m: first, d: second, how: '' };
    return { y, m: second, d: first, how: ' (day first)' };
  }
  if (first > 12) return { y, m: second, d: first, how: ' (day first)' };
  if (second > 12 || first === second) return { y, m: first, d: second, how: '' };
  return { ambiguous: ambiguousMessage(text, y, first, second) };
}

function named(text: string): Parts | undefined {
  const bare = text.replace(WEEKDAY, '');
  const monthFirst = MONTH_FIRST.exec(bare);
  if (monthFirst) {
    const m = monthNumber(monthFirst[1] ?? '');
    return m === undefined ? undefined : { y: Number(monthFirst[3]), m, d: Number(monthFirst[2]), how: '' };
  }
  const dayFirst = DAY_FIRST.exec(bare);
  if (dayFirst) {
    const m = monthNumber(dayFirst[2] ?? '');
    return m === undefined ? undefined : { y: year(dayFirst[3] ?? ''), m, d: Number(dayFirst[1]), how: '' };
  }
  return undefined;
}

/** The date part of a cell with a time after it, or undefined when there is no (sensible) time. */
function withoutTime(text: string): string | undefined {
  const match = TIME.exec(text);
  if (!match) return undefined;
  const hours = Number(match[2]);
  const limit = match[5] === undefined ? 23 : 12;
  if (hours > limit || Number(match[3]) > 59 || Number(match[4] ?? '0') > 59) return undefined;
  return match[1];
}

function isUsDate(text: string): boolean {
  return /^\d{1,2}\/\d{1,2}\/(?:\d{4}|\d{2})$/.test(text);
}

/**
 * How to read a ship date cell that `parseShipDate` does not take. 'as-written' leaves the cell to
 * `parseShipDate` (which calls it invalid). A 'read' text is 'YYYY-MM-DD', not yet checked to be a real
 * day: `parseShipDate` of it decides.
 */
export function readShipDateCell(raw: string, inOrder?: FileDateOrder): DateReading {
  const written = raw.trim();
  if (written === '') return { kind: 'as-written' };
  if (SERIAL.test(written)) {
    return {
      kind: 'ambiguous',
      message: `Ship date "${written}" looks like a spreadsheet's date number, not a date; format the column as a date (for example 2026-11-20) and export again`,
    };
  }
  const datePart = withoutTime(written);
  const text = datePart ?? written;
  const timeNote = datePart === undefined ? '' : ' (the time is not kept)';
  const parts = numeric(text, inOrder) ?? named(text);
  if (parts === undefined) return { kind: 'as-written' };
  if ('ambiguous' in parts) return { kind: 'ambiguous', message: parts.ambiguous };
  const { y, m, d, how } = parts;
  const iso = `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`;
  // A US date with only a time added is the spec's form: the note names the time, not the reading.
  const reason = isUsDate(text) && how === '' ? timeNote : `${how}${timeNote}`;
  return { kind: 'read', text: iso, note: `Ship date "${written}" was read as ${spoken(y, m, d)}${reason}` };
}

/**
 * The row error of a date that reads as two different days in a file that writes dates both ways
 * (`dayFirst` and `monthFirst` are the file's first date of each kind).
 */
export function conflictingDateMessage(
  raw: string,
  dayFirst: DateOrderExample | undefined,
  monthFirst: DateOrderExample | undefined,
): string {
  const written = raw.trim();
  const datePart = withoutTime(written) ?? written;
  const match = NUMERIC.exec(datePart);
  const [, a = '', , b = '', c = ''] = match ?? [];
  const both =
    dayFirst && monthFirst
      ? `, and this file writes dates both ways (${dayFirst.text} in row ${dayFirst.row} is day first, ${monthFirst.text} in row ${monthFirst.row} is month first)`
      : '';
  return ambiguousMessage(written, year(c), Number(a), Number(b), both);
}
