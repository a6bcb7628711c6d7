const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? '' : 's'} ago`;
}

/** "just now", "5 minutes ago", "3 hours ago", "2 days ago". */
export function relativeAge(iso: string, now: number = Date.now()): string {
  const age = Math.max(0, now - Date.parse(iso));
  if (!Number.isFinite(age) || age < MINUTE) return 'just now';
  if (age < HOUR) return plural(Math.floor(age / MINUTE), 'minute');
  if (age < DAY) return plural(Math.floor(age / HOUR), 'hour');
  return plural(Math.floor(age / DAY), 'day');
}
