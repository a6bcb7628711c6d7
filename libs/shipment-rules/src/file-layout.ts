import { CP1252_HIGH } from './encoding.js';
import { normalizeHeader } from './headers.js';

/** A line ending a file was written with. */
export type LineEnding = '\r\n' | '\n' | '\r';

/**
 * How a brand's file was written, kept so its failed rows go back to it in the same form: the byte
 * order mark, the header row's cells as written and in their order, the line ending (the delimiter and
 * the encoding are stored with the upload).
 */
export interface FileLayout {
  bom: boolean;
  header: string[];
  lineEnding: LineEnding;
}

/** The name of the column a failed-rows file adds last, with why each row did not reach Faire. */
export const REASON_COLUMN = 'Faire error';

const REASON_NAME = /^faire error(?: \(\d+\))?$/;

/** True for a header our failed-rows file adds: "Faire error", "Faire error (2)", ... in any case. */
export function isReasonColumn(header: string): boolean {
  return REASON_NAME.test(normalizeHeader(header).replace(/\s+/g, ' '));
}

/**
 * The reason column's name for a file with these headers: "Faire error", or "Faire error (2)",
 * "(3)", ... when the brand already has a column of that name (compared as headers are: trimmed,
 * any case), so it never clashes with one of theirs.
 */
export function reasonColumnName(headers: readonly string[]): string {
  const taken = new Set(headers.map((h) => normalizeHeader(h).replace(/\s+/g, ' ')));
  if (!taken.has(normalizeHeader(REASON_COLUMN))) return REASON_COLUMN;
  for (let n = 2; ; n++) {
    const name = `${REASON_COLUMN} (${n})`;
    if (!taken.has(normalizeHeader(name))) return name;
  }
}

/**
 * The header sets a saved mapping is looked up with, best first: the headers as they are, then without
 * the reason columns a failed-rows file ends with (one at a time, from the last), so a failed-rows file
 * fixed and uploaded again is read like the file it came from.
 */
export function mappingLookupHeaders(headers: readonly string[]): string[][] {
  const out = [[...headers]];
  let end = headers.length;
  while (end > 0 && (headers[end - 1] ?? '').trim() === '') end -= 1;
  while (end > 1 && isReasonColumn(headers[end - 1] ?? '')) {
    end -= 1;
    out.push(headers.slice(0, end));
  }
  return out;
}

/** The line ending of a file's text: its first line break (CRLF when it has none). */
export function detectLineEnding(text: string): LineEnding {
  const lf = text.indexOf('\n');
  const cr = text.indexOf('\r');
  if (lf === -1 && cr === -1) return '\r\n';
  if (cr === -1) return '\n';
  if (lf === -1) return '\r';
  if (lf === cr + 1) return '\r\n';
  return lf < cr ? '\n' : '\r';
}

/** One CSV line: cells joined with the delimiter, quoted (RFC 4180) when they hold it, a quote or a line break. */
export function csvLineOf(cells: readonly string[], delimiter: string, lineEnding: LineEnding): string {
  let line = '';
  for (let i = 0; i < cells.length; i++) {
    const c = cells[i] ?? '';
    if (i > 0) line += delimiter;
    line +=
      c.includes('"') || c.includes('\n') || c.includes('\r') || (delimiter !== '' && c.includes(delimiter))
        ? `"${c.replace(/"/g, '""')}"`
        : c;
  }
  return line + lineEnding;
}

let cp1252Reverse: Map<number, number> | undefined;

/** Windows-1252 by reversing the decoding table: a character it has no byte for becomes '?'. */
function encodeWindows1252(text: string): Uint8Array {
  if (!cp1252Reverse) {
    cp1252Reverse = new Map();
    CP1252_HIGH.forEach((code, i) => cp1252Reverse!.set(code, 0x80 + i));
  }
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const high = cp1252Reverse.get(code);
    if (high !== undefined) out[i] = high;
    else if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out[i] = code;
    else out[i] = 0x3f;
  }
  return out;
}

function encodeUtf16(text: string, littleEndian: boolean): Uint8Array {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out[2 * i + (littleEndian ? 0 : 1)] = unit & 0xff;
    out[2 * i + (littleEndian ? 1 : 0)] = unit >> 8;
  }
  return out;
}

interface TextEncoderLike {
  encode(input: string): Uint8Array;
}

/** UTF-8 (a lone surrogate becomes U+FFFD, as TextEncoder does). */
function encodeUtf8(text: string): Uint8Array {
  const Encoder = (globalThis as { TextEncoder?: new () => TextEncoderLike }).TextEncoder;
  if (!Encoder) throw new Error('TextEncoder is not available');
  return new Encoder().encode(text);
}

/**
 * Text in one of the encodings `decodeCsvBytes` reads (a `CsvEncoding`; UTF-8 for any other name), the inverse of its decoding: what a file read
 * as `encoding` gives back as the same bytes (the byte order mark is written apart: `byteOrderMark`).
 */
export function encodeCsvText(text: string, encoding: string): Uint8Array {
  switch (encoding) {
    case 'windows-1252':
      return encodeWindows1252(text);
    case 'utf-16le':
      return encodeUtf16(text, true);
    case 'utf-16be':
      return encodeUtf16(text, false);
    default:
      return encodeUtf8(text);
  }
}

/** The byte order mark of an encoding (none for Windows-1252). */
export function byteOrderMark(encoding: string): Uint8Array {
  switch (encoding) {
    case 'utf-16le':
      return Uint8Array.of(0xff, 0xfe);
    case 'utf-16be':
      return Uint8Array.of(0xfe, 0xff);
    case 'windows-1252':
      return new Uint8Array(0);
    default:
      return Uint8Array.of(0xef, 0xbb, 0xbf);
  }
}
