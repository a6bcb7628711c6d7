/**
 * Every row of the uploads in `$1::uuid[]` with what happened to it, one line per row of the file:
 * valid rows are their shipment; rows with errors (INVALID) and repeats (the shipment they repeat) are
 * in `upload_rows`. Valid rows of a big upload not yet turned into shipments are not here (counted as
 * pending from `upload_batches`).
 */
export const UPLOAD_ROWS_CTE = `
  upload_row_outcomes AS (
    SELECT s.upload_id, s.row_number, s.id AS shipment_id, s.order_id, s.display_id, s.tracking_number,
           coalesce(s.carrier_raw, s.carrier) AS carrier, s.ship_date::text AS ship_date, s.shipping_cost_cents,
           s.status, s.error_message, s.next_try_at, s.last_fault, s.updated_at,
           false AS duplicate, NULL::jsonb AS raw, NULL::jsonb AS errors, NULL::uuid AS first_upload_id, NULL::int AS first_row
      FROM shipments s WHERE s.upload_id = ANY($1::uuid[])
    UNION ALL
    SELECT ur.upload_id, ur.row_number, s.id, s.order_id, s.display_id, s.tracking_number,
           coalesce(s.carrier_raw, s.carrier), s.ship_date::text, s.shipping_cost_cents,
           CASE WHEN NOT ur.valid THEN 'INVALID' ELSE coalesce(s.status, 'PENDING') END,
           s.error_message, s.next_try_at, s.last_fault, s.updated_at,
           ur.duplicate, ur.raw, ur.errors, s.upload_id, s.row_number
      FROM upload_rows ur LEFT JOIN shipments s ON s.id = ur.shipment_id
     WHERE ur.upload_id = ANY($1::uuid[])
  )`;

/**
 * Counts per upload and row status, and for rows waiting on Faire (decision 0037), how many, the earliest
 * next try and the latest trouble.
 */
export const UPLOAD_COUNTS_SQL = `
  WITH ${UPLOAD_ROWS_CTE}
  SELECT upload_id, status, count(*)::int AS n,
         count(*) FILTER (WHERE raw IS NULL)::int AS own,
         count(*) FILTER (WHERE status = 'PENDING' AND next_try_at IS NOT NULL)::int AS waiting,
         min(next_try_at) FILTER (WHERE status = 'PENDING') AS next_retry_at,
         (array_agg(last_fault ORDER BY updated_at DESC) FILTER (WHERE status = 'PENDING' AND next_try_at IS NOT NULL))[1]
           AS last_fault
    FROM upload_row_outcomes GROUP BY upload_id, status`;

export interface UploadRowRecord {
  row_number: number;
  shipment_id: string | null;
  order_id: string | null;
  display_id: string | null;
  tracking_number: string | null;
  carrier: string | null;
  ship_date: string | null;
  shipping_cost_cents: number | null;
  status: string;
  error_message: string | null;
  next_try_at: Date | null;
  last_fault: string | null;
  updated_at: Date | null;
  duplicate: boolean;
  raw: Record<string, string> | null;
  errors: { message: string }[] | null;
  first_upload_id: string | null;
  first_row: number | null;
}
