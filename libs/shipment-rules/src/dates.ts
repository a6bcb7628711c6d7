/** A calendar date: no time, no timezone. */
export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

export type ShipDateParse =
  { ok: true; date: string; iso: string } | { ok: false; reason: 'missing' | 'invalid' };

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_TIMESTAMP =
  /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(?:Z|[+-](\d{2}):?(\d{2}))?$/i;
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4}|\d{2})$/;

const MS_PER_DAY = 24 * 60 * 60 * 1000;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isRealDate(date: CalendarDate): boolean {
  return (
    date.year >= 1000 &&
    date.year <= 9999 &&
    date.month >= 1 &&
    date.month <= 12 &&
    date.day >= 1 &&
    date.day <= daysInMonth(date.year, date.month)
  );
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/** 'YYYY-MM-DD'. */
export function toIsoDate(date: CalendarDate): string {
  return `${pad(date.year, 4)}-${pad(date.month, 2)}-${pad(date.day, 2)}`;
}

function readCalendarDate(text: string): CalendarDate | undefined {
  const iso = ISO_DATE.exec(text);
  if (iso) return { year: Number(iso[1]), month: Number(iso[2]), day: Number(iso[3]) };
  const stamp = ISO_TIMESTAMP.exec(text);
  if (stamp) {
    const [hours, minutes, seconds] = [stamp[4], stamp[5], stamp[6] ?? '0'].map(Number) as [
      number,
      number,
      number,
    ];
    const [offsetHours, offsetMinutes] = [stamp[7] ?? '0', stamp[8] ?? '0'].map(Number) as [number, number];
    if (hours > 23 || minutes > 59 || seconds > 59 || offsetHours > 23 || offsetMinutes > 59) {
      return undefined;
    }
    return { year: Number(stamp[1]), month: Number(stamp[2]), day: Number(stamp[3]) };
  }
  const us = US_DATE.exec(text);
  if (us) {
    const yearText = us[3] ?? '';
    const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
    return { year, month: Number(us[1]), day: Number(us[2]) };
  }
  return undefined;
}

/**
 * A ship date as a calendar date. Accepted: 'YYYY-MM-DD'; ISO timestamps ('2026-11-20T15:04:05Z',
 * with or without seconds, fraction or offset; a space instead of 'T' too), whose date part is taken
 * as written (no timezone shifting); US 'MM/DD/YYYY' and Excel-style 'M/D/YY' (two-digit years are
 * 20YY). Impossible dates such as 02/30/2026 and anything else are invalid.
 * `date` is 'YYYY-MM-DD'; `iso` is that date at UTC midnight ('2026-11-20T00:00:00.000Z').
 */
export function parseShipDate(raw: string | undefined): ShipDateParse {
  if (raw === undefined) return { ok: false, reason: 'missing' };
  const text = String(raw).trim();
  if (text.length === 0) return { ok: false, reason: 'missing' };
  const date = readCalendarDate(text);
  if (!date || !isRealDate(date)) return { ok: false, reason: 'invalid' };
  const iso = toIsoDate(date);
  return { ok: true, date: iso, iso: `${iso}T00:00:00.000Z` };
}

function calendarDateOf(isoDate: string): CalendarDate {
  const [year, month, day] = isoDate.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

function utcDay(date: CalendarDate): number {
  const value = new Date(0);
  value.setUTCFullYear(date.year, date.month - 1, date.day);
  return Math.round(value.getTime() / MS_PER_DAY);
}

/** Today's calendar date in UTC, so the browser and the server agree whatever their timezones. */
export function utcCalendarDate(now: Date): CalendarDate | undefined {
  if (Number.isNaN(now.getTime())) return undefined;
  return { year: now.getUTCFullYear(), month: now.getUTCMonth() + 1, day: now.getUTCDate() };
}

/** Whole days from `now`'s UTC date to the ship date (positive = future). */
export function daysFromToday(isoDate: string, now: Date): number | undefined {
  const today = utcCalendarDate(now);
  if (!today) return undefined;
  return utcDay(calendarDateOf(isoDate)) - utcDay(today);
}

/** More than 1 day ahead of `now`'s UTC date: today and tomorrow are fine, the day after is not. */
export function isMoreThanOneDayAhead(isoDate: string, now: Date): boolean {
  const days = daysFromToday(isoDate, now);
  return days !== undefined && days > 1;
}

/**
 * Before the same calendar day one year earlier (in UTC): on 2026-11-20, 2025-11-20 is fine and
 * 2025-11-19 is too old. On Feb 29 the year-earlier day is Feb 28.
 */
export function isMoreThanOneYearOld(isoDate: string, now: Date): boolean {
  const today = utcCalendarDate(now);
  if (!today) return false;
  const year = today.year - 1;
  const limit = { year, month: today.month, day: Math.min(today.day, daysInMonth(year, today.month)) };
  return utcDay(calendarDateOf(isoDate)) < utcDay(limit);
}

const MONTH_ABBREVIATIONS = [
  'Jan',
  'Feb',
  'Mar',
  'Apr',
  'May',
  'Jun',
  'Jul',
  'Aug',
  'Sep',
  'Oct',
  'Nov',
  'Dec',
];

/**
 * A date as a short US date with the month's name ('2026-11-20' -> 'Nov 20, 2026'), as the order pages
 * show dates: '03/11/2026' shown as digits would read as 11 March to a British brand whose file meant
 * 3 November, so the day shown never depends on who reads it. '-' when missing; unreadable text as given.
 */
export function formatShortUsDate(value?: string | null): string {
  if (value === undefined || value === null || String(value).trim().length === 0) return '-';
  const parsed = parseShipDate(String(value));
  if (!parsed.ok) return String(value).trim();
  const { year, month, day } = calendarDateOf(parsed.date);
  return `${MONTH_ABBREVIATIONS[month - 1] ?? ''} ${day}, ${pad(year, 4)}`;
}
