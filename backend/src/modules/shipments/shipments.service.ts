import { Inject, Injectable, Logger } from '@nestjs/common';
import { safeText } from '@portal/shipment-rules';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { ColumnMappingsService } from '../column-mappings/index.js';
import {
  FILE_NAME_CHARS,
  ingestCsv,
  parseMapping,
  previewRows,
  processResults,
  QUEUE_BACK_NOTICE,
  reviewedInvalidRows,
  reviewedRows,
  ShipmentIntake,
  UploadReadinessService,
  type IntakeRequest,
} from './intake/index.js';
import { ShipmentsRepository } from './processing/index.js';
import { HistoryQuery, isWaitingOnFaire, RETRYABLE, UploadResultsService } from './reads/index.js';
import { parseCellsJson, type ListShipmentsQuery, type ProcessShipmentsDto } from './reads/shipments.dto.js';
import { ShipmentQueueing } from './recovery/index.js';

/** Rows of each kind the upload answer previews. */
const PREVIEW_VALID = 100;
const PREVIEW_INVALID = 1000;

@Injectable()
export class ShipmentsService {
  private readonly logger = new Logger('Shipments');

  constructor(
    private readonly reads: HistoryQuery,
    private readonly shipments: ShipmentsRepository,
    private readonly queueing: ShipmentQueueing,
    private readonly activity: ActivityService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly readiness: UploadReadinessService,
    private readonly mappings: ColumnMappingsService,
    private readonly intake: ShipmentIntake,
    private readonly results: UploadResultsService,
  ) {}

  /**
   * A person's intake (a file or reviewed rows) through the one intake (decision 0033): the company and
   * the person come from the caller. Also what the benchmarks time.
   */
  store(
    caller: CompanyAuthContext,
    req: Omit<IntakeRequest, 'scope' | 'sender' | 'sourceKind'> & { source: string },
  ) {
    const { source, ...rest } = req;
    return this.intake.intake({
      ...rest,
      sourceKind: source,
      scope: CompanyScope.of(caller),
      sender: { userId: caller.userId },
    });
  }

