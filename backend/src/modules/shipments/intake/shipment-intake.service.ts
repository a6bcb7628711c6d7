import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  dedupeKey,
  safeText,
  validateTypedShipment,
  type ColumnMapping,
  type FileLayout,
  type TypedShipment,
} from '@portal/shipment-rules';
import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import type { CompanyScope } from '../../../common/database/company-scope.js';
import type { IngestedRow } from './csv-ingest.js';
import { ShipmentQueueing } from '../recovery/shipment-queueing.service.js';
import { insertUploadFile } from './upload-files.repository.js';
import { insertStagedUpload, STAGE_YIELD_EVERY, stageBatches } from './upload-staging.js';

/** Characters of a file name (or a source's label for its intake) kept and shown. */
export const FILE_NAME_CHARS = 255;

/**
 * Who sent the rows: a person of the company, one of its source connections (with the person who
 * sent its held labels, when one did), one of its API keys (never a person; the upload is named
 * by the key), a message to its mail-in address (named by the sender and the file, decision 0069), or
 * a file put into its SFTP drop (named by the file, decision 0070).
 */
export type IntakeSenderRef =
  | { userId: string }
  | { connectionId: string; userId?: string }
  | { apiKeyId: string; userId?: undefined }
  | { mail: true; userId?: undefined }
  | { sftp: true; userId?: undefined };

/** The file an intake's rows were read from, when they came from one (a connector's rows have none). */
export interface IntakeFile {
  size: number;
  encoding: string | null;
  delimiter: string | null;
  /** The column mapping the rows were read with (a cost column under another name included). */
  mapping: ColumnMapping | null;
  /**
   * How the file was written: stored with each row's cells as written, so the failed rows go back as
   * the brand's own file (decision 0032).
   */
  layout?: FileLayout | null;
}

/** One intake: a company, who sent it, its source kind and its rows (already read and validated). */
export interface IntakeRequest {
  scope: CompanyScope;
  sender: IntakeSenderRef;
  /** UPLOAD, PROCESS, SHIPSTATION, API, ... (an open set, `uploads.source`). */
  sourceKind: string;
  /** What History calls the intake: the file's name, or the source's or the key's name. */
  name: string;
  rows: IngestedRow[];
  /** The company's connection's currency at intake (rows are shown in it until sent); null if unknown. */
  currency?: string | null;
  /** BullMQ priority of the shipment jobs (reviewed rows go first). */
  priority?: number;
  file?: IntakeFile;
}

/** A row a connector hands over: typed values, and its own number within the intake. */
export interface TypedRow extends TypedShipment {
  rowNumber: number;
}

export interface StagedIntake {
  uploadId: string;
  validRows: number;
  inFileRepeats: number;
  batches: number;
}

export interface IntakeOutcome {
  uploadId: string;
  duplicateRows: number;
  queued: number;
  materialized: boolean;
  /** Redis did not take the rows' jobs: they are saved, and the recovery sweep queues them later. */
  queueUnavailable: boolean;
}

/**
 * The one front door of shipments (decision 0033). A CSV file, the rows reviewed in the browser and a
 * source connector all hand their rows here with the company, the sender and the source kind; the rows
 * are staged in one transaction (nothing is lost once it commits) and then become shipments, once per
 * company, order and tracking number: a row that repeats a shipment stored before (the same label from
 * a file and from ShipStation) is linked to it and recorded as another source of it.
 */
