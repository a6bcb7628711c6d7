import { carrierDisplay, trackingUrlFor } from '@portal/shipment-rules';
export { formatMoney } from '../money/formatMoney';

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A short US date ("Nov 20, 2026"); '-' when missing or unreadable. A date without a time ("2026-11-20")
 * is a calendar day and is shown as that day in every time zone.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return '-';
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '-';
  return d.toLocaleDateString('en-US', {
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    ...(DATE_ONLY.test(value) ? { timeZone: 'UTC' } : {}),
  });
}

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
