import { validateRow, type DateOrderDecision } from '@portal/shipment-rules';
import { toReviewRow } from './csvParse';
import type { RowPatch } from './RowEditor';
import type { ParseResult, ReviewRow } from './types';

/** The row with the person's fixes, validated again with the same rules as the file (and the server). */
export function fixReviewRow(
  row: ReviewRow,
  patch: RowPatch,
  now: Date = new Date(),
  currency?: string,
  dateOrder?: DateOrderDecision,
): ReviewRow {
  const record = { ...patch };
  // A fixed date that reads both ways is read in the order the file's dates settled.
  const result = validateRow(record, {
    now,
    ...(currency === undefined ? {} : { currency }),
    ...(dateOrder === undefined ? {} : { dateOrder }),
  });
  return toReviewRow({ rowNumber: row.row, raw: record, result });
}

/** The parse with one row fixed and the counts updated. */
export function applyRowFix(parse: ParseResult, rowNumber: number, patch: RowPatch, now?: Date): ParseResult {
  let delta = 0;
  const rows = parse.rows.map((r) => {
    if (r.row !== rowNumber) return r;
    const fixed = fixReviewRow(r, patch, now, parse.currency, parse.dateOrder);
    delta = Number(fixed.valid) - Number(r.valid);
    return fixed;
  });
  const { summary } = parse;
  return {
    ...parse,
    rows,
    summary: {
      ...summary,
      validRows: summary.validRows + delta,
      invalidRows: summary.invalidRows - delta,
      errors: summary.errors.filter((e) => !e.startsWith(`Row ${rowNumber}:`)),
    },
  };
}
