import { describe, expect, it } from 'vitest';
import {
  dateOrderOfCell,
  dateOrderSummary,
  decideDateOrder,
  localeDateOrder,
  validateRecords,
  type CsvRecord,
  type DateOrderFallback,
} from '../src/index.js';
import { NOW, VALID_RECORD } from './helpers.js';

/** A file's records, one per ship date cell (row 2 first), every other cell valid. */
function file(...dates: string[]): CsvRecord[] {
  return dates.map((ship_date, i) => ({
    ...VALID_RECORD,
    tracking_number: `1Z999AA1012345${String(6780 + i)}`,
    ship_date,
  }));
}

function read(dates: string[], fallback: DateOrderFallback = {}) {
  const report = validateRecords(file(...dates), { now: NOW, dateOrderFallback: fallback });
  return {
    decision: report.dateOrder,
    summary: dateOrderSummary(report.dateOrder),
    rows: report.rows.map((r) => ({
      date: r.result.value?.shipDate ?? null,
      note: r.result.warnings.find((w) => w.field === 'ship_date' && w.code === 'VALUE_INTERPRETED')?.message,
      error: r.result.errors.find((e) => e.field === 'ship_date')?.message,
    })),
  };
}

describe('what one date cell says about the order', () => {
  it.each([
    ['26.11.2026', 'day-first'],
    ['03.11.2026', 'day-first'],
    ['26/11/2026', 'day-first'],
    ['26-11-2026', 'day-first'],
    ['26/11/26', 'day-first'],
    ['26/11/2026 14:30', 'day-first'],
    ['11/26/2026', 'month-first'],
    ['11-26-2026', 'month-first'],
    ['03/11/2026', 'either'],
    ['03-11-2026', 'either'],
    ['3/4/26', 'either'],
    ['03/11/2026 09:15', 'either'],
    ['03/03/2026', undefined],
    ['2026-11-03', undefined],
    ['2026/11/03', undefined],
    ['Nov 3, 2026', undefined],
    ['31/02/2026', undefined],
    ['13/13/2026', undefined],
    ['', undefined],
  ])('%j is %s', (cell, kind) => {
    expect(dateOrderOfCell(cell)).toBe(kind);
  });
});

describe('the brand locale order', () => {
  it.each([
    ['en-US', 'month-first'],
    ['es_US', 'month-first'],
    ['en-GB', 'day-first'],
    ['en-CA', 'day-first'],
    ['en-AU', 'day-first'],
    ['fr-FR', 'day-first'],
    ['en', undefined],
    ['', undefined],
    [null, undefined],
  ])('%j writes dates %s', (locale, order) => {
    expect(localeDateOrder(locale)).toBe(order);
  });
});

