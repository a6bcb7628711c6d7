import { describe, expect, it } from 'vitest';
import {
  ERROR_MESSAGES,
  KNOWN_CARRIERS,
  MAPPABLE_FIELDS,
  MAX_FILE_BYTES,
  ORDER_ID_MIN_LENGTH,
  REQUIRED_COLUMNS,
  SHIPPING_COST_WARNING_CENTS,
  checkCsvFile,
} from '../src/index.js';

describe('constants', () => {
  it('match the spec', () => {
    expect(REQUIRED_COLUMNS).toEqual([
      'order_id',
      'tracking_number',
      'carrier',
      'ship_date',
      'shipping_cost',
    ]);
    expect(MAPPABLE_FIELDS).toEqual(['order_id', 'tracking_number', 'carrier', 'ship_date']);
    expect(MAX_FILE_BYTES).toBe(10_485_760);
    expect(ORDER_ID_MIN_LENGTH).toBe(5);
    expect(KNOWN_CARRIERS).toEqual(['ups', 'usps', 'fedex', 'dhl', 'ontrac', 'lasership']);
    expect(SHIPPING_COST_WARNING_CENTS).toBe(1_000_000);
  });

  it('hold the eleven spec errors word for word', () => {
    expect(Object.values(ERROR_MESSAGES)).toEqual([
      'Missing order ID',
      'Order ID too short',
      'Missing tracking number',
      'Empty tracking number',
      'Missing carrier',
      'Empty carrier',
      'Missing ship date',
      'Invalid ship date format',
      'Missing shipping cost',
      'Shipping cost must be a valid number',
      'Shipping cost cannot be negative',
    ]);
  });
});

describe('checkCsvFile', () => {
  it('accepts a .csv of at most 10MB', () => {
    expect(checkCsvFile({ name: 'shipments.csv', size: 1234 })).toBeUndefined();
    expect(checkCsvFile({ name: 'SHIPMENTS.CSV', size: MAX_FILE_BYTES })).toBeUndefined();
  });

  it('rejects other file types with the spec toast', () => {
    expect(checkCsvFile({ name: 'shipments.xlsx', size: 10 })).toEqual({
      code: 'INVALID_FILE_TYPE',
      title: 'Invalid file type',
      message: 'Please select a CSV file',
    });
    expect(checkCsvFile({ name: 'csv', size: 10 })?.code).toBe('INVALID_FILE_TYPE');
  });

  it('rejects files over 10MB with the spec toast', () => {
    expect(checkCsvFile({ name: 'big.csv', size: MAX_FILE_BYTES + 1 })).toEqual({
      code: 'FILE_TOO_LARGE',
      title: 'File too large',
      message: 'File size must be less than 10MB',
    });
    expect(checkCsvFile({ name: 'odd.csv', size: Number.NaN })?.code).toBe('FILE_TOO_LARGE');
  });
});
