import { KNOWN_CARRIERS } from './constants.js';

/** Faire's accepted carrier values (faire-api.md section 5). Any other text is accepted as free text. */
export const FAIRE_CARRIERS = [
  'CANADA_POST',
  'DHL_ECOMMERCE',
  'DHL_EXPRESS',
  'FEDEX',
  'PUROLATOR',
  'UPS',
  'USPS',
  'POSTNL',
  'CANPAR',
  'INTERLINK_EXPRESS',
  'GSO',
  'ROYAL_MAIL',
  'DPD',
  'DPDUK',
  'PARCELFORCE',
  'AUSTRALIA_POST',
  'EVRI',
  'LA_POSTE',
] as const;

export type FaireCarrier = (typeof FAIRE_CARRIERS)[number];

/** Known carriers outside Faire's list, sent as free text in this canonical spelling. */
export const EXTRA_CARRIER_CODES = ['ONTRAC', 'LASERSHIP'] as const;

export type CarrierCode = FaireCarrier | (typeof EXTRA_CARRIER_CODES)[number];

const CARRIER_LABELS: Readonly<Record<CarrierCode, string>> = {
  CANADA_POST: 'Canada Post',
  DHL_ECOMMERCE: 'DHL eCommerce',
  DHL_EXPRESS: 'DHL Express',
  FEDEX: 'FedEx',
  PUROLATOR: 'Purolator',
  UPS: 'UPS',
  USPS: 'USPS',
  POSTNL: 'PostNL',
  CANPAR: 'Canpar',
  INTERLINK_EXPRESS: 'Interlink Express',
  GSO: 'GSO',
  ROYAL_MAIL: 'Royal Mail',
  DPD: 'DPD',
  DPDUK: 'DPD UK',
  PARCELFORCE: 'Parcelforce',
  AUSTRALIA_POST: 'Australia Post',
  EVRI: 'Evri',
  LA_POSTE: 'La Poste',
  ONTRAC: 'OnTrac',
  LASERSHIP: 'LaserShip',
};

export function isCarrierCode(value: unknown): value is CarrierCode {
  return typeof value === 'string' && Object.hasOwn(CARRIER_LABELS, value);
}

/** A human name for a carrier code ('FEDEX' -> 'FedEx'); other text is returned as given. */
export function carrierLabel(carrier: string): string {
  return isCarrierCode(carrier) ? CARRIER_LABELS[carrier] : carrier;
}

/** Carriers sharing one tracking system, so that 'DHL' and a DHL eCommerce number do not disagree. */
export function carrierFamily(code: CarrierCode): string {
  return code.startsWith('DHL_') ? 'DHL' : code;
}

interface Alias {
  code: CarrierCode;
  /** Matches anywhere in the letters-and-digits-only text ('Fed Ex' -> 'fedex'). */
  compact?: readonly string[];
  /** Matches whole consecutive words only (so 'Groups' is not UPS and 'Plus Postal' is not USPS). */
  phrases?: readonly string[];
}

/** Checked in order: the first alias that matches wins. */
const ALIASES: readonly Alias[] = [
  {
    code: 'DHL_ECOMMERCE',
    compact: ['dhlecommerce', 'dhlecom', 'dhlglobalmail', 'dhlparcel', 'dhlsmartmail'],
  },
  { code: 'DHL_EXPRESS', compact: ['dhl'] },
  { code: 'FEDEX', compact: ['fedex', 'federalexpress'] },
  {
    code: 'USPS',
    compact: ['usps', 'unitedstatespostal', 'unitedstatespostoffice'],
    phrases: ['us postal', 'us post office', 'us mail', 'usmail'],
  },
  { code: 'UPS', compact: ['unitedparcel'], phrases: ['ups'] },
  { code: 'CANADA_POST', compact: ['canadapost', 'postescanada'] },
  { code: 'PUROLATOR', compact: ['purolator'] },
  { code: 'POSTNL', compact: ['postnl'] },
  { code: 'CANPAR', compact: ['canpar'] },
  { code: 'INTERLINK_EXPRESS', compact: ['interlinkexpress'], phrases: ['interlink'] },
  { code: 'GSO', compact: ['goldenstateovernight'], phrases: ['gso'] },
  { code: 'ROYAL_MAIL', compact: ['royalmail'] },
  { code: 'DPDUK', compact: ['dpduk'] },
  { code: 'DPD', phrases: ['dpd'] },
  { code: 'PARCELFORCE', compact: ['parcelforce'] },
  { code: 'AUSTRALIA_POST', compact: ['australiapost', 'auspost'] },
  { code: 'EVRI', compact: ['myhermes'], phrases: ['evri', 'hermes'] },
  { code: 'LA_POSTE', compact: ['laposte', 'colissimo'] },
  { code: 'ONTRAC', compact: ['ontrac'] },
  { code: 'LASERSHIP', compact: ['lasership'] },
];

/** Lowercase words, with dots and apostrophes dropped first so 'U.S.P.S.' reads 'usps'. */
function carrierWords(raw: string): string[] {
  return raw
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word.length > 0);
}

/** The carrier code a carrier cell names, or `undefined` for unknown text. */
export function carrierCodeFor(raw: string): CarrierCode | undefined {
  const words = carrierWords(String(raw));
  if (words.length === 0) return undefined;
  const compact = words.join('');
  const spaced = ` ${words.join(' ')} `;
  const alias = ALIASES.find(
    ({ compact: needles, phrases }) =>
      needles?.some((needle) => compact.includes(needle)) === true ||
      phrases?.some((phrase) => spaced.includes(` ${phrase} `)) === true,
  );
  return alias?.code;
}

/**
 * Faire's carrier value for a carrier cell ('FedEx Ground' -> 'FEDEX', 'U.S.P.S.' -> 'USPS',
 * 'United Parcel Service' -> 'UPS', 'DHL eCommerce' -> 'DHL_ECOMMERCE', 'OnTrac' -> 'ONTRAC');
 * unknown carriers come back as the trimmed original text (Faire accepts free text).
 */
export function normalizeCarrier(raw: string): string {
  return carrierCodeFor(raw) ?? String(raw).trim();
}

/**
 * Whether a carrier cell is recognised: it contains one of KNOWN_CARRIERS (the spec's rule,
 * case-insensitive), or it names a carrier `normalizeCarrier` maps to a code ('Fed Ex', 'Canada Post').
 */
export function isRecognisedCarrier(raw: string): boolean {
  const lower = String(raw).toLowerCase();
  return KNOWN_CARRIERS.some((known) => lower.includes(known)) || carrierCodeFor(raw) !== undefined;
}
