/**
 * Which way round a file writes its dates. `03/11/2026` is 3 November to a British brand and 11 March
 * to an American one; the cell alone cannot say. The file can: a row whose date can only be read one
 * way (`26.11.2026`, `26/11/2026`: no month 26; `11/26/2026`: the other way) settles the order for the
 * file's ambiguous dates. A file with evidence both ways settles nothing: its ambiguous dates are row
 * errors. A file with no evidence is read in the company's remembered order, else the order of the
 * brand's locale, else month first (the spec's MM/DD/YYYY). Every ambiguous date read gets a note saying
 * in which order and why; the file gets one summary line (`dateOrderSummary`).
 *
 * The server and the browser both tally the file's ship date cells (`DateOrderTally`) before validating
 * its rows, and pass the decision to `validateRow`, so both read every date the same way.
 */

export type DateOrder = 'day-first' | 'month-first';

/** A cell that settled (or contradicted) the order: where it is and how it was written. */
export interface DateOrderExample {
  row: number;
  text: string;
}

export interface DateOrderDecision {
  /** The order ambiguous dates are read in; absent when the file writes dates both ways. */
  order?: DateOrder;
  /**
   * Why: 'file' (a date of this file can only be read one way), 'remembered' (the order the company's
   * earlier files settled), 'locale' (the brand's locale), 'default' (the template's MM/DD/YYYY), or
   * 'conflict' (this file has dates that can only be day first and dates that can only be month first).
   */
  source: 'file' | 'remembered' | 'locale' | 'default' | 'conflict';
  /** The first day-first-only date of the file, if any. */
  dayFirst?: DateOrderExample;
  /** The first month-first-only date of the file, if any. */
  monthFirst?: DateOrderExample;
  /** The brand's locale, when it decided. */
  locale?: string;
  /** Rows whose date reads as two different days depending on the order. */
  ambiguousRows: number;
}

/** What the file does not say, from elsewhere: the company's remembered order, the brand's locale. */
export interface DateOrderFallback {
  remembered?: DateOrder | null;
  locale?: string | null;
}

/** Day, month and year cells, year last: '03/11/2026', '3.11.26', '03-11-2026 14:30'. */
const DMY = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})\.?(?:(?:,?\s+|T)\d{1,2}:\d{2}.*)?$/i;

