import { describe, expect, it } from 'vitest';
import {
  UPLOAD_LIMITS,
  cellProblem,
  echoText,
  safeText,
  storableRecord,
  validateRecords,
  validateRow,
} from '../src/index.js';
import { NOW, recordWith } from './helpers.js';

const LONE_HIGH = '\uD83D';
const LONE_LOW = '\uDE00';
const PAIR = '\uD83D\uDE00'; // one emoji: a valid surrogate pair

describe('validateRow: cells no one can store or send are row errors in words', () => {
  const cases: Array<[string, Record<string, string>, Array<[string, string]>]> = [
    [
      'NUL in the tracking number',
      { tracking_number: '1Z999AA1\u00000123456784' },
      [['CELL_CONTROL_CHARACTER', 'Tracking number contains an invisible control character']],
    ],
    [
      'NUL in the order id',
      { order_id: 'bo_abc\u000012345' },
      [['CELL_CONTROL_CHARACTER', 'Order ID contains an invisible control character']],
    ],
    [
      'a bell character in the carrier',
      { carrier: 'UPS\u0007' },
      [['CELL_CONTROL_CHARACTER', 'Carrier contains an invisible control character']],
    ],
    [
      'a line break inside a quoted tracking number',
      { tracking_number: '1Z999AA1\n0123456784' },
      [['CELL_CONTROL_CHARACTER', 'Tracking number contains an invisible control character']],
    ],
    [
      'a unit separator in the ship date',
      { ship_date: '2026-11-20\u001f' },
      [['CELL_CONTROL_CHARACTER', 'Ship date contains an invisible control character']],
    ],
    [
      'a lone high surrogate in the carrier',
      { carrier: `UPS${LONE_HIGH}` },
      [
        [
          'CELL_INVALID_CHARACTER',
          'Carrier contains a broken character; save the file as UTF-8 and upload it again',
        ],
      ],
    ],
    [
      'a lone low surrogate in the order id',
      { order_id: `bo_abc${LONE_LOW}12345` },
      [
        [
          'CELL_INVALID_CHARACTER',
          'Order ID contains a broken character; save the file as UTF-8 and upload it again',
        ],
      ],
    ],
    [
      'a 101-character tracking number',
      { tracking_number: '1'.repeat(101) },
      [['CELL_TOO_LONG', 'Tracking number is longer than 100 characters']],
    ],
    [
      'a 12 KB order id',
      { order_id: 'a'.repeat(12_000) },
      [['CELL_TOO_LONG', 'Order ID is longer than 100 characters']],
    ],
    [
      'a 257-character carrier',
      { carrier: 'U'.repeat(257) },
      [['CELL_TOO_LONG', 'Carrier is longer than 256 characters']],
    ],
    [
      'a 257-character shipping cost',
      { shipping_cost: '1'.repeat(257) },
      [['CELL_TOO_LONG', 'Shipping cost is longer than 256 characters']],
    ],
    [
      'two bad cells: both are named',
      { order_id: 'bo_abc\u000012345', carrier: 'x'.repeat(300) },
      [
        ['CELL_CONTROL_CHARACTER', 'Order ID contains an invisible control character'],
        ['CELL_TOO_LONG', 'Carrier is longer than 256 characters'],
      ],
    ],
  ];

  it.each(cases)('%s', (_name, changes, expected) => {
    const result = validateRow(recordWith(changes), { now: NOW });
    expect(result.valid).toBe(false);
    expect(result.value).toBeUndefined();
    expect(result.errors.map((e) => [e.code, e.message])).toEqual(expected);
  });

  const fine: Array<[string, Record<string, string>]> = [
    ['a tab inside a cell', { carrier: 'UPS\tGround' }],
    ['an emoji (a valid surrogate pair) in the carrier', { carrier: `UPS ${PAIR}` }],
    ['a 100-character order id', { order_id: `bo_${'a'.repeat(97)}` }],
    ['a 256-character carrier', { carrier: `UPS${'x'.repeat(253)}` }],
    ['spaces around a cell do not count toward its length', { carrier: `${' '.repeat(300)}UPS` }],
    ['a control character in a column that is not a shipment field', { notes: 'a\u0000b' }],
  ];

  it.each(fine)('%s is not a cell-safety error', (_name, changes) => {
    const result = validateRow(recordWith(changes), { now: NOW });
    expect(result.errors.filter((e) => e.code.startsWith('CELL_'))).toEqual([]);
  });

  it.each([
    ['21474836.47', true],
    ['21474836.48', false],
    ['30,000,000', false],
  ])('a shipping cost of %s can be stored: %s', (cost, storable) => {
    const result = validateRow(recordWith({ shipping_cost: cost }), { now: NOW });
    expect(result.valid).toBe(storable);
    if (!storable) {
      expect(result.errors.map((e) => e.message)).toEqual([
        'Shipping cost is too large (at most $21,474,836.47)',
      ]);
    }
  });

  it('a cell over its limit is refused without running the other rules on it', () => {
    const result = validateRow(recordWith({ tracking_number: '9'.repeat(5_000_000) }), { now: NOW });
    expect(result.errors.map((e) => e.code)).toEqual(['CELL_TOO_LONG']);
    expect(result.warnings).toEqual([]);
  });

  it('validateRecords counts such rows as invalid and keeps going', () => {
    const out = validateRecords(
      [recordWith({}), recordWith({ tracking_number: 'bad\u0000' }), recordWith({})],
      { now: NOW },
    );
    expect(out).toMatchObject({ totalRows: 3, validRows: 2, invalidRows: 1 });
    expect(out.rows[1]!.result.errors[0]!.message).toBe(
      'Tracking number contains an invisible control character',
    );
  });
});

