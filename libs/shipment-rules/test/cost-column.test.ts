import { describe, expect, it } from 'vitest';
import {
  costColumnNote,
  findCostColumn,
  findMissingColumns,
  validateRecords,
  withCostColumn,
  type CsvRecord,
} from '../src/index.js';
import { NOW } from './helpers.js';

const FOUR = ['order_id', 'tracking_number', 'carrier', 'ship_date'];

describe('the cost column under the names exports use', () => {
  it.each([
    'freight',
    'Freight',
    'FREIGHT',
    'postage',
    'Shipping',
    'shipping cost',
    'Shipping Cost',
    'Shipping  Cost',
    'shipping-cost',
    'ShippingCost',
    'Label Cost',
    'label_cost',
    'cost',
    ' Cost ',
    'Shipping Cost (USD)',
    'Freight ($)',
  ])('finds %j', (header) => {
    const headers = [...FOUR, header];
    expect(findCostColumn(headers)).toBe(header.trim().toLowerCase());
    expect(findMissingColumns(headers)).toEqual([]);
  });

  it('prefers shipping_cost itself, then the most specific name', () => {
    expect(findCostColumn([...FOUR, 'freight', 'shipping_cost'])).toBeUndefined();
    expect(findCostColumn([...FOUR, 'cost', 'shipping', 'freight'])).toBe('freight');
    expect(findCostColumn([...FOUR, 'cost', 'label cost'])).toBe('label cost');
    expect(findCostColumn([...FOUR, 'shipping', 'cost'])).toBe('shipping');
  });

  it('does not take a column the mapping reads as another field, nor one when the mapping gives the cost', () => {
    expect(findCostColumn(['po', 'awb', 'shipping', 'date', 'cost'], { shipping: 'carrier' })).toBe('cost');
    expect(findCostColumn([...FOUR, 'freight', 'fee'], { fee: 'shipping_cost' })).toBeUndefined();
  });

  it('finds nothing under unrelated names, so the cost is still missing', () => {
    const headers = [...FOUR, 'weight', 'price each', 'notes'];
    expect(findCostColumn(headers)).toBeUndefined();
    expect(findMissingColumns(headers)).toEqual(['shipping_cost']);
    expect(withCostColumn(headers)).toEqual({});
  });

  it('reads a "Freight" file whole: every row gets its cost, and the file names the column', () => {
    const records: CsvRecord[] = [1, 2, 3].map((i) => ({
      order_id: 'bo_abc12345de',
      tracking_number: `1Z999AA1012345678${i}`,
      carrier: 'UPS',
      ship_date: '2026-11-20',
      freight: `${i}.50`,
    }));
    const report = validateRecords(records, { now: NOW });
    expect(report.validRows).toBe(3);
    expect(report.rows.map((r) => r.result.value?.shippingCostCents)).toEqual([150, 250, 350]);
    expect(report.costColumn).toBe('freight');
    expect(costColumnNote('Freight')).toBe('Shipping cost was read from the "Freight" column');
  });

  it('adds the found column to a mapping without changing the mapping given', () => {
    const mapping = { po: 'order_id', awb: 'tracking_number' } as const;
    expect(withCostColumn(['po', 'awb', 'carrier', 'ship_date', 'postage'], mapping)).toEqual({
      mapping: { po: 'order_id', awb: 'tracking_number', postage: 'shipping_cost' },
      costColumn: 'postage',
    });
    expect(mapping).toEqual({ po: 'order_id', awb: 'tracking_number' });
  });
});
