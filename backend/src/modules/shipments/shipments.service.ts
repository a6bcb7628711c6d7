import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  REQUIRED_COLUMNS,
  UPLOAD_LIMITS,
  displayIdFor,
  echoText,
  formatCents,
  isShipmentField,
  safeText,
  validateRow,
  type ColumnMapping,
  type UploadPreviewRow,
} from '@portal/shipment-rules';
import type { JobsOptions, Queue } from 'bullmq';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { DataSource } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { Shutdown } from '../../common/shutdown.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { QUEUES, SHIPMENT_JOBS, type ShipmentsQueueJob } from '../../common/queue/queues.js';
import { ActivityService } from '../activity/activity.service.js';
import { ingestCsv, type IngestedRow } from './csv-ingest.js';
import { invalidRowChunks, materializeNextSlice, type StagedRow } from './upload-slices.js';
import { ColumnMappingsService } from '../column-mappings/column-mappings.service.js';
import { RETRY_BASE_DELAY_MS } from './retry-schedule.js';
import { UploadReadinessService } from './upload-readiness.service.js';
import type { ListShipmentsQuery, ProcessItemDto } from './shipments.dto.js';

/** Rows of one job: an order's rows always travel together (one create call per order). */
const BATCH_SIZE = 50;
/** The history counts matching rows up to this many; beyond it the total reads "10,000+". */
export const HISTORY_COUNT_CAP = 10_000;
/** Jobs per addBulk call. */
const ENQUEUE_SLICE = 200;
/** Valid rows per staged slice of an upload (an order's rows are never split). */
const STAGE_ROWS = 2000;
/** Staged slices written per INSERT statement. */
const STAGE_BATCHES_PER_STATEMENT = 8;
/** Job priorities reserved per staged slice, so an upload's jobs keep their order across slices. */
const JOBS_PER_BATCH = Math.ceil(STAGE_ROWS / BATCH_SIZE);

/** Rows looked at between two yields to the event loop while staging. */
const STAGE_YIELD_EVERY = 5000;

/** The valid rows in slices of about STAGE_ROWS, each order's rows together and in file order. */
async function stageBatches(rows: IngestedRow[]): Promise<StagedRow[][]> {
  const byOrder = new Map<string, StagedRow[]>();
  for (let i = 0; i < rows.length; i++) {
    if (i > 0 && i % STAGE_YIELD_EVERY === 0) await yieldToLoop();
    const r = rows[i];
    const v = r.result.value;
    if (!v) continue;
    const staged: StagedRow = [
      r.rowNumber,
      v.orderId,
      v.trackingNumber,
      v.carrier,
      v.carrierRaw === v.carrier ? 0 : v.carrierRaw,
      v.shipDate,
      v.shippingCostCents,
      r.duplicateOf ?? 0,
    ];
    const list = byOrder.get(v.orderId);
    if (list) list.push(staged);
    else byOrder.set(v.orderId, [staged]);
  }
  const batches: StagedRow[][] = [];
  let current: StagedRow[] = [];
  for (const list of byOrder.values()) {
    if (current.length && current.length + list.length > STAGE_ROWS) {
      batches.push(current);
      current = [];
    }
    for (const r of list) current.push(r);
  }
  if (current.length) batches.push(current);
  return batches;
}

/** Slices of `items`, yielding to the event loop between them so other requests keep being served. */
async function* slices<T>(items: T[], size: number): AsyncGenerator<T[]> {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await yieldToLoop();
    yield items.slice(i, i + size);
  }
}

/** Rows of each kind the upload answer previews. */
const PREVIEW_VALID = 100;
const PREVIEW_INVALID = 1000;
/** Characters of a file name kept (and shown). */
const FILE_NAME_CHARS = 255;
export const RETRYABLE = ['FAILED', 'ORDER_NOT_FOUND', 'ORDER_STATUS_INCORRECT'];

