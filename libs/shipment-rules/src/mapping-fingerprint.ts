import { findMissingColumns, normalizeHeader, type ColumnMapping } from './headers.js';

/** FNV-1a over UTF-16 code units, 32 bits, from a given offset basis. */
function fnv1a(text: string, basis: number): number {
  let h = basis >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** The headers a fingerprint is made of: normalised (trimmed, lowercased), blanks dropped, each once, sorted. */
export function fingerprintHeaders(headers: readonly string[]): string[] {
  return [...new Set(headers.map(normalizeHeader).filter((h) => h !== ''))].sort();
}

/**
 * A short, stable name for a set of CSV headers, so a company's saved column mapping is found again for
 * the next file with the same columns: the same whatever the case, surrounding spaces, byte order mark or
 * column order; different as soon as one column is added, removed or renamed.
 */
export function headerFingerprint(headers: readonly string[]): string {
  const text = fingerprintHeaders(headers).join('\u001f');
  const a = fnv1a(text, 0x811c9dc5).toString(16).padStart(8, '0');
  const b = fnv1a(text, 0x050c5d1f).toString(16).padStart(8, '0');
  return `h1-${a}${b}`;
}

/**
 * True when a saved mapping can read a file with these headers: every column it names is there and,
 * with it, no required column is missing.
 */
export function mappingFitsHeaders(mapping: ColumnMapping, headers: readonly string[]): boolean {
  const present = new Set(fingerprintHeaders(headers));
  if (Object.keys(mapping).length === 0) return false;
  if (!Object.keys(mapping).every((column) => present.has(normalizeHeader(column)))) return false;
  return findMissingColumns([...present], mapping).length === 0;
}