function daysIn(year: number, month: number): number {
  if (month === 2) return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0 ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isDay(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysIn(year, month);
}

/**
 * What one ship date cell says about the order: 'day-first' when only a day-first reading is a real
 * date (or it is written with dots, which only day-first writers use), 'month-first' when only a
 * month-first reading is, 'either' when both readings are real and different days, undefined for
 * every other cell (ISO, year first, month names, the same number twice, not a date).
 */
export function dateOrderOfCell(raw: string | undefined): DateOrder | 'either' | undefined {
  if (raw === undefined) return undefined;
  const match = DMY.exec(raw.trim());
  if (!match) return undefined;
  const [, a = '', sep = '', b = '', c = ''] = match;
  const year = c.length === 2 ? 2000 + Number(c) : Number(c);
  const [first, second] = [Number(a), Number(b)];
  const dayFirst = isDay(year, second, first);
  const monthFirst = isDay(year, first, second);
  if (sep === '.') return dayFirst ? 'day-first' : undefined;
  if (dayFirst && monthFirst) return first === second ? undefined : 'either';
  if (dayFirst) return 'day-first';
  if (monthFirst) return 'month-first';
  return undefined;
}

/**
 * The order a locale writes numeric dates in: month first in the US (and the few places that follow
 * it), day first elsewhere (en-GB, en-CA, en-AU, fr-FR, de-DE, ...); undefined without a region.
 */
export function localeDateOrder(locale: string | null | undefined): DateOrder | undefined {
  if (!locale) return undefined;
  const parts = locale.replace(/_/g, '-').split('-');
  const region = parts
    .slice(1)
    .find((p) => /^[a-z]{2}$/i.test(p))
    ?.toUpperCase();
  if (region === undefined) return undefined;
  return ['US', 'PH', 'FM', 'MH', 'PW', 'AS', 'GU', 'MP', 'PR', 'UM', 'VI'].includes(region)
    ? 'month-first'
    : 'day-first';
}

/** Collects the evidence of one file's ship date cells, row by row, then decides. */
export class DateOrderTally {
  private dayFirst?: DateOrderExample;
  private monthFirst?: DateOrderExample;
  private ambiguous = 0;
  private readonly seen = new Map<string, DateOrder | 'either' | undefined>();

  add(row: number, raw: string | undefined): void {
    if (raw === undefined) return;
    let kind = this.seen.get(raw);
    if (kind === undefined && !this.seen.has(raw)) {
      kind = dateOrderOfCell(raw);
      if (this.seen.size < 1000) this.seen.set(raw, kind);
    }
    if (kind === 'either') this.ambiguous += 1;
    else if (kind === 'day-first') this.dayFirst ??= { row, text: raw.trim() };
    else if (kind === 'month-first') this.monthFirst ??= { row, text: raw.trim() };
  }

  decide(fallback: DateOrderFallback = {}): DateOrderDecision {
    const evidence = {
      ambiguousRows: this.ambiguous,
      ...(this.dayFirst ? { dayFirst: this.dayFirst } : {}),
      ...(this.monthFirst ? { monthFirst: this.monthFirst } : {}),
    };
    if (this.dayFirst && this.monthFirst) return { source: 'conflict', ...evidence };
    if (this.dayFirst) return { order: 'day-first', source: 'file', ...evidence };
    if (this.monthFirst) return { order: 'month-first', source: 'file', ...evidence };
    if (fallback.remembered) return { order: fallback.remembered, source: 'remembered', ...evidence };
    const fromLocale = localeDateOrder(fallback.locale);
    if (fromLocale && fallback.locale) {
      return { order: fromLocale, source: 'locale', locale: fallback.locale, ...evidence };
    }
    return { order: 'month-first', source: 'default', ...evidence };
  }
}

/** The decision for a list of (row, cell) pairs. */
export function decideDateOrder(
  cells: Iterable<readonly [number, string | undefined]>,
  fallback: DateOrderFallback = {},
): DateOrderDecision {
  const tally = new DateOrderTally();
  for (const [row, cell] of cells) tally.add(row, cell);
  return tally.decide(fallback);
}

/** Why ambiguous dates were read in the decision's order, as the end of a note: 'like 26.11.2026 in row 4'. */
export function dateOrderReason(d: DateOrderDecision): string {
  const example = d.order === 'day-first' ? d.dayFirst : d.monthFirst;
  switch (d.source) {
    case 'file':
      return example ? `like ${example.text} in row ${example.row}` : 'as the file writes them';
    case 'remembered':
      return 'as in your earlier files';
    case 'locale':
      return `as your Faire brand's locale (${d.locale ?? ''}) writes dates`;
    case 'default':
    case 'conflict':
      return 'as the template writes dates';
  }
}

/**
 * The one line above the review when the file has dates that read two ways: 'Dates read day-first, like
 * 26.11.2026 in row 4'. Undefined when no date of the file depends on the order.
 */
export function dateOrderSummary(d: DateOrderDecision): string | undefined {
  if (d.ambiguousRows === 0) return undefined;
  if (d.order === undefined) {
    const day = d.dayFirst;
    const month = d.monthFirst;
    return (
      `Dates are written both day-first (${day?.text ?? ''} in row ${day?.row ?? ''}) and month-first ` +
      `(${month?.text ?? ''} in row ${month?.row ?? ''}); dates that read both ways are marked to fix`
    );
  }
  if (d.source === 'file') return `Dates read ${d.order}, ${dateOrderReason(d)}`;
  return `Dates read ${d.order}, ${dateOrderReason(d)}: no date in this file settles it`;
}
