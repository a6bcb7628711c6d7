/** Node socket errors meaning the database could not be reached or the connection broke. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNABORTED',
]);

/** pg's own words when a connection could not be made or was lost. */
const LOST =
  /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|not queryable|Connection is not established|the database system is (starting up|shutting down|in recovery mode)/i;

/**
 * True when `err` says the database cannot be reached right now (refused, dropped, timed out, shutting
 * down, out of connections), not that it refused a statement: such an error passes when the database is
 * back, so it is answered 503 (decision 0039) and a job that met it is tried again, never failed for it.
 * Looks through TypeORM's wrapper (`driverError`) and `cause`.
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    const { code, message, driverError, cause } = e as {
      code?: unknown;
      message?: unknown;
      driverError?: unknown;
      cause?: unknown;
    };
    if (typeof code === 'string') {
      if (NETWORK_CODES.has(code)) return true;
      // SQLSTATE 08: connection exception; 57P0x: the server is shutting down or starting; 53300: full.
      if (/^08...$/.test(code) || /^57P0[1-3]$/.test(code) || code === '53300') return true;
    }
    if (typeof message === 'string' && LOST.test(message)) return true;
    e = driverError ?? cause;
  }
  return false;
}
