// When Postgres refuses a row's own data, and why in words. Both the intake (a slice written in halves down
// to the refused rows) and the processing (a claimed row whose write is refused) ask this, so it lives
// beside both rather than inside either.

/** The SQLSTATE of a Postgres error (also when wrapped by TypeORM), or ''. */
function sqlState(err: unknown): string {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  if (typeof e?.code === 'string') return e.code;
  const inner = e?.driverError?.code;
  return typeof inner === 'string' ? inner : '';
}

/**
 * True when Postgres refused a value of the statement's data: a data exception (22: a NUL byte, a
 * date that does not exist, a number out of range), a NOT NULL or CHECK violation, or a program limit
 * (54: a value too big for an index). Such a failure comes back however often it is retried. A
 * unique or foreign-key violation, a lost connection or a deadlock is not one: it may not be the row's
 * fault, so the slice is left to be retried whole.
 */
export function isDataRefusal(err: unknown): boolean {
  const code = sqlState(err);
  return code.startsWith('22') || code === '23502' || code === '23514' || code.startsWith('54');
}

/** Why Postgres refused a row, in words a person understands. */
export function refusalMessage(err: unknown): string {
  const code = sqlState(err);
  if (code === '22021' || code === '22P05' || code === '22P02') {
    return 'This row could not be stored: it contains a character that cannot be saved (such as an invisible control character)';
  }
  if (code.startsWith('54') || code === '22001') {
    return 'This row could not be stored: one of its values is too long';
  }
  if (code === '22007' || code === '22008') {
    return 'This row could not be stored: its ship date does not exist';
  }
  if (code === '22003' || code === '23514') {
    return 'This row could not be stored: a number in it is out of range';
  }
  return 'This row could not be stored: the database refused one of its values';
}
