import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  REQUIRED_COLUMNS,
  decodeCsvBytes,
  detectDelimiter,
  formatShortUsDate,
  parseShipDate,
  parseShippingCost,
  suggestMapping,
  validateRecords,
  validateRow,
  type CsvDelimiter,
  type RowResult,
} from '../src/index.js';
import { parseCsvBytes, parseCsvText } from './csv-text.js';

const RUNS = { numRuns: 300 };

/** Cell text of every kind: unicode, control characters, spreadsheet numbers, huge numbers, blanks. */
const cell = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(
      '1',
      '0',
      '9',
      '.',
      ',',
      '$',
      '-',
      '(',
      ')',
      'E',
      '+',
      ' ',
      '/',
      'Z',
      '\u0000',
      '\t',
      '\n',
    ),
    maxLength: 30,
  }),
  fc.double().map(String),
  fc.bigInt().map((value) => (value * 10n ** 30n).toString()),
  fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  fc.constantFrom(
    '',
    ' ',
    '\uFEFF',
    '1Z999AA10123456784',
    '449044304137821',
    'UPS',
    'bo_',
    '1.23457E+17',
    '02/29/2024',
    '1,234.565',
    '__proto__',
  ),
);

const header = fc.oneof(
  fc.constantFrom(...REQUIRED_COLUMNS, ' ORDER_ID ', 'notes', '__proto__', 'constructor', 'toString', ''),
  fc.string({ unit: 'binary', maxLength: 12 }),
);

const record = fc.dictionary(header, fc.option(cell, { nil: undefined }), { maxKeys: 8 });

function checkResult(result: RowResult): void {
  expect(result.valid).toBe(result.errors.length === 0);
  expect(result.value !== undefined).toBe(result.valid);
  for (const issue of [...result.errors, ...result.warnings]) {
    expect(REQUIRED_COLUMNS).toContain(issue.field);
    expect(issue.message.length).toBeGreaterThan(0);
  }
  if (result.value) {
    expect(result.value.orderId.startsWith('bo_')).toBe(true);
    expect(Number.isSafeInteger(result.value.shippingCostCents)).toBe(true);
    expect(result.value.shippingCostCents).toBeGreaterThanOrEqual(0);
    expect(result.value.shipDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  }
}

describe('never throws', () => {
  it('validateRow returns a row or row errors for any record', () => {
    fc.assert(
      fc.property(record, fc.date(), (rec, now) => {
        checkResult(validateRow(rec, { now }));
      }),
      RUNS,
    );
  });

  it('validateRow on records with every required column holding anything', () => {
    const full = fc.record(
      Object.fromEntries(REQUIRED_COLUMNS.map((field) => [field, fc.option(cell, { nil: undefined })])),
    );
    fc.assert(
      fc.property(full, (rec) => {
        checkResult(validateRow(rec));
      }),
      RUNS,
    );
  });

  it('validateRow tolerates parsers that hand over non-strings', () => {
    const odd = fc.dictionary(
      fc.constantFrom(...REQUIRED_COLUMNS),
      fc.oneof(fc.integer(), fc.double(), fc.constant(null), fc.boolean(), fc.constant({}), fc.constant([])),
    );
    fc.assert(
      fc.property(odd, (rec) => {
        checkResult(validateRow(rec as unknown as Record<string, string>));
      }),
      RUNS,
    );
  });

  it('validateRecords accounts for every non-empty record', () => {
    fc.assert(
      fc.property(fc.array(record, { maxLength: 20 }), (records) => {
        const report = validateRecords(records, { now: new Date('2026-11-21T00:00:00Z') });
        expect(report.totalRows).toBe(report.rows.length);
        expect(report.validRows + report.invalidRows).toBe(report.totalRows);
        const numbers = report.rows.map((row) => row.rowNumber);
        expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
        for (const row of report.rows) {
          checkResult(row.result);
          expect(row.rowNumber).toBeGreaterThanOrEqual(2);
          expect(row.rowNumber).toBeLessThanOrEqual(records.length + 1);
          if (row.duplicateOf !== undefined) expect(row.duplicateOf).toBeLessThan(row.rowNumber);
        }
      }),
      RUNS,
    );
  });

  it('decodeCsvBytes decodes any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
        const { text, encoding } = decodeCsvBytes(bytes);
        expect(typeof text).toBe('string');
        expect(['utf-8', 'utf-16le', 'utf-16be', 'windows-1252']).toContain(encoding);
        expect(text.startsWith('\uFEFF')).toBe(false);
      }),
      RUNS,
    );
  });

  it('detectDelimiter answers for any text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 500 }), (text) => {
        expect([',', ';', '\t']).toContain(detectDelimiter(text));
      }),
      RUNS,
    );
  });

  it('parseCsvBytes and validateRecords run on any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2000 }), (bytes) => {
        const parsed = parseCsvBytes(bytes);
        const report = validateRecords(parsed.records);
        expect(report.rows.length).toBeLessThanOrEqual(parsed.records.length);
      }),
      RUNS,
    );
  });

  it('suggestMapping uses existing columns, each at most once', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(header, fc.constantFrom('Order #', 'Tracking', 'Ship Via', 'Shipped', 'Cost')), {
          maxLength: 10,
        }),
        (headers) => {
          const columns = Object.values(suggestMapping(headers, REQUIRED_COLUMNS));
          for (const column of columns) expect(headers).toContain(column);
          const indexes = columns.map((column) => headers.indexOf(column));
          expect(new Set(columns).size).toBe(columns.length);
          expect(indexes.every((index) => index >= 0)).toBe(true);
        },
      ),
      RUNS,
    );
  });
});

