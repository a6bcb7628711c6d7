import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeCsvBytes,
  detectDelimiter,
  readShipDateCell,
  validateRecords,
  validateRow,
} from '../src/index.js';
import { parseCsvText, rowsToRecords } from './csv-text.js';
import { NOW, recordWith } from './helpers.js';

describe('ship dates as spreadsheets outside the US and Faire write them', () => {
  it.each([
    ['20.11.2026', '2026-11-20', '20 November 2026 (day first)'],
    ['20.11.26', '2026-11-20', '20 November 2026 (day first)'],
    ['3.4.2026', '2026-04-03', '3 April 2026 (day first)'],
    ['03.04.2026', '2026-04-03', '3 April 2026 (day first)'],
    ['20/11/2026', '2026-11-20', '20 November 2026 (day first)'],
    ['20/11/26', '2026-11-20', '20 November 2026 (day first)'],
    ['20-11-2026', '2026-11-20', '20 November 2026 (day first)'],
    ['11-20-2026', '2026-11-20', '20 November 2026'],
    ['04-04-2026', '2026-04-04', '4 April 2026'],
    ['2026/11/20', '2026-11-20', '20 November 2026'],
    ['2026.11.20', '2026-11-20', '20 November 2026'],
    ['2026-1-5', '2026-01-05', '5 January 2026'],
    ['Nov 20, 2026', '2026-11-20', '20 November 2026'],
    ['November 20, 2026', '2026-11-20', '20 November 2026'],
    ['Nov. 20 2026', '2026-11-20', '20 November 2026'],
    ['Sept 3, 2026', '2026-09-03', '3 September 2026'],
    ['Friday, November 20, 2026', '2026-11-20', '20 November 2026'],
    ['Fri, Nov 20, 2026', '2026-11-20', '20 November 2026'],
    ['Nov 20th, 2026', '2026-11-20', '20 November 2026'],
    ['20 Nov 2026', '2026-11-20', '20 November 2026'],
    ['20-Nov-2026', '2026-11-20', '20 November 2026'],
    ['20-Nov-26', '2026-11-20', '20 November 2026'],
    ['20 november 2026', '2026-11-20', '20 November 2026'],
    ['20. Nov 2026', '2026-11-20', '20 November 2026'],
    ['11/20/2026 14:30', '2026-11-20', '20 November 2026 (the time is not kept)'],
    ['11/20/2026 2:30 PM', '2026-11-20', '20 November 2026 (the time is not kept)'],
    ['11/20/2026 14:30:05', '2026-11-20', '20 November 2026 (the time is not kept)'],
    ['20.11.2026 14:30', '2026-11-20', '20 November 2026 (day first) (the time is not kept)'],
    ['20/11/2026 09:15', '2026-11-20', '20 November 2026 (day first) (the time is not kept)'],
    ['Nov 20, 2026, 3:45 PM', '2026-11-20', '20 November 2026 (the time is not kept)'],
  ])('%j is read as %s, with a warning naming the date', (cell, date, spoken) => {
    expect(readShipDateCell(cell)).toMatchObject({ kind: 'read', text: date });
    const result = validateRow(recordWith({ ship_date: cell }), { now: NOW });
    expect(result.errors).toEqual([]);
    expect(result.value?.shipDate).toBe(date);
    expect(result.value?.shipDateIso).toBe(`${date}T00:00:00.000Z`);
    expect(result.warnings).toContainEqual({
      field: 'ship_date',
      code: 'VALUE_INTERPRETED',
      message: `Ship date "${cell}" was read as ${spoken}`,
    });
  });

  it('keeps the spec forms as they were, without a note: MM/DD/YYYY stays month first', () => {
    for (const [cell, date] of [
      ['2026-11-20', '2026-11-20'],
      ['11/20/2026', '2026-11-20'],
      ['03/04/2026', '2026-03-04'],
      ['3/4/26', '2026-03-04'],
      ['2026-11-20T15:04:05Z', '2026-11-20'],
    ]) {
      const result = validateRow(recordWith({ ship_date: cell }), { now: NOW });
      expect({ cell, date: result.value?.shipDate, warnings: result.warnings }).toEqual({
        cell,
        date,
        warnings: [],
      });
    }
  });

  it('still warns about a read date that is too old or in the future', () => {
    const result = validateRow(recordWith({ ship_date: '01.01.2020' }), { now: NOW });
    expect(result.warnings.map((w) => w.code)).toEqual(['VALUE_INTERPRETED', 'SHIP_DATE_TOO_OLD']);
  });

  it('refuses "03-04-2026": it could be 3 April or 4 March, and says so', () => {
    const result = validateRow(recordWith({ ship_date: '03-04-2026' }), { now: NOW });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        field: 'ship_date',
        code: 'AMBIGUOUS_SHIP_DATE',
        message:
          'Ship date "03-04-2026" could be 3 April 2026 or 4 March 2026; write it as 2026-04-03 or 2026-03-04 so it cannot be misread',
      },
    ]);
  });

  it('refuses a spreadsheet date number, saying why', () => {
    const result = validateRow(recordWith({ ship_date: '46346' }), { now: NOW });
    expect(result.errors).toEqual([
      {
        field: 'ship_date',
        code: 'AMBIGUOUS_SHIP_DATE',
        message:
          'Ship date "46346" looks like a spreadsheet\'s date number, not a date; format the column as a date (for example 2026-11-20) and export again',
      },
    ]);
  });

  it.each([
    '31.02.2026',
    '20.13.2026',
    '13/13/2026',
    '20/11/026',
    '2026/20/11',
    'Foo 20, 2026',
    '20 Nov',
    '11/20/2026 25:00',
    '11/20/2026 13:00 PM',
    '20.11.2026.2026',
    'yesterday',
    '1234',
  ])('still refuses %j as an invalid ship date', (cell) => {
    const result = validateRow(recordWith({ ship_date: cell }), { now: NOW });
    expect(result.errors).toEqual([
      { field: 'ship_date', code: 'INVALID_SHIP_DATE_FORMAT', message: 'Invalid ship date format' },
    ]);
  });
});

