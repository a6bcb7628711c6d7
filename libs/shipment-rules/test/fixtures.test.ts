import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, detectDelimiter, validateRecords, type CsvEncoding } from '../src/index.js';
import { parseCsvText, rowsToRecords } from './csv-text.js';
import { NOW } from './helpers.js';

const FIXTURES: Array<[file: string, encoding: CsvEncoding, delimiter: string]> = [
  ['utf8-comma-lf.csv', 'utf-8', ','],
  ['utf8-bom-comma-crlf.csv', 'utf-8', ','],
  ['utf8-semicolon-lf.csv', 'utf-8', ';'],
  ['utf8-tab-crlf.tsv', 'utf-8', '\t'],
  ['utf16le-bom-tab-crlf.txt', 'utf-16le', '\t'],
  ['utf16le-nobom-semicolon-lf.csv', 'utf-16le', ';'],
  ['utf16be-bom-comma-lf.csv', 'utf-16be', ','],
  ['utf16be-nobom-comma-crlf.csv', 'utf-16be', ','],
  ['windows1252-comma-crlf.csv', 'windows-1252', ','],
  ['windows1252-semicolon-lf.csv', 'windows-1252', ';'],
];

/**
 * What every variant of the fixture file must come out as. Row 3 holds a quoted line break but is one
 * spreadsheet row; row 7 is blank and skipped.
 */
const EXPECTED_HEADERS = ['order_id', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost', 'notes'];
const EXPECTED_NOTES = [
  'Livré à l’entrepôt',
  'Left at door, "signed" by\nJo; back office',
  'Café – order',
  '',
  'same shipment again',
  'broken row',
];
const EXPECTED_ROWS = [
  {
    rowNumber: 2,
    value: {
      orderId: 'bo_abc12345de',
      displayId: '#ABC12345DE',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      carrierRaw: 'UPS',
      shipDate: '2026-11-20',
      shipDateIso: '2026-11-20T00:00:00.000Z',
      shippingCostCents: 1250,
    },
    errors: [],
    warnings: [],
  },
  {
    rowNumber: 3,
    value: {
      orderId: 'bo_xyz98765ab',
      displayId: '#XYZ98765AB',
      trackingNumber: '449044304137821',
      carrier: 'FEDEX',
      carrierRaw: 'FedEx Ground',
      shipDate: '2026-11-19',
      shipDateIso: '2026-11-19T00:00:00.000Z',
      shippingCostCents: 123456,
    },
    errors: [],
    warnings: [],
  },
  {
    rowNumber: 4,
    value: {
      orderId: 'bo_qrs45678tu',
      displayId: '#QRS45678TU',
      trackingNumber: '9400111201080805483016',
      carrier: 'USPS',
      carrierRaw: 'U.S.P.S.',
      shipDate: '2026-11-18',
      shipDateIso: '2026-11-18T00:00:00.000Z',
      shippingCostCents: 799,
    },
    errors: [],
    warnings: [],
  },
  {
    rowNumber: 5,
    value: {
      orderId: 'bo_colis12345',
      displayId: '#COLIS12345',
      trackingNumber: '8R00112233445',
      carrier: 'Colis Privé',
      carrierRaw: 'Colis Privé',
      shipDate: '2026-11-21',
      shipDateIso: '2026-11-21T00:00:00.000Z',
      shippingCostCents: 300,
    },
    errors: [],
    warnings: ["Carrier 'Colis Privé' not recognised - please verify"],
  },
  {
    rowNumber: 6,
    value: {
      orderId: 'bo_abc12345de',
      displayId: '#ABC12345DE',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      carrierRaw: 'ups',
      shipDate: '2026-11-20',
      shipDateIso: '2026-11-20T00:00:00.000Z',
      shippingCostCents: 1250,
    },
    errors: [],
    warnings: ['Duplicate of row 2'],
  },
  {
    rowNumber: 8,
    value: undefined,
    errors: [
      'Order ID too short',
      'Tracking number looks damaged by a spreadsheet (1.23457E+17): digits were lost; re-export with the column formatted as text',
      'Invalid ship date format',
      'Shipping cost cannot be negative',
    ],
    warnings: [],
  },
];

function load(file: string) {
  const bytes = new Uint8Array(readFileSync(join(import.meta.dirname, 'fixtures', file)));
  const decoded = decodeCsvBytes(bytes);
  const delimiter = detectDelimiter(decoded.text);
  const { headers, records } = rowsToRecords(parseCsvText(decoded.text, delimiter));
  const report = validateRecords(records, { now: NOW });
  return { decoded, delimiter, headers, report };
}

describe('the same shipment file in every encoding, delimiter and line ending', () => {
  it.each(FIXTURES)('%s', (file, encoding, delimiter) => {
    const loaded = load(file);
    expect(loaded.decoded.encoding).toBe(encoding);
    expect(loaded.delimiter).toBe(delimiter);
    expect(loaded.headers).toEqual(EXPECTED_HEADERS);
    expect(loaded.report).toMatchObject({ totalRows: 6, validRows: 5, invalidRows: 1 });
    expect(loaded.report.rows.map((row) => (row.raw.notes ?? '').replace(/\r\n/g, '\n'))).toEqual(
      EXPECTED_NOTES,
    );
    expect(
      loaded.report.rows.map((row) => ({
        rowNumber: row.rowNumber,
        value: row.result.value,
        errors: row.result.errors.map((issue) => issue.message),
        warnings: row.result.warnings.map((issue) => issue.message),
      })),
    ).toEqual(EXPECTED_ROWS);
  });

  it('gives byte-different files identical results', () => {
    const reference = JSON.stringify(load('utf8-comma-lf.csv').report.rows.map((row) => row.result));
    for (const [file] of FIXTURES) {
      expect(JSON.stringify(load(file).report.rows.map((row) => row.result)), file).toBe(reference);
    }
  });
});
