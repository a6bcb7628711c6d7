// validateRow on a valid row and each error; its warnings and suggested carrier:
// validate-row-warnings.test.ts.
import { describe, expect, it } from 'vitest';
import { validateRow, type ShipmentField } from '../src/index.js';
import { NOW, VALID_RECORD, recordWith } from './helpers.js';

describe('validateRow: a valid row', () => {
  it('is valid, has no issues and returns the normalised row', () => {
    const result = validateRow(VALID_RECORD, { now: NOW });
    expect(result).toEqual({
      valid: true,
      errors: [],
      warnings: [],
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
    });
  });

  it('normalises messy but valid cells', () => {
    const result = validateRow(
      {
        ' Order_ID ': '  XYZ98765AB ',
        TRACKING_NUMBER: ' 1z999aa1 0123 456784 ',
        Carrier: ' United Parcel Service ',
        '\uFEFFship_date': '11/20/26',
        shipping_cost: ' $1,234.565 ',
      },
      { now: NOW },
    );
    expect(result.errors).toEqual([]);
    expect(result.value).toEqual({
      orderId: 'bo_xyz98765ab',
      displayId: '#XYZ98765AB',
      trackingNumber: '1Z999AA10123456784',
      carrier: 'UPS',
      carrierRaw: 'United Parcel Service',
      shipDate: '2026-11-20',
      shipDateIso: '2026-11-20T00:00:00.000Z',
      shippingCostCents: 123457,
    });
  });
});

describe('validateRow: each error, word for word', () => {
  const cases: Array<[string, Record<string, string | undefined>, ShipmentField, string, string]> = [
    ['order_id column absent', { order_id: undefined }, 'order_id', 'MISSING_ORDER_ID', 'Missing order ID'],
    ['order_id blank', { order_id: '   ' }, 'order_id', 'MISSING_ORDER_ID', 'Missing order ID'],
    [
      'order_id of 4 characters',
      { order_id: 'abcd' },
      'order_id',
      'ORDER_ID_TOO_SHORT',
      'Order ID too short',
    ],
    ['bo_ + 4 characters', { order_id: 'bo_abcd' }, 'order_id', 'ORDER_ID_TOO_SHORT', 'Order ID too short'],
    [
      'BO_ + 2 characters (5 with the prefix)',
      { order_id: 'BO_AB' },
      'order_id',
      'ORDER_ID_TOO_SHORT',
      'Order ID too short',
    ],
    ['bare bo_', { order_id: 'bo_' }, 'order_id', 'ORDER_ID_TOO_SHORT', 'Order ID too short'],
    [
      'tracking_number column absent',
      { tracking_number: undefined },
      'tracking_number',
      'MISSING_TRACKING_NUMBER',
      'Missing tracking number',
    ],
    [
      'tracking_number blank',
      { tracking_number: ' \t ' },
      'tracking_number',
      'EMPTY_TRACKING_NUMBER',
      'Empty tracking number',
    ],
    [
      'tracking_number empty string',
      { tracking_number: '' },
      'tracking_number',
      'EMPTY_TRACKING_NUMBER',
      'Empty tracking number',
    ],
    ['carrier column absent', { carrier: undefined }, 'carrier', 'MISSING_CARRIER', 'Missing carrier'],
    ['carrier blank', { carrier: '  ' }, 'carrier', 'EMPTY_CARRIER', 'Empty carrier'],
    [
      'ship_date column absent',
      { ship_date: undefined },
      'ship_date',
      'MISSING_SHIP_DATE',
      'Missing ship date',
    ],
    ['ship_date blank', { ship_date: ' ' }, 'ship_date', 'MISSING_SHIP_DATE', 'Missing ship date'],
    [
      'ship_date text',
      { ship_date: 'yesterday' },
      'ship_date',
      'INVALID_SHIP_DATE_FORMAT',
      'Invalid ship date format',
    ],
    [
      'ship_date impossible',
      { ship_date: '02/30/2026' },
      'ship_date',
      'INVALID_SHIP_DATE_FORMAT',
      'Invalid ship date format',
    ],
    [
      'shipping_cost column absent',
      { shipping_cost: undefined },
      'shipping_cost',
      'MISSING_SHIPPING_COST',
      'Missing shipping cost',
    ],
    [
      'shipping_cost blank',
      { shipping_cost: '' },
      'shipping_cost',
      'MISSING_SHIPPING_COST',
      'Missing shipping cost',
    ],
    [
      'shipping_cost text',
      { shipping_cost: 'twelve' },
      'shipping_cost',
      'INVALID_SHIPPING_COST',
      'Shipping cost must be a valid number',
    ],
    [
      'shipping_cost comma that is neither a decimal comma nor thousands',
      { shipping_cost: '1,2345' },
      'shipping_cost',
      'INVALID_SHIPPING_COST',
      'Shipping cost must be a valid number',
    ],
    [
      'shipping_cost negative',
      { shipping_cost: '-1' },
      'shipping_cost',
      'NEGATIVE_SHIPPING_COST',
      'Shipping cost cannot be negative',
    ],
    [
      'shipping_cost accounting negative',
      { shipping_cost: '($3.00)' },
      'shipping_cost',
      'NEGATIVE_SHIPPING_COST',
      'Shipping cost cannot be negative',
    ],
    [
      'tracking number in scientific notation',
      { tracking_number: ' 1.23457E+17 ' },
      'tracking_number',
      'TRACKING_SCIENTIFIC_NOTATION',
      'Tracking number looks damaged by a spreadsheet (1.23457E+17): digits were lost; re-export with the column formatted as text',
    ],
    [
      'tracking number in scientific notation, short mantissa',
      { tracking_number: '1.2E+21' },
      'tracking_number',
      'TRACKING_SCIENTIFIC_NOTATION',
      'Tracking number looks damaged by a spreadsheet (1.2E+21): digits were lost; re-export with the column formatted as text',
    ],
  ];

  it.each(cases)('%s', (_name, changes, field, code, message) => {
    const result = validateRow(recordWith(changes), { now: NOW });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([{ field, code, message }]);
    expect(result.value).toBeUndefined();
  });

  it('reports every error of a row, in column order', () => {
    const result = validateRow(
      { order_id: 'ab', tracking_number: '', carrier: '', ship_date: '2026/20/11', shipping_cost: 'x' },
      { now: NOW },
    );
    expect(result.errors.map((issue) => issue.message)).toEqual([
      'Order ID too short',
      'Empty tracking number',
      'Empty carrier',
      'Invalid ship date format',
      'Shipping cost must be a valid number',
    ]);
  });

  it('reports the five Missing errors for an empty record', () => {
    expect(validateRow({}, { now: NOW }).errors.map((issue) => issue.message)).toEqual([
      'Missing order ID',
      'Missing tracking number',
      'Missing carrier',
      'Missing ship date',
      'Missing shipping cost',
    ]);
  });

  it('accepts an id part of exactly 5 characters, with or without bo_', () => {
    expect(validateRow(recordWith({ order_id: 'abcde' }), { now: NOW }).value?.orderId).toBe('bo_abcde');
    expect(validateRow(recordWith({ order_id: 'bo_abcde' }), { now: NOW }).value?.orderId).toBe('bo_abcde');
  });

  it('accepts a zero cost and a cost of negative zero', () => {
    expect(validateRow(recordWith({ shipping_cost: '0' }), { now: NOW }).value?.shippingCostCents).toBe(0);
    expect(validateRow(recordWith({ shipping_cost: '-0.00' }), { now: NOW }).value?.shippingCostCents).toBe(
      0,
    );
  });
});
