// ShipStation V1 speaks Pacific time: date-times come back without an offset in America/Los_Angeles local
// time (e.g. `2026-11-27T07:08:30.1230000`), dates as `YYYY-MM-DD`, and date filters are read the same way.

const ZONE = 'America/Los_Angeles';

const parts = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

interface Wall {
  y: string;
  mo: string;
  d: string;
  h: string;
  mi: string;
  s: string;
}

function wall(ms: number): Wall {
  const p: Record<string, string> = {};
  for (const part of parts.formatToParts(new Date(ms))) p[part.type] = part.value;
  return { y: p.year!, mo: p.month!, d: p.day!, h: p.hour!, mi: p.minute!, s: p.second! };
}

/** Offset of Pacific time from UTC at `ms`, in ms (negative: -8 h or -7 h). */
function offsetAt(ms: number): number {
  const w = wall(ms);
  const asUtc = Date.UTC(+w.y, +w.mo - 1, +w.d, +w.h, +w.mi, +w.s);
  return asUtc - (ms - (ms % 1000));
}

/** `2026-11-27T07:08:30.1230000`: Pacific wall time, seven fractional digits, no offset. */
export function pacificDateTime(ms: number): string {
  const w = wall(ms);
  const frac = String(((ms % 1000) + 1000) % 1000).padStart(3, '0');
  return `${w.y}-${w.mo}-${w.d}T${w.h}:${w.mi}:${w.s}.${frac}0000`;
}

/** `2026-11-27`: the Pacific calendar date. */
export function pacificDate(ms: number): string {
  const w = wall(ms);
  return `${w.y}-${w.mo}-${w.d}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?$/;

/**
 * Reads a filter value as ShipStation does. A value without an offset (`2026-11-27 07:00:00`,
 * `2026-11-27T07:00:00.000`, `2026-11-27`) is Pacific wall time; a value with `Z` or an offset is taken as
 * that instant. Returns epoch ms, or null when it is not a date.
 */
export function parseFilterDate(raw: string): number | null {
  const text = raw.trim();
  const m = LOCAL.exec(text);
  if (!m) {
    if (!/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return null;
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? ms : null;
  }
  const fracMs = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), fracMs);
  if (!Number.isFinite(guess)) return null;
  // Wall time W in a zone with offset O is the instant W - O; the offset is read at the candidate itself.
  let ms = guess - offsetAt(guess);
  ms = guess - offsetAt(ms);
  return ms;
}
