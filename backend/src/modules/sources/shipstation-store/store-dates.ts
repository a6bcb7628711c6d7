/**
 * The Custom Store's dates (decision 0071): UTC, `MM/dd/yyyy HH:mm` (ShipStation's own examples use 24-hour
 * time; its reference allows 12-hour with AM/PM too, and a seconds part is read when present).
 */

const two = (n: number): string => String(n).padStart(2, '0');

/** `MM/dd/yyyy HH:mm` in UTC. */
export function formatStoreDate(d: Date): string {
  return `${two(d.getUTCMonth() + 1)}/${two(d.getUTCDate())}/${d.getUTCFullYear()} ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`;
}

const DATE_TIME =
  /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})(?:[ T]+(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([AaPp][Mm])?)?\s*$/;

/** A Custom Store date as UTC; null when it is not one (or names no real day). */
export function parseStoreDate(text: unknown): Date | null {
  if (typeof text !== 'string' || text.length > 40) return null;
  const m = DATE_TIME.exec(text);
  if (!m) return null;
  const [month, day, year] = [Number(m[1]), Number(m[2]), Number(m[3])];
  let hour = m[4] === undefined ? 0 : Number(m[4]);
  const minute = m[5] === undefined ? 0 : Number(m[5]);
  const second = m[6] === undefined ? 0 : Number(m[6]);
  const half = m[7]?.toUpperCase();
  if (half) {
    if (hour < 1 || hour > 12) return null;
    hour = (hour % 12) + (half === 'PM' ? 12 : 0);
  }
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const d = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // 02/31 rolls over to March: not a day.
  if (d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) return null;
  return d;
}

/** A Custom Store date as a day (`yyyy-mm-dd`), or null. */
export function storeDay(text: unknown): string | null {
  const d = parseStoreDate(text);
  return d ? d.toISOString().slice(0, 10) : null;
}