describe("a file's date order is decided by the file", () => {
  it('day-first evidence settles 03/11/2026 as 3 November, with a note naming the evidence', () => {
    const { decision, summary, rows } = read(['20/11/2026', '03/11/2026', '26.11.2026', '2026-11-05']);
    expect(decision).toMatchObject({ order: 'day-first', source: 'file', dayFirst: { row: 2 } });
    expect(summary).toBe('Dates read day-first, like 20/11/2026 in row 2');
    expect(rows[1]).toEqual({
      date: '2026-11-03',
      note: 'Ship date "03/11/2026" was read as 3 November 2026 (day first, like 20/11/2026 in row 2)',
      error: undefined,
    });
    expect(rows[3]).toEqual({ date: '2026-11-05', note: undefined, error: undefined });
  });

  it('month-first evidence settles 03/11/2026 as 11 March, whatever the locale says', () => {
    const { decision, summary, rows } = read(['03/11/2026', '11/20/2026'], { locale: 'en-GB' });
    expect(decision).toMatchObject({ order: 'month-first', source: 'file', monthFirst: { row: 3 } });
    expect(summary).toBe('Dates read month-first, like 11/20/2026 in row 3');
    expect(rows[0]).toEqual({
      date: '2026-03-11',
      note: 'Ship date "03/11/2026" was read as 11 March 2026 (month first, like 11/20/2026 in row 3)',
      error: undefined,
    });
    expect(rows[1]?.date).toBe('2026-11-20');
  });

  it('evidence both ways makes the ambiguous dates row errors that say why and how to fix', () => {
    const { decision, summary, rows } = read(['26.11.2026', '03/11/2026', '11/20/2026']);
    expect(decision).toMatchObject({ source: 'conflict', dayFirst: { row: 2 }, monthFirst: { row: 4 } });
    expect(decision.order).toBeUndefined();
    expect(summary).toBe(
      'Dates are written both day-first (26.11.2026 in row 2) and month-first (11/20/2026 in row 4); dates that read both ways are marked to fix',
    );
    expect(rows.map((r) => r.date)).toEqual(['2026-11-26', null, '2026-11-20']);
    expect(rows[1]?.error).toBe(
      'Ship date "03/11/2026" could be 3 November 2026 or 11 March 2026, and this file writes dates both ways ' +
        '(26.11.2026 in row 2 is day first, 11/20/2026 in row 4 is month first); ' +
        'write it as 2026-11-03 or 2026-03-11 so it cannot be misread',
    );
  });

  it('without evidence, the company remembered order wins over the locale', () => {
    const { decision, summary, rows } = read(['03/11/2026', '04/11/2026'], {
      remembered: 'day-first',
      locale: 'en-US',
    });
    expect(decision).toMatchObject({ order: 'day-first', source: 'remembered', ambiguousRows: 2 });
    expect(summary).toBe('Dates read day-first, as in your earlier files: no date in this file settles it');
    expect(rows[1]?.note).toBe(
      'Ship date "04/11/2026" was read as 4 November 2026 (day first, as in your earlier files)',
    );
  });

  it.each([
    ['en-GB', '2026-11-03', 'day first'],
    ['en-CA', '2026-11-03', 'day first'],
    ['en-US', '2026-03-11', 'month first'],
  ])('without evidence or memory, a %s brand reads 03/11/2026 as %s', (locale, date, how) => {
    const { decision, summary, rows } = read(['03/11/2026'], { locale });
    expect(decision).toMatchObject({ source: 'locale', locale });
    expect(rows[0]?.date).toBe(date);
    expect(rows[0]?.note).toContain(`(${how}, as your Faire brand's locale (${locale}) writes dates)`);
    expect(summary).toBe(
      `Dates read ${how.replace(' ', '-')}, as your Faire brand's locale (${locale}) writes dates: no date in this file settles it`,
    );
  });

  it('without evidence, memory or locale, dates read month first as the template writes them', () => {
    const { decision, rows } = read(['03-11-2026']);
    expect(decision).toMatchObject({ order: 'month-first', source: 'default' });
    expect(rows[0]).toMatchObject({ date: '2026-03-11' });
    expect(rows[0]?.note).toContain('(month first, as the template writes dates)');
  });

  it('has no summary when no date depends on the order', () => {
    const { summary, rows } = read(['2026-11-03', '20/11/2026', '03/03/2026']);
    expect(summary).toBeUndefined();
    expect(rows[2]).toEqual({ date: '2026-03-03', note: undefined, error: undefined });
  });

  it('decides from the cells alone the same way (server and browser tally the same)', () => {
    const cells: Array<[number, string]> = [
      [2, '03/11/2026'],
      [3, '26.11.2026'],
    ];
    expect(decideDateOrder(cells, { locale: 'en-US' })).toEqual({
      order: 'day-first',
      source: 'file',
      dayFirst: { row: 3, text: '26.11.2026' },
      ambiguousRows: 1,
    });
  });

  it('skips blank lines but keeps their row numbers in the evidence', () => {
    const records: CsvRecord[] = [
      { order_id: '', tracking_number: '', carrier: '', ship_date: '', shipping_cost: '' },
      ...file('26/11/2026'),
    ];
    const report = validateRecords(records, { now: NOW });
    expect(report.dateOrder.dayFirst).toEqual({ row: 3, text: '26/11/2026' });
  });
});
