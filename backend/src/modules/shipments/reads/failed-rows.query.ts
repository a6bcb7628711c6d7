import type { HeavyReads } from '../../../common/database/heavy-reads.js';
import { RETRYABLE } from './waiting-on-faire.js';
import { UPLOAD_ROWS_CTE, type UploadRowRecord } from './upload-rows.sql.js';

/** Rows that ended without a shipment on Faire and will not be tried again by themselves. */
const FAILED_STATUSES = ['INVALID', ...RETRYABLE];

/** The columns of an upload's rows with errors (of an upload stored without its layout). */
export async function failedRowColumns(heavy: HeavyReads, uploadId: string): Promise<string[]> {
  const rows = await heavy.query<{ k: string }>(
    `SELECT DISTINCT k FROM upload_rows ur
       CROSS JOIN LATERAL jsonb_object_keys(CASE WHEN jsonb_typeof(ur.raw) = 'object' THEN ur.raw ELSE '{}' END) k
      WHERE ur.upload_id = $1 AND NOT ur.valid`,
    [uploadId],
  );
  return rows.map((r) => r.k);
}

/** The last row number of an upload (0 when it has none). */
export async function lastRowNumber(heavy: HeavyReads, uploadId: string): Promise<number> {
  const [row] = await heavy.query<{ last: number | null }>(
    `SELECT greatest((SELECT max(row_number) FROM shipments WHERE upload_id = $1),
                     (SELECT max(row_number) FROM upload_rows WHERE upload_id = $1)) AS last`,
    [uploadId],
  );
  return row?.last ?? 0;
}

/** The failed rows numbered in (from, to], in file order. */
export function failedRowsBetween(
  heavy: HeavyReads,
  uploadId: string,
  from: number,
  to: number,
): Promise<UploadRowRecord[]> {
  return heavy.query<UploadRowRecord>(
    `WITH ${UPLOAD_ROWS_CTE}
     SELECT * FROM upload_row_outcomes
      WHERE status = ANY($2::text[]) AND row_number > $3 AND row_number <= $4
      ORDER BY row_number`,
    [[uploadId], FAILED_STATUSES, from, to],
  );
}

/** How an upload's file was written (decision 0032), or null for an upload stored without it. */
export async function uploadLayout(
  heavy: HeavyReads,
  uploadId: string,
): Promise<{ bom: boolean; line_ending: string; header: string } | null> {
  const [row] = await heavy.query<{ bom: boolean; line_ending: string; header: string }>(
    `SELECT bom, line_ending, header FROM upload_layouts WHERE upload_id = $1`,
    [uploadId],
  );
  return row ?? null;
}

/** One page of an upload's rows as written (JSON text), or null when it has none. */
export async function uploadLinesPage(
  heavy: HeavyReads,
  uploadId: string,
  pageNo: number,
): Promise<string | null> {
  const [row] = await heavy.query<{ rows: string }>(
    `SELECT rows FROM upload_lines WHERE upload_id = $1 AND page_no = $2`,
    [uploadId, pageNo],
  );
  return row?.rows ?? null;
}
