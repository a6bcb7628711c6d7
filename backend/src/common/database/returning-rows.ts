/**
 * The rows of a raw `UPDATE ... RETURNING` or `DELETE ... RETURNING`. TypeORM's Postgres query runner
 * answers those statements as `[rows, count]` (and SELECT / INSERT ... RETURNING as the rows alone), so
 * every caller of such a statement reads its rows through this one helper.
 */
export function returningRows<T = unknown>(result: unknown): T[] {
  return (Array.isArray(result) && Array.isArray(result[0]) ? result[0] : result) as T[];
}
