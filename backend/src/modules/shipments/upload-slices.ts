import { displayIdFor, formatCents, storableRecord } from '@portal/shipment-rules';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import type { EntityManager } from 'typeorm';
import type { IngestedRow } from './csv-ingest.js';

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

type Inserted = { id: string; row_number: number; order_id: string };

export interface SliceOutcome {
  batchNo: number;
  inserted: Inserted[];
  /** Rows that repeat a shipment stored by an earlier upload. */
  storedBefore: number;
  /** Rows Postgres refused, now rows with an error of their upload. */
  refused: number;
}

interface SliceContext {
  uploadId: string;
  /** The upload's source kind (UPLOAD, PROCESS, SHIPSTATION, ...). */
  source: string;
  companyId: string;
  userId: string | null;
  createdAt: string;
}

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
  const [batch] = await tx.query<
    {
      batch_no: number;
      rows: string;
      company_id: string;
      user_id: string | null;
      created_at: string;
      source: string;
    }[]
  >(
    `SELECT b.batch_no, b.rows, u.company_id, u.user_id, u.created_at::text AS created_at, u.source
       FROM upload_batches b JOIN uploads u ON u.id = b.upload_id
      WHERE b.upload_id = $1 ORDER BY b.batch_no LIMIT 1 FOR UPDATE OF b SKIP LOCKED`,
    [uploadId],
  );
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
  const written = await writeIsolating(tx, ctx, rows, refused);
  // Queued in the file's order, as before.
  written.inserted.sort((a, b) => a.row_number - b.row_number);
  if (refused.length) await recordRefused(tx, uploadId, refused);
  if (written.storedBefore) {
    await tx.query('UPDATE uploads SET duplicate_rows = duplicate_rows + $2 WHERE id = $1', [
      uploadId,
      written.storedBefore,
    ]);
  }
  await tx.query('DELETE FROM upload_batches WHERE upload_id = $1 AND batch_no = $2', [
    uploadId,
    batch.batch_no,
  ]);
  return { batchNo: batch.batch_no, ...written, refused: refused.length };
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
  tx: EntityManager,
  ctx: SliceContext,
  rows: StagedRow[],
  refused: Array<{ row: StagedRow; message: string }>,
): Promise<Written> {
  if (rows.length === 0) return { inserted: [], storedBefore: 0 };
  await tx.query('SAVEPOINT slice_rows');
  try {
    const written = await writeRows(tx, ctx, rows);
    await tx.query('RELEASE SAVEPOINT slice_rows');
    return written;
  } catch (err) {
    if (!isDataRefusal(err)) throw err;
    await tx.query('ROLLBACK TO SAVEPOINT slice_rows');
    await tx.query('RELEASE SAVEPOINT slice_rows');
    if (rows.length === 1) {
      refused.push({ row: rows[0]!, message: refusalMessage(err) });
      return { inserted: [], storedBefore: 0 };
    }
    const half = Math.ceil(rows.length / 2);
    const first = await writeIsolating(tx, ctx, rows.slice(0, half), refused);
    const second = await writeIsolating(tx, ctx, rows.slice(half), refused);
    return {
      inserted: [...first.inserted, ...second.inserted],
      storedBefore: first.storedBefore + second.storedBefore,
    };
  }
}

