import { describe, expect, it } from 'vitest';
import {
  formatShortUsDate,
  isMoreThanOneDayAhead,
  isMoreThanOneYearOld,
  parseShipDate,
} from '../src/index.js';

describe('parseShipDate', () => {
  it.each([
    ['2026-11-20', '2026-11-20'],
    [' 2026-11-20 ', '2026-11-20'],
    ['2026-11-20T15:04:05Z', '2026-11-20'],
    ['2026-11-20T15:04:05.123Z', '2026-11-20'],
    ['2026-11-20T15:04', '2026-11-20'],
    ['2026-11-20 15:04:05', '2026-11-20'],
    ['2026-11-20T23:30:00-08:00', '2026-11-20'],
    ['2026-11-20T00:30:00+14:00', '2026-11-20'],
    ['2026-11-20T00:30:00+0530', '2026-11-20'],
    ['11/20/2026', '2026-11-20'],
    ['01/05/2026', '2026-01-05'],
    ['1/5/2026', '2026-01-05'],
    ['1/5/26', '2026-01-05'],
    ['12/31/99', '2099-12-31'],
    ['02/29/2024', '2024-02-29'],
    ['2/29/24', '2024-02-29'],
    ['2024-02-29', '2024-02-29'],
    ['2000-02-29', '2000-02-29'],
    ['2026-12-31', '2026-12-31'],
  ])('%j -> %s', (raw, date) => {
    expect(parseShipDate(raw)).toEqual({ ok: true, date, iso: `${date}T00:00:00.000Z` });
  });

  it.each([
    '02/29/2026',
    '02/30/2026',
    '2026-02-29',
    '1900-02-29',
    '2100-02-29',
    '04/31/2026',
    '2026-13-01',
    '2026-00-10',
    '2026-11-00',
    '13/01/2026',
    '20/11/2026',
    '2026/11/20',
    '20-11-2026',
    '2026-1-5',
    'Nov 20 2026',
    '20 November 2026',
    '2026-11-20T24:00:00Z',
    '2026-11-20T12:60',
    '2026-11-20T12:00:61',
    '2026-11-20T12:00:00+25:00',
    '2026-11-20Z',
    '11/20/202',
    '11/20/20266',
    '11-20-2026',
    '46000',
    '0999-01-01',
    'yesterday',
  ])('%j is invalid', (raw) => {
    expect(parseShipDate(raw)).toEqual({ ok: false, reason: 'invalid' });
  });

  it.each([undefined, '', '  '])('%j is missing', (raw) => {
    expect(parseShipDate(raw)).toEqual({ ok: false, reason: 'missing' });
  });
});

describe('ship date windows', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');

  it('allows today and tomorrow, not the day after', () => {
    expect(isMoreThanOneDayAhead('2026-11-21', now)).toBe(false);
    expect(isMoreThanOneDayAhead('2026-11-22', now)).toBe(false);
    expect(isMoreThanOneDayAhead('2026-11-23', now)).toBe(true);
  });

  it('allows exactly one year back, not a day more', () => {
    expect(isMoreThanOneYearOld('2025-11-21', now)).toBe(false);
    expect(isMoreThanOneYearOld('2025-11-20', now)).toBe(true);
  });

  it('counts a year back from a leap day to Feb 28', () => {
    const leapDay = new Date('2028-02-29T08:00:00.000Z');
    expect(isMoreThanOneYearOld('2027-02-28', leapDay)).toBe(false);
    expect(isMoreThanOneYearOld('2027-02-27', leapDay)).toBe(true);
  });

  it('crosses month and year ends', () => {
    const newYearsEve = new Date('2026-12-31T20:00:00.000Z');
    expect(isMoreThanOneDayAhead('2027-01-01', newYearsEve)).toBe(false);
    expect(isMoreThanOneDayAhead('2027-01-02', newYearsEve)).toBe(true);
  });

  it('gives no warning against an invalid clock', () => {
    expect(isMoreThanOneDayAhead('2999-01-01', new Date(Number.NaN))).toBe(false);
    expect(isMoreThanOneYearOld('1999-01-01', new Date(Number.NaN))).toBe(false);
  });
});

describe('formatShortUsDate', () => {
  it.each([
    ['2026-11-20', 'Nov 20, 2026'],
    ['2026-01-05', 'Jan 5, 2026'],
    ['2026-11-20T00:00:00.000Z', 'Nov 20, 2026'],
    ['2026-11-20T23:30:00-08:00', 'Nov 20, 2026'],
    ['1/5/26', 'Jan 5, 2026'],
    ['2026-11-03', 'Nov 3, 2026'],
  ])('%j -> %s', (value, text) => {
    expect(formatShortUsDate(value)).toBe(text);
  });

  it('shows a dash when missing and unreadable text as given', () => {
    expect(formatShortUsDate(undefined)).toBe('-');
    expect(formatShortUsDate(null)).toBe('-');
    expect(formatShortUsDate('')).toBe('-');
    expect(formatShortUsDate()).toBe('-');
    expect(formatShortUsDate(' soon ')).toBe('soon');
  });
});
