import { displayIdFor, storableRecord } from '@portal/shipment-rules';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import type { IngestedRow } from './csv-ingest.js';
import { decodeStagedSlice, stagedRecord, type StagedRow } from './staged-row.js';
import { type QueueIntentKey, ShipmentQueueIntents } from '../recovery/queue-intents.repository.js';
import { type InsertedShipment, type SliceUpload, UploadsRepository } from './uploads.repository.js';
import { isDataRefusal, refusalMessage } from '../refusals.js';

/** Rows per INSERT statement. */
const INSERT_SLICE = 2000;

type Inserted = InsertedShipment;

export interface SliceOutcome {
  batchNo: number;
  inserted: Inserted[];
  /** Rows that repeat a shipment stored by an earlier upload. */
  storedBefore: number;
  /** Rows Postgres refused, now rows with an error of their upload. */
  refused: number;
  /** The intent to queue `inserted`, committed with them; null when none was inserted. */
  intent: QueueIntentKey | null;
}

/** The upload's source kind (UPLOAD, PROCESS, SHIPSTATION, ...), owner and time. */
type SliceContext = SliceUpload;

/**
 * One staged slice of the upload -> shipments, inside `tx`; `null` when no slice is left to take.
 * The slice's rows are inserted (one shipment per company + order + tracking number; a repeat is
 * linked to the existing shipment in `upload_rows`) and the slice is deleted in the same transaction.
 * If Postgres refuses a value of the slice (`isDataRefusal`), the rows are written again in halves,
 * each under a savepoint, down to the single rows it refuses: those become rows with an error of the
 * upload (with the reason), every other row of the slice becomes a shipment as usual.
 */
export async function materializeNextSlice(
  tx: EntityManager,
  uploadId: string,
): Promise<SliceOutcome | null> {
  const uploads = UploadsRepository.in(tx);
  const batch = await uploads.takeNextSlice({ uploadId });
  if (!batch) return null;
  const ctx: SliceContext = {
    uploadId,
    source: batch.source,
    companyId: batch.company_id,
    userId: batch.user_id,
    createdAt: batch.created_at,
  };
  // One lock order for every upload: rows are written by (order, tracking number), whatever order the
  // file lists them in, so two uploads of the same rows wait for each other instead of deadlocking on
  // the unique key (each takes the keys it shares with the other in the same order; decision 0039).
  const rows = decodeStagedSlice(batch.rows).sort(byKey);
  const refused: Array<{ row: StagedRow; message: string }> = [];
  const written = await writeIsolating(uploads, ctx, rows, refused);
  // Queued in the file's order, as before.
  written.inserted.sort((a, b) => a.row_number - b.row_number);
  if (refused.length) await recordRefused(uploads, uploadId, refused);
  if (written.storedBefore) {
    await uploads.addRepeatsOfStored({ uploadId, count: written.storedBefore });
  }
  await uploads.dropSlice({ uploadId, batchNo: batch.batch_no });
  // Committed with the shipments: if their jobs never reach the queue, the recovery sweep finds them here.
  const intent = written.inserted.length ? { uploadId, batchNo: batch.batch_no } : null;
  if (intent) {
    await ShipmentQueueIntents.in(tx).record({ ...intent, shipmentIds: written.inserted.map((r) => r.id) });
  }
  return { batchNo: batch.batch_no, ...written, refused: refused.length, intent };
}

interface Written {
  inserted: Inserted[];
  storedBefore: number;
}

/** The shipments' unique key order (company aside: one upload is one company's). */
function byKey(a: StagedRow, b: StagedRow): number {
  const order = a.orderId < b.orderId ? -1 : a.orderId > b.orderId ? 1 : 0;
  if (order !== 0) return order;
  return a.trackingNumber < b.trackingNumber ? -1 : a.trackingNumber > b.trackingNumber ? 1 : 0;
}

/** `writeRows` under a savepoint; on a data refusal, the two halves on their own, down to single rows. */
async function writeIsolating(
  uploads: UploadsRepository,
  ctx: SliceContext,
  rows: StagedRow[],
  refused: Array<{ row: StagedRow; message: string }>,
): Promise<Written> {
  if (rows.length === 0) return { inserted: [], storedBefore: 0 };
  await uploads.markSliceSavepoint();
  try {
    const written = await writeRows(uploads, ctx, rows);
    await uploads.releaseSliceSavepoint();
    return written;
  } catch (err) {
    if (!isDataRefusal(err)) throw err;
    await uploads.rollBackToSliceSavepoint();
    await uploads.releaseSliceSavepoint();
    if (rows.length === 1) {
      refused.push({ row: rows[0]!, message: refusalMessage(err) });
      return { inserted: [], storedBefore: 0 };
    }
    const half = Math.ceil(rows.length / 2);
    const first = await writeIsolating(uploads, ctx, rows.slice(0, half), refused);
    const second = await writeIsolating(uploads, ctx, rows.slice(half), refused);
    return {
      inserted: [...first.inserted, ...second.inserted],
      storedBefore: first.storedBefore + second.storedBefore,
    };
  }
}

