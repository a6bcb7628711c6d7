import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_STORED_CENTS, REQUIRED_COLUMNS, cellSafetyErrors, type CsvRecord } from '../src/index.js';
import { shippingCostTooLarge } from '../src/cell-safety.js';
import { fieldKeysOf, normalizedCells } from '../src/headers.js';
import { parseShippingCost, plainAmountCents } from '../src/money.js';
import { isScientificNotation, normalizeTrackingNumber } from '../src/tracking.js';
import { validateRow } from '../src/validate-row.js';
import {
  isScientificNotationReference,
  normalizeTrackingNumberReference,
  validateRowReference,
} from './reference/validate-row.js';
import { FORMATS, nearMisses, pick, prng, spellings, validNumbers, type Rand } from './tracking-numbers.js';

const NOW = new Date('2026-11-21T12:00:00.000Z');

/**
 * The reference is the implementation before the cell-safety rule: a row with a control character,
 * a broken character or an over-long cell is refused by that rule alone (tested in cell-safety.test.ts).
 */
/** The reference's answer with the storage rule: a cost over MAX_STORED_CENTS is an error too. */
function storable(
  record: CsvRecord,
  result: ReturnType<typeof validateRowReference>,
): ReturnType<typeof validateRowReference> {
  const cost = parseShippingCost(normalizedCells(record).get('shipping_cost'));
  if (!cost.ok || cost.cents <= MAX_STORED_CENTS) return result;
  const { value: _value, ...rest } = result;
  return { ...rest, valid: false, errors: [...result.errors, shippingCostTooLarge()] };
}

function expectSameResult(record: CsvRecord, now: Date): void {
  const unsafe = cellSafetyErrors(record, fieldKeysOf(record));
  const expected =
    unsafe.length > 0
      ? { valid: false, errors: unsafe, warnings: [] }
      : storable(record, validateRowReference(record, { now }));
  expect({ record, result: validateRow(record, { now }) }).toStrictEqual({ record, result: expected });
}

/** Valid numbers of every format in the library's data, with some of their spellings and near misses. */
function trackingCorpus(): string[] {
  const rand = prng(99);
  const corpus: string[] = [];
  for (const entry of FORMATS) {
    for (const number of validNumbers(entry, rand, 3)) {
      corpus.push(number, ...spellings(number), ...nearMisses(number, rand).filter(() => rand() < 0.15));
    }
  }
  return corpus;
}

const TRACKING = trackingCorpus();

const CARRIERS = [
  'UPS',
  'ups',
  ' UPS ',
  'United Parcel Service',
  'FedEx',
  'FEDEX',
  'Fed Ex Ground',
  'Federal Express',
  'USPS',
  'U.S.P.S.',
  'US Mail',
  'DHL',
  'DHL eCommerce',
  'OnTrac',
  'LaserShip',
  'Canada Post',
  'Royal Mail',
  'Pigeon',
  'Groups',
  '',
  ' ',
];

function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Ship-date cells around `now`: ISO, US and short US forms, timestamps, and broken ones. */
function shipDateCell(rand: Rand, now: Date): string {
  const day = new Date(now.getTime() + Math.floor((rand() - 0.6) * 800) * 86_400_000);
  const iso = isoDate(day);
  const [year, month, dayOfMonth] = iso.split('-') as [string, string, string];
  return pick(rand, [
    iso,
    iso,
    `${month}/${dayOfMonth}/${year}`,
    `${Number(month)}/${Number(dayOfMonth)}/${year.slice(2)}`,
    `${iso}T23:59:00Z`,
    ` ${iso} `,
    '2025-13-45',
    '02/30/2026',
    `${dayOfMonth}.${month}.${year}`,
    `${dayOfMonth}/${month}/${year}`,
    `${dayOfMonth}-${month}-${year}`,
    `${year}/${month}/${dayOfMonth}`,
    `${month}/${dayOfMonth}/${year} 14:30`,
    `${Number(dayOfMonth)} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(month) - 1]} ${year}`,
    '46346',
    '',
    'soon',
  ]);
}

