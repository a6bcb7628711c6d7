/**
 * What can go wrong talking to Faire, as the processing code needs to tell apart:
 * - NOT_FOUND: the order (or resource) does not exist for this brand;
 * - WRONG_STATE: Faire refused the action for the order's state (400/409/422);
 * - UNAUTHORIZED: the token or application credentials were refused;
 * - RATE_LIMITED: 429; `retryAfterMs` says how long to wait;
 * - UNAVAILABLE: 5xx, a timeout before the request was sent, or a network error; safe to retry a read;
 * - BLOCKED: a 403 whose body is not Faire's JSON (a CDN block page): not a refused token; retry later;
 * - UNCERTAIN: a write was sent but no answer came back (timeout, dropped connection): it may have
 *   happened; the caller must re-read before trying again.
 */
export type FaireErrorKind =
  | 'NOT_FOUND'
  | 'WRONG_STATE'
  | 'UNAUTHORIZED'
  | 'RATE_LIMITED'
  | 'UNAVAILABLE'
  | 'UNCERTAIN'
  | 'BLOCKED'
  | 'BAD_RESPONSE';

export class FaireError extends Error {
  constructor(
    readonly kind: FaireErrorKind,
    message: string,
    readonly status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(message);
    this.name = 'FaireError';
  }
}
