export type CsvDelimiter = ',' | ';' | '\t';

const CANDIDATES: readonly CsvDelimiter[] = [',', ';', '\t'];
const MAX_LINES = 20;
const MAX_CHARS = 65_536;

/** Per line (quoted newlines do not end a line), how often each candidate occurs outside quotes. */
function countPerLine(text: string): Array<Record<CsvDelimiter, number>> {
  const lines: Array<Record<CsvDelimiter, number>> = [];
  let counts: Record<CsvDelimiter, number> = { ',': 0, ';': 0, '\t': 0 };
  let inQuotes = false;
  let hasContent = false;
  const end = Math.min(text.length, MAX_CHARS);
  for (let i = 0; i < end && lines.length < MAX_LINES; i += 1) {
    const char = text[i];
    if (char === '"') {
      inQuotes = !inQuotes;
      hasContent = true;
    } else if (!inQuotes && (char === '\n' || char === '\r')) {
      if (hasContent) lines.push(counts);
      counts = { ',': 0, ';': 0, '\t': 0 };
      hasContent = false;
    } else {
      if (!inQuotes && (char === ',' || char === ';' || char === '\t')) counts[char] += 1;
      if (char !== undefined && char.trim().length > 0) hasContent = true;
    }
  }
  if (hasContent && lines.length < MAX_LINES) lines.push(counts);
  return lines;
}

/**
 * The field delimiter of a CSV file from its first lines: comma, semicolon or tab, counted outside
 * quotes. The candidate that occurs in the header line and the same number of times on most lines
 * wins (ties: more occurrences, then , ; tab). Comma when nothing is found.
 */
export function detectDelimiter(firstLines: string): CsvDelimiter {
  const lines = countPerLine(String(firstLines).replace(/^\uFEFF/, ''));
  const header = lines[0];
  if (!header) return ',';
  let best: { delimiter: CsvDelimiter; consistency: number; count: number } | undefined;
  for (const delimiter of CANDIDATES) {
    const count = header[delimiter];
    if (count === 0) continue;
    const consistency = lines.filter((line) => line[delimiter] === count).length / lines.length;
    if (!best || consistency > best.consistency || (consistency === best.consistency && count > best.count)) {
      best = { delimiter, consistency, count };
    }
  }
  return best?.delimiter ?? ',';
}
