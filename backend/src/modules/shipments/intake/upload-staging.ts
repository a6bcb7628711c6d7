import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { ColumnMapping } from '@portal/shipment-rules';
import type { EntityManager } from 'typeorm';
import type { IngestedRow } from './csv-ingest.js';
import { Groups, packOrders } from './order-groups.js';
import { encodeStagedRow, encodeStagedSlice, type EncodedStagedRow } from './staged-row.js';
import { invalidRowChunks } from './upload-slices.js';
import { UploadsRepository } from './uploads.repository.js';

/** Rows of one job: an order's rows always travel together (one create call per order). */
export const BATCH_SIZE = 50;
/** Valid rows per staged slice of an upload (an order's rows are never split). */
export const STAGE_ROWS = 2000;
/** Staged slices written per INSERT statement. */
const STAGE_BATCHES_PER_STATEMENT = 8;
/** Job priorities reserved per staged slice, so an upload's jobs keep their order across slices. */
export const JOBS_PER_BATCH = Math.ceil(STAGE_ROWS / BATCH_SIZE);

/** Rows looked at between two yields to the event loop while staging. */
export const STAGE_YIELD_EVERY = 2000;
/** Slices flattened (or written as JSON) between two yields to the event loop while staging. */
const STAGE_YIELD_SLICES = 2;

/** The valid rows in slices of about STAGE_ROWS, each order's rows together and in file order. */
export async function stageBatches(rows: IngestedRow[]): Promise<EncodedStagedRow[][]> {
  const byOrder = new Groups<EncodedStagedRow>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % STAGE_YIELD_EVERY === 0) await yieldToLoop();
    const r = rows[i]!;
    const v = r.result.value;
    if (!v) continue;
    byOrder.add(
      v.orderId,
      encodeStagedRow({
        rowNumber: r.rowNumber,
        orderId: v.orderId,
        trackingNumber: v.trackingNumber,
        carrier: v.carrier,
        carrierRaw: v.carrierRaw,
        shipDate: v.shipDate,
        cents: v.shippingCostCents,
        duplicateOf: r.duplicateOf ?? 0,
      }),
    );
  }
  const slices: EncodedStagedRow[][] = [];
  // Packed a slice at a time with a yield in between: flattening 190k rows at once stalled requests.
  for (const orders of packOrders(byOrder.groups(), STAGE_ROWS)) {
    if (slices.length > 0 && slices.length % STAGE_YIELD_SLICES === 0) await yieldToLoop();
    slices.push(orders.flat());
  }
  return slices;
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
  /** The staged slices, each row encoded as stored (`staged-row.ts`). */
  batches: EncodedStagedRow[][];
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
  const uploads = UploadsRepository.in(tx);
  const uploadId = await uploads.insertUpload({
    companyId: sender.companyId,
    userId: sender.userId,
    connectionId: sender.connectionId,
    source: u.source,
    fileName: u.fileName,
    fileSize: u.fileSize,
    encoding: u.encoding,
    delimiter: u.delimiter,
    mapping: u.mapping ? JSON.stringify(u.mapping) : null,
    totalRows: u.rows.length,
    validRows: u.validRows,
    invalidRows: u.rows.length - u.validRows,
    duplicateRows: u.inFileRepeats,
    materializedAt: u.batches.length === 0 ? new Date() : null,
    currency: u.currency ?? null,
  });
  // A few slices per statement, each one parameter (see `insertSlices`).
  for (let i = 0; i < u.batches.length; i += STAGE_BATCHES_PER_STATEMENT) {
    // Written as JSON a few slices at a time, yielding in between: 8 slices (16k rows) in one go
    // was the longest stall of a 10 MB upload.
    const slices: Array<{ rowCount: number; rows: string }> = [];
    for (let k = i; k < Math.min(i + STAGE_BATCHES_PER_STATEMENT, u.batches.length); k++) {
      if (k > 0 && k % STAGE_YIELD_SLICES === 0) await yieldToLoop();
      const b = u.batches[k]!;
      slices.push({ rowCount: b.length, rows: encodeStagedSlice(b) });
    }
    await uploads.insertSlices({ uploadId, firstBatchNo: i, slices });
  }
  for await (const chunk of invalidRowChunks(u.invalid)) {
    await uploads.insertInvalidRows({ uploadId, rows: chunk });
  }
  return uploadId;
}

/** Slices of `items`, yielding to the event loop between them so other requests keep being served. */
export async function* slices<T>(items: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldToLoop();
    yield items.slice(i, i + size);
  }
}
