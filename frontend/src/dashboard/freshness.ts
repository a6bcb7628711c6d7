import { relativeAge } from '../shared/relativeAge';

export { relativeAge };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Orders older than this are refreshed automatically on the dashboard (spec section 9). */
export const STALE_AFTER_MS = DAY;

export type FreshnessTone = 'grey' | 'orange' | 'red';

/** Grey up to 1 hour, orange over 1 hour, red over 4 hours (spec section 9). Never refreshed is grey. */
export function freshnessTone(lastRefreshedAt: string | null, now: number = Date.now()): FreshnessTone {
  if (!lastRefreshedAt) return 'grey';
  const age = now - Date.parse(lastRefreshedAt);
  if (!Number.isFinite(age)) return 'grey';
  if (age > 4 * HOUR) return 'red';
  if (age > HOUR) return 'orange';
  return 'grey';
}

/** "Last refreshed 5 minutes ago", or "Never refreshed". */
export function lastRefreshedText(lastRefreshedAt: string | null, now: number = Date.now()): string {
  return lastRefreshedAt ? `Last refreshed ${relativeAge(lastRefreshedAt, now)}` : 'Never refreshed';
}

/** Refresh on arrival when there are no orders and no fetch ever ran, or the last fetch is over 24 hours old. */
export function needsAutoRefresh(
  stats: { openOrders: number; lastRefreshedAt: string | null },
  now: number = Date.now(),
): boolean {
  // Never fetched: refresh even if some orders are already here (a sync may be filling them right now;
  // the refresh joins it and the numbers are fetched again when it ends).
  if (stats.lastRefreshedAt === null) return true;
  const at = Date.parse(stats.lastRefreshedAt);
  return Number.isFinite(at) && now - at > STALE_AFTER_MS;
}
