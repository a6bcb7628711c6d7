import { safeText } from '@portal/shipment-rules';

/**
 * Characters that lay text out rather than say something: C0 and C1 controls (line breaks and tabs
 * included), DEL, the Unicode line and paragraph separators, and the bidirectional overrides.
 */
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const LAYOUT = /[\u0000-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/g;

/** The longest text from outside that is kept (a store name, a note); longer text is cut with "…". */
export const OUTSIDE_TEXT_MAX_CHARS = 500;

/**
 * Text from outside (Faire, and later any source) as data, not layout (decision 0029): every layout
 * character becomes a space, broken characters become U+FFFD, and it is cut at `maxChars`. Applied where
 * synced text enters the product, before it is stored, so every screen and email shows it on one line.
 */
export function outsideText(value: string, maxChars = OUTSIDE_TEXT_MAX_CHARS): string {
  return safeText(String(value).replace(LAYOUT, ' '), maxChars);
}

/** outsideText for an optional value: null and undefined stay null. */
export function outsideTextOrNull(value: string | null | undefined, maxChars?: number): string | null {
  return value === null || value === undefined ? null : outsideText(value, maxChars);
}
