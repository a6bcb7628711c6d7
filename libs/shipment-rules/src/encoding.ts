export type CsvEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export interface DecodedCsv {
  /** The text, without a byte order mark. */
  text: string;
  encoding: CsvEncoding;
}

interface TextDecoderLike {
  decode(input: Uint8Array): string;
}

type TextDecoderConstructor = new (label: string, options?: { fatal?: boolean }) => TextDecoderLike;

/** The global TextDecoder of browsers and Node (typed here so the package needs no DOM or Node types). */
function textDecoder(label: string, fatal = false): TextDecoderLike | undefined {
  const Decoder = (globalThis as { TextDecoder?: TextDecoderConstructor }).TextDecoder;
  if (Decoder === undefined) return undefined;
  try {
    return new Decoder(label, { fatal });
  } catch {
    return undefined;
  }
}

const CHUNK = 8192;

function fromCodeUnits(units: Uint16Array): string {
  const parts: string[] = [];
  for (let start = 0; start < units.length; start += CHUNK) {
    parts.push(String.fromCharCode(...units.subarray(start, start + CHUNK)));
  }
  return parts.join('');
}

/** Windows-1252 bytes 0x80-0x9F (WHATWG Encoding Standard); every other byte is its own code point. */
export const CP1252_HIGH: readonly number[] = [
  0x20ac, 0x0081, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152,
  0x008d, 0x017d, 0x008f, 0x0090, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122,
  0x0161, 0x203a, 0x0153, 0x009d, 0x017e, 0x0178,
];

/**
 * Windows-1252 decoded by table. Node 20's TextDecoder('windows-1252') decodes 0x80-0x9F as
 * latin1 control characters (nodejs/node#60888), so it cannot be relied on for curly quotes.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i += 1) {
    const byte = bytes[i] ?? 0;
    units[i] = byte >= 0x80 && byte <= 0x9f ? (CP1252_HIGH[byte - 0x80] ?? byte) : byte;
  }
  return fromCodeUnits(units);
}

function decodeUtf16(bytes: Uint8Array, littleEndian: boolean): string {
  const decoder = textDecoder(littleEndian ? 'utf-16le' : 'utf-16be');
  if (decoder) return decoder.decode(bytes);
  const units = new Uint16Array(Math.floor(bytes.length / 2));
  for (let i = 0; i < units.length; i += 1) {
    const first = bytes[2 * i] ?? 0;
    const second = bytes[2 * i + 1] ?? 0;
    units[i] = littleEndian ? first | (second << 8) : (first << 8) | second;
  }
  return fromCodeUnits(units);
}

function decodeUtf8Strict(bytes: Uint8Array): string | undefined {
  const decoder = textDecoder('utf-8', true);
  if (!decoder) return undefined;
  try {
    return decoder.decode(bytes);
  } catch {
    return undefined;
  }
}

const SAMPLE_BYTES = 4096;

/** UTF-16 without a BOM: CSV text is mostly ASCII, so every other byte is NUL. */
function guessUtf16(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  const pairs = Math.floor(Math.min(bytes.length, SAMPLE_BYTES) / 2);
  if (pairs === 0) return undefined;
  let evenNuls = 0;
  let oddNuls = 0;
  for (let i = 0; i < pairs; i += 1) {
    if (bytes[2 * i] === 0) evenNuls += 1;
    if (bytes[2 * i + 1] === 0) oddNuls += 1;
  }
  if (oddNuls >= pairs * 0.3 && evenNuls <= pairs * 0.05) return 'utf-16le';
  if (evenNuls >= pairs * 0.3 && oddNuls <= pairs * 0.05) return 'utf-16be';
  return undefined;
}

function stripBom(text: string): string {
  return text.replace(/^\uFEFF/, '');
}

/**
 * Decodes an uploaded CSV file. A byte order mark decides first (UTF-8, UTF-16LE, UTF-16BE);
 * without one, NUL bytes on every other position mean UTF-16 (LE or BE by their side); bytes that
 * are valid UTF-8 are UTF-8; anything else is read as Windows-1252 (what Excel on Windows saves).
 */
export function decodeCsvBytes(bytes: Uint8Array): DecodedCsv {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    return {
      text: stripBom(decodeUtf8Strict(bytes.subarray(3)) ?? decodeWindows1252(bytes.subarray(3))),
      encoding: 'utf-8',
    };
  }
  if (bytes.length >= 2 && bytes[0] === 0xff && bytes[1] === 0xfe) {
    return { text: stripBom(decodeUtf16(bytes.subarray(2), true)), encoding: 'utf-16le' };
  }
  if (bytes.length >= 2 && bytes[0] === 0xfe && bytes[1] === 0xff) {
    return { text: stripBom(decodeUtf16(bytes.subarray(2), false)), encoding: 'utf-16be' };
  }
  const utf16 = guessUtf16(bytes);
  if (utf16) return { text: stripBom(decodeUtf16(bytes, utf16 === 'utf-16le')), encoding: utf16 };
  const utf8 = decodeUtf8Strict(bytes);
  if (utf8 !== undefined) return { text: stripBom(utf8), encoding: 'utf-8' };
  return { text: decodeWindows1252(bytes), encoding: 'windows-1252' };
}

/** True when the file begins with a byte order mark (UTF-8, UTF-16LE or UTF-16BE), which decoding drops. */
export function startsWithByteOrderMark(bytes: Uint8Array): boolean {
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return true;
  return (
    bytes.length >= 2 &&
    ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))
  );
}
