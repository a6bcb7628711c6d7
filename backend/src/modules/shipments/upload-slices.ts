import { displayIdFor, formatCents, storableRecord } from '@portal/shipment-rules';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import type { IngestedRow } from './csv-ingest.js';
import { type QueueIntentKey, ShipmentQueueIntents } from './queue-intents.repository.js';
import { type InsertedShipment, type SliceUpload, UploadsRepository } from './uploads.repository.js';

/**
 * A valid row as staged, short because a 10 MB file has ~190k of them:
 * [rowNumber, orderId, trackingNumber, carrier, carrierRaw (0: same as carrier), shipDate, cents, duplicateOf (0: none)].
 * The display id is derived from the order id again.
 */
export type StagedRow = [number, string, string, string, string | 0, string, number, number];
export const S = {
  rowNumber: 0,
  orderId: 1,
  trackingNumber: 2,
  carrier: 3,
  carrierRaw: 4,
  shipDate: 5,
  cents: 6,
  duplicateOf: 7,
} as const;

export function carrierRawOf(r: StagedRow): string {
  const raw = r[S.carrierRaw];
  return raw === 0 ? r[S.carrier] : raw;
}

/** A staged row written back as the fields it was validated from (for `upload_rows.raw`). */
function stagedRecord(r: StagedRow): Record<string, string> {
  return {
    order_id: String(r[S.orderId]),
    tracking_number: String(r[S.trackingNumber]),
    carrier: String(carrierRawOf(r)),
    ship_date: String(r[S.shipDate]),
    shipping_cost: typeof r[S.cents] === 'number' ? formatCents(r[S.cents]) : String(r[S.cents]),
  };
}

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

/** The SQLSTATE of a Postgres error (also when wrapped by TypeORM), or ''. */
function sqlState(err: unknown): string {
  const e = err as { code?: unknown; driverError?: { code?: unknown } } | null | undefined;
  if (typeof e?.code === 'string') return e.code;
  const inner = e?.driverError?.code;
  return typeof inner === 'string' ? inner : '';
}

/**
 * True when Postgres refused a value of the statement's data: a data exception (22: a NUL byte, a
 * date that does not exist, a number out of range), a NOT NULL or CHECK violation, or a program limit
 * (54: a value too big for an index). Such a failure comes back however often it is retried. A
 * unique or foreign-key violation, a lost connection or a deadlock is not one: it may not be the row's
 * fault, so the slice is left to be retried whole.
 */
export function isDataRefusal(err: unknown): boolean {
  const code = sqlState(err);
  return code.startsWith('22') || code === '23502' || code === '23514' || code.startsWith('54');
}

/** Why Postgres refused a row, in words a person understands. */
export function refusalMessage(err: unknown): string {
  const code = sqlState(err);
  if (code === '22021' || code === '22P05' || code === '22P02') {
    return 'This row could not be stored: it contains a character that cannot be saved (such as an invisible control character)';
  }
  if (code.startsWith('54') || code === '22001') {
    return 'This row could not be stored: one of its values is too long';
  }
  if (code === '22007' || code === '22008') {
    return 'This row could not be stored: its ship date does not exist';
  }
  if (code === '22003' || code === '23514') {
    return 'This row could not be stored: a number in it is out of range';
  }
  return 'This row could not be stored: the database refused one of its values';
}

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
  const rows = (JSON.parse(batch.rows) as StagedRow[]).sort(byKey);
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
  const order = a[S.orderId] < b[S.orderId] ? -1 : a[S.orderId] > b[S.orderId] ? 1 : 0;
  if (order !== 0) return order;
  return a[S.trackingNumber] < b[S.trackingNumber] ? -1 : a[S.trackingNumber] > b[S.trackingNumber] ? 1 : 0;
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
  const fresh = rows.filter((r) => r[S.duplicateOf] === 0);
  const inserted: Inserted[] = [];
  for (let i = 0; i < fresh.length; i += INSERT_SLICE) {
    const slice = fresh.slice(i, i + INSERT_SLICE);
    // Inserted in the rows' (key) order.
    const got: Inserted[] = await uploads.insertShipments({
      upload: ctx,
      rows: {
        rowNumbers: slice.map((r) => r[S.rowNumber]),
        orderIds: slice.map((r) => r[S.orderId]),
        displayIds: slice.map((r) => displayIdFor(r[S.orderId])),
        trackingNumbers: slice.map((r) => r[S.trackingNumber]),
        carriers: slice.map((r) => r[S.carrier]),
        carrierRaws: slice.map(carrierRawOf),
        shipDates: slice.map((r) => r[S.shipDate]),
        cents: slice.map((r) => r[S.cents]),
      },
    });
    for (const r of got) inserted.push(r);
  }
  const link = new Map<number, string>(inserted.map((r) => [r.row_number, r.id]));
  const existing = fresh.filter((r) => !link.has(r[S.rowNumber]));
  // Repeats within the file whose first row was written apart from them (the slice was split) are
  // linked through the same key: a repeat has its first row's order and tracking number.
  const repeats = rows.filter((r) => r[S.duplicateOf] !== 0);
  const unlinked = repeats.filter((r) => !link.has(r[S.duplicateOf]));
  const lookup = [...existing, ...unlinked];
  const byKey = new Map<string, string>();
  if (lookup.length) {
    const found = await uploads.shipmentsByKey({
      companyId: ctx.companyId,
      orderIds: lookup.map((r) => r[S.orderId]),
      trackingNumbers: lookup.map((r) => r[S.trackingNumber]),
    });
    for (const e of found) byKey.set(`${e.order_id}|${e.tracking_number}`, e.id);
  }
  const keyed = (r: StagedRow) => byKey.get(`${r[S.orderId]}|${r[S.trackingNumber]}`) ?? null;
  for (const r of existing) {
    const id = keyed(r);
    if (id) link.set(r[S.rowNumber], id);
  }
  // A shipment another upload created, reported again by this one (the same label from a file and
  // from ShipStation): one shipment, and this upload recorded as another of its sources (decision 0033).
  const reported = existing.map(keyed).filter((id): id is string => id !== null);
  if (reported.length) {
    await uploads.addShipmentSources({ shipmentIds: reported, uploadId: ctx.uploadId, source: ctx.source });
  }
  // Rows that did not become a shipment of this upload: repeats within the file (linked to the
  // first occurrence's shipment) and repeats of a shipment stored before.
  const repeated = [...repeats, ...existing].sort((a, b) => a[S.rowNumber] - b[S.rowNumber]);
  if (repeated.length) {
    await uploads.insertRepeatRows({
      uploadId: ctx.uploadId,
      rowNumbers: repeated.map((r) => r[S.rowNumber]),
      raws: repeated.map((r) => JSON.stringify(stagedRecord(r))),
      shipmentIds: repeated.map((r) =>
        r[S.duplicateOf] !== 0
          ? (link.get(r[S.duplicateOf]) ?? keyed(r))
          : (link.get(r[S.rowNumber]) ?? null),
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
    rowNumbers: refused.map((r) => r.row[S.rowNumber]),
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
