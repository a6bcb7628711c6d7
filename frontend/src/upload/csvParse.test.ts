import { SAMPLE_CSV } from '@portal/shipment-rules';
import { at } from '../test/at';
import { describe, expect, it } from 'vitest';
import { parseCsvForReview, REVIEW_ROW_LIMIT } from './csvParse';

const bytes = (text: string) => new TextEncoder().encode(text);
const now = new Date('2026-11-21T12:00:00Z');

describe('parseCsvForReview', () => {
  it('validates the sample template', () => {
    const { summary, rows, allRows } = parseCsvForReview(bytes(SAMPLE_CSV), { now });
    expect(summary).toMatchObject({
      totalRows: 3,
      validRows: 3,
      invalidRows: 0,
      requiresMapping: false,
      errors: [],
    });
    expect(allRows).toBe(true);
    expect(rows[0]).toMatchObject({
      row: 2,
      displayId: '#ABC12345DE',
      shipping_cost: '$12.50',
      shipDate: '2026-11-20T00:00:00.000Z',
    });
    // Ids typed without bo_ get their display id too (decision 0030).
    expect(at(rows, 1).displayId).toBe('#XYZ98765AB');
  });

  it('reads a UK file day first: 03/11/2026 is 3 November, with a note and a line above the review', () => {
    const csv =
      'order_id,tracking_number,carrier,ship_date,shipping_cost\n' +
      'bo_abc12345de,1Z999AA10123456784,UPS,03/11/2026,1\n' +
      'bo_abc12345de,1Z999AA10123456785,UPS,26.11.2026,1\n';
    const result = parseCsvForReview(bytes(csv), { now, dateOrder: { locale: 'en-US' } });
    expect(result.notes).toEqual(['Dates read day-first, like 26.11.2026 in row 3']);
    expect(result.dateOrder).toMatchObject({ order: 'day-first', source: 'file' });
    expect(at(result.rows, 0)).toMatchObject({
      ship_date: '2026-11-03',
      notes: ['Ship date "03/11/2026" was read as 3 November 2026 (day first, like 26.11.2026 in row 3)'],
    });
  });

  it('reads the cost from a "Freight" column and says so above the review', () => {
    const csv =
      'Order ID,Tracking Number,Carrier,Ship Date,Freight\n' +
      'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,4.20\n';
    const result = parseCsvForReview(bytes(csv), {
      now,
      mapping: {
        'order id': 'order_id',
        'tracking number': 'tracking_number',
        'ship date': 'ship_date',
      },
    });
    expect(result.summary.validRows).toBe(1);
    expect(at(result.rows, 0).shipping_cost).toBe('$4.20');
    expect(result.notes).toEqual(['Shipping cost was read from the "Freight" column']);
  });

  it('keeps spreadsheet row numbers across blank lines, with semicolons and CRLF', () => {
    const csv =
      'Order_ID;Tracking_Number;Carrier;Ship_Date;Shipping_Cost\r\n' +
      'bo_abc12345de;1Z999AA10123456784;UPS;2026-11-20;12.50\r\n\r\n' +
      'bo_zz;1Z999AA10123456784;;2026-11-20;abc\r\n';
    const { summary, rows } = parseCsvForReview(bytes(csv), { now });
    expect(summary.detectedHeaders).toEqual([
      'order_id',
      'tracking_number',
      'carrier',
      'ship_date',
      'shipping_cost',
    ]);
    expect(summary).toMatchObject({ totalRows: 2, validRows: 1, invalidRows: 1 });
    expect(at(rows, 1).row).toBe(4);
    expect(at(rows, 1).validation).toBe(
      'Order ID too short; Empty carrier; Shipping cost must be a valid number',
    );
    expect(summary.errors[0]).toMatch(/^Row 4: Order ID too short/);
  });

  it('shows the same row errors as the server for cells no one can store', () => {
    const csv =
      'order_id,tracking_number,carrier,ship_date,shipping_cost\n' +
      'bo_abc12345de,1Z999AA1\u00000123456784,UPS,2026-11-20,1\n' +
      `bo_abc12345de,${'9'.repeat(12_000)},UPS,2026-11-20,1\n` +
      `bo_abc12345de,1Z999AA10123456784,${'C'.repeat(300)},2026-11-20,1\n` +
      'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20\u001b,1\n';
    const { summary, rows } = parseCsvForReview(bytes(csv), { now });
    expect(summary).toMatchObject({ totalRows: 4, validRows: 0, invalidRows: 4 });
    expect(rows.map((r) => r.validation)).toEqual([
      'Tracking number contains an invisible control character',
      'Tracking number is longer than 100 characters',
      'Carrier is longer than 256 characters',
      'Ship date contains an invisible control character',
    ]);
  });

  it('asks for a mapping when required columns are missing, and applies it', () => {
    const csv =
      'Order #,Tracking,Ship Via,Date Shipped,shipping_cost\nbo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,5\n';
    const first = parseCsvForReview(bytes(csv), { now });
    expect(first.summary.requiresMapping).toBe(true);
    expect(first.headerLabels['order #']).toBe('Order #');
    const mapped = parseCsvForReview(bytes(csv), {
      now,
      mapping: {
        'order #': 'order_id',
        tracking: 'tracking_number',
        'ship via': 'carrier',
        'date shipped': 'ship_date',
      },
    });
    expect(mapped.summary).toMatchObject({ requiresMapping: false, validRows: 1 });
    expect(at(mapped.rows, 0).order_id).toBe('bo_abc12345de');
  });

  it('keeps only the first rows of a big file', () => {
    const line = 'bo_abc12345de,1Z999AA10123456784,UPS,2026-11-20,1\n';
    const csv = 'order_id,tracking_number,carrier,ship_date,shipping_cost\n' + line.repeat(5001);
    const { summary, rows, allRows, duplicateRows } = parseCsvForReview(bytes(csv), { now });
    expect(summary.totalRows).toBe(5001);
    expect(allRows).toBe(false);
    expect(rows).toHaveLength(REVIEW_ROW_LIMIT);
    expect(duplicateRows).toBe(5000);
  });
});
