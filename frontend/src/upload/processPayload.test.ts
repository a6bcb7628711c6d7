import { describe, expect, it } from 'vitest';
import { parseCsvForReview } from './csvParse';
import {
  buildInvalidRows,
  buildProcessPayload,
  PROCESS_BODY_BUDGET,
  processedToastText,
  shipDateIso,
  summarizeResults,
  withFileLayout,
} from './processPayload';
import type { ReviewRow } from './types';

const row = (patch: Partial<ReviewRow>): ReviewRow => ({
  row: 2,
  order_id: 'bo_abc12345de',
  displayId: '#ABC12345DE',
  tracking_number: '1Z999AA10123456784',
  carrier: 'UPS',
  ship_date: '2026-11-20',
  shipping_cost: '$12.50',
  valid: true,
  warnings: [],
  ...patch,
});

describe('buildProcessPayload', () => {
  it('sends valid rows with cents and an ISO ship date', () => {
    const payload = buildProcessPayload([
      row({ shipDate: '2026-11-20T00:00:00.000Z' }),
      row({
        row: 3,
        order_id: 'XYZ98765AB',
        tracking_number: '9865 7878 8855',
        carrier: 'FedEx',
        ship_date: '11/21/2026',
        shipping_cost: '1,234.565',
      }),
    ]);
    expect(payload).toEqual([
      {
        row: 2,
        orderId: 'bo_abc12345de',
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
        shipDate: '2026-11-20T00:00:00.000Z',
        shippingCost: 1250,
      },
      {
        row: 3,
        orderId: 'bo_xyz98765ab',
        trackingNumber: '986578788855',
        carrier: 'FEDEX',
        shipDate: '2026-11-21T00:00:00.000Z',
        shippingCost: 123457,
      },
    ]);
    expect(payload.every((p) => Number.isInteger(p.shippingCost))).toBe(true);
  });

  it('sends the values as the rules read them: an order id pasted with "Order #", a day-first date, a decimal comma', () => {
    const csv =
      'order_id;tracking_number;carrier;ship_date;shipping_cost\n' +
      'Order #ABC12345DE;1Z999AA10123456784;ups;20.11.2026;12,50\n' +
      'Order ID: bo_xyz98765ab;1Z999AA10123456785;Fed Ex;Nov 19, 2026;USD 1.234,56\n';
    const parse = parseCsvForReview(new TextEncoder().encode(csv), { now: new Date('2026-11-21T12:00:00Z') });
    expect(buildProcessPayload(parse.rows)).toEqual([
      {
        row: 2,
        orderId: 'bo_abc12345de',
        trackingNumber: '1Z999AA10123456784',
        carrier: 'UPS',
        shipDate: '2026-11-20T00:00:00.000Z',
        shippingCost: 1250,
      },
      {
        row: 3,
        orderId: 'bo_xyz98765ab',
        trackingNumber: '1Z999AA10123456785',
        carrier: 'FEDEX',
        shipDate: '2026-11-19T00:00:00.000Z',
        shippingCost: 123456,
      },
    ]);
  });

  it('leaves out invalid rows and repeats of an earlier row', () => {
    const payload = buildProcessPayload([
      row({}),
      row({ row: 3, valid: false, validation: 'Missing carrier', carrier: '' }),
      row({ row: 4, duplicateOf: 2 }),
    ]);
    expect(payload).toHaveLength(1);
  });

  it('prefers shipDate, else converts ship_date', () => {
    expect(shipDateIso({ shipDate: '2026-01-02T00:00:00.000Z', ship_date: '2030-01-01' })).toBe(
      '2026-01-02T00:00:00.000Z',
    );
    expect(shipDateIso({ ship_date: '1/2/26' })).toBe('2026-01-02T00:00:00.000Z');
  });
});

