import { describe, expect, it } from 'vitest';
import { decodeCsvBytes, decodeWindows1252, detectDelimiter } from '../src/index.js';
import { parseCsvBytes, parseCsvText, rowsToRecords } from './csv-text.js';

const TEXT = 'carrier,notes\nUPS,Livré à l’entrepôt – 5€\n';

function utf16(text: string, littleEndian: boolean): Uint8Array {
  const bytes = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    bytes[2 * i + (littleEndian ? 0 : 1)] = unit & 0xff;
    bytes[2 * i + (littleEndian ? 1 : 0)] = unit >> 8;
  }
  return bytes;
}

const concat = (...parts: Uint8Array[]): Uint8Array => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
};

const utf8 = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('decodeCsvBytes', () => {
  it.each([
    ['UTF-8', utf8(TEXT), 'utf-8'],
    ['UTF-8 with BOM', concat(Uint8Array.of(0xef, 0xbb, 0xbf), utf8(TEXT)), 'utf-8'],
    ['UTF-16LE with BOM', concat(Uint8Array.of(0xff, 0xfe), utf16(TEXT, true)), 'utf-16le'],
    ['UTF-16BE with BOM', concat(Uint8Array.of(0xfe, 0xff), utf16(TEXT, false)), 'utf-16be'],
    ['UTF-16LE without BOM', utf16(TEXT, true), 'utf-16le'],
    ['UTF-16BE without BOM', utf16(TEXT, false), 'utf-16be'],
  ])('%s', (_name, bytes, encoding) => {
    expect(decodeCsvBytes(bytes)).toEqual({ text: TEXT, encoding });
  });

  it('reads bytes that are not UTF-8 as Windows-1252, curly quotes and euro sign included', () => {
    const bytes = Uint8Array.from(
      [...'UPS,Livr', 0xe9, ' ', 0xe0, ' l', 0x92, 'entrep', 0xf4, 't ', 0x96, ' 5', 0x80].flatMap((part) =>
        typeof part === 'number' ? [part] : [...part].map((char) => char.charCodeAt(0)),
      ),
    );
    expect(decodeCsvBytes(bytes)).toEqual({ text: 'UPS,Livré à l’entrepôt – 5€', encoding: 'windows-1252' });
  });

  it('maps every Windows-1252 byte like the WHATWG table', () => {
    const text = decodeWindows1252(
      Uint8Array.of(0x80, 0x81, 0x8a, 0x91, 0x92, 0x93, 0x94, 0x9f, 0xa0, 0xff, 0x41),
    );
    expect([...text].map((char) => char.codePointAt(0))).toEqual([
      0x20ac, 0x81, 0x160, 0x2018, 0x2019, 0x201c, 0x201d, 0x178, 0xa0, 0xff, 0x41,
    ]);
  });

  it('handles empty and tiny inputs', () => {
    expect(decodeCsvBytes(new Uint8Array())).toEqual({ text: '', encoding: 'utf-8' });
    expect(decodeCsvBytes(Uint8Array.of(0xef, 0xbb, 0xbf))).toEqual({ text: '', encoding: 'utf-8' });
    expect(decodeCsvBytes(Uint8Array.of(0xff, 0xfe))).toEqual({ text: '', encoding: 'utf-16le' });
    expect(decodeCsvBytes(Uint8Array.of(0x41))).toEqual({ text: 'A', encoding: 'utf-8' });
  });

  it('decodes a large Windows-1252 file without stack trouble', () => {
    const bytes = new Uint8Array(300_000).fill(0x92);
    const { text, encoding } = decodeCsvBytes(bytes);
    expect(encoding).toBe('windows-1252');
    expect(text.length).toBe(300_000);
    expect(text.endsWith('\u2019')).toBe(true);
  });
});

describe('detectDelimiter', () => {
  it.each([
    ['a,b,c\n1,2,3\n', ','],
    ['a;b;c\n1;2;3\n', ';'],
    ['a\tb\tc\n1\t2\t3\n', '\t'],
    ['order_id;shipping_cost;carrier\nbo_abcde;12,50;UPS\nbo_fghij;1,25;USPS\n', ';'],
    ['order_id\tnotes\tcarrier\nbo_abcde\tleft, with neighbour\tUPS\n', '\t'],
    ['"a;b",c\n"x;y;z",1\n', ','],
    ['"multi\nline; header";b;c\n1;2;3\n', ';'],
    ['\uFEFFa;b\r\n1;2\r\n', ';'],
    ['\n\n a,b\n', ','],
    ['just one column\nvalue\n', ','],
    ['', ','],
  ])('%j -> %j', (text, delimiter) => {
    expect(detectDelimiter(text)).toBe(delimiter);
  });

  it('prefers the delimiter that splits every line the same way', () => {
    expect(detectDelimiter('a,b;c;d\n1;2;3;4\n5;6;7;8\n')).toBe(';');
  });
});

describe('parseCsvText', () => {
  it('parses quoted delimiters, doubled quotes and line breaks', () => {
    expect(parseCsvText('a,b,c\r\n"x,y","say ""hi""","two\r\nlines"\r\n')).toEqual([
      ['a', 'b', 'c'],
      ['x,y', 'say "hi"', 'two\r\nlines'],
    ]);
  });

  it('takes LF, CRLF and CR as record ends and keeps blank lines as empty records', () => {
    expect(parseCsvText('a\nb\r\nc\rd')).toEqual([['a'], ['b'], ['c'], ['d']]);
    expect(parseCsvText('a,b\n\n1,2\n')).toEqual([['a', 'b'], [''], ['1', '2']]);
  });

  it('keeps empty fields and quoted empty fields', () => {
    expect(parseCsvText(',,\n"",""')).toEqual([
      ['', '', ''],
      ['', ''],
    ]);
  });

  it('uses the given delimiter and drops a BOM', () => {
    expect(parseCsvText('\uFEFFa;b\t"c;d"\n', ';')).toEqual([['a', 'b\t"c', 'd"']]);
    expect(parseCsvText('a\t"b\tc"\n', '\t')).toEqual([['a', 'b\tc']]);
  });

  it('is lenient with stray quotes', () => {
    expect(parseCsvText('5" box,"a"b,"open')).toEqual([['5" box', 'ab', 'open']]);
  });

  it('returns nothing for empty text', () => {
    expect(parseCsvText('')).toEqual([]);
  });
});

describe('rowsToRecords and parseCsvBytes', () => {
  it('keys records by header, leaves short rows undefined and ignores extra cells', () => {
    expect(rowsToRecords([['a', 'b', 'a'], ['1'], ['1', '2', '3', '4']])).toEqual({
      headers: ['a', 'b', 'a'],
      records: [
        { a: '1', b: undefined },
        { a: '1', b: '2' },
      ],
    });
    expect(rowsToRecords([])).toEqual({ headers: [], records: [] });
  });

  it('chains decode, delimiter detection and parsing', () => {
    const bytes = concat(Uint8Array.of(0xff, 0xfe), utf16('order_id\tcarrier\r\nbo_abcde\tUPS\r\n', true));
    expect(parseCsvBytes(bytes)).toEqual({
      encoding: 'utf-16le',
      delimiter: '\t',
      headers: ['order_id', 'carrier'],
      records: [{ order_id: 'bo_abcde', carrier: 'UPS' }],
    });
  });
});
