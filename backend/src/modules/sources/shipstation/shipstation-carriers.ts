import { detectCarrier, isCarrierCode, type CarrierCode } from '@portal/shipment-rules';

/** ShipStation carrier codes (by prefix) -> Faire's carrier list. */
const CARRIER_PREFIXES: ReadonlyArray<[string, CarrierCode]> = [
  ['stamps_com', 'USPS'],
  ['usps', 'USPS'],
  ['endicia', 'USPS'],
  ['express_1', 'USPS'],
  ['ups', 'UPS'],
  ['fedex', 'FEDEX'],
  ['dhl_express', 'DHL_EXPRESS'],
  ['dhl_ecommerce', 'DHL_ECOMMERCE'],
  ['dhl_global_mail', 'DHL_ECOMMERCE'],
  ['canada_post', 'CANADA_POST'],
  ['purolator', 'PUROLATOR'],
  ['royal_mail', 'ROYAL_MAIL'],
  ['parcelforce', 'PARCELFORCE'],
  ['australia_post', 'AUSTRALIA_POST'],
  ['auspost', 'AUSTRALIA_POST'],
  ['dpd_uk', 'DPDUK'],
  ['dpd', 'DPD'],
  ['evri', 'EVRI'],
  ['hermes', 'EVRI'],
  ['postnl', 'POSTNL'],
  ['canpar', 'CANPAR'],
  ['ontrac', 'ONTRAC'],
  ['lasership', 'LASERSHIP'],
];

/**
 * Faire's carrier for a source carrier code: the company's own map first, then the built-in prefixes,
 * then the tracking number's check digits; undefined when none of them knows (the label waits).
 */
export function shipStationCarrier(
  code: string | null,
  tracking: string,
  companyMap: Readonly<Record<string, string>> = {},
): CarrierCode | undefined {
  const key = (code ?? '').trim().toLowerCase();
  if (key) {
    const own = companyMap[key];
    if (isCarrierCode(own)) return own;
    for (const [prefix, carrier] of CARRIER_PREFIXES) if (key.startsWith(prefix)) return carrier;
  }
  return detectCarrier(tracking);
}
