import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ColumnMapping } from '@portal/shipment-rules';
import type { EntityManager } from 'typeorm';
import type { IngestedRow } from './csv-ingest.js';
import { Groups, packOrders } from './order-groups.js';
import { invalidRowChunks, type StagedRow } from './upload-slices.js';

/** Rows of one job: an order's rows always travel together (one create call per order). */
export const BATCH_SIZE = 50;
/** Valid rows per staged slice of an upload (an order's rows are never split). */
export const STAGE_ROWS = 2000;
/** Staged slices written per INSERT statement. */
const STAGE_BATCHES_PER_STATEMENT = 8;
/** Job priorities reserved per staged slice, so an upload's jobs keep their order across slices. */
export const JOBS_PER_BATCH = Math.ceil(STAGE_ROWS / BATCH_SIZE);

/** Rows looked at between two yields to the event loop while staging. */
const STAGE_YIELD_EVERY = 5000;

/** The valid rows in slices of about STAGE_ROWS, each order's rows together and in file order. */
export async function stageBatches(rows: IngestedRow[]): Promise<StagedRow[][]> {
  const byOrder = new Groups<StagedRow>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % STAGE_YIELD_EVERY === 0) await yieldToLoop();
    const r = rows[i]!;
    const v = r.result.value;
    if (!v) continue;
    byOrder.add(v.orderId, [
      r.rowNumber,
      v.orderId,
      v.trackingNumber,
      v.carrier,
      v.carrierRaw === v.carrier ? 0 : v.carrierRaw,
      v.shipDate,
      v.shippingCostCents,
      r.duplicateOf ?? 0,
    ]);
  }
  return packOrders(byOrder.groups(), STAGE_ROWS).map((orders) => orders.flat());
}

/** Who sent an intake: a person of the company, or one of its source connections (decision 0033). */
export interface IntakeSender {
  companyId: string;
  userId: string | null;
  connectionId: string | null;
}

/** An upload as received: where it came from and its rows, before they are staged. */
export interface ReceivedUpload {
  /** The source kind: UPLOAD, PROCESS, SHIPSTATION, ... (an open set, `uploads.source`). */
  source: string;
  fileName: string;
  fileSize: number;
  encoding: string | null;
  delimiter: string | null;
  mapping: ColumnMapping | null;
  rows: IngestedRow[];
  /** The company's connection's currency at intake (rows are shown in it until sent); null if unknown. */
  currency?: string | null;
}

/** What an upload stores in its transaction: the upload, its staged valid rows, its rows with errors. */
export interface StagedUpload extends ReceivedUpload {
  batches: StagedRow[][];
  invalid: IngestedRow[];
  validRows: number;
  inFileRepeats: number;
}

/** Inserts the upload, its staged slices and its rows with errors (in the caller's transaction); its id. */
export async function insertStagedUpload(
  tx: EntityManager,
  sender: IntakeSender,
  u: StagedUpload,
): Promise<string> {
  const [upload] = await tx.query<[{ id: string }]>(
    `INSERT INTO uploads (company_id, user_id, source_connection_id, source, file_name, file_size, encoding, delimiter, column_mapping, total_rows, valid_rows, invalid_rows, duplicate_rows, materialized_at, currency)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) RETURNING id`,
    [
      sender.companyId,
      sender.userId,
      sender.connectionId,
      u.source,
      u.fileName,
      u.fileSize,
      u.encoding,
      u.delimiter,
      u.mapping ? JSON.stringify(u.mapping) : null,
      u.rows.length,
      u.validRows,
      u.rows.length - u.validRows,
      u.inFileRepeats,
      u.batches.length === 0 ? new Date() : null,
      u.currency ?? null,
    ],
  );
  // One parameter per slice: a big text parameter goes to Postgres as is, where an array of them
  // would be escaped into one array literal first (4x slower for a 10 MB file).
  for (let i = 0; i < u.batches.length; i += STAGE_BATCHES_PER_STATEMENT) {
    if (i > 0) await yieldToLoop();
    const params: unknown[] = [upload.id];
    const values = u.batches.slice(i, i + STAGE_BATCHES_PER_STATEMENT).map((b, k) => {
      params.push(i + k, b.length, JSON.stringify(b));
      const n = params.length;
      return `($1, $${n - 2}::int, $${n - 1}::int, $${n}::text)`;
    });
    await tx.query(
      `INSERT INTO upload_batches (upload_id, batch_no, row_count, rows) VALUES ${values.join(', ')}`,
      params,
    );
  }
  for await (const chunk of invalidRowChunks(u.invalid)) {
    await tx.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors, warnings)
       SELECT $1, t.row_number, t.raw, false, t.e, t.w FROM unnest($2::int[], $3::jsonb[], $4::jsonb[], $5::jsonb[]) AS t(row_number, raw, e, w)`,
      [upload.id, chunk.rowNumbers, chunk.raws, chunk.errors, chunk.warnings],
    );
  }
  return upload.id;
}

/** Slices of `items`, yielding to the event loop between them so other requests keep being served. */
export async function* slices<T>(items: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldToLoop();
    yield items.slice(i, i + size);
  }
}