export const SHIPMENT_JOB_OPTIONS: JobsOptions = {
  attempts: 8,
  backoff: { type: 'exponential', delay: RETRY_BASE_DELAY_MS },
  removeOnComplete: { age: 3600, count: 20000 },
  removeOnFail: { age: 7 * 86400 },
};

@Injectable()
export class ShipmentsService {
  private readonly logger = new Logger('Shipments');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @InjectQueue(QUEUES.SHIPMENTS) private readonly queue: Queue<ShipmentsQueueJob>,
    private readonly activity: ActivityService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly shutdown: Shutdown,
    private readonly readiness: UploadReadinessService,
    private readonly mappings: ColumnMappingsService,
  ) {}

  /** Reading A: a CSV file. Every row is stored; valid ones become PENDING shipments and are queued. */
  async upload(
    caller: CompanyAuthContext,
    file: { originalname: string; size: number; buffer: Buffer },
    mappingJson?: string,
  ) {
    if (!/\.csv$/i.test(file.originalname))
      throw new AppError('VALIDATION_FAILED', 'Please select a CSV file');
    await this.readiness.assertReady(caller);
    const fileName = safeText(file.originalname, FILE_NAME_CHARS);
    let mapping = parseMapping(mappingJson);
    let ingest = await ingestCsv(file.buffer, mapping, this.clock.now());
    let savedMappingApplied = false;
    if (ingest.missingColumns.length && !mapping) {
      // The company mapped a file with these columns before: read this one the same way.
      const saved = await this.mappings.find(caller, ingest.headers);
      if (saved) {
        mapping = saved;
        ingest = await ingestCsv(file.buffer, mapping, this.clock.now());
        savedMappingApplied = true;
      }
    } else if (mapping && !ingest.missingColumns.length) {
      await this.mappings.remember(caller, ingest.headers, mapping);
    }
    if (ingest.missingColumns.length) {
      throw new AppError(
        'VALIDATION_FAILED',
        `Missing required columns: ${ingest.missingColumns.join(', ')}. Map your CSV columns to continue.`,
        {
          requiresMapping: true,
          missingColumns: ingest.missingColumns,
          detectedHeaders: ingest.headers,
        },
      );
    }
    if (ingest.totalRows === 0) throw new AppError('VALIDATION_FAILED', 'The file has no data rows');
    const stored = await this.store(caller, {
      source: 'UPLOAD',
      fileName,
      fileSize: file.size,
      encoding: ingest.encoding,
      delimiter: ingest.delimiter,
      mapping: mapping ?? null,
      rows: ingest.rows,
    });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'shipments.uploaded',
      target: fileName,
      details: {
        uploadId: stored.uploadId,
        totalRows: ingest.totalRows,
        validRows: ingest.validRows,
        invalidRows: ingest.invalidRows,
        duplicates: stored.duplicateRows,
      },
    });
    const preview = previewRows(ingest.rows, PREVIEW_VALID, PREVIEW_INVALID);
    return {
      uploadId: stored.uploadId,
      filename: fileName,
      totalRows: ingest.totalRows,
      validRows: ingest.validRows,
      invalidRows: ingest.invalidRows,
      duplicateRows: stored.duplicateRows,
      queued: stored.queued,
      encoding: ingest.encoding,
      savedMappingApplied,
      preview,
    };
  }

  /** Reading B: rows reviewed in the browser. Waits a bounded time; rows not done answer PENDING. */
  async process(caller: CompanyAuthContext, items: ProcessItemDto[], givenName?: string) {
    await this.readiness.assertReady(caller);
    const now = this.clock.now();
    const fileName = givenName === undefined ? undefined : safeText(givenName, FILE_NAME_CHARS);
    // Results name the file's rows when the browser sent each row's number (all given, none twice).
    const fileRows = items.map((item) => item.row);
    const useFileRows = fileRows.every((r) => r !== undefined) && new Set(fileRows).size === fileRows.length;
    const rows: IngestedRow[] = items.map((item, i) => {
      const raw = {
        order_id: item.orderId,
        tracking_number: item.trackingNumber,
        carrier: item.carrier,
        ship_date: item.shipDate.slice(0, 10),
        shipping_cost: (item.shippingCost / 100).toFixed(2),
      };
      const rowNumber = useFileRows ? (item.row as number) : i + 1;
      return { rowNumber, raw, record: raw, result: validateRow(raw, { now }) };
    });
    const stored = await this.store(caller, {
      source: 'PROCESS',
      fileName: fileName ?? 'Reviewed rows',
      fileSize: 0,
      encoding: null,
      delimiter: null,
      mapping: null,
      rows,
      priority: 1,
    });
    const deadline = Date.now() + this.config.shipments.processWaitMs;
    let statuses = await this.rowStatuses(stored.uploadId);
    while (Date.now() < deadline && [...statuses.values()].some((s) => s.status === 'PENDING')) {
      await new Promise((r) => setTimeout(r, 200));
      statuses = await this.rowStatuses(stored.uploadId);
    }
    const results = rows.map((r, i) => {
      const item = items[i];
      if (!r.result.value) {
        return {
          orderId: echoText(item.orderId),
          trackingNumber: echoText(item.trackingNumber),
          status: 'INVALID',
          error: r.result.errors.map((e) => e.message).join('; '),
        };
      }
      const s = statuses.get(r.rowNumber);
      return {
        orderId: r.result.value.orderId,
        trackingNumber: r.result.value.trackingNumber,
        shipmentId: s?.shipmentId ?? null,
        status: s?.status ?? 'PENDING',
        error: s?.error ?? null,
      };
    });
    const counts = {
      success: results.filter((r) => r.status === 'SUCCESS').length,
      failed: results.filter((r) => r.status !== 'SUCCESS' && r.status !== 'PENDING').length,
    };
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'shipments.processed',
      target: fileName ?? 'Reviewed rows',
      details: {
        uploadId: stored.uploadId,
        ...counts,
        pending: results.length - counts.success - counts.failed,
      },
    });
    return { uploadId: stored.uploadId, results };
  }

  async list(caller: CompanyAuthContext, q: ListShipmentsQuery) {
    const where: string[] = ['company_id = $1'];
    const params: unknown[] = [caller.companyId];
    if (q.status) {
      params.push(q.status);
      where.push(`status = $${params.length}`);
    }
    if (q.uploadId) {
      params.push(q.uploadId);
      where.push(`upload_id = $${params.length}`);
    }
    if (q.dateFrom || q.dateTo) params.push(q.timeZone ?? 'UTC');
    const tz = `$${params.length}`;
    if (q.dateFrom) {
      params.push(q.dateFrom);
      where.push(`uploaded_at >= ($${params.length}::date::timestamp AT TIME ZONE ${tz})`);
    }
    if (q.dateTo) {
      params.push(q.dateTo);
      where.push(`uploaded_at < (($${params.length}::date + 1)::timestamp AT TIME ZONE ${tz})`);
    }
    const search = q.search?.trim();
    if (search) {
      const like = `%${search.replace(/^#/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like.toLowerCase(), like.replace(/\s+/g, '').toUpperCase());
      where.push(`(order_id LIKE $${params.length - 1} OR tracking_number LIKE $${params.length})`);
    }
    const filter = where.join(' AND ');
    // Counting a million rows on every page costs ~70 ms; past HISTORY_COUNT_CAP the total is shown as "10,000+".
    const [{ total: counted }] = await this.db.query<{ total: number }[]>(
      `SELECT count(*)::int AS total FROM (SELECT 1 FROM shipments WHERE ${filter} LIMIT ${HISTORY_COUNT_CAP + 1}) capped`,
      params,
    );
    const totalCapped = counted > HISTORY_COUNT_CAP;
    const total = totalCapped ? HISTORY_COUNT_CAP : counted;
    const rows: {
      id: string;
      upload_id: string;
      row_number: number;
      order_id: string;
      display_id: string;
      tracking_number: string;
      carrier: string;
      ship_date: string;
      shipping_cost_cents: number;
      uploaded_at: Date;
      status: string;
      error_message: string | null;
      currency: string;
      brand_name: string | null;
    }[] = await this.db.query(
      `SELECT id, upload_id, row_number, order_id, display_id, tracking_number, carrier, ship_date::text AS ship_date, shipping_cost_cents, uploaded_at, status, error_message,
              brand_name, COALESCE(currency, (SELECT mc.currency FROM marketplace_connections mc WHERE mc.company_id = shipments.company_id), 'USD') AS currency
         FROM shipments WHERE ${filter}
        ORDER BY ${q.uploadId ? 'row_number' : 'uploaded_at DESC, id DESC'} LIMIT $${params.length + 1} OFFSET $${params.length + 2}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    return {
      total,
      ...(totalCapped ? { totalCapped: true } : {}),
      shipments: rows.map((r) => ({
        id: r.id,
        uploadId: r.upload_id,
        rowNumber: r.row_number,
        orderId: r.order_id,
        displayId: r.display_id,
        trackingNumber: r.tracking_number,
        carrier: r.carrier,
        shipDate: r.ship_date,
        shippingCost: r.shipping_cost_cents,
        /** The currency the cost was sent to Faire in (the brand's); the company's brand before it was sent. */
        currency: r.currency,
        /** The Faire brand the shipment was sent to (null until it was). */
        brandName: r.brand_name,
        uploadedAt: r.uploaded_at.toISOString(),
        status: r.status,
        errorMessage: r.error_message,
      })),
    };
  }

  /** Retry a FAILED / ORDER_NOT_FOUND / ORDER_STATUS_INCORRECT row; waits a bounded time for the outcome. */
  async retry(
    caller: CompanyAuthContext,
    id: string,
  ): Promise<{ success: boolean; status: string; error: string | null }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'Shipment not found');
    const updated: unknown = await this.db.query(
      `UPDATE shipments SET status = 'PENDING', error_message = NULL, completed_at = NULL, updated_at = now()
        WHERE id = $1 AND company_id = $2 AND status = ANY($3::text[]) RETURNING id, order_id, display_id, tracking_number`,
      [id, caller.companyId, RETRYABLE],
    );
    const rows =
      Array.isArray(updated) && Array.isArray(updated[0])
        ? (updated[0] as unknown[])
        : (updated as unknown[]);
    if (rows.length === 0) {
      const exists: { status: string }[] = await this.db.query(
        'SELECT status FROM shipments WHERE id = $1 AND company_id = $2',
        [id, caller.companyId],
      );
      if (!exists[0]) throw new AppError('NOT_FOUND', 'Shipment not found');
      throw new AppError(
        'CONFLICT',
        `Only failed shipments can be retried (this one is ${exists[0].status})`,
      );
    }
    await this.queue.add(
      SHIPMENT_JOBS.CREATE,
      { shipmentIds: [id] },
      { ...SHIPMENT_JOB_OPTIONS, jobId: `retry-${id}-${Date.now()}`, priority: 1 },
    );
    // Named as people know it: the order's display id and the tracking number, not the row's uuid.
    const retried = rows[0] as { order_id: string; display_id: string | null; tracking_number: string };
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'shipment.retried',
      target: `${retried.display_id || retried.order_id} (${retried.tracking_number})`,
      details: { shipmentId: id, orderId: retried.order_id },
    });
    const deadline = Date.now() + this.config.shipments.processWaitMs;
    for (;;) {
      const [row] = await this.db.query<{ status: string; error_message: string | null }[]>(
        'SELECT status, error_message FROM shipments WHERE id = $1',
        [id],
      );
      if (row.status !== 'PENDING')
        return {
          success: row.status === 'SUCCESS',
          status: row.status,
          error: row.status === 'SUCCESS' ? null : row.error_message,
        };
      if (Date.now() > deadline)
        return {
          success: false,
          status: 'PENDING',
          error: 'Still being processed; the history will show the result shortly',
        };
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /**
   * Accepts an upload in one short transaction: the upload, its rows with errors (in `upload_rows`),
   * and its valid rows as received, in slices of at most STAGE_ROWS rows (`upload_batches`; an order's
   * rows stay in one slice). Nothing is lost once this commits. The slices then become shipments
   * (`materialize`): within the request for small uploads, by a worker for big ones, so a 10 MB file
   * is answered in about a second and the rows reach the history a few seconds later.
   */
  async store(
    caller: CompanyAuthContext,
    u: {
      source: 'UPLOAD' | 'PROCESS';
      fileName: string;
      fileSize: number;
      encoding: string | null;
      delimiter: string | null;
      mapping: ColumnMapping | null;
      rows: IngestedRow[];
      priority?: number;
    },
  ): Promise<{ uploadId: string; duplicateRows: number; queued: number; materialized: boolean }> {
    const batches = await stageBatches(u.rows);
    let validRows = 0;
    let inFileRepeats = 0;
    const invalid: IngestedRow[] = [];
    for (const r of u.rows) {
      if (!r.result.valid) invalid.push(r);
      else {
        validRows += 1;
        if (r.duplicateOf !== undefined) inFileRepeats += 1;
      }
    }
    const uploadId = await this.db.transaction(async (tx) => {
      const [upload] = await tx.query<{ id: string }[]>(
        `INSERT INTO uploads (company_id, user_id, source, file_name, file_size, encoding, delimiter, column_mapping, total_rows, valid_rows, invalid_rows, duplicate_rows, materialized_at)
         VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13) RETURNING id`,
        [
          caller.companyId,
          caller.userId,
          u.source,
          safeText(u.fileName, FILE_NAME_CHARS),
          u.fileSize,
          u.encoding,
          u.delimiter,
          u.mapping ? JSON.stringify(u.mapping) : null,
          u.rows.length,
          validRows,
          u.rows.length - validRows,
          inFileRepeats,
          batches.length === 0 ? new Date() : null,
        ],
      );
      // One parameter per slice: a big text parameter goes to Postgres as is, where an array of them
      // would be escaped into one array literal first (4x slower for a 10 MB file).
      for (let i = 0; i < batches.length; i += STAGE_BATCHES_PER_STATEMENT) {
        if (i > 0) await yieldToLoop();
        const params: unknown[] = [upload.id];
        const values = batches.slice(i, i + STAGE_BATCHES_PER_STATEMENT).map((b, k) => {
          params.push(i + k, b.length, JSON.stringify(b));
          const n = params.length;
          return `($1, $${n - 2}::int, $${n - 1}::int, $${n}::text)`;
        });
        await tx.query(
          `INSERT INTO upload_batches (upload_id, batch_no, row_count, rows) VALUES ${values.join(', ')}`,
          params,
        );
      }
      for await (const chunk of invalidRowChunks(invalid)) {
        await tx.query(
          `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors, warnings)
           SELECT $1, t.row_number, t.raw, false, t.e, t.w FROM unnest($2::int[], $3::jsonb[], $4::jsonb[], $5::jsonb[]) AS t(row_number, raw, e, w)`,
          [upload.id, chunk.rowNumbers, chunk.raws, chunk.errors, chunk.warnings],
        );
      }
      return upload.id;
    });
    if (batches.length === 0) return { uploadId, duplicateRows: 0, queued: 0, materialized: true };
    if (validRows <= this.config.shipments.inlineRows) {
      try {
        const done = await this.materialize(uploadId, u.priority);
        return {
          uploadId,
          duplicateRows: inFileRepeats + done.repeats,
          queued: done.queued,
          materialized: true,
        };
      } catch (err) {
        // The rows are stored: a worker finishes what this request could not.
        this.logger.error(
          { err },
          `Upload ${uploadId}: turning rows into shipments failed; queued for a worker`,
        );
      }
    }
    await this.queueMaterialize(uploadId, `materialize-${uploadId}`, u.priority);
    return { uploadId, duplicateRows: inFileRepeats, queued: validRows - inFileRepeats, materialized: false };
  }

  /** Asks a worker to turn an upload's staged slices into shipments. A failure is left to the recovery sweep. */
  async queueMaterialize(uploadId: string, jobId: string, priority?: number): Promise<void> {
    try {
      await this.queue.add(
        SHIPMENT_JOBS.MATERIALIZE,
        priority === undefined ? { uploadId } : { uploadId, priority },
        { ...SHIPMENT_JOB_OPTIONS, removeOnComplete: true, jobId, priority: 1 },
      );
    } catch (err) {
      this.logger.error({ err }, `Queueing upload ${uploadId} failed; the recovery sweep will queue it`);
    }
  }

  /**
   * Turns an upload's staged slices into shipments, one slice per transaction: the slice's rows are
   * inserted (one shipment per company + order + tracking number; a repeat is linked to the existing
   * shipment in `upload_rows`) and the slice is deleted in the same transaction, so a crash at any
   * point leaves each slice either untouched or done. Slices are taken with SKIP LOCKED, so two
   * workers on the same upload never take the same slice. New shipments are queued after each commit;
   * if that fails, the recovery sweep queues them.
   */
  async materialize(uploadId: string, priority?: number): Promise<{ queued: number; repeats: number }> {
    let queued = 0;
    let repeats = 0;
    for (;;) {
      this.shutdown.throwIfStopping(); // between slices: the job is handed back, the rest stays staged
      const done = await this.db.transaction((tx) => materializeNextSlice(tx, uploadId));
      if (!done) break;
      if (done.refused)
        this.logger.warn(
          `Upload ${uploadId}: ${done.refused} row(s) of slice ${done.batchNo} refused by the database; the others continue`,
        );
      repeats += done.storedBefore;
      queued += await this.enqueue(
        uploadId,
        done.inserted,
        priority,
        `ship-b${done.batchNo}`,
        done.batchNo * JOBS_PER_BATCH,
      );
      await yieldToLoop();
    }
    await this.db.query(
      `UPDATE uploads SET materialized_at = now()
        WHERE id = $1 AND materialized_at IS NULL AND NOT EXISTS (SELECT 1 FROM upload_batches WHERE upload_id = $1)`,
      [uploadId],
    );
    return { queued, repeats };
  }

  /** Queues new shipments in batches that keep an order's rows together; batch n gets priority n so uploads interleave. */
  async enqueue(
    uploadId: string,
    rows: { id: string; order_id: string }[],
    priority?: number,
    jobPrefix = 'ship',
    priorityBase = 0,
  ): Promise<number> {
    if (rows.length === 0) return 0;
    const byOrder = new Map<string, string[]>();
    for (const r of rows) {
      const ids = byOrder.get(r.order_id);
      if (ids) ids.push(r.id);
      else byOrder.set(r.order_id, [r.id]);
    }
    const batches: string[][] = [];
    let current: string[] = [];
    for (const ids of byOrder.values()) {
      if (current.length && current.length + ids.length > BATCH_SIZE) {
        batches.push(current);
        current = [];
      }
      current.push(...ids);
    }
    if (current.length) batches.push(current);
    try {
      const jobs = batches.map((shipmentIds, i) => ({
        name: SHIPMENT_JOBS.CREATE,
        data: { shipmentIds },
        opts: {
          ...SHIPMENT_JOB_OPTIONS,
          jobId: `${jobPrefix}-${uploadId}-${i}`,
          priority: priority ?? Math.min(priorityBase + i + 1, 2_000_000),
        },
      }));
      // A few hundred jobs per call: one call for thousands of jobs serialises them all in one go.
      for await (const chunk of slices(jobs, ENQUEUE_SLICE)) await this.queue.addBulk(chunk);
      // Queued: the sweep no longer takes these rows for lost ones (decision 0016).
      await this.db.query(
        'UPDATE shipments SET queued_at = now() WHERE id = ANY($1::uuid[]) AND queued_at IS NULL',
        [rows.map((r) => r.id)],
      );
    } catch (err) {
      this.logger.error(
        { err },
        `Queueing upload ${uploadId} failed; the recovery sweep will queue its rows`,
      );
    }
    return rows.length;
  }

  private async rowStatuses(
    uploadId: string,
  ): Promise<Map<number, { status: string; error: string | null; shipmentId: string }>> {
    const rows: { row_number: number; status: string; error_message: string | null; id: string }[] =
      await this.db.query(
        `SELECT s.row_number, s.status, s.error_message, s.id FROM shipments s WHERE s.upload_id = $1
         UNION ALL
         SELECT ur.row_number, s.status, s.error_message, s.id FROM upload_rows ur JOIN shipments s ON s.id = ur.shipment_id WHERE ur.upload_id = $1`,
        [uploadId],
      );
    return new Map(
      rows.map((r) => [r.row_number, { status: r.status, error: r.error_message, shipmentId: r.id }]),
    );
  }
}