describe('the review’s rows with errors in the process body (decision 0032)', () => {
  const csv =
    'Order;Notes;tracking_number;carrier;ship_date;shipping_cost\r\n' +
    'bo_abc12345de;ok;1Z999AA10123456784;UPS;2026-11-20;12,50\r\n' +
    'bo_x;"a;b";;UPS;31/31/2026;3\r\n';
  const parse = parseCsvForReview(new TextEncoder().encode(csv), {
    now: new Date('2026-11-21T12:00:00Z'),
    mapping: { Order: 'order_id' },
  });
  const bad = parse.rows.find((r) => !r.valid)!;

  it('sends each with its row number, the fields as typed, the review’s words and its cells', () => {
    expect(bad.validation).toBeTruthy();
    expect(buildInvalidRows(parse.rows, { cells: true })).toEqual([
      {
        row: 3,
        error: bad.validation,
        orderId: 'bo_x',
        trackingNumber: '',
        carrier: 'UPS',
        shipDate: '31/31/2026',
        shippingCost: '3',
        cells: JSON.stringify(['bo_x', 'a;b', '', 'UPS', '31/31/2026', '3']),
      },
    ]);
    // Without cells asked, none; a valid row is never among them.
    expect(buildInvalidRows(parse.rows)[0]!.cells).toBeUndefined();
    expect(buildInvalidRows([row({})])).toEqual([]);
  });

  it('cuts a long cell and long words as the server stores them', () => {
    const [long] = buildInvalidRows([
      row({ valid: false, order_id: 'x'.repeat(5000), validation: 'y'.repeat(9000) }),
    ]);
    expect(long!.orderId).toHaveLength(256);
    expect(long!.error).toHaveLength(2000);
  });

  it('keeps them with the layout, without cells when the body is too big, and leaves them out only when even that is', () => {
    const shipments = buildProcessPayload(parse.rows, { cells: true });
    const invalidRows = buildInvalidRows(parse.rows, { cells: true });
    const full = withFileLayout({ shipments, invalidRows, fileName: 'x.csv' }, parse);
    expect(full.layout?.delimiter).toBe(';');
    expect(full.invalidRows).toEqual(invalidRows);

    // Wide cells: the layout and every cell go, the rows with errors stay (fields and words).
    const wide = shipments.map((i) => ({ ...i, cells: JSON.stringify(['x'.repeat(PROCESS_BODY_BUDGET)]) }));
    const plain = withFileLayout({ shipments: wide, invalidRows, fileName: 'x.csv' }, parse);
    expect(plain.layout).toBeUndefined();
    expect(plain.shipments[0]!.cells).toBeUndefined();
    const { cells: _cells, ...withoutCells } = invalidRows[0]!;
    expect(plain.invalidRows).toEqual([withoutCells]);

    // A row without its cells: no layout, the rows with errors still sent.
    const partial = withFileLayout(
      { shipments, invalidRows: [{ ...invalidRows[0]!, cells: undefined }] },
      parse,
    );
    expect(partial.layout).toBeUndefined();
    expect(partial.invalidRows).toHaveLength(1);

    // Even without cells too big: the rows with errors are left out (the review lists them then).
    const many = Array.from({ length: 4000 }, (_, i) => ({
      ...invalidRows[0]!,
      row: i + 10,
      error: 'e'.repeat(2000),
    }));
    const bare = withFileLayout({ shipments, invalidRows: many }, parse);
    expect(bare.invalidRows).toBeUndefined();
    expect(bare.shipments).toHaveLength(1);
  });
});

describe('summarizeResults', () => {
  it('counts SUCCESS as successful, PENDING as still sending (never failed), anything else as failed', () => {
    expect(
      summarizeResults([
        { status: 'SUCCESS' },
        { status: 'FAILED' },
        { status: 'ORDER_NOT_FOUND' },
        { status: 'INVALID' },
        { status: 'PENDING' },
      ]),
    ).toEqual({ success: 1, failed: 3, pending: 1 });
  });

  it('says rows still being sent as such, never as failures', () => {
    expect(processedToastText({ success: 0, failed: 0, pending: 1 })).toBe(
      '1 still sending: Faire is slow, we keep trying',
    );
    expect(processedToastText({ success: 2, failed: 1, pending: 1200 })).toBe(
      '2 successful, 1 failed; 1,200 still sending: Faire is slow, we keep trying',
    );
    expect(processedToastText({ success: 3, failed: 0, pending: 0 })).toBe('3 successful, 0 failed');
  });
});
