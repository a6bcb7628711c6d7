import { RETRYABLE_SHIPMENT_STATUSES, stillSendingText } from '@portal/shipment-rules';

// How a row that waits on Faire reads to a person: the history, the results and a retry's answer show
// these; the processing decides the waits themselves (processing/retry-schedule.ts).

/** The statuses a person may send again ("Retry", "Retry all failed"). */
export const RETRYABLE: readonly string[] = RETRYABLE_SHIPMENT_STATUSES;

/** Seconds until `at`, never below 1 (a due try is about to happen). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

/** A row waiting on Faire: still PENDING after a transient fault, with a next try planned. */
export function isWaitingOnFaire(status: string, nextTryAt: Date | null): boolean {
  return status === 'PENDING' && nextTryAt !== null;
}

/** "Still sending: Faire is having trouble (last: 503, next try in 4 min)". */
export function stillSending(lastFault: string | null, nextTryAt: Date, now: Date): string {
  return stillSendingText(lastFault, secondsUntil(nextTryAt, now));
}
