import type { FaireError } from '../../marketplace/index.js';

/**
 * Patience by kind of fault (decision 0037). A 429 waits for Faire's Retry-After and is never counted;
 * 5xx answers, timeouts and lost answers are tried again after `base x 2^(n-1)` (n: the row's faults so
 * far; up to a quarter more at random, so that rows do not all come back at once; at most the cap)
 * for the retry window, which starts at the row's first such fault. Rows remember it in Postgres
 * (`retry_since`, `fault_count`, `last_fault`, `next_try_at`); the job waits in Redis's delayed set.
 */
export interface RetryTimings {
  retryBaseMs: number;
  retryMaxDelayMs: number;
}

/** What a person's retry (or "Retry all failed") sets on a row: PENDING, with no fault and no job yet. */
export const RESET_FOR_RETRY_SQL = `status = 'PENDING', error_message = NULL, completed_at = NULL, queued_at = NULL,
  retry_since = NULL, next_try_at = NULL, last_fault = NULL, fault_count = 0, updated_at = now()`;

/** How long after a 429 that did not say (no Retry-After), as the client holds the account back. */
const THROTTLED_DEFAULT_MS = 1000;

/** The wait before try n + 1 after the n-th fault (n >= 1): up to a quarter more at random, within the cap. */
export function backoffMs(faults: number, t: RetryTimings, random = Math.random()): number {
  const n = Math.max(1, Math.floor(faults));
  const exponential = t.retryBaseMs * 2 ** Math.min(30, n - 1);
  return Math.max(1, Math.round(Math.min(t.retryMaxDelayMs, exponential * (1 + 0.25 * random))));
}

/** The wait after a 429: what Faire asked for (or 1 s), a little more at random, never shorter. */
export function throttleWaitMs(err: FaireError, random = Math.random()): number {
  const asked = err.retryAfterMs ?? THROTTLED_DEFAULT_MS;
  return Math.max(50, Math.round(asked * (1 + 0.1 * random)));
}

/** The fault in short, as the row shows it: "503", "429", "timeout", "no answer", "unreachable". */
export function faultLabel(err: FaireError): string {
  if (err.kind === 'RATE_LIMITED') return '429';
  if (err.kind === 'BLOCKED') return '403 page';
  if (err.kind === 'BAD_RESPONSE') return 'unreadable answer';
  if (/timed out/.test(err.message)) return 'timeout';
  if (/could not be reached/.test(err.message)) return 'unreachable';
  if (err.status) return String(err.status);
  return 'no answer';
}

/** "4 hours", "90 minutes", "20 seconds". */
export function durationWords(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 120) return `${s} second${s === 1 ? '' : 's'}`;
  const m = Math.round(s / 60);
  if (m < 180) return `${m} minutes`;
  return `${Math.round(m / 60)} hours`;
}

/** Why a row whose window is spent ends FAILED (its order was read just before: it is not there). */
export function windowSpentMessage(windowMs: number, lastReason: string | null): string {
  const last = lastReason ? ` (last: ${lastReason.replace(/\.$/, '')})` : '';
  return `Not sent: Faire kept having trouble for ${durationWords(windowMs)} and the shipment is not on the order${last}. Please retry.`;
}