function shippingCostCell(rand: Rand): string {
  const cents = Math.floor(rand() * 2_000_000);
  const plain = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
  return pick(rand, [
    plain,
    plain,
    String(Math.floor(cents / 100)),
    `${plain}5`,
    `.${cents % 100}`,
    `${Math.floor(cents / 100)}.`,
    `$${plain}`,
    `1,${plain}`,
    `-${plain}`,
    `(${plain})`,
    '0.00',
    '-0',
    '00000000000000012.50',
    '12345678901234.00',
    '1.2.3',
    `€ ${plain.replace('.', ',')}`,
    `${plain} GBP`,
    `USD ${plain}`,
    '1,234',
    '.',
    'n/a',
    '',
  ]);
}

const HEADER_SPELLINGS: Readonly<Record<string, readonly string[]>> = {
  order_id: ['order_id', 'Order_ID', ' order_id ', '\uFEFForder_id'],
  tracking_number: ['tracking_number', 'TRACKING_NUMBER'],
  carrier: ['carrier', 'Carrier '],
  ship_date: ['ship_date', 'Ship_Date'],
  shipping_cost: ['shipping_cost', 'SHIPPING_COST'],
};

/** A record of an upload: usually plain headers, sometimes other spellings, duplicates or gaps. */
function uploadRecord(rand: Rand, now: Date): CsvRecord {
  const cells: Record<string, string> = {
    order_id: pick(rand, [
      `bo_${Math.floor(rand() * 1e12).toString(36)}`,
      `BO_ABC${Math.floor(rand() * 1e6)}`,
      'XYZ98765AB',
      'abcd',
      'bo_abcd',
      ' bo_Ünïcødé ',
      'bo_😀😀😀',
      'bo_😀😀😀😀😀',
      '',
    ]),
    tracking_number: pick(rand, TRACKING),
    carrier: pick(rand, CARRIERS),
    ship_date: shipDateCell(rand, now),
    shipping_cost: shippingCostCell(rand),
  };
  const record: Record<string, string> = {};
  const fields = [...REQUIRED_COLUMNS].sort(() => (rand() < 0.1 ? rand() - 0.5 : 0));
  for (const field of fields) {
    if (rand() < 0.03) continue;
    const spelling = rand() < 0.85 ? field : pick(rand, HEADER_SPELLINGS[field] ?? [field]);
    if (rand() < 0.03) record[pick(rand, HEADER_SPELLINGS[field] ?? [field])] = 'duplicate';
    record[spelling] = cells[field] ?? '';
  }
  if (rand() < 0.1) record.notes = 'extra column';
  return record;
}

describe('validateRow: the same result as before its fast paths', () => {
  it('on upload-like records of every tracking number format', () => {
    const rand = prng(5);
    for (let i = 0; i < 6000; i++) expectSameResult(uploadRecord(rand, NOW), NOW);
  }, 60_000);

  it('as `now` moves, also past midnight and a year boundary, and when it is invalid', () => {
    const rand = prng(6);
    const nows = [
      NOW,
      new Date('2026-11-21T23:59:59.999Z'),
      new Date('2026-11-22T00:00:00.000Z'),
      new Date('2024-02-29T10:00:00.000Z'),
      new Date('2025-03-01T00:00:00.000Z'),
      new Date('2027-01-01T00:00:00.000Z'),
      new Date(Number.NaN),
    ];
    const records = Array.from({ length: 300 }, () => uploadRecord(rand, NOW));
    for (const now of nows) for (const record of records) expectSameResult(record, now);
  }, 60_000);

  it('after more distinct carrier names and dates than its memos keep', () => {
    const rand = prng(8);
    for (let i = 0; i < 2500; i++) {
      const day = new Date(NOW.getTime() - i * 86_400_000);
      expectSameResult(
        {
          order_id: 'bo_abc12345de',
          tracking_number: pick(rand, TRACKING),
          carrier: `${pick(rand, CARRIERS)} ${i}`,
          ship_date: isoDate(day),
          shipping_cost: '1.00',
        },
        NOW,
      );
    }
  }, 60_000);

  it('when records with different headers follow one another', () => {
    const rand = prng(9);
    const base = uploadRecord(rand, NOW);
    const variants: CsvRecord[] = [
      base,
      { ...base, Order_ID: 'bo_first12345' },
      { Order_ID: 'bo_first12345', ...base },
      { ' ORDER_ID ': 'bo_zzzzz', order_id: 'bo_yyyyy' },
      Object.fromEntries(Object.entries(base).reverse()),
      {},
      { 0: 'x', order_id: 'bo_abcdef' },
      base,
    ];
    for (let round = 0; round < 3; round++) for (const record of variants) expectSameResult(record, NOW);
  });

  const cell = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc.string({
      unit: fc.constantFrom('1', '0', '9', '2', '.', ',', '$', '-', '(', ')', 'E', 'e', '+', ' ', '/', 'Z'),
      maxLength: 30,
    }),
    fc.constantFrom(...TRACKING.slice(0, 200)),
    fc.constantFrom(...CARRIERS),
    fc.double().map(String),
    fc.date({ noInvalidDate: true }).map((date) => date.toISOString()),
  );
  const header = fc.oneof(
    fc.constantFrom(
      ...REQUIRED_COLUMNS,
      ' ORDER_ID ',
      'Carrier',
      '\uFEFFship_date',
      'notes',
      '__proto__',
      'constructor',
      '',
    ),
    fc.string({ unit: 'binary', maxLength: 12 }),
  );
  const anyValue = fc.oneof(
    cell,
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.constant({}),
  );

  it('on any record', () => {
    fc.assert(
      fc.property(fc.dictionary(header, anyValue, { maxKeys: 8 }), fc.date(), (record, now) => {
        expectSameResult(record as CsvRecord, now);
      }),
      { numRuns: 1500 },
    );
  });

  it('on records with every required column holding anything', () => {
    const full = fc.record(
      Object.fromEntries(REQUIRED_COLUMNS.map((field) => [field, fc.option(cell, { nil: undefined })])),
    );
    fc.assert(
      fc.property(full, (record) => {
        expectSameResult(record, NOW);
      }),
      { numRuns: 1500 },
    );
  });
});

