import { describe, expect, it } from 'vitest';
import { SAMPLE_CSV, dedupeKey, validateRecords } from '../src/index.js';
import { parseCsvText, rowsToRecords } from './csv-text.js';
import { NOW, VALID_RECORD, codes } from './helpers.js';

const SECOND = {
  ...VALID_RECORD,
  order_id: 'XYZ98765AB',
  tracking_number: '449044304137821',
  carrier: 'FedEx',
};

describe('validateRecords', () => {
  it('numbers rows as a spreadsheet does: header row 1, first record row 2', () => {
    const report = validateRecords([VALID_RECORD, SECOND], { now: NOW });
    expect(report.rows.map((row) => row.rowNumber)).toEqual([2, 3]);
    expect(report).toMatchObject({ totalRows: 2, validRows: 2, invalidRows: 0 });
  });

  it('skips fully empty records but keeps their row numbers', () => {
    const blank = {
      order_id: '',
      tracking_number: '  ',
      carrier: undefined,
      ship_date: '',
      shipping_cost: '',
    };
    const report = validateRecords([VALID_RECORD, blank, {}, { ...SECOND, ship_date: 'never' }], {
      now: NOW,
    });
    expect(report.rows.map((row) => row.rowNumber)).toEqual([2, 5]);
    expect(report).toMatchObject({ totalRows: 2, validRows: 1, invalidRows: 1 });
    expect(report.rows[1]?.result.errors.map((issue) => issue.message)).toEqual(['Invalid ship date format']);
  });

  it('keeps the raw record next to the result', () => {
    const report = validateRecords([SECOND], { now: NOW });
    expect(report.rows[0]?.raw).toBe(SECOND);
    expect(report.rows[0]?.result.value?.displayId).toBe('#XYZ98765AB');
  });

  it('marks the second occurrence of an order and tracking number as a duplicate', () => {
    const again = {
      ...VALID_RECORD,
      order_id: ' BO_ABC12345DE',
      tracking_number: '1z999aa10123456784',
      shipping_cost: '13',
    };
    const report = validateRecords([VALID_RECORD, SECOND, again, again], { now: NOW });
    expect(report.rows.map((row) => row.duplicateOf)).toEqual([undefined, undefined, 2, 2]);
    expect(report.rows[2]?.result.warnings).toEqual([
      { field: 'tracking_number', code: 'DUPLICATE_ROW', message: 'Duplicate of row 2' },
    ]);
    expect(report.rows[2]?.result.valid).toBe(true);
    expect(report.validRows).toBe(4);
  });

  it('does not count invalid rows as first occurrences', () => {
    const invalid = { ...VALID_RECORD, shipping_cost: '-1' };
    const report = validateRecords([invalid, VALID_RECORD, VALID_RECORD], { now: NOW });
    expect(report.rows.map((row) => row.duplicateOf)).toEqual([undefined, undefined, 3]);
  });

  it('applies a column mapping to every record', () => {
    const record = {
      'Order #': 'XYZ98765AB',
      'Tracking No.': '986578788855',
      'Ship Via': 'FedEx',
      'Date Shipped': '11/20/2026',
      shipping_cost: '5',
    };
    const mapping = {
      'Order #': 'order_id',
      'Tracking No.': 'tracking_number',
      'Ship Via': 'carrier',
      'Date Shipped': 'ship_date',
    } as const;
    expect(validateRecords([record], { now: NOW }).rows[0]?.result.valid).toBe(false);
    const report = validateRecords([record], { now: NOW, mapping });
    expect(report.rows[0]?.result.errors).toEqual([]);
    expect(report.rows[0]?.result.value).toMatchObject({
      orderId: 'bo_xyz98765ab',
      carrier: 'FEDEX',
      shipDate: '2026-11-20',
      shippingCostCents: 500,
    });
  });

  it('starts numbering at firstRowNumber for chunked files', () => {
    expect(validateRecords([VALID_RECORD], { now: NOW, firstRowNumber: 502 }).rows[0]?.rowNumber).toBe(502);
  });

  it('accepts any iterable', () => {
    function* records(): Generator<Record<string, string>> {
      yield VALID_RECORD;
      yield SECOND;
    }
    expect(validateRecords(records(), { now: NOW }).totalRows).toBe(2);
  });

  it('builds the dedupe key from order and tracking number', () => {
    expect(dedupeKey({ orderId: 'bo_abc12345de', trackingNumber: '1Z999AA10123456784' })).toBe(
      'bo_abc12345de|1Z999AA10123456784',
    );
  });
});

describe('SAMPLE_CSV', () => {
  it('has the required header and three valid rows with no warnings', () => {
    const { headers, records } = rowsToRecords(parseCsvText(SAMPLE_CSV));
    expect(headers).toEqual(['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost']);
    const report = validateRecords(records, { now: NOW });
    expect(report).toMatchObject({ totalRows: 3, validRows: 3, invalidRows: 0 });
    expect(report.rows.flatMap((row) => codes(row.result.warnings))).toEqual([]);
    expect(report.rows.map((row) => row.result.value?.carrier)).toEqual(['UPS', 'FEDEX', 'USPS']);
    expect(report.rows.map((row) => row.result.value?.displayId)).toEqual([
      '#ABC12345DE',
      '#XYZ98765AB',
      '#QRS45678TU',
    ]);
  });
});
