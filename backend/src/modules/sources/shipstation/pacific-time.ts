/**
 * ShipStation V1 writes and reads times as Pacific wall time without an offset
 * (`2026-11-27T07:08:30.1230000`); these convert between that and real instants.
 */
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

function wall(ms: number): Record<string, string> {
  const p: Record<string, string> = {};
  for (const part of parts.formatToParts(new Date(ms))) p[part.type] = part.value;
  return p;
}

/** Pacific time's offset from UTC at `ms` (negative), in ms. */
function offsetAt(ms: number): number {
  const w = wall(ms);
  const asUtc = Date.UTC(+w.year!, +w.month! - 1, +w.day!, +w.hour!, +w.minute!, +w.second!);
  return asUtc - (ms - (((ms % 1000) + 1000) % 1000));
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,7}))?)?)?$/;

/** A ShipStation time as an instant: without an offset it is Pacific wall time; null when not a time. */
export function parseShipStationTime(value: unknown): Date | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  const m = LOCAL.exec(text);
  if (!m) {
    if (!/^\d{4}-\d{2}-\d{2}/.test(text) || !/[zZ]|[+-]\d{2}:?\d{2}$/.test(text)) return null;
    const ms = Date.parse(text);
    return Number.isFinite(ms) ? new Date(ms) : null;
  }
  const fracMs = m[7] ? Math.floor(Number(`0.${m[7]}`) * 1000) : 0;
  const guess = Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +(m[4] ?? 0), +(m[5] ?? 0), +(m[6] ?? 0), fracMs);
  if (!Number.isFinite(guess)) return null;
  const ms = guess - offsetAt(guess - offsetAt(guess));
  return Number.isFinite(ms) ? new Date(ms) : null;
}

/** An instant as a ShipStation filter value: Pacific wall time, `YYYY-MM-DD HH:mm:ss`. */
export function shipStationTime(d: Date): string {
  const w = wall(d.getTime());
  return `${w.year}-${w.month}-${w.day} ${w.hour}:${w.minute}:${w.second}`;
}
