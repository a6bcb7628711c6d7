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

/**
 * The row's cells as written with the person's fixes in them: a field changed in the editor shows the
 * fixed value, every other cell stays as the brand wrote it (decision 0032).
 */
export function fixedCells(
  row: ReviewRow,
  patch: RowPatch,
  fieldIndex: Partial<Record<keyof RowPatch, number>> | undefined,
): string[] | undefined {
  if (!row.cells || !fieldIndex) return row.cells;
  const cells = [...row.cells];
  for (const field of Object.keys(patch) as (keyof RowPatch)[]) {
    const i = fieldIndex[field];
    if (i !== undefined && i < cells.length && patch[field] !== row[field]) cells[i] = patch[field];
  }
  return cells;
}

/** The parse with one row fixed and the counts updated. */
export function applyRowFix(parse: ParseResult, rowNumber: number, patch: RowPatch, now?: Date): ParseResult {
  let delta = 0;
  const rows = parse.rows.map((r) => {
    if (r.row !== rowNumber) return r;
    const fixed = fixReviewRow(r, patch, now, parse.currency, parse.dateOrder);
    const cells = fixedCells(r, patch, parse.layout?.fieldIndex);
    if (cells) fixed.cells = cells;
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
