export type JsonObject = Record<string, unknown>;

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** Parses an ISO-8601 date-time (or date) string; returns epoch ms or null. */
export function parseIsoDate(value: unknown): number | null {
  if (typeof value !== 'string' || value.trim() === '') return null;
  const v = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}([T ][0-9:.]+(Z|[+-]\d{2}:?\d{2})?)?$/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isFinite(ms) ? ms : null;
}

export const toIso = (ms: number): string => new Date(ms).toISOString();
