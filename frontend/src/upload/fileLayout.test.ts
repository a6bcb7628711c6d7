import { describe, expect, it } from 'vitest';
import { parseCsvForReview } from './csvParse';
import { buildProcessPayload, PROCESS_BODY_BUDGET, withFileLayout } from './processPayload';
import { applyRowFix } from './rowFix';

const now = new Date('2026-11-21T12:00:00Z');
const FILE =
  '\uFEFFOrder;Notes;tracking_number;carrier;ship_date;shipping_cost;Bin\r\n' +
  'bo_abc12345de; keep  me ;1Z999AA10123456784;UPS;2026-11-20;12,50;A1\r\n' +
  'bo_xyz98765ab;"a;b";1Z999AA10123456785;UPS;31/31/2026;3;B2\r\n';
const bytes = new TextEncoder().encode(FILE);

describe('the file as written, in the review (decision 0032)', () => {
  const parse = parseCsvForReview(bytes, { now, mapping: { Order: 'order_id' } });

  it('keeps the layout and every row’s cells as written', () => {
    expect(parse.layout).toEqual({
      bom: true,
      header: ['Order', 'Notes', 'tracking_number', 'carrier', 'ship_date', 'shipping_cost', 'Bin'],
      lineEnding: '\r\n',
      fieldIndex: { order_id: 0, tracking_number: 2, carrier: 3, ship_date: 4, shipping_cost: 5 },
    });
    expect(parse.rows[0]!.cells).toEqual([
      'bo_abc12345de',
      ' keep  me ',
      '1Z999AA10123456784',
      'UPS',
      '2026-11-20',
      '12,50',
      'A1',
    ]);
    expect(parse.delimiter).toBe(';');
  });

  it('puts a fixed cell in the row’s cells and leaves the others as written', () => {
    const bad = parse.rows[1]!;
    expect(bad.valid).toBe(false);
    const fixed = applyRowFix(
      parse,
      bad.row,
      {
        order_id: bad.order_id,
        tracking_number: bad.tracking_number,
        carrier: bad.carrier,
        ship_date: '2026-11-19',
        shipping_cost: bad.shipping_cost,
      },
      now,
    );
    expect(fixed.rows[1]!.cells).toEqual([
      'bo_xyz98765ab',
      'a;b',
      '1Z999AA10123456785',
      'UPS',
      '2026-11-19',
      '3',
      'B2',
    ]);
    expect(fixed.layout).toBe(parse.layout);
  });

  it('sends the layout once and each row’s cells, or neither when the body would be too big', () => {
    const items = buildProcessPayload(parse.rows, { cells: true });
    const body = withFileLayout({ shipments: items, fileName: 'x.csv' }, parse);
    expect(body.layout).toEqual({
      bom: true,
      header: JSON.stringify(parse.layout!.header),
      lineEnding: '\r\n',
      delimiter: ';',
      encoding: 'utf-8',
    });
    expect(JSON.parse(body.shipments[0]!.cells!)).toEqual(parse.rows[0]!.cells);
    const huge = items.map((i) => ({ ...i, cells: JSON.stringify(['x'.repeat(PROCESS_BODY_BUDGET)]) }));
    const plain = withFileLayout({ shipments: huge }, parse);
    expect(plain.layout).toBeUndefined();
    expect(plain.shipments[0]!.cells).toBeUndefined();
  });
});
