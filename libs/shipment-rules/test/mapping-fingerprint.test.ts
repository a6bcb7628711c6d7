import { describe, expect, it } from 'vitest';
import { fingerprintHeaders, headerFingerprint, mappingFitsHeaders } from '../src/index.js';

const ODD = ['Order #', 'Tracking No.', 'Ship Via', 'Date Shipped', 'shipping_cost'];

describe('headerFingerprint', () => {
  it('is the same whatever the case, spaces, BOM or column order', () => {
    const a = headerFingerprint(ODD);
    expect(a).toMatch(/^h1-[0-9a-f]{16}$/);
    expect(
      headerFingerprint(['\uFEFFshipping_cost ', ' date shipped', 'SHIP VIA', 'tracking no.', 'order #']),
    ).toBe(a);
    expect(headerFingerprint([...ODD, '', '  '])).toBe(a);
    expect(headerFingerprint([...ODD, 'Order #'])).toBe(a);
  });

  it('changes when a column is added, removed or renamed', () => {
    const a = headerFingerprint(ODD);
    expect(headerFingerprint([...ODD, 'Notes'])).not.toBe(a);
    expect(headerFingerprint(ODD.slice(1))).not.toBe(a);
    expect(headerFingerprint(['Order No', ...ODD.slice(1)])).not.toBe(a);
    expect(headerFingerprint(['a', 'bc'])).not.toBe(headerFingerprint(['ab', 'c']));
  });

  it('keeps the normalised, sorted headers it is made of', () => {
    expect(fingerprintHeaders([' B', 'a', 'b'])).toEqual(['a', 'b']);
  });
});

describe('mappingFitsHeaders', () => {
  const mapping = {
    'order #': 'order_id',
    'tracking no.': 'tracking_number',
    'ship via': 'carrier',
    'date shipped': 'ship_date',
  } as const;

  it('fits a file with the same columns', () => {
    expect(mappingFitsHeaders(mapping, ODD)).toBe(true);
  });

  it('does not fit when a mapped column is gone or a required column stays missing', () => {
    expect(
      mappingFitsHeaders(
        mapping,
        ODD.filter((h) => h !== 'Ship Via'),
      ),
    ).toBe(false);
    expect(
      mappingFitsHeaders(
        mapping,
        ODD.filter((h) => h !== 'shipping_cost'),
      ),
    ).toBe(false);
    expect(mappingFitsHeaders({}, ODD)).toBe(false);
  });
});
