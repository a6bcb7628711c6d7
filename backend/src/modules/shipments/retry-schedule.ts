/**
 * When a shipment waiting on Faire will be tried again. Its job is retried by BullMQ with exponential
 * backoff (SHIPMENT_JOB_OPTIONS: 2 s, doubling per attempt, or Faire's Retry-After when longer:
 * decision 0021); the row counts its attempts and was last written when the attempt failed, so the
 * next try is about `updated_at + 2 s x 2^(attempts - 1)` (later after a long Retry-After).
 */
export const RETRY_BASE_DELAY_MS = 2000;

/** Prefix of `shipments.error_message` while a row waits for its next try (see ShipmentProcessingService). */
export const WAITING_PREFIX = 'Waiting to retry:';

export function nextRetryAt(lastFailureAt: Date, attempts: number): Date {
  const n = Math.max(1, attempts);
  return new Date(lastFailureAt.getTime() + RETRY_BASE_DELAY_MS * 2 ** (n - 1));
}

/** Seconds until `at`, never below 1 (a due retry is about to happen). */
export function secondsUntil(at: Date, now: Date): number {
  return Math.max(1, Math.ceil((at.getTime() - now.getTime()) / 1000));
}

export function isWaitingOnFaire(status: string, errorMessage: string | null): boolean {
  return status === 'PENDING' && !!errorMessage?.startsWith(WAITING_PREFIX);
}
