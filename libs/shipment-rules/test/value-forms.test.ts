import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  decodeCsvBytes,
  detectDelimiter,
  readAmountCell,
  readOrderIdCell,
  validateRecords,
  validateRow,
} from '../src/index.js';
import { parseCsvText, rowsToRecords } from './csv-text.js';
import { NOW, recordWith } from './helpers.js';

const row = (patch: Record<string, string>) => ({
  order_id: 'bo_abc12345de',
  tracking_number: '1Z999AA10123456784',
  carrier: 'UPS',
  ship_date: '2026-11-20',
  shipping_cost: '12.50',
  ...patch,
});

describe('order ids as copied from Faire pages and emails', () => {
  it.each([
    ['#ABC12345DE', 'ABC12345DE'],
    ['# ABC12345DE', 'ABC12345DE'],
    ['Order #ABC12345DE', 'ABC12345DE'],
    ['order ABC12345DE', 'ABC12345DE'],
    ['Order ID: ABC12345DE', 'ABC12345DE'],
    ['Order number ABC12345DE', 'ABC12345DE'],
    ['Order No. bo_abc12345de', 'bo_abc12345de'],
    ['  #bo_abc12345de ', 'bo_abc12345de'],
  ])('%j is read as %s, with a warning naming it', (cell, id) => {
    expect(readOrderIdCell(cell)).toEqual({
      text: id,
      note: `Order ID "${cell.trim()}" was read as ${id.toUpperCase()}`,
    });
    const result = validateRow(row({ order_id: cell }), { now: NOW });
    expect(result.valid).toBe(true);
    expect(result.value?.orderId).toBe(`bo_${id.replace(/^bo_/i, '').toLowerCase()}`);
    expect(result.warnings).toContainEqual({
      field: 'order_id',
      code: 'VALUE_INTERPRETED',
      message: `Order ID "${cell.trim()}" was read as ${id.toUpperCase()}`,
    });
  });

  it.each([
    ['https://www.faire.com/brand-portal/orders/bo_abc12345de', 'bo_abc12345de'],
    ['https://faire.com/brand-portal/orders/ABC12345DE?tab=shipping', 'ABC12345DE'],
    ['HTTPS://WWW.FAIRE.COM/BRAND-PORTAL/ORDERS/BO_ABC12345DE/', 'BO_ABC12345DE'],
  ])('the address of the order page %j is read as its id, with a warning naming it', (cell, id) => {
    const note = `Order ID "${cell}" was read as ${id.toUpperCase()} (from the order's Faire address)`;
    expect(readOrderIdCell(cell)).toEqual({ text: id, note });
    const result = validateRow(row({ order_id: cell }), { now: NOW });
    expect(result.value?.orderId).toBe('bo_abc12345de');
    expect(result.warnings).toContainEqual({ field: 'order_id', code: 'VALUE_INTERPRETED', message: note });
  });

  it.each([
    'ABC12345DE',
    'bo_abc12345de',
    'orderabc1234',
    'Order',
    '#',
    'Order #ABC 123',
    'https://example.com/orders/bo_abc12345de',
    'https://www.faire.com/brand-portal/orders',
    'https://www.faire.com/brand-portal/products/p_abc12345',
  ])('%j is left as written', (cell) => {
    expect(readOrderIdCell(cell)).toEqual({ text: cell });
  });
});

