// validateRow's warnings and its suggested carrier; the valid row and each error: validate-row.test.ts.
import { describe, expect, it } from 'vitest';
import { validateRow, type ShipmentField } from '../src/index.js';
import { NOW, VALID_RECORD, codes, recordWith } from './helpers.js';

describe('validateRow: warnings, word for word', () => {
  const cases: Array<[string, Record<string, string | undefined>, ShipmentField, string, string]> = [
    [
      'unknown carrier',
      { carrier: 'Pony Express' },
      'carrier',
      'CARRIER_NOT_RECOGNISED',
      "Carrier 'Pony Express' not recognised - please verify",
    ],
    [
      'ship date 2 days ahead',
      { ship_date: '2026-11-23' },
      'ship_date',
      'SHIP_DATE_IN_FUTURE',
      'Ship date is more than 1 day in the future',
    ],
    [
      'ship date a year and a day old',
      { ship_date: '2025-11-20' },
      'ship_date',
      'SHIP_DATE_TOO_OLD',
      'Ship date is more than 1 year old',
    ],
    [
      'shipping cost a cent over $10,000',
      { shipping_cost: '10,000.01' },
      'shipping_cost',
      'SHIPPING_COST_HIGH',
      'Shipping cost over $10,000 is unusually high - please verify',
    ],
    [
      'UPS number without 1Z',
      { carrier: 'UPS', tracking_number: 'ABC123' },
      'tracking_number',
      'TRACKING_FORMAT_UPS',
      'UPS tracking numbers are usually 1Z followed by 16 letters or digits - please verify',
    ],
    [
      'USPS number too short',
      { carrier: 'USPS', tracking_number: 'ABC123' },
      'tracking_number',
      'TRACKING_FORMAT_USPS',
      'USPS tracking numbers are usually 20-22 digits, or 2 letters, 9 digits and 2 letters - please verify',
    ],
    [
      'FedEx number with letters',
      { carrier: 'FedEx Ground', tracking_number: 'ABC123' },
      'tracking_number',
      'TRACKING_FORMAT_FEDEX',
      'FedEx tracking numbers are usually 12-14 digits - please verify',
    ],
    [
      'FedEx 15 digits with a wrong check digit',
      { carrier: 'FedEx', tracking_number: '449044304137820' },
      'tracking_number',
      'TRACKING_FORMAT_FEDEX',
      'FedEx tracking numbers are usually 12-14 digits - please verify',
    ],
  ];

  it.each(cases)('%s', (_name, changes, field, code, message) => {
    const result = validateRow(recordWith(changes), { now: NOW });
    expect(result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([{ field, code, message }]);
  });

  it.each([
    ['tomorrow', { ship_date: '2026-11-22' }],
    ['today', { ship_date: '2026-11-21' }],
    ['exactly one year ago', { ship_date: '2025-11-21' }],
    ['exactly $10,000', { shipping_cost: '$10,000.00' }],
    ['a known carrier by containment', { carrier: 'UPS Ground' }],
    [
      'a carrier the spec list misses but Faire knows',
      { carrier: 'Canada Post', tracking_number: 'ANYTHING1' },
    ],
    ['a spelling normalizeCarrier maps', { carrier: 'fed ex', tracking_number: '986578788855' }],
    ['a USPS S10 number', { carrier: 'USPS', tracking_number: 'EA123456785US' }],
    [
      'a USPS 22-digit number with spaces',
      { carrier: 'usps priority', tracking_number: '9400 1112 0108 0805 4830 16' },
    ],
    [
      'a 15-digit FedEx Ground number with a valid check digit',
      { carrier: 'FedEx', tracking_number: '449044304137821' },
    ],
    [
      'a FedEx SmartPost number (also a USPS number) named FedEx',
      { carrier: 'FedEx', tracking_number: '9261292700768711948021' },
    ],
    ['the same number named USPS', { carrier: 'USPS', tracking_number: '9261292700768711948021' }],
    ['a DHL eCommerce number named DHL', { carrier: 'DHL', tracking_number: 'GM2951173225174494' }],
  ])('no warning for %s', (_name, changes) => {
    const result = validateRow(recordWith(changes), { now: NOW });
    expect(result.errors).toEqual([]);
    expect(result.warnings).toEqual([]);
  });

  it('warns when the check digit points to another carrier', () => {
    const result = validateRow(recordWith({ carrier: 'UPS', tracking_number: '449044304137821' }), {
      now: NOW,
    });
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([
      {
        field: 'tracking_number',
        code: 'TRACKING_FORMAT_UPS',
        message: 'UPS tracking numbers are usually 1Z followed by 16 letters or digits - please verify',
      },
      {
        field: 'tracking_number',
        code: 'TRACKING_CARRIER_MISMATCH',
        message: "Tracking number looks like FedEx, not 'UPS' - please verify",
      },
    ]);
  });

  it('warns when a UPS number is named FedEx', () => {
    const result = validateRow(
      recordWith({ carrier: 'Federal Express', tracking_number: '1Z999AA10123456784' }),
      { now: NOW },
    );
    expect(result.warnings.map((issue) => issue.message)).toEqual([
      'FedEx tracking numbers are usually 12-14 digits - please verify',
      "Tracking number looks like UPS, not 'Federal Express' - please verify",
    ]);
  });

  it('gives a UPS-shaped number with a wrong check digit the mismatch-free result', () => {
    const result = validateRow(recordWith({ tracking_number: '1Z999AA10123456785' }), { now: NOW });
    expect(result.warnings).toEqual([]);
  });

  it('collects warnings of several fields', () => {
    const result = validateRow(
      recordWith({ carrier: 'Pigeon', ship_date: '2020-01-01', shipping_cost: '20000' }),
      { now: NOW },
    );
    expect(codes(result.warnings)).toEqual([
      'CARRIER_NOT_RECOGNISED',
      'SHIP_DATE_TOO_OLD',
      'SHIPPING_COST_HIGH',
    ]);
  });

  it('keeps warnings on invalid rows', () => {
    const result = validateRow(recordWith({ order_id: undefined, shipping_cost: '20000' }), { now: NOW });
    expect(codes(result.errors)).toEqual(['MISSING_ORDER_ID']);
    expect(codes(result.warnings)).toEqual(['SHIPPING_COST_HIGH']);
  });

  it('measures dates from the given now, in UTC', () => {
    const lateEvening = new Date('2026-11-21T23:59:59.000Z');
    expect(
      codes(validateRow(recordWith({ ship_date: '2026-11-23' }), { now: lateEvening }).warnings),
    ).toEqual(['SHIP_DATE_IN_FUTURE']);
    const nextDay = new Date('2026-11-22T00:00:00.000Z');
    expect(validateRow(recordWith({ ship_date: '2026-11-23' }), { now: nextDay }).warnings).toEqual([]);
  });
});

describe('validateRow: suggested carrier', () => {
  it('suggests the detected carrier when the carrier cell is empty, and keeps the error', () => {
    const result = validateRow(recordWith({ carrier: '' }), { now: NOW });
    expect(result.valid).toBe(false);
    expect(result.errors.map((issue) => issue.message)).toEqual(['Empty carrier']);
    expect(result.suggestedCarrier).toBe('UPS');
  });

  it('suggests when the carrier column is absent', () => {
    expect(
      validateRow(recordWith({ carrier: undefined, tracking_number: '449044304137821' }), { now: NOW })
        .suggestedCarrier,
    ).toBe('FEDEX');
  });

  it('suggests for an unrecognised carrier name', () => {
    expect(
      validateRow(recordWith({ carrier: 'Ground', tracking_number: '9400111201080805483016' }), { now: NOW })
        .suggestedCarrier,
    ).toBe('USPS');
  });

  it('does not suggest when the number fits two carriers or none', () => {
    expect(
      validateRow(recordWith({ carrier: '', tracking_number: '9261292700768711948021' }), { now: NOW })
        .suggestedCarrier,
    ).toBeUndefined();
    expect(
      validateRow(recordWith({ carrier: '', tracking_number: 'NOPE12345' }), { now: NOW }).suggestedCarrier,
    ).toBeUndefined();
  });

  it('does not suggest when the carrier is named', () => {
    expect(validateRow(VALID_RECORD, { now: NOW })).not.toHaveProperty('suggestedCarrier');
  });
});
