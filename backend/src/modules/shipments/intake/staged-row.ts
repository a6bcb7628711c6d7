import { formatCents } from '@portal/shipment-rules';

/** A valid row between its upload's transaction and the slice that turns it into a shipment. */
export interface StagedRow {
  rowNumber: number;
  orderId: string;
  trackingNumber: string;
  /** The carrier as Faire names it. */
  carrier: string;
  /** The carrier as the file wrote it. */
  carrierRaw: string;
  shipDate: string;
  cents: number;
  /** The row number of the file's first row with the same order and tracking number; 0 when none. */
  duplicateOf: number;
}

/**
 * A staged row as stored in `upload_batches.rows`, short because a 10 MB file has ~190k of them:
 * [rowNumber, orderId, trackingNumber, carrier, carrierRaw (0: same as carrier), shipDate, cents,
 * duplicateOf (0: none)]. The display id is derived from the order id again. Slices staged before this
 * file are in the same format: changing it needs a migration of the staged slices.
 */
export type EncodedStagedRow = [number, string, string, string, string | 0, string, number, number];

export function encodeStagedRow(r: StagedRow): EncodedStagedRow {
  return [
    r.rowNumber,
    r.orderId,
    r.trackingNumber,
    r.carrier,
    r.carrierRaw === r.carrier ? 0 : r.carrierRaw,
    r.shipDate,
    r.cents,
    r.duplicateOf,
  ];
}

export function decodeStagedRow(e: EncodedStagedRow): StagedRow {
  const [rowNumber, orderId, trackingNumber, carrier, carrierRaw, shipDate, cents, duplicateOf] = e;
  return {
    rowNumber,
    orderId,
    trackingNumber,
    carrier,
    carrierRaw: carrierRaw === 0 ? carrier : carrierRaw,
    shipDate,
    cents,
    duplicateOf,
  };
}

/** A slice's rows as one JSON text (`upload_batches.rows`). */
export function encodeStagedSlice(rows: readonly EncodedStagedRow[]): string {
  return JSON.stringify(rows);
}

/** A slice's rows from their JSON text. */
export function decodeStagedSlice(json: string): StagedRow[] {
  return (JSON.parse(json) as EncodedStagedRow[]).map(decodeStagedRow);
}

/** A staged row written back as the fields it was validated from (for `upload_rows.raw`). */
export function stagedRecord(r: StagedRow): Record<string, string> {
  return {
    order_id: String(r.orderId),
    tracking_number: String(r.trackingNumber),
    carrier: String(r.carrierRaw),
    ship_date: String(r.shipDate),
    shipping_cost: typeof r.cents === 'number' ? formatCents(r.cents) : String(r.cents),
  };
}
