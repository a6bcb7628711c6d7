import { carrierCodeFor, carrierLabel, type CarrierCode } from './carriers.js';

/**
 * Each carrier's public tracking page, `{n}` standing for the URL-encoded tracking number: every carrier
 * in Faire's list (faire-api.md section 5) plus OnTrac and LaserShip (now part of OnTrac).
 */
export const CARRIER_TRACKING_URLS: Readonly<Record<CarrierCode, string>> = {
  CANADA_POST: 'https://www.canadapost-postescanada.ca/track-reperage/en#/search?searchFor={n}',
  DHL_ECOMMERCE: 'https://www.dhl.com/us-en/home/tracking/tracking-ecommerce.html?submit=1&tracking-id={n}',
  DHL_EXPRESS: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?submit=1&tracking-id={n}',
  FEDEX: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  PUROLATOR: 'https://www.purolator.com/en/shipping/tracker?pin={n}',
  UPS: 'https://www.ups.com/track?tracknum={n}',
  USPS: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  POSTNL: 'https://jouw.postnl.nl/track-and-trace/{n}',
  CANPAR: 'https://www.canpar.com/en/tracking/track.htm?barcode={n}',
  INTERLINK_EXPRESS: 'https://www.interlinkexpress.com/apps/tracking/?reference={n}',
  GSO: 'https://www.gls-us.com/track-and-trace?TrackingNumbers={n}',
  ROYAL_MAIL: 'https://www.royalmail.com/track-your-item#/tracking-results/{n}',
  DPD: 'https://tracking.dpd.de/status/en_US/parcel/{n}',
  DPDUK: 'https://track.dpd.co.uk/parcels/{n}',
  PARCELFORCE: 'https://www.parcelforce.com/track-trace?trackNumber={n}',
  AUSTRALIA_POST: 'https://auspost.com.au/mypost/track/details/{n}',
  EVRI: 'https://www.evri.com/track/parcel/{n}',
  LA_POSTE: 'https://www.laposte.fr/outils/suivre-vos-envois?code={n}',
  ONTRAC: 'https://www.ontrac.com/tracking/?number={n}',
  LASERSHIP: 'https://www.ontrac.com/tracking/?number={n}',
};

export interface CarrierDisplay {
  /** Faire's code when the text names a known carrier ('Canada Post', 'CANADA_POST' -> 'CANADA_POST'). */
  code: CarrierCode | undefined;
  /** What people call it ('CANADA_POST' -> 'Canada Post'); unknown text as given, trimmed. */
  label: string;
}

/** A carrier as the order screens show it; `undefined` for a missing or blank carrier. */
export function carrierDisplay(carrier: string | null | undefined): CarrierDisplay | undefined {
  const raw = carrier?.trim();
  if (!raw) return undefined;
  const code = carrierCodeFor(raw.replace(/_/g, ' '));
  return { code, label: code ? carrierLabel(code) : raw };
}

/** The carrier's tracking page for this number, or null for an unknown carrier or a missing number. */
export function trackingUrlFor(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  const number = trackingNumber?.trim();
  const code = carrierDisplay(carrier)?.code;
  if (!number || !code) return null;
  return CARRIER_TRACKING_URLS[code].replace('{n}', encodeURIComponent(number));
}