describe('cellProblem', () => {
  it.each([
    ['order_id', 'x'.repeat(UPLOAD_LIMITS.maxIdChars), undefined],
    ['order_id', 'x'.repeat(UPLOAD_LIMITS.maxIdChars + 1), 'CELL_TOO_LONG'],
    ['carrier', 'x'.repeat(UPLOAD_LIMITS.maxCellChars), undefined],
    ['carrier', 'x'.repeat(UPLOAD_LIMITS.maxCellChars + 1), 'CELL_TOO_LONG'],
    ['carrier', '\u0000', 'CELL_CONTROL_CHARACTER'],
    ['carrier', '\r', 'CELL_CONTROL_CHARACTER'],
    ['carrier', '\t', undefined],
    ['carrier', PAIR, undefined],
    ['carrier', `${LONE_LOW}${LONE_HIGH}`, 'CELL_INVALID_CHARACTER'],
    ['carrier', `${PAIR}${LONE_HIGH}`, 'CELL_INVALID_CHARACTER'],
  ] as const)('%s %j -> %s', (field, value, expected) => {
    expect(cellProblem(field, value)).toBe(expected);
  });
});

describe('safeText, echoText and storableRecord', () => {
  it.each([
    ['plain', 'abc', 10, 'abc'],
    ['NUL and control characters become spaces', 'a\u0000b\u0001c\nd', 10, 'a b c d'],
    ['a tab is kept', 'a\tb', 10, 'a\tb'],
    ['a lone surrogate becomes U+FFFD', `a${LONE_HIGH}b${LONE_LOW}`, 10, 'a\uFFFDb\uFFFD'],
    ['a pair is kept', `a${PAIR}`, 10, `a${PAIR}`],
    ['long text is cut with an ellipsis', 'abcdefghijkl', 5, 'abcde…'],
    ['a cut never splits a pair', `abcd${PAIR}x`, 5, 'abcd…'],
  ])('%s', (_name, input, max, expected) => {
    expect(safeText(input, max)).toBe(expected);
  });

  it('echoText quotes at most 100 characters of a 10 MB cell', () => {
    const echoed = echoText('x'.repeat(10 * 1024 * 1024));
    expect(echoed).toBe(`${'x'.repeat(100)}…`);
  });

  it('storableRecord survives JSON in Postgres: no NUL, no lone surrogate, bounded cells and headers', () => {
    const stored = storableRecord({
      [`head${LONE_HIGH}`]: 'a\u0000b',
      ['h'.repeat(1000)]: 'x'.repeat(1000),
      absent: undefined,
    });
    const json = JSON.stringify(stored);
    expect(json).not.toMatch(/\\u0000|\\ud83d/i);
    expect(Object.keys(stored)).toEqual(['head\uFFFD', `${'h'.repeat(256)}…`]);
    expect(Object.values(stored)).toEqual(['a b', `${'x'.repeat(256)}…`]);
  });
});
