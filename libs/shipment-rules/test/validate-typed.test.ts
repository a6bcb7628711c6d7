// validateTypedShipment: the row rules on typed values, agreeing with validateRow on the same shipment.
import { describe, expect, it } from 'vitest';
import { validateRow, validateTypedShipment, type TypedShipment } from '../src/index.js';
import { NOW, VALID_RECORD } from './helpers.js';

const TYPED: TypedShipment = {
  orderId: 'ABC12345DE',
  trackingNumber: '1Z999AA10123456784',
  carrier: 'UPS',
  shipDate: '2026-11-20',
  shippingCostCents: 1250,
};

describe('validateTypedShipment', () => {
  it('gives the value validateRow gives for the same shipment written as cells', () => {
    const typed = validateTypedShipment(TYPED, { now: NOW });
    expect(typed).toEqual(validateRow(VALID_RECORD, { now: NOW }));
  });

  it('keeps the source name of the carrier and reads a moment as its UTC day', () => {
    const r = validateTypedShipment(
      { ...TYPED, carrier: 'USPS', carrierRaw: 'stamps_com', shipDate: new Date('2026-11-20T23:30:00Z') },
      { now: NOW },
    );
    expect(r.value).toMatchObject({ carrier: 'USPS', carrierRaw: 'stamps_com', shipDate: '2026-11-20' });
  });

  it.each([
    [{ shippingCostCents: 12.5 }, 'INVALID_SHIPPING_COST'],
    [{ shippingCostCents: Number.NaN }, 'INVALID_SHIPPING_COST'],
    [{ shippingCostCents: -1 }, 'NEGATIVE_SHIPPING_COST'],
    [{ shippingCostCents: 2 ** 31 }, 'SHIPPING_COST_TOO_LARGE'],
    [{ orderId: '' }, 'MISSING_ORDER_ID'],
    [{ orderId: 'abc' }, 'ORDER_ID_TOO_SHORT'],
    [{ trackingNumber: '   ' }, 'EMPTY_TRACKING_NUMBER'],
    [{ carrier: '' }, 'EMPTY_CARRIER'],
    [{ shipDate: '11/20/2026' }, 'INVALID_SHIP_DATE_FORMAT'],
    [{ shipDate: '2026-02-30' }, 'INVALID_SHIP_DATE_FORMAT'],
    [{ shipDate: new Date('nope') }, 'INVALID_SHIP_DATE_FORMAT'],
    [{ trackingNumber: '1Z\u0000X' }, 'CELL_CONTROL_CHARACTER'],
  ] as Array<[Partial<TypedShipment>, string]>)('refuses %o with %s', (change, code) => {
    const r = validateTypedShipment({ ...TYPED, ...change }, { now: NOW });
    expect(r.valid).toBe(false);
    expect(r.value).toBeUndefined();
    expect(r.errors.map((e) => e.code)).toContain(code);
  });

  it('warns about an unknown carrier name and a very high cost, as for a file', () => {
    const r = validateTypedShipment(
      { ...TYPED, carrier: 'pigeon', shippingCostCents: 1_500_000 },
      { now: NOW },
    );
    expect(r.valid).toBe(true);
    expect(r.warnings.map((w) => w.code).sort()).toEqual(['CARRIER_NOT_RECOGNISED', 'SHIPPING_COST_HIGH']);
  });
});
