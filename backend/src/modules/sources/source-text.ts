import { outsideText } from '../../common/text/outside-text.js';

/**
 * Text a source reports (an order number, a carrier name, a tracking number), as data: cleaned where it
 * enters like Faire's text (decision 0029: control and layout characters become spaces, broken
 * characters U+FFFD), trimmed and cut at `max`; null when nothing is left. Numbers are read as text.
 */
export function sourceText(value: unknown, max: number): string | null {
  const raw = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
  if (raw === null) return null;
  const text = outsideText(raw, max).trim();
  return text ? text : null;
}
