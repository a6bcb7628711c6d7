import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  dedupeKey,
  safeText,
  validateTypedShipment,
  type FileLayout,
  type TypedShipment,
} from '@portal/shipment-rules';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import type { CompanyScope } from '../../common/database/company-scope.js';
import type { IngestedRow } from './csv-ingest.js';
import { ShipmentQueueing } from './shipment-queueing.service.js';
import { insertUploadFile } from './upload-files.repository.js';
import { insertStagedUpload, stageBatches, type ReceivedUpload } from './upload-staging.js';

/** Characters of a file name (or a source's label for its intake) kept and shown. */
export const FILE_NAME_CHARS = 255;

/** Who sent the rows: a person of the company, or one of its source connections. */
export type IntakeSenderRef = { userId: string } | { connectionId: string };

/** One intake: a company, who sent it, its source kind and its rows (already read and validated). */
export interface IntakeRequest extends Omit<ReceivedUpload, 'source'> {
  scope: CompanyScope;
  sender: IntakeSenderRef;
  /** UPLOAD, PROCESS, SHIPSTATION, ... */
  sourceKind: string;
  /** BullMQ priority of the shipment jobs (reviewed rows go first). */
  priority?: number;
  /**
   * How the rows' file was written, when they came from one: stored with each row's cells as written,
   * so the failed rows go back as the brand's own file (decision 0032).
   */
  layout?: FileLayout | null;
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
    for (const r of req.rows) {
      if (!r.result.valid) invalid.push(r);
      else {
        validRows += 1;
        if (r.duplicateOf !== undefined) inFileRepeats += 1;
      }
    }
    const sender = {
      companyId: req.scope.companyId,
      userId: 'userId' in req.sender ? req.sender.userId : null,
      connectionId: 'connectionId' in req.sender ? req.sender.connectionId : null,
    };
    const uploadId = await insertStagedUpload(tx, sender, {
      ...req,
      source: req.sourceKind,
      fileName: safeText(req.fileName, FILE_NAME_CHARS),
      batches,
      invalid,
      validRows,
      inFileRepeats,
    });
    if (req.layout) await insertUploadFile(tx, uploadId, req.layout, req.rows);
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
