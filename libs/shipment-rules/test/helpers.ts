import type { CsvRecord, RowResult } from '../src/index.js';

/** 2026-11-21, midday UTC: the moment every date rule in the tests is measured from. */
export const NOW = new Date('2026-11-21T12:00:00.000Z');

/** A row that passes every rule with no warnings. */
export const VALID_RECORD: Readonly<Record<string, string>> = {
  order_id: 'bo_abc12345de',
  tracking_number: '1Z999AA10123456784',
  carrier: 'UPS',
  ship_date: '2026-11-20',
  shipping_cost: '12.50',
};

/** VALID_RECORD with some cells replaced; `undefined` removes the column. */
export function recordWith(changes: Record<string, string | undefined>): CsvRecord {
  const record: Record<string, string | undefined> = { ...VALID_RECORD };
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) delete record[key];
    else record[key] = value;
  }
  return record;
}

export function codes(issues: RowResult['errors'] | RowResult['warnings']): string[] {
  return issues.map((issue) => issue.code);
}