function parseMapping(json: string | undefined): ColumnMapping | undefined {
  if (json === undefined || json.trim() === '') return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw new AppError('VALIDATION_FAILED', 'columnMapping must be a JSON object from CSV column to field');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new AppError('VALIDATION_FAILED', 'columnMapping must be a JSON object from CSV column to field');
  }
  const mapping: Record<string, (typeof REQUIRED_COLUMNS)[number]> = {};
  const used = new Set<string>();
  for (const [column, field] of Object.entries(parsed as Record<string, unknown>)) {
    if (!isShipmentField(field))
      throw new AppError(
        'VALIDATION_FAILED',
        `columnMapping: "${echoText(String(field))}" is not a shipment field`,
      );
    if (column.length > UPLOAD_LIMITS.maxCellChars)
      throw new AppError(
        'VALIDATION_FAILED',
        `columnMapping: a column name is longer than ${UPLOAD_LIMITS.maxCellChars} characters`,
      );
    if (used.has(field))
      throw new AppError('VALIDATION_FAILED', `columnMapping: ${field} is mapped to more than one column`);
    used.add(field);
    // Stored as JSON: a column name that could not be a header of any file is made safe, not refused.
    mapping[safeText(column, UPLOAD_LIMITS.maxCellChars)] = field;
  }
  return mapping;
}

