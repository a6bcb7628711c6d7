/**
 * The words for a shipment still being sent while Faire has trouble (decision 0037), shared by the
 * server (History, results rows, the failed-rows file) and the browser (which counts the wait down):
 * "Still sending: Faire is having trouble (last: 503, next try in 4 min)".
 */
export const STILL_SENDING_PREFIX = 'Still sending: Faire is having trouble';

/** "45 s", "4 min", "2 h": a wait as people say it, rounded up. */
export function waitInWords(seconds: number): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.ceil(s / 60);
  if (minutes < 60) return `${minutes} min`;
  return `${Math.ceil(minutes / 60)} h`;
}

/**
 * `lastFault`: the last trouble in short ("503", "429", "timeout"), null when not known; `secondsLeft`:
 * until the next try, null when not known (then only the trouble is named).
 */
export function stillSendingText(lastFault: string | null, secondsLeft: number | null): string {
  const parts: string[] = [];
  if (lastFault) parts.push(`last: ${lastFault}`);
  if (secondsLeft !== null) parts.push(`next try in ${waitInWords(secondsLeft)}`);
  return parts.length ? `${STILL_SENDING_PREFIX} (${parts.join(', ')})` : STILL_SENDING_PREFIX;
}