/** The rows' shipments, and `upload_rows` for repeats (within the file, or of a shipment stored before). */
async function writeRows(tx: EntityManager, ctx: SliceContext, rows: StagedRow[]): Promise<Written> {
  const fresh = rows.filter((r) => r[S.duplicateOf] === 0);
  const inserted: Inserted[] = [];
  for (let i = 0; i < fresh.length; i += INSERT_SLICE) {
    const slice = fresh.slice(i, i + INSERT_SLICE);
    const got: Inserted[] = await tx.query(
      // Inserted in the rows' (key) order: ORDER BY the array position says so explicitly.
      `INSERT INTO shipments (company_id, upload_id, uploaded_by, uploaded_at, row_number, order_id, display_id, tracking_number, carrier, carrier_raw, ship_date, shipping_cost_cents)
       SELECT $1, $2, $3, $4::timestamptz, t.row_number, t.order_id, t.display_id, t.tracking_number, t.carrier, t.carrier_raw, t.ship_date, t.cost
         FROM unnest($5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::date[], $12::int[])
              WITH ORDINALITY AS t(row_number, order_id, display_id, tracking_number, carrier, carrier_raw, ship_date, cost, ord)
        ORDER BY t.ord
       ON CONFLICT (company_id, order_id, tracking_number) DO NOTHING
       RETURNING id, row_number, order_id`,
      [
        ctx.companyId,
        ctx.uploadId,
        ctx.userId,
        ctx.createdAt,
        slice.map((r) => r[S.rowNumber]),
        slice.map((r) => r[S.orderId]),
        slice.map((r) => displayIdFor(r[S.orderId])),
        slice.map((r) => r[S.trackingNumber]),
        slice.map((r) => r[S.carrier]),
        slice.map(carrierRawOf),
        slice.map((r) => r[S.shipDate]),
        slice.map((r) => r[S.cents]),
      ],
    );
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
    const found: { id: string; order_id: string; tracking_number: string }[] = await tx.query(
      `SELECT s.id, s.order_id, s.tracking_number FROM shipments s
         JOIN unnest($2::text[], $3::text[]) AS k(order_id, tracking_number) ON s.order_id = k.order_id AND s.tracking_number = k.tracking_number
        WHERE s.company_id = $1`,
      [ctx.companyId, lookup.map((r) => r[S.orderId]), lookup.map((r) => r[S.trackingNumber])],
    );
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
    await tx.query(
      `INSERT INTO shipment_sources (shipment_id, upload_id, source)
       SELECT s.id, $2, $3 FROM shipments s WHERE s.id = ANY($1::uuid[]) AND s.upload_id <> $2
       ON CONFLICT DO NOTHING`,
      [reported, ctx.uploadId, ctx.source],
    );
  }
  // Rows that did not become a shipment of this upload: repeats within the file (linked to the
  // first occurrence's shipment) and repeats of a shipment stored before.
  const repeated = [...repeats, ...existing].sort((a, b) => a[S.rowNumber] - b[S.rowNumber]);
  if (repeated.length) {
    await tx.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, shipment_id, duplicate)
       SELECT $1, t.row_number, t.raw, true, t.shipment_id, true
         FROM unnest($2::int[], $3::jsonb[], $4::uuid[]) AS t(row_number, raw, shipment_id)`,
      [
        ctx.uploadId,
        repeated.map((r) => r[S.rowNumber]),
        repeated.map((r) => JSON.stringify(stagedRecord(r))),
        repeated.map((r) =>
          r[S.duplicateOf] !== 0
            ? (link.get(r[S.duplicateOf]) ?? keyed(r))
            : (link.get(r[S.rowNumber]) ?? null),
        ),
      ],
    );
  }
  return { inserted, storedBefore: existing.length };
}

/** Refused rows become rows with an error of their upload, counted as invalid instead of valid. */
async function recordRefused(
  tx: EntityManager,
  uploadId: string,
  refused: Array<{ row: StagedRow; message: string }>,
): Promise<void> {
  await tx.query(
    `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors, warnings)
     SELECT $1, t.row_number, t.raw, false, t.e, '[]'::jsonb
       FROM unnest($2::int[], $3::jsonb[], $4::jsonb[]) AS t(row_number, raw, e)
     ON CONFLICT DO NOTHING`,
    [
      uploadId,
      refused.map((r) => r.row[S.rowNumber]),
      refused.map((r) => JSON.stringify(storableRecord(stagedRecord(r.row)))),
      refused.map((r) => JSON.stringify([{ code: 'REFUSED_BY_DATABASE', message: r.message }])),
    ],
  );
  await tx.query(
    `UPDATE uploads SET valid_rows = valid_rows - $2, invalid_rows = invalid_rows + $2 WHERE id = $1`,
    [uploadId, refused.length],
  );
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
