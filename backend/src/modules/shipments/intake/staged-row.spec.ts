import {
  decodeStagedRow,
  decodeStagedSlice,
  encodeStagedRow,
  encodeStagedSlice,
  stagedRecord,
  type StagedRow,
} from './staged-row.js';

const row: StagedRow = {
  rowNumber: 7,
  orderId: 'bo_aaaaaaaa01',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
  carrierRaw: 'ups ground',
  shipDate: '2026-11-19',
  cents: 1250,
  duplicateOf: 0,
};

describe('a staged row', () => {
  it('is stored as the same short array as before: eight slots, 0 for a carrier as named and for no repeat', () => {
    expect(encodeStagedRow(row)).toEqual([
      7,
      'bo_aaaaaaaa01',
      '1Z999AA10123456784',
      'UPS',
      'ups ground',
      '2026-11-19',
      1250,
      0,
    ]);
    expect(encodeStagedRow({ ...row, carrierRaw: 'UPS', duplicateOf: 3 })).toEqual([
      7,
      'bo_aaaaaaaa01',
      '1Z999AA10123456784',
      'UPS',
      0,
      '2026-11-19',
      1250,
      3,
    ]);
  });

  it('reads back what it wrote, the carrier as written included', () => {
    expect(decodeStagedRow(encodeStagedRow(row))).toEqual(row);
    const same = { ...row, carrierRaw: 'UPS' };
    expect(decodeStagedRow(encodeStagedRow(same))).toEqual(same);
  });

  it('reads a slice stored before the named functions existed', () => {
    const stored =
      '[[2,"bo_b","TN1","FEDEX",0,"2026-01-02",0,0],[3,"bo_b","TN1","FEDEX","Fed Ex","2026-01-02",99,2]]';
    expect(decodeStagedSlice(stored)).toEqual([
      {
        rowNumber: 2,
        orderId: 'bo_b',
        trackingNumber: 'TN1',
        carrier: 'FEDEX',
        carrierRaw: 'FEDEX',
        shipDate: '2026-01-02',
        cents: 0,
        duplicateOf: 0,
      },
      {
        rowNumber: 3,
        orderId: 'bo_b',
        trackingNumber: 'TN1',
        carrier: 'FEDEX',
        carrierRaw: 'Fed Ex',
        shipDate: '2026-01-02',
        cents: 99,
        duplicateOf: 2,
      },
    ]);
    expect(encodeStagedSlice(decodeStagedSlice(stored).map(encodeStagedRow))).toBe(stored);
  });

  it('writes back the fields it was validated from', () => {
    expect(stagedRecord(row)).toEqual({
      order_id: 'bo_aaaaaaaa01',
      tracking_number: '1Z999AA10123456784',
      carrier: 'ups ground',
      ship_date: '2026-11-19',
      shipping_cost: '$12.50',
    });
  });
});
