import { ORDER_ID_MIN_LENGTH } from './constants.js';

const PREFIX = 'bo_';

/** Trimmed, lowercased, with the `bo_` prefix added when missing: ' XYZ98765AB ' -> 'bo_xyz98765ab'. */
export function normalizeOrderId(raw: string): string {
  const id = String(raw).trim().toLowerCase();
  return id.startsWith(PREFIX) ? id : `${PREFIX}${id}`;
}

/** The id part of an order id, without `bo_`: 'bo_abc12345de' -> 'abc12345de'. */
export function orderIdBody(orderId: string): string {
  return normalizeOrderId(orderId).slice(PREFIX.length);
}

/**
 * True when the id part (after normalisation, without `bo_`) has at least ORDER_ID_MIN_LENGTH
 * characters. The prefix does not count: every normalised id starts with the 3 characters `bo_`,
 * so counting them would let 'ab' (-> 'bo_ab') through.
 */
export function isOrderIdLongEnough(orderId: string): boolean {
  return [...orderIdBody(orderId)].length >= ORDER_ID_MIN_LENGTH;
}

/** '#' + the id without `bo_`, uppercased: 'bo_abc12345de' -> '#ABC12345DE' (also for ids given without the prefix). */
export function displayIdFor(orderId: string): string {
  return `#${orderIdBody(orderId).toUpperCase()}`;
}

/**
 * Display id for the review modal: like `displayIdFor`, but '-' when the id as typed in the file does
 * not start with `bo_` (compared after trimming, case-insensitive, so 'BO_ABC12345' counts).
 */
export function reviewDisplayId(rawOrderId: string | undefined): string {
  if (rawOrderId === undefined) return '-';
  const id = String(rawOrderId).trim().toLowerCase();
  if (!id.startsWith(PREFIX)) return '-';
  return displayIdFor(id);
}
