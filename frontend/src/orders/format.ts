import { carrierDisplay, trackingUrlFor } from '@portal/shipment-rules';
export { formatMoney } from '../money/formatMoney';

/** The carrier's public tracking page for a tracking number (every carrier in Faire's list); null otherwise. */
export function trackingUrl(
  carrier: string | null | undefined,
  trackingNumber: string | null | undefined,
): string | null {
  return trackingUrlFor(carrier, trackingNumber);
}

/** A carrier as people name it ('CANADA_POST' -> 'Canada Post'); unknown text as given; '-' when missing. */
export function carrierName(carrier: string | null | undefined): string {
  return carrierDisplay(carrier)?.label ?? '-';
}

/** A display id as people know it on Faire: always with one leading "#" ("#A1B2C3"). */
export function displayIdLabel(displayId: string | null | undefined, faireOrderId?: string): string {
  const raw = (displayId || faireOrderId?.replace(/^bo_/i, '').toUpperCase() || '').replace(/^#+/, '');
  return raw ? `#${raw}` : '-';
}
