import { ORDER_ID_MIN_LENGTH } from './constants.js';
import { readOrderIdCell } from './value-forms.js';

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
 * Display id for the review modal, for every form an id is typed in: the id read as the rules read it
 * ('Order #ABC12345DE', '#abc12345de', 'abc12345de' and the order's Faire address all give
 * '#ABC12345DE'; '#XY' gives '#XY', not '##XY'); '-' only for a blank cell. The spec's '-' for ids
 * without `bo_` left most rows of a real export without one (decision 0030).
 */
export function reviewDisplayId(rawOrderId: string | undefined): string {
  if (rawOrderId === undefined) return '-';
  const id = readOrderIdCell(rawOrderId).text.trim();
  return id === '' ? '-' : displayIdFor(id);
}