describe('amounts as pasted and as non-US spreadsheets write them', () => {
  it.each([
    ['USD 12.00', 1200, '12.00'],
    ['12.00 USD', 1200, '12.00'],
    ['US$12.00', 1200, '12.00'],
    ['USD 1,234.50', 123450, '1,234.50'],
    ['12,50', 1250, '12.50'],
    ['12,5', 1250, '12.50'],
    ['$12,50', 1250, '12.50'],
    ['1.234,56', 123456, '1,234.56'],
    ['1.234.567,89', 123456789, '1,234,567.89'],
    ['1 234,56', 123456, '1,234.56'],
    ['1\u00a0234,56', 123456, '1,234.56'],
    ['1\u202f234,56', 123456, '1,234.56'],
    ['1 234.56', 123456, '1,234.56'],
    ['1 234', 123400, '1,234.00'],
  ])('%j is read as %i cents, with a warning naming it', (cell, cents, shown) => {
    const reading = readAmountCell(cell);
    expect(reading).toMatchObject({ kind: 'read' });
    const result = validateRow(row({ shipping_cost: cell }), { now: NOW });
    expect(result.valid).toBe(true);
    expect(result.value?.shippingCostCents).toBe(cents);
    const note = result.warnings.find((w) => w.code === 'VALUE_INTERPRETED');
    expect(note?.field).toBe('shipping_cost');
    expect(note?.message).toContain(`Shipping cost "${cell}" was read as ${shown}`);
  });

  it('keeps reading US forms as before, without a warning', () => {
    for (const [cell, cents] of [
      ['$1,234.50', 123450],
      ['1,234.56', 123456],
      ['1,234,567', 123456700],
      ['1.234', 123],
      ['12.50', 1250],
    ] as const) {
      const result = validateRow(row({ shipping_cost: cell }), { now: NOW });
      expect({
        cell,
        cents: result.value?.shippingCostCents,
        notes: result.warnings.filter((w) => w.code === 'VALUE_INTERPRETED').length,
      }).toEqual({
        cell,
        cents,
        notes: 0,
      });
    }
  });

  it('refuses "1,234": it could be 1234 or 1.234, and says so', () => {
    const result = validateRow(row({ shipping_cost: '1,234' }), { now: NOW });
    expect(result.valid).toBe(false);
    expect(result.errors).toEqual([
      {
        field: 'shipping_cost',
        code: 'AMBIGUOUS_SHIPPING_COST',
        message:
          'Shipping cost "1,234" could be 1234 or 1.234; write it with a decimal point (for example 1234.00) so it cannot be misread',
      },
    ]);
    expect(validateRow(row({ shipping_cost: '$1,234' }), { now: NOW }).errors[0]?.code).toBe(
      'AMBIGUOUS_SHIPPING_COST',
    );
  });

  it.each(['12,345,6', '1,2345', '1 23,45', 'twelve', '€', 'EUR', '12.50 EURO', '€€12'])(
    'still refuses %j',
    (cell) => {
      const result = validateRow(row({ shipping_cost: cell }), { now: NOW, currency: 'EUR' });
      expect(result.valid).toBe(false);
      expect(result.errors[0]?.code).toBe('INVALID_SHIPPING_COST');
    },
  );
});

