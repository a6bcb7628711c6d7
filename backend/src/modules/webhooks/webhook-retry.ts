/**
 * When a failed delivery is tried again (decision 0068): after 5 s, 5 min, 30 min, 2 h, 5 h and 10 h,
 * and a last time 24 h after the first try; then it is failed. Eight tries over a day.
 */
export const RETRY_DELAYS_MS = [5_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 5 * 3_600_000, 10 * 3_600_000];

/** How long a delivery is tried, from its first try. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

/**
 * The next try of a delivery whose try number `attempts` (1 for the first) has just failed at `now`,
 * or null when it has had its last try.
 */
export function nextAttemptAt(firstAttemptAt: Date, attempts: number, now: Date): Date | null {
  const deadline = firstAttemptAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const delay = RETRY_DELAYS_MS[Math.min(Math.max(attempts, 1), RETRY_DELAYS_MS.length) - 1]!;
  return new Date(Math.min(now.getTime() + delay, deadline));
}
