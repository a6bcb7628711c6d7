import { AppError } from '../../common/errors/index.js';

/**
 * A keyset cursor of the public API (decision 0067): the last item of a page, opaque to the client
 * (base64url JSON of a time and an id), so a page is a stable slice however rows come and go.
 */
export interface Keyset {
  at: Date;
  id: string;
}

export function encodeCursor(k: Keyset): string {
  return Buffer.from(JSON.stringify({ t: k.at.toISOString(), i: k.id }), 'utf8').toString('base64url');
}

/** The JSON a cursor of this API holds; a 400 naming the parameter when it is not one this API gave. */
function cursorJson(cursor: unknown, param: string): Record<string, unknown> | null {
  if (cursor === undefined || cursor === null || cursor === '') return null;
  const bad = badCursor(param);
  if (typeof cursor !== 'string' || cursor.length > 200 || !/^[A-Za-z0-9_-]+$/.test(cursor)) throw bad;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (parsed && typeof parsed === 'object' && typeof (parsed as { i?: unknown }).i === 'string') {
      if (/^[0-9a-f-]{36}$/i.test((parsed as { i: string }).i)) return parsed as Record<string, unknown>;
    }
  } catch {
    // not JSON: refused below
  }
  throw bad;
}

const badCursor = (param: string) =>
  new AppError('VALIDATION_FAILED', `${param} is not a cursor this API gave: use nextCursor as given`);

/** The keyset a cursor holds (null: none given). */
export function decodeCursor(cursor: unknown, param = 'cursor'): Keyset | null {
  const p = cursorJson(cursor, param);
  if (!p) return null;
  const at = typeof p.t === 'string' ? new Date(p.t) : null;
  if (!at || Number.isNaN(at.getTime())) throw badCursor(param);
  return { at, id: p.i as string };
}

/** A page size from `limit` (1..max, default `def`); a 400 when it is not a whole number in range. */
export function pageLimit(limit: unknown, def: number, max: number): number {
  if (limit === undefined || limit === '') return def;
  const n = Number(limit);
  if (!Number.isInteger(n) || n < 1 || n > max) {
    throw new AppError('VALIDATION_FAILED', `limit must be a whole number from 1 to ${max}`);
  }
  return n;
}

/** A keyset on a Postgres time to the microsecond (as text) and an id: no row is skipped or read twice. */
export interface MicrosKeyset {
  micros: string;
  id: string;
}

export function encodeMicrosCursor(k: MicrosKeyset): string {
  return Buffer.from(JSON.stringify({ u: k.micros, i: k.id }), 'utf8').toString('base64url');
}

export function decodeMicrosCursor(cursor: unknown, param = 'cursor'): MicrosKeyset | null {
  const p = cursorJson(cursor, param);
  if (!p) return null;
  if (typeof p.u !== 'string' || !/^\d{1,18}$/.test(p.u)) throw badCursor(param);
  return { micros: p.u, id: p.i as string };
}
