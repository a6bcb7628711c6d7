import { allCouriers, getTracking, type TrackingCourier } from 'ts-tracking-number';
import { carrierFamily, type CarrierCode } from './carriers.js';
import { S10_COUNTRY, detectKnownShape, isUpperAlnum } from './tracking-shapes.js';

/** Trimmed, every whitespace (and zero-width character) removed, uppercased. */
export function normalizeTrackingNumber(raw: string): string {
  // Text of 0-9 and A-Z only (most cells) has nothing to remove or uppercase.
  if (typeof raw === 'string' && isUpperAlnum(raw)) return raw;
  return String(raw)
    .replace(/[\s\u200B-\u200D\u2060\uFEFF]+/g, '')
    .toUpperCase();
}

const SCIENTIFIC = /^[0-9]+(?:[.,][0-9]+)?E[+-]?[0-9]{1,3}$/i;

/**
 * True for a number a spreadsheet turned into scientific notation ('1.23457E+17', '1.2E+21',
 * '9,40011E+21'): the digits past the mantissa are gone and cannot be recovered.
 */
export function isScientificNotation(raw: string): boolean {
  const text = String(raw).trim();
  // No exponent without an 'E' or 'e' (the only characters the case-insensitive 'E' matches).
  if (!text.includes('E') && !text.includes('e')) return false;
  return SCIENTIFIC.test(text);
}

/** Carriers whose tracking numbers the check-digit tables can recognise. */
const DETECTABLE: ReadonlySet<CarrierCode> = new Set<CarrierCode>([
  'UPS',
  'FEDEX',
  'USPS',
  'DHL_EXPRESS',
  'DHL_ECOMMERCE',
  'ONTRAC',
]);

export function isDetectableCarrier(code: string): code is CarrierCode {
  return DETECTABLE.has(code as CarrierCode);
}

function codeForCourier(
  courier: TrackingCourier,
  match: { name: string },
  tracking: string,
): CarrierCode | undefined {
  switch (courier.courier_code) {
    case 'ups':
      return 'UPS';
    case 'fedex':
      return 'FEDEX';
    case 'usps':
      return 'USPS';
    case 'ontrac':
      return 'ONTRAC';
    case 'dhl':
      return /e-?commerce/i.test(match.name) ? 'DHL_ECOMMERCE' : 'DHL_EXPRESS';
    case 's10':
      return Object.hasOwn(S10_COUNTRY, tracking.slice(-2)) ? S10_COUNTRY[tracking.slice(-2)] : undefined;
    default:
      return undefined;
  }
}

const MIN_LENGTH = 8;
const MAX_LENGTH = 40;

interface CourierFilter {
  courier: TrackingCourier;
  /** The courier's number patterns compiled once; `undefined` where one does not compile (then always ask). */
  patterns: Array<RegExp | undefined>;
}

let filters: CourierFilter[] | undefined;

/**
 * ts-tracking-number compiles every pattern of every courier on each call. Matching the shapes here
 * first (with the library's own patterns, compiled once) leaves it only the check-digit work for the
 * one or two formats a number can belong to.
 */
function courierFilters(): CourierFilter[] {
  filters ??= allCouriers.map((courier) => ({
    courier,
    patterns: courier.tracking_numbers.map((format) => {
      try {
        return new RegExp(`\\b${typeof format.regex === 'string' ? format.regex : format.regex.join('')}\\b`);
      } catch {
        return undefined;
      }
    }),
  }));
  return filters;
}

/**
 * Every carrier whose format and check digit the tracking number satisfies, asking ts-tracking-number
 * itself (UPS 1Z mod 10, FedEx 12/15/20/22/34-digit, USPS 20/22/26/30/34-digit mod 10, DHL, OnTrac,
 * S10). This is the reference `detectCarriers` answers for; it takes tens of microseconds a number.
 */
export function detectCarriersSlow(tracking: string): CarrierCode[] {
  return detectWithLibrary(trackingAlnum(tracking));
}

/** `tracking` normalised, without the characters that are not A-Z or 0-9 (what the library reads). */
function trackingAlnum(tracking: string): string {
  if (typeof tracking === 'string' && isUpperAlnum(tracking)) return tracking;
  const normalized = normalizeTrackingNumber(tracking);
  return isUpperAlnum(normalized) ? normalized : normalized.replace(/[^A-Z0-9]/g, '');
}

function detectWithLibrary(number: string): CarrierCode[] {
  if (number.length < MIN_LENGTH || number.length > MAX_LENGTH) return [];
  const found: CarrierCode[] = [];
  for (const { courier, patterns } of courierFilters()) {
    const formats = courier.tracking_numbers.filter((_, index) => {
      const pattern = patterns[index];
      return pattern === undefined || pattern.test(number);
    });
    if (formats.length === 0) continue;
    let match: { name: string } | undefined;
    try {
      match = getTracking(number, [{ ...courier, tracking_numbers: formats }]);
    } catch {
      match = undefined;
    }
    const code = match ? codeForCourier(courier, match, number) : undefined;
    if (code !== undefined && !found.includes(code)) found.push(code);
  }
  return found;
}

/** Like `detectCarriers`, but the answer may be a shared, frozen array: for callers that only read it. */
export function detectCarriersShared(tracking: string): readonly CarrierCode[] {
  const number = trackingAlnum(tracking);
  return detectKnownShape(number) ?? detectWithLibrary(number);
}

/**
 * Every carrier whose format and check digit the tracking number satisfies (ts-tracking-number data:
 * UPS 1Z mod 10, FedEx 12/15/20/22/34-digit, USPS 20/22/26/30/34-digit mod 10, DHL, OnTrac, S10).
 * Some numbers are valid for more than one carrier (most FedEx SmartPost numbers are USPS numbers too).
 * The same answer as `detectCarriersSlow`, computed directly for the common shapes.
 */
export function detectCarriers(tracking: string): CarrierCode[] {
  return [...detectCarriersShared(tracking)];
}

/** The one carrier a tracking number belongs to by its check digit, or `undefined` when none or ambiguous. */
export function detectCarrier(tracking: string): CarrierCode | undefined {
  const found = detectCarriersShared(tracking);
  const families = new Set(found.map(carrierFamily));
  return families.size === 1 ? found[0] : undefined;
}

const UPS_FORMAT = /^1Z[0-9A-Z]{16}$/;
const USPS_FORMAT = /^(?:\d{20,22}|[A-Z]{2}\d{9}[A-Z]{2})$/;
const FEDEX_FORMAT = /^\d{12,14}$/;

/**
 * Whether a (normalised) tracking number has the shape the spec gives for the carrier:
 * UPS 1Z + 16 uppercase letters/digits; USPS 20-22 digits or 2 letters, 9 digits, 2 letters;
 * FedEx 12-14 digits. `undefined` for carriers without a format rule.
 */
export function matchesCarrierFormat(carrier: string, tracking: string): boolean | undefined {
  switch (carrier) {
    case 'UPS':
      return UPS_FORMAT.test(tracking);
    case 'USPS':
      return USPS_FORMAT.test(tracking);
    case 'FEDEX':
      return FEDEX_FORMAT.test(tracking);
    default:
      return undefined;
  }
}