describe('round trips', () => {
  it('parseCsvText reads back what an RFC 4180 writer wrote', () => {
    const grid = fc.array(
      fc.array(fc.string({ unit: 'binary', maxLength: 15 }), { minLength: 1, maxLength: 5 }),
      { minLength: 1, maxLength: 8 },
    );
    fc.assert(
      fc.property(
        grid,
        fc.constantFrom<CsvDelimiter>(',', ';', '\t'),
        fc.constantFrom('\n', '\r\n'),
        (rows, delimiter, eol) => {
          const text =
            rows
              .map((row) => row.map((value) => `"${value.replace(/"/g, '""')}"`).join(delimiter))
              .join(eol) + eol;
          expect(parseCsvText(text, delimiter)).toEqual(rows);
        },
      ),
      RUNS,
    );
  });

  it('parses any dollars-and-cents amount to exact cents, with or without grouping', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 999_999_999_999 }),
        fc.integer({ min: 0, max: 99 }),
        (dollars, cents) => {
          const expected = { ok: true, cents: dollars * 100 + cents };
          const fraction = String(cents).padStart(2, '0');
          expect(parseShippingCost(`${dollars}.${fraction}`)).toEqual(expected);
          expect(parseShippingCost(`$${dollars.toLocaleString('en-US')}.${fraction}`)).toEqual(expected);
        },
      ),
      RUNS,
    );
  });

  it('reads every real date the same in ISO and US form', () => {
    fc.assert(
      fc.property(
        fc.date({
          min: new Date('2000-01-01T00:00:00Z'),
          max: new Date('2099-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (date) => {
          const iso = date.toISOString().slice(0, 10);
          const [year, month, day] = iso.split('-');
          const us = `${month}/${day}/${year}`;
          const short = `${Number(month)}/${Number(day)}/${year?.slice(2)}`;
          expect(parseShipDate(iso)).toEqual({ ok: true, date: iso, iso: `${iso}T00:00:00.000Z` });
          expect(parseShipDate(us)).toEqual(parseShipDate(iso));
          expect(parseShipDate(short)).toEqual(parseShipDate(iso));
          expect(parseShipDate(date.toISOString())).toEqual(parseShipDate(iso));
          // Shown with the month's name: 'Jan 1, 2000', read back as the same day.
          const shown = formatShortUsDate(iso);
          expect(shown).toBe(date.toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' }));
          expect(shown).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
        },
      ),
      RUNS,
    );
  });
});