/** The first `maxValid` valid and `maxInvalid` invalid rows as the answer shows them; stops once both are full. */
function previewRows(
  rows: IngestedRow[],
  maxValid: number,
  maxInvalid: number,
): { valid: UploadPreviewRow[]; invalid: UploadPreviewRow[] } {
  const valid: UploadPreviewRow[] = [];
  const invalid: UploadPreviewRow[] = [];
  for (const r of rows) {
    if (valid.length >= maxValid && invalid.length >= maxInvalid) break;
    if (r.result.valid ? valid.length >= maxValid : invalid.length >= maxInvalid) continue;
    const v = r.result.value;
    const cell = (k: string) => echoText(String(r.record[k] ?? '').trim());
    const base: UploadPreviewRow = {
      row: r.rowNumber,
      order_id: v?.orderId ?? cell('order_id'),
      displayId: v?.displayId ?? (cell('order_id') ? displayIdFor(cell('order_id')) : '-'),
      tracking_number: v?.trackingNumber ?? cell('tracking_number'),
      carrier: v?.carrier ?? cell('carrier'),
      ship_date: v?.shipDate ?? cell('ship_date'),
      shipDate: v?.shipDateIso,
      shipping_cost: v ? formatCents(v.shippingCostCents) : cell('shipping_cost'),
      warnings: r.result.warnings.map((w) => w.message),
    };
    if (r.result.valid) valid.push(base);
    else invalid.push({ ...base, validation: r.result.errors.map((e) => e.message).join('; ') || 'Invalid' });
  }
  return { valid, invalid };
}