describe('a European spreadsheet export (Windows-1252, semicolons, euro signs)', () => {
  it('reads every accepted form with a warning, the ambiguous date day first like the file, and refuses the foreign ones', () => {
    const bytes = readFileSync(
      join(import.meta.dirname, 'fixtures', 'european-export-windows1252-semicolon.csv'),
    );
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe('windows-1252');
    const delimiter = detectDelimiter(text);
    expect(delimiter).toBe(';');
    const report = validateRecords(rowsToRecords(parseCsvText(text, delimiter)).records, {
      now: NOW,
      currency: 'EUR',
    });
    const got = report.rows.map((r) => [
      r.rowNumber,
      r.result.value?.carrier ?? null,
      r.result.value?.shipDate ?? null,
      r.result.value?.shippingCostCents ?? null,
      r.result.warnings.filter((w) => w.code === 'VALUE_INTERPRETED').map((w) => w.field),
      r.result.errors.map((e) => e.code),
    ]);
    expect(got).toEqual([
      [2, 'UPS', '2026-11-20', 1250, ['order_id', 'ship_date', 'shipping_cost'], []],
      [3, 'DHL_ECOMMERCE', '2026-11-20', 1250, ['order_id', 'ship_date', 'shipping_cost'], []],
      [4, 'ROYAL_MAIL', '2026-11-20', 123456, ['ship_date', 'shipping_cost'], []],
      [5, 'UPS', '2026-11-20', 123456, ['ship_date', 'shipping_cost'], []],
      [6, 'UPS', '2026-11-20', 420, ['ship_date', 'shipping_cost'], []],
      [7, 'UPS', '2026-11-20', 420, ['ship_date', 'shipping_cost'], []],
      // 03-04-2026 reads both ways; the file's other dates are day first, so it is 3 April.
      [8, 'UPS', '2026-04-03', 420, ['ship_date', 'shipping_cost'], []],
      [9, null, null, null, ['shipping_cost'], ['AMBIGUOUS_SHIP_DATE']],
      [10, null, null, null, ['ship_date'], ['CURRENCY_MISMATCH']],
    ]);
  });
});