@Injectable()
export class ShipmentIntake {
  private readonly logger = new Logger('ShipmentIntake');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly queueing: ShipmentQueueing,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Typed rows -> rows as the file reader gives them: validated by the shared rules, repeats marked. */
  typedRows(rows: readonly TypedRow[]): IngestedRow[] {
    const now = this.clock.now();
    const firstSeen = new Map<string, number>();
    return rows.map((row) => {
      const { rowNumber, ...typed } = row;
      const result = validateTypedShipment(typed, { now });
      const record: Record<string, string> = {
        order_id: String(typed.orderId),
        tracking_number: String(typed.trackingNumber),
        carrier: String(typed.carrierRaw ?? typed.carrier),
        ship_date: result.value?.shipDate ?? String(typed.shipDate),
        shipping_cost: String(typed.shippingCostCents),
      };
      const out: IngestedRow = { rowNumber, raw: record, record, result };
      if (result.value) {
        const key = dedupeKey(result.value);
        const first = firstSeen.get(key);
        if (first === undefined) firstSeen.set(key, rowNumber);
        else out.duplicateOf = first;
      }
      return out;
    });
  }

  /**
   * Stages the intake inside `tx` (the caller's transaction, so a connector marks what it sent in the
   * same commit). Call `finish` once it has committed.
   */
  async stage(tx: EntityManager, req: IntakeRequest): Promise<StagedIntake> {
    const batches = await stageBatches(req.rows);
    let validRows = 0;
    let inFileRepeats = 0;
    const invalid: IngestedRow[] = [];
    for (let i = 0; i < req.rows.length; i++) {
      if (i > 0 && i % STAGE_YIELD_EVERY === 0) await yieldToLoop();
      const r = req.rows[i]!;
      if (!r.result.valid) invalid.push(r);
      else {
        validRows += 1;
        if (r.duplicateOf !== undefined) inFileRepeats += 1;
      }
    }
    const sender = {
      companyId: req.scope.companyId,
      userId: req.sender.userId ?? null,
      connectionId: 'connectionId' in req.sender ? req.sender.connectionId : null,
    };
    const uploadId = await insertStagedUpload(tx, sender, {
      source: req.sourceKind,
      fileName: safeText(req.name, FILE_NAME_CHARS),
      fileSize: req.file?.size ?? 0,
      encoding: req.file?.encoding ?? null,
      delimiter: req.file?.delimiter ?? null,
      mapping: req.file?.mapping ?? null,
      rows: req.rows,
      currency: req.currency ?? null,
      batches,
      invalid,
      validRows,
      inFileRepeats,
    });
    if (req.file?.layout) await insertUploadFile(tx, uploadId, req.file.layout, req.rows);
    return { uploadId, validRows, inFileRepeats, batches: batches.length };
  }

  /**
   * After the staging committed: small intakes become shipments now, big ones in a worker (decision
   * 0011); the recovery sweep finishes whatever this could not.
   */
  async finish(staged: StagedIntake, priority?: number): Promise<IntakeOutcome> {
    const { uploadId, validRows, inFileRepeats } = staged;
    if (staged.batches === 0) {
      return { uploadId, duplicateRows: 0, queued: 0, materialized: true, queueUnavailable: false };
    }
    if (validRows <= this.config.shipments.inlineRows) {
      try {
        const done = await this.queueing.materialize(uploadId, priority);
        return {
          uploadId,
          duplicateRows: inFileRepeats + done.repeats,
          queued: done.queued,
          materialized: true,
          queueUnavailable: done.unqueued > 0,
        };
      } catch (err) {
        // The rows are stored: a worker finishes what this request could not.
        this.logger.error(
          { err },
          `Upload ${uploadId}: turning rows into shipments failed; queued for a worker`,
        );
      }
    }
    const queued = await this.queueing.queueMaterialize(uploadId, `materialize-${uploadId}`, priority);
    return {
      uploadId,
      duplicateRows: inFileRepeats,
      queued: queued ? validRows - inFileRepeats : 0,
      materialized: false,
      queueUnavailable: !queued,
    };
  }

  /** Stages the intake in its own transaction, then makes its shipments. */
  async intake(req: IntakeRequest): Promise<IntakeOutcome> {
    const staged = await this.db.transaction((tx) => this.stage(tx, req));
    return this.finish(staged, req.priority);
  }
}