describe('the fast paths of the helpers', () => {
  it('fieldKeysOf points at the cells normalizedCells keeps', () => {
    const header = fc.oneof(
      fc.constantFrom(...REQUIRED_COLUMNS, ' ORDER_ID ', 'Carrier', '\uFEFFship_date', 'SHIP_DATE', '1', '0'),
      fc.string({ maxLength: 10 }),
    );
    fc.assert(
      fc.property(fc.dictionary(header, fc.string({ maxLength: 5 }), { maxKeys: 10 }), (record) => {
        const cells = normalizedCells(record);
        const keys = fieldKeysOf(record);
        for (const field of REQUIRED_COLUMNS) {
          const key = keys[field];
          expect(key === undefined ? undefined : record[key]).toBe(cells.get(field));
          expect(key !== undefined).toBe(cells.has(field));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('plainAmountCents agrees with parseShippingCost wherever it answers', () => {
    const amount = fc.string({
      unit: fc.constantFrom('0', '1', '5', '9', '4', '.', ' ', ','),
      maxLength: 20,
    });
    fc.assert(
      fc.property(amount, (text) => {
        const cents = plainAmountCents(text);
        if (cents !== undefined) expect(parseShippingCost(text)).toEqual({ ok: true, cents });
      }),
      { numRuns: 3000 },
    );
    for (const text of [
      '12.50',
      '40',
      '.5',
      '7.',
      '0.005',
      '1.0049',
      '9999999999999.999',
      '0000000000000.01',
    ]) {
      expect(parseShippingCost(text)).toEqual({ ok: true, cents: plainAmountCents(text) });
    }
    for (const text of ['', '.', '1.2.3', '12,50', ' 1', '-1', '99999999999999']) {
      expect(plainAmountCents(text)).toBeUndefined();
    }
  });

  it('normalizeTrackingNumber and isScientificNotation as before', () => {
    const text = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 30 }),
      fc.string({
        unit: fc.constantFrom('1', '9', 'A', 'z', 'E', 'e', '.', ',', '+', '-', ' ', '\u200B', 'ß'),
        maxLength: 20,
      }),
    );
    fc.assert(
      fc.property(text, (raw) => {
        expect(normalizeTrackingNumber(raw)).toBe(normalizeTrackingNumberReference(raw));
        expect(isScientificNotation(raw)).toBe(isScientificNotationReference(raw));
      }),
      { numRuns: 3000 },
    );
  });
});
