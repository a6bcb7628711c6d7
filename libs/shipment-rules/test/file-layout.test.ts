import { describe, expect, it } from 'vitest';
import {
  byteOrderMark,
  csvLineOf,
  decodeCsvBytes,
  detectLineEnding,
  encodeCsvText,
  isReasonColumn,
  mappingLookupHeaders,
  reasonColumnName,
  startsWithByteOrderMark,
} from '../src/index.js';

const concat = (a: Uint8Array, b: Uint8Array): Uint8Array => {
  const out = new Uint8Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
};

describe('encodeCsvText', () => {
  const TEXT = 'Order;Notes\r\nbo_1;“Livré” à l’entrepôt – 5€ Š…\r\n';

  it.each(['utf-8', 'utf-16le', 'utf-16be'] as const)(
    'gives back the bytes %s decodes, with its BOM',
    (enc) => {
      const bytes = concat(byteOrderMark(enc), encodeCsvText(TEXT, enc));
      expect(decodeCsvBytes(bytes)).toEqual({ text: TEXT, encoding: enc });
      expect(startsWithByteOrderMark(bytes)).toBe(true);
    },
  );

  it('writes Windows-1252 by reversing the decoding table, every byte back as it was', () => {
    const bytes = Uint8Array.from({ length: 256 }, (_, i) => i);
    const decoded = decodeCsvBytes(bytes);
    expect(decoded.encoding).toBe('windows-1252');
    expect(Array.from(encodeCsvText(decoded.text, 'windows-1252'))).toEqual(Array.from(bytes));
    expect(byteOrderMark('windows-1252')).toHaveLength(0);
  });

  it('writes a character Windows-1252 has no byte for as "?"', () => {
    expect(Array.from(encodeCsvText('a✓', 'windows-1252'))).toEqual([0x61, 0x3f]);
  });

  it('says whether the file had a byte order mark', () => {
    expect(startsWithByteOrderMark(new TextEncoder().encode('a,b\n'))).toBe(false);
  });
});

describe('csvLineOf and detectLineEnding', () => {
  it('quotes only cells holding the delimiter, a quote or a line break', () => {
    expect(csvLineOf(['a,b', 'c;d', 'say "hi"', 'x\ny', '=1', ''], ';', '\r\n')).toBe(
      'a,b;"c;d";"say ""hi""";"x\ny";=1;\r\n',
    );
    expect(csvLineOf(['a', 'b\tc'], '\t', '\n')).toBe('a\t"b\tc"\n');
  });

  it('finds the first line ending', () => {
    expect(detectLineEnding('a\r\nb\n')).toBe('\r\n');
    expect(detectLineEnding('a\nb\r\n')).toBe('\n');
    expect(detectLineEnding('a\rb')).toBe('\r');
    expect(detectLineEnding('a')).toBe('\r\n');
  });
});

describe('the reason column', () => {
  it('is "Faire error", numbered when the brand already has a column of that name', () => {
    expect(reasonColumnName(['Order', 'Tracking'])).toBe('Faire error');
    expect(reasonColumnName(['Order', ' faire ERROR '])).toBe('Faire error (2)');
    expect(reasonColumnName(['Faire error', 'Faire error (2)'])).toBe('Faire error (3)');
  });

  it('is recognised in any case and spacing, numbered or not', () => {
    expect(isReasonColumn('Faire error')).toBe(true);
    expect(isReasonColumn(' faire  Error (12) ')).toBe(true);
    expect(isReasonColumn('Faire errors')).toBe(false);
    expect(isReasonColumn('error')).toBe(false);
  });

  it('is left out, from the end, when a saved mapping is looked up', () => {
    expect(mappingLookupHeaders(['a', 'b'])).toEqual([['a', 'b']]);
    expect(mappingLookupHeaders(['a', 'Faire error', 'Faire error (2)', ''])).toEqual([
      ['a', 'Faire error', 'Faire error (2)', ''],
      ['a', 'Faire error'],
      ['a'],
    ]);
    // Only at the end: a reason-named column of the brand's in the middle stays.
    expect(mappingLookupHeaders(['Faire error', 'a'])).toEqual([['Faire error', 'a']]);
  });
});