  /** Reading A: a CSV file. Every row is stored; valid ones become PENDING shipments and are queued. */
  async upload(
    caller: CompanyAuthContext,
    file: { originalname: string; size: number; buffer: Buffer },
    mappingJson?: string,
  ) {
    if (!/\.csv$/i.test(file.originalname)) {
      throw new AppError('VALIDATION_FAILED', 'Please select a CSV file');
    }
    const { currency, locale, dateOrder } = await this.readiness.assertReady(caller);
    const reading = { currency, dateOrder: { remembered: dateOrder, locale } };
    const fileName = safeText(file.originalname, FILE_NAME_CHARS);
    let mapping = parseMapping(mappingJson);
    let ingest = await ingestCsv(file.buffer, mapping, this.clock.now(), reading);
    let savedMappingApplied = false;
    if (ingest.missingColumns.length && !mapping) {
      // The company mapped a file with these columns before: read this one the same way.
      const saved = await this.mappings.find(caller, ingest.headers);
      if (saved) {
        mapping = saved;
        ingest = await ingestCsv(file.buffer, mapping, this.clock.now(), reading);
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
    // The CSV adapter of the one intake (decision 0033).
    const stored = await this.store(caller, {
      source: 'UPLOAD',
      name: fileName,
      rows: ingest.rows,
      currency,
      file: {
        size: file.size,
        encoding: ingest.encoding,
        delimiter: ingest.delimiter,
        // As read: with a cost column under another name ("Freight") mapped to the cost.
        mapping: ingest.mapping ?? null,
        layout: ingest.layout,
      },
    });
    await this.mappings.rememberDateOrder(caller, ingest.dateOrder);
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
      // Redis was away: the rows are saved and go to Faire once the queue is back (decision 0039).
      ...(stored.queueUnavailable ? { queueUnavailable: true, notice: QUEUE_BACK_NOTICE } : {}),
      encoding: ingest.encoding,
      savedMappingApplied,
      /** Lines about the whole file: how its dates were read, which column was read as the cost. */
      notes: ingest.notes,
      preview,
    };
  }

  /**
   * Reading B: rows reviewed in the browser. Answers once the rows are done, or as soon as Faire keeps
   * one waiting (or stops making progress), or after a bounded time: rows not done answer PENDING and
   * finish in the background (decision 0031). The reviewed file's layout (its headers and column
   * mapping) and the date order its dates settled are remembered as an uploaded file's are.
   */
  async process(caller: CompanyAuthContext, body: ProcessShipmentsDto) {
    const { shipments: items, fileName: givenName } = body;
    const { currency } = await this.readiness.assertReady(caller);
    const layout = body.columnMapping ? parseMapping(JSON.stringify(body.columnMapping)) : undefined;
    const now = this.clock.now();
    const fileName = givenName === undefined ? undefined : safeText(givenName, FILE_NAME_CHARS);
    // Results name the file's rows when the browser sent each row's number (all given, none twice).
    const fileRows = items.map((item) => item.row);
    const useFileRows = fileRows.every((r) => r !== undefined) && new Set(fileRows).size === fileRows.length;
    const rows = reviewedRows(items, useFileRows, now);
    // The rows the review showed with errors (each under its own row number, checked by the DTO): stored
    // as an uploaded file's rows with errors, never sent (decision 0032).
    const invalidItems = body.invalidRows ?? [];
    const invalid = reviewedInvalidRows(invalidItems);
    // The file's layout and each row's cells as written, when the browser sent them for every row
    // under its own row number: the failed rows then go back as the brand's file (decision 0032).
    const withCells = (list: readonly { cells?: string }[]) => list.every((i) => i.cells !== undefined);
    const file =
      body.layout && useFileRows && withCells(items) && withCells(invalidItems) ? body.layout : undefined;
    if (file) {
      rows.forEach((r, i) => (r.cells = parseCellsJson(items[i]!.cells)));
      invalid.forEach((r, i) => (r.cells = parseCellsJson(invalidItems[i]!.cells)));
    }
    // The reviewed-rows adapter of the one intake.
    const stored = await this.store(caller, {
      source: 'PROCESS',
      name: fileName ?? 'Reviewed rows',
      rows: invalid.length ? [...rows, ...invalid].sort((a, b) => a.rowNumber - b.rowNumber) : rows,
      priority: 1,
      currency,
      // The reviewed rows of a file: its encoding, delimiter and layout, so failed rows go back as written.
      ...(file && {
        file: {
          size: 0,
          encoding: file.encoding,
          delimiter: file.delimiter,
          mapping: null,
          layout: { bom: file.bom, header: parseCellsJson(file.header) ?? [], lineEnding: file.lineEnding },
        },
      }),
    });
    if (layout && body.headers) await this.mappings.remember(caller, body.headers, layout);
    if (body.dateOrder) {
      await this.mappings.rememberDateOrder(caller, { order: body.dateOrder, source: 'file' });
    }
    // Nothing is sent while the queue is away: answer at once with the rows PENDING.
    const statuses = await this.reads.waitForRowStatuses({
      caller,
      uploadId: stored.uploadId,
      waitMs: stored.queueUnavailable ? 0 : this.config.shipments.processWaitMs,
    });
    const results = processResults(rows, items, statuses);
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
        // The review's rows with errors are rows of the file too (stored, never sent).
        totalRows: results.length + invalid.length,
        invalidRows: invalid.length,
      },
    });
    return {
      uploadId: stored.uploadId,
      results,
      ...(stored.queueUnavailable ? { queueUnavailable: true, notice: QUEUE_BACK_NOTICE } : {}),
    };
  }

  list(caller: CompanyAuthContext, q: ListShipmentsQuery) {
    return this.reads.shipments({ caller, query: q });
  }

  /** Retry a FAILED / ORDER_NOT_FOUND / ORDER_STATUS_INCORRECT row; waits a bounded time for the outcome. */
  async retry(
    caller: CompanyAuthContext,
    id: string,
  ): Promise<{ success: boolean; status: string; error: string | null }> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw new AppError('NOT_FOUND', 'Shipment not found');
    const scope = CompanyScope.of(caller);
    const rows = await this.shipments.retryShipment({ scope, shipmentId: id, statuses: RETRYABLE });
    if (rows.length === 0) {
      const exists = await this.reads.shipmentStatus({ scope, shipmentId: id });
      if (!exists) throw new AppError('NOT_FOUND', 'Shipment not found');
      throw new AppError('CONFLICT', `Only failed shipments can be retried (this one is ${exists.status})`);
    }
    const queued = await this.queueing.queueOne(id, `retry-${id}-${Date.now()}`);
    // Named as people know it: the order's display id and the tracking number, not the row's uuid.
    const retried = rows[0]!;
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'shipment.retried',
      target: `${retried.display_id || retried.order_id} (${retried.tracking_number})`,
      details: { shipmentId: id, orderId: retried.order_id },
    });
    // Queue away: nothing happens until it is back, so the answer does not wait for it.
    const deadline = Date.now() + (queued ? this.config.shipments.processWaitMs : 0);
    for (;;) {
      const row = await this.reads.shipmentOutcome({ scope, shipmentId: id });
      if (row.status !== 'PENDING') {
        return {
          success: row.status === 'SUCCESS',
          status: row.status,
          error: row.status === 'SUCCESS' ? null : row.error_message,
        };
      }
      // Waiting on Faire (a fault, and a next try planned): answering now beats holding the button
      // until the deadline (decision 0031).
      if (Date.now() >= deadline || isWaitingOnFaire(row.status, row.next_try_at)) {
        return {
          success: false,
          status: 'PENDING',
          error: queued
            ? 'Still being processed; the history will show the result shortly'
            : QUEUE_BACK_NOTICE,
        };
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Sends every retryable failed row of the upload (and failed shipments its repeats point to) again. */
  async retryFailed(caller: CompanyAuthContext, uploadId: string): Promise<{ retried: number }> {
    const upload = await this.results.upload(caller, uploadId);
    const rows = await this.shipments.retryUpload({
      scope: CompanyScope.of(caller),
      uploadId,
      statuses: RETRYABLE,
    });
    if (rows.length === 0) return { retried: 0 };
    await this.queueing.enqueue(uploadId, rows, { priority: 1, jobPrefix: `retry${Date.now()}` });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'shipments.retried',
      // Named as people know it: the file, not the upload's id.
      target: upload.file_name,
      details: { uploadId, retried: rows.length },
    });
    return { retried: rows.length };
  }
}
