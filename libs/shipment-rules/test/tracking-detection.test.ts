import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { carrierFamily, type CarrierCode } from '../src/carriers.js';
import { detectCarrier, detectCarriers, detectCarriersSlow } from '../src/tracking.js';
import { detectCarrierReference, detectCarriersReference } from './reference/validate-row.js';
import {
  ALNUM,
  DIGITS,
  FORMATS,
  chars,
  digits,
  nearMisses,
  pick,
  prng,
  spellings,
  substitutions,
  validNumbers,
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
    if (confirms(fast, named))
      expect({ tracking, named, confirmed: confirms(reference, named) }).toEqual({
        tracking,
        named,
        confirmed: true,
      });
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

describe('detectCarriers: the shapes it answers directly', () => {
  // The direct answers rest on these: for each shape, which of the library's formats can match.
  const shapes: Array<[string, (rand: Rand) => string, string[]]> = [
    ['1Z + 16 letters/digits', (rand) => `1Z${chars(rand, rand() < 0.5 ? ALNUM : DIGITS, 16)}`, ['UPS']],
    ['12 digits', (rand) => digitsWithPrefix(rand, 12), ['FedEx Express (12)']],
    ['15 digits', (rand) => digitsWithPrefix(rand, 15), ['FedEx Ground']],
    ['20 digits', (rand) => digitsWithPrefix(rand, 20), ['FedEx SmartPost', 'USPS 20', 'USPS 91']],
    [
      '22 digits',
      (rand) => digitsWithPrefix(rand, 22),
      ['FedEx SmartPost', 'FedEx Ground 96 (22)', 'USPS 91'],
    ],
  ];

  it.each(shapes)('%s: only the expected formats can match', (_shape, make, allowed) => {
    const rand = prng(7);
    const seen = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const number = make(rand);
      for (const name of formatsMatching(number)) {
        expect({ number, format: name, allowed: allowed.includes(name) }).toEqual({
          number,
          format: name,
          allowed: true,
        });
        seen.add(name);
      }
    }
    expect([...seen].sort()).toEqual([...allowed].sort());
  });
});

/** Digits of the given length, often starting with a prefix the formats look for. */
function digitsWithPrefix(rand: Rand, length: number): string {
  const prefix = pick(rand, [
    '',
    '',
    '92',
    '96',
    '94',
    '91',
    '95',
    '93',
    '420',
    '10',
    '71',
    '00',
    '9229',
    '9612',
  ]);
  let number = `${prefix}${digits(rand, Math.max(0, length - prefix.length))}`.slice(0, length);
  // SmartPost's service type '29' sits at digits 3-4 (or 5-6 after '92').
  if (rand() < 0.4) {
    const at = pick(rand, [2, 4]);
    number = `${number.slice(0, at)}29${number.slice(at + 2)}`.slice(0, length);
  }
  return number;
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
      const length = pick(rand, [12, 15, 20, 22]);
      const body = digitsWithPrefix(rand, length).slice(0, -1);
      for (const digit of DIGITS) expectSameDetection(`${body}${digit}`);
      const ups = `1Z${chars(rand, ALNUM, 15)}`;
      for (const digit of `${DIGITS}${chars(rand, ALNUM, 3)}`) expectSameDetection(`${ups}${digit}`);
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