/** The rows' shipments, and `upload_rows` for repeats (within the file, or of a shipment stored before). */
async function writeRows(uploads: UploadsRepository, ctx: SliceContext, rows: StagedRow[]): Promise<Written> {
  const fresh = rows.filter((r) => r.duplicateOf === 0);
  const inserted: Inserted[] = [];
  for (let i = 0; i < fresh.length; i += INSERT_SLICE) {
    const slice = fresh.slice(i, i + INSERT_SLICE);
    // Inserted in the rows' (key) order.
    const got: Inserted[] = await uploads.insertShipments({
      upload: ctx,
      rows: {
        rowNumbers: slice.map((r) => r.rowNumber),
        orderIds: slice.map((r) => r.orderId),
        displayIds: slice.map((r) => displayIdFor(r.orderId)),
        trackingNumbers: slice.map((r) => r.trackingNumber),
        carriers: slice.map((r) => r.carrier),
        carrierRaws: slice.map((r) => r.carrierRaw),
        shipDates: slice.map((r) => r.shipDate),
        cents: slice.map((r) => r.cents),
      },
    });
    for (const r of got) inserted.push(r);
  }
  const link = new Map<number, string>(inserted.map((r) => [r.row_number, r.id]));
  const existing = fresh.filter((r) => !link.has(r.rowNumber));
  // Repeats within the file whose first row was written apart from them (the slice was split) are
  // linked through the same key: a repeat has its first row's order and tracking number.
  const repeats = rows.filter((r) => r.duplicateOf !== 0);
  const unlinked = repeats.filter((r) => !link.has(r.duplicateOf));
  const lookup = [...existing, ...unlinked];
  const byKey = new Map<string, string>();
  if (lookup.length) {
    const found = await uploads.shipmentsByKey({
      companyId: ctx.companyId,
      orderIds: lookup.map((r) => r.orderId),
      trackingNumbers: lookup.map((r) => r.trackingNumber),
    });
    for (const e of found) byKey.set(`${e.order_id}|${e.tracking_number}`, e.id);
  }
  const keyed = (r: StagedRow) => byKey.get(`${r.orderId}|${r.trackingNumber}`) ?? null;
  for (const r of existing) {
    const id = keyed(r);
    if (id) link.set(r.rowNumber, id);
  }
  // A shipment another upload created, reported again by this one (the same label from a file and
  // from ShipStation): one shipment, and this upload recorded as another of its sources (decision 0033).
  const reported = existing.map(keyed).filter((id): id is string => id !== null);
  if (reported.length) {
    await uploads.addShipmentSources({ shipmentIds: reported, uploadId: ctx.uploadId, source: ctx.source });
  }
  // Rows that did not become a shipment of this upload: repeats within the file (linked to the
  // first occurrence's shipment) and repeats of a shipment stored before.
  const repeated = [...repeats, ...existing].sort((a, b) => a.rowNumber - b.rowNumber);
  if (repeated.length) {
    await uploads.insertRepeatRows({
      uploadId: ctx.uploadId,
      rowNumbers: repeated.map((r) => r.rowNumber),
      raws: repeated.map((r) => JSON.stringify(stagedRecord(r))),
      shipmentIds: repeated.map((r) =>
        r.duplicateOf !== 0 ? (link.get(r.duplicateOf) ?? keyed(r)) : (link.get(r.rowNumber) ?? null),
      ),
    });
  }
  return { inserted, storedBefore: existing.length };
}

/** Refused rows become rows with an error of their upload, counted as invalid instead of valid. */
async function recordRefused(
  uploads: UploadsRepository,
  uploadId: string,
  refused: Array<{ row: StagedRow; message: string }>,
): Promise<void> {
  await uploads.recordRefusedRows({
    uploadId,
    rowNumbers: refused.map((r) => r.row.rowNumber),
    raws: refused.map((r) => JSON.stringify(storableRecord(stagedRecord(r.row)))),
    errors: refused.map((r) => JSON.stringify([{ code: 'REFUSED_BY_DATABASE', message: r.message }])),
  });
}

/** Rows with errors per INSERT statement, at most; fewer when their JSON passes CHUNK_JSON_CHARS. */
const CHUNK_ROWS = 2000;
/** JSON characters per INSERT statement (rows of 100 wide columns would make one statement huge). */
const CHUNK_JSON_CHARS = 2_000_000;
/** Rows serialised between two yields to the event loop. */
const SERIALISE_YIELD_ROWS = 250;

/**
 * Rows with errors as parameters of one INSERT each: the raw row made storable (`storableRecord`),
 * its errors and warnings as JSON. Built a few hundred rows at a time with a yield in between, so
 * 200k rows with errors, or wide ones, never stall other requests.
 */
export async function* invalidRowChunks(rows: IngestedRow[]): AsyncGenerator<{
  rowNumbers: number[];
  raws: string[];
  errors: string[];
  warnings: string[];
}> {
  let chunk = {
    rowNumbers: [] as number[],
    raws: [] as string[],
    errors: [] as string[],
    warnings: [] as string[],
  };
  let chars = 0;
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % SERIALISE_YIELD_ROWS === 0) await yieldToLoop();
    const r = rows[i]!;
    const raw = JSON.stringify(storableRecord(r.raw));
    const errors = JSON.stringify(r.result.errors);
    const warnings = JSON.stringify(r.result.warnings);
    chunk.rowNumbers.push(r.rowNumber);
    chunk.raws.push(raw);
    chunk.errors.push(errors);
    chunk.warnings.push(warnings);
    chars += raw.length + errors.length + warnings.length;
    if (chunk.rowNumbers.length >= CHUNK_ROWS || chars >= CHUNK_JSON_CHARS) {
      yield chunk;
      chunk = { rowNumbers: [], raws: [], errors: [], warnings: [] };
      chars = 0;
    }
  }
  if (chunk.rowNumbers.length) yield chunk;
}
