import { describe, expect, it } from 'vitest';
import {
  MAPPABLE_FIELDS,
  REQUIRED_COLUMNS,
  applyColumnMapping,
  findMissingColumns,
  headerSimilarity,
  normalizeHeader,
  selectionToColumnMapping,
  suggestMapping,
} from '../src/index.js';

describe('normalizeHeader', () => {
  it.each([
    ['order_id', 'order_id'],
    [' Order_ID ', 'order_id'],
    ['\uFEFForder_id', 'order_id'],
    ['\uFEFF Tracking_Number\t', 'tracking_number'],
    ['SHIP_DATE', 'ship_date'],
  ])('%j -> %j', (raw, header) => {
    expect(normalizeHeader(raw)).toBe(header);
  });
});

describe('findMissingColumns', () => {
  it('finds nothing missing when every column is there in any case', () => {
    expect(
      findMissingColumns([
        '\uFEFFOrder_ID',
        ' tracking_number',
        'CARRIER',
        'ship_date',
        'shipping_cost',
        'notes',
      ]),
    ).toEqual([]);
  });

  it('lists missing columns in the required order', () => {
    expect(findMissingColumns(['Order #', 'Tracking No.', 'carrier', 'shipping_cost'])).toEqual([
      'order_id',
      'tracking_number',
      'ship_date',
    ]);
    expect(findMissingColumns([])).toEqual([...REQUIRED_COLUMNS]);
  });

  it('counts mapped columns that exist in the file', () => {
    const headers = ['Order #', 'Tracking No.', 'Ship Via', 'Date Shipped', 'shipping_cost'];
    const mapping = {
      'Order #': 'order_id',
      'tracking no.': 'tracking_number',
      'Ship Via': 'carrier',
      'Date Shipped': 'ship_date',
    } as const;
    expect(findMissingColumns(headers, mapping)).toEqual([]);
    expect(findMissingColumns(headers, { 'Order #': 'order_id', Nowhere: 'ship_date' })).toEqual([
      'tracking_number',
      'carrier',
      'ship_date',
    ]);
  });
});

describe('applyColumnMapping', () => {
  it('copies mapped columns to their fields and keeps the rest under normalised headers', () => {
    const record = { 'Order #': 'XYZ98765AB', 'Tracking No.': '1Z999AA10123456784', ' Notes ': 'fragile' };
    expect(applyColumnMapping(record, { 'order #': 'order_id', 'Tracking No.': 'tracking_number' })).toEqual({
      'order #': 'XYZ98765AB',
      'tracking no.': '1Z999AA10123456784',
      notes: 'fragile',
      order_id: 'XYZ98765AB',
      tracking_number: '1Z999AA10123456784',
    });
  });

  it('lets a mapped column replace a column named like the field', () => {
    const record = { order_id: 'wrong column', 'Faire Order': 'bo_abc12345de' };
    expect(applyColumnMapping(record, { 'Faire Order': 'order_id' }).order_id).toBe('bo_abc12345de');
  });

  it('ignores mappings to unknown fields or to absent columns', () => {
    const record = { a: '1' };
    expect(applyColumnMapping(record, { a: 'not_a_field' as never, b: 'carrier' })).toEqual({ a: '1' });
  });

  it('keeps odd header names as plain data', () => {
    const record = JSON.parse('{"__proto__":"x","constructor":"y","Order #":"bo_abc12345de"}') as Record<
      string,
      string
    >;
    const mapped = applyColumnMapping(record, { 'Order #': 'order_id' });
    expect(Object.getPrototypeOf(mapped)).toBe(Object.prototype);
    expect(Object.keys(mapped)).toEqual(['__proto__', 'constructor', 'order #', 'order_id']);
    expect(mapped.constructor).toBe('y');
  });
});

describe('suggestMapping', () => {
  it('maps the messy headers of a typical export', () => {
    expect(suggestMapping(['Order #', 'Tracking No.', 'Ship Via', 'Date Shipped', 'Freight Cost'])).toEqual({
      order_id: 'Order #',
      tracking_number: 'Tracking No.',
      carrier: 'Ship Via',
      ship_date: 'Date Shipped',
    });
  });

  it('maps shipping cost only when asked to', () => {
    expect(
      suggestMapping(
        ['Order #', 'Tracking No.', 'Ship Via', 'Date Shipped', 'Freight Cost'],
        REQUIRED_COLUMNS,
      ).shipping_cost,
    ).toBe('Freight Cost');
  });

  it.each([
    [
      ['PO', 'AWB', 'Courier', 'Shipped', 'Cost'],
      { order_id: 'PO', tracking_number: 'AWB', carrier: 'Courier', ship_date: 'Shipped' },
    ],
    [
      ['order-number', 'tracking_#', 'shipping carrier', 'ship date', 'shipping'],
      {
        order_id: 'order-number',
        tracking_number: 'tracking_#',
        carrier: 'shipping carrier',
        ship_date: 'ship date',
      },
    ],
    [
      ['Customer Order Number', 'Tracking Number (UPS)', 'Carrier Name', 'Shipment Date', 'Notes'],
      {
        order_id: 'Customer Order Number',
        tracking_number: 'Tracking Number (UPS)',
        carrier: 'Carrier Name',
        ship_date: 'Shipment Date',
      },
    ],
    [
      ['Tracking Nbr', 'Ship_Via', 'Orderid', 'Date', 'Order Date'],
      { order_id: 'Orderid', tracking_number: 'Tracking Nbr', carrier: 'Ship_Via', ship_date: 'Date' },
    ],
    [['Notes', 'Customer', 'Amount'], {}],
    [['Invoice Number', 'Customer ID', 'Notes'], {}],
    [
      ['Tracking Numbers', 'Trackng Number', 'Carier'],
      { tracking_number: 'Tracking Numbers', carrier: 'Carier' },
    ],
    [['Order Date', 'Tracking'], { order_id: 'Order Date', tracking_number: 'Tracking' }],
  ])('%j', (headers, expected) => {
    expect(suggestMapping(headers)).toEqual(expected);
  });

  it('uses each column at most once', () => {
    const selection = suggestMapping(['Order', 'Order']);
    expect(selection).toEqual({ order_id: 'Order' });
    expect(Object.values(suggestMapping(['Tracking', 'Tracking #', 'Tracking Number']))).toHaveLength(1);
  });

  it('scores exact names and synonyms 1 and unrelated headers low', () => {
    expect(headerSimilarity('ORDER_ID', 'order_id')).toBe(1);
    expect(headerSimilarity('Tracking #', 'tracking_number')).toBe(1);
    expect(headerSimilarity('Notes', 'carrier')).toBeLessThan(0.5);
    expect(headerSimilarity('Order #', 'tracking_number')).toBeLessThan(0.5);
    expect(headerSimilarity('Tracking #', 'order_id')).toBeLessThan(0.5);
    expect(headerSimilarity('Trackng No', 'tracking_number')).toBeGreaterThan(0.7);
    for (const field of MAPPABLE_FIELDS) expect(headerSimilarity('', field)).toBe(0);
  });

  it('turns a selection into the spec column -> field mapping', () => {
    expect(
      selectionToColumnMapping({ order_id: 'Order #', carrier: 'Ship Via', ship_date: undefined }),
    ).toEqual({
      'Order #': 'order_id',
      'Ship Via': 'carrier',
    });
  });
});