describe("amounts with a currency sign or code, in the brand's currency", () => {
  it.each([
    ['€ 12,50', 'EUR', 1250, '12.50 EUR (comma as the decimal separator)'],
    ['12,50 €', 'EUR', 1250, '12.50 EUR (comma as the decimal separator)'],
    ['€1.234,56', 'EUR', 123456, '1,234.56 EUR (comma as the decimal separator)'],
    ['EUR 12,00', 'EUR', 1200, '12.00 EUR (comma as the decimal separator)'],
    ['12.50 EUR', 'EUR', 1250, '12.50 EUR'],
    ['£4.20', 'GBP', 420, '4.20 GBP'],
    ['4.20 GBP', 'GBP', 420, '4.20 GBP'],
    ['£1,234.50', 'GBP', 123450, '1,234.50 GBP'],
    ['CA$12.50', 'CAD', 1250, '12.50 CAD'],
    ['C$ 12.50', 'CAD', 1250, '12.50 CAD'],
    ['$12.50 CAD', 'CAD', 1250, '12.50 CAD'],
    ['CAD 1 234,56', 'CAD', 123456, '1,234.56 CAD (comma as the decimal separator)'],
    ['A$12.50', 'AUD', 1250, '12.50 AUD'],
    ['USD 12.00', 'USD', 1200, '12.00 USD'],
  ])(
    '%j for a %s brand is read as %i cents, the note naming the currency',
    (cell, currency, cents, shown) => {
      const result = validateRow(row({ shipping_cost: cell }), { now: NOW, currency });
      expect(result.valid).toBe(true);
      expect(result.value?.shippingCostCents).toBe(cents);
      expect(result.warnings).toContainEqual({
        field: 'shipping_cost',
        code: 'VALUE_INTERPRETED',
        message: `Shipping cost "${cell}" was read as ${shown}`,
      });
    },
  );

  it.each([
    ['€ 12,50', 'USD', 'EUR'],
    ['EUR 12,00', undefined, 'EUR'],
    ['12.50 GBP', 'USD', 'GBP'],
    ['£4.20', 'EUR', 'GBP'],
    ['USD 12.00', 'CAD', 'USD'],
    ['US$12.00', 'GBP', 'USD'],
    ['CA$12.50', 'USD', 'CAD'],
  ])(
    'refuses %j for a %s brand (USD when not known): the cost would be sent in the wrong currency',
    (cell, currency, named) => {
      const brand = currency ?? 'USD';
      const result = validateRow(row({ shipping_cost: cell }), {
        now: NOW,
        ...(currency ? { currency } : {}),
      });
      expect(result.valid).toBe(false);
      expect(result.errors).toEqual([
        {
          field: 'shipping_cost',
          code: 'CURRENCY_MISMATCH',
          message: `Shipping cost "${cell}" is in ${named}, but your Faire brand's costs are in ${brand}; write the cost in ${brand}`,
        },
      ]);
    },
  );

  it('reads a plain "$" as before whatever the brand (the spec writes costs with it)', () => {
    for (const currency of ['USD', 'CAD', 'GBP']) {
      const result = validateRow(row({ shipping_cost: '$12.50' }), { now: NOW, currency });
      expect(result.value?.shippingCostCents).toBe(1250);
      expect(result.warnings).toEqual([]);
    }
  });

  it('still refuses "€ 1,234" as ambiguous, saying why', () => {
    const result = validateRow(row({ shipping_cost: '€ 1,234' }), { now: NOW, currency: 'EUR' });
    expect(result.errors[0]?.code).toBe('AMBIGUOUS_SHIPPING_COST');
  });
});

describe('a file as a European spreadsheet exports it, with values pasted from Faire', () => {
  it('reads every accepted form with a warning and refuses the ambiguous one', () => {
    const bytes = readFileSync(join(import.meta.dirname, 'fixtures', 'pasted-values-semicolon.csv'));
    const { text } = decodeCsvBytes(bytes);
    const delimiter = detectDelimiter(text);
    expect(delimiter).toBe(';');
    const report = validateRecords(rowsToRecords(parseCsvText(text, delimiter)).records, { now: NOW });
    const got = report.rows.map((r) => [
      r.rowNumber,
      r.result.value?.orderId ?? null,
      r.result.value?.shippingCostCents ?? null,
      r.result.warnings.filter((w) => w.code === 'VALUE_INTERPRETED').length,
      r.result.errors.map((e) => e.code),
    ]);
    expect(got).toEqual([
      [2, 'bo_abc12345de', 1200, 2, []],
      [3, 'bo_xyz98765ab', 1250, 2, []],
      [4, 'bo_qrs45678tu', 123456, 2, []],
      [5, 'bo_lmn24680pq', 123456, 2, []],
      [6, 'bo_abc12345de', 123450, 0, []],
      [7, null, null, 0, ['AMBIGUOUS_SHIPPING_COST']],
    ]);
  });
});

describe('a negative cost says so whatever the decimal mark', () => {
  it.each([
    '-5,00',
    '-5.00',
    '- 5,00',
    '(5,00)',
    '5,00-',
    '-1.234,56',
    '-1,234',
    '-€ 4,20',
    '-EUR 4,20',
    '-5',
  ])('%j is "Shipping cost cannot be negative"', (cell) => {
    const result = validateRow(recordWith({ shipping_cost: cell }), { now: NOW, currency: 'EUR' });
    expect(result.errors).toEqual([
      { field: 'shipping_cost', code: 'NEGATIVE_SHIPPING_COST', message: 'Shipping cost cannot be negative' },
    ]);
  });

  it('a zero with a minus is still zero', () => {
    expect(validateRow(recordWith({ shipping_cost: '-0,00' }), { now: NOW }).value?.shippingCostCents).toBe(
      0,
    );
  });
});
