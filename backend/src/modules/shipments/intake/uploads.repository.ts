import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { Queryable } from '../../../common/database/company-scope.js';

/** An upload as inserted by the intake (decision 0033). */
export interface NewUpload {
  companyId: string;
  userId: string | null;
  connectionId: string | null;
  /** The source kind: UPLOAD, PROCESS, SHIPSTATION, ... */
  source: string;
  fileName: string;
  fileSize: number;
  encoding: string | null;
  delimiter: string | null;
  /** The column mapping as JSON, or null. */
  mapping: string | null;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  duplicateRows: number;
  /** Set at once when the upload has nothing to materialize. */
  materializedAt: Date | null;
  currency: string | null;
}

/** One staged slice taken for materializing, with its upload's owner and time. */
export interface TakenSlice {
  batch_no: number;
  /** The slice's rows as staged (JSON). */
  rows: string;
  company_id: string;
  user_id: string | null;
  created_at: string;
  source: string;
}

/** The upload whose rows are written: who sent it and when. */
export interface SliceUpload {
  uploadId: string;
  source: string;
  companyId: string;
  userId: string | null;
  createdAt: string;
}

/** Rows of a slice as columns, one array per column, the same length each. */
export interface ShipmentColumns {
  rowNumbers: number[];
  orderIds: string[];
  displayIds: string[];
  trackingNumbers: string[];
  carriers: string[];
  carrierRaws: string[];
  shipDates: string[];
  cents: number[];
}

export interface InsertedShipment {
  id: string;
  row_number: number;
  order_id: string;
}

/** Rows with errors as columns: raw rows, errors and warnings as JSON. */
export interface InvalidRowColumns {
  rowNumbers: number[];
  raws: string[];
  errors: string[];
  warnings: string[];
}

/** The savepoint a slice's rows are written under (`upload-slices.ts`). */
const SLICE_SAVEPOINT = 'slice_rows';

/**
 * Every statement on uploads, their staged slices (`upload_batches`), their rows (`upload_rows`) and
 * their stored counts (`upload_counts`), and the shipments an upload's slices become (decision 0051).
 * Injected, it runs on the main pool; `UploadsRepository.in(tx)` is the same inside a transaction.
 */
@Injectable()
export class UploadsRepository {
  constructor(@InjectDataSource() private readonly db: Queryable) {}

  /** The same statements inside the transaction `tx`. */
  static in(tx: EntityManager): UploadsRepository {
    return new UploadsRepository(tx);
  }

  // --- Intake: the upload, its staged slices, its rows with errors (one transaction, upload-staging.ts)

  /** Inserts the upload; its id. */
  async insertUpload(u: NewUpload): Promise<string> {
    const [upload] = await this.db.query<[{ id: string }]>(
      `INSERT INTO uploads (company_id, user_id, source_connection_id, source, file_name, file_size, encoding, delimiter, column_mapping, total_rows, valid_rows, invalid_rows, duplicate_rows, materialized_at, currency)
     VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) RETURNING id`,
      [
        u.companyId,
        u.userId,
        u.connectionId,
        u.source,
        u.fileName,
        u.fileSize,
        u.encoding,
        u.delimiter,
        u.mapping,
        u.totalRows,
        u.validRows,
        u.invalidRows,
        u.duplicateRows,
        u.materializedAt,
        u.currency,
      ],
    );
    return upload.id;
  }

  /**
   * Staged slices numbered from `firstBatchNo`, in one statement. One parameter per slice: a big text
   * parameter goes to Postgres as is, where an array of them would be escaped into one array literal
   * first (4x slower for a 10 MB file).
   */
  async insertSlices(o: {
    uploadId: string;
    firstBatchNo: number;
    slices: { rowCount: number; rows: string }[];
  }): Promise<void> {
    const params: unknown[] = [o.uploadId];
    const values = o.slices.map((b, k) => {
      params.push(o.firstBatchNo + k, b.rowCount, b.rows);
      const n = params.length;
      return `($1, $${n - 2}::int, $${n - 1}::int, $${n}::text)`;
    });
    await this.db.query(
      `INSERT INTO upload_batches (upload_id, batch_no, row_count, rows) VALUES ${values.join(', ')}`,
      params,
    );
  }

  /** Rows with errors of the upload, as read from its file. */
  async insertInvalidRows(o: { uploadId: string; rows: InvalidRowColumns }): Promise<void> {
    await this.db.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors, warnings)
       SELECT $1, t.row_number, t.raw, false, t.e, t.w FROM unnest($2::int[], $3::jsonb[], $4::jsonb[], $5::jsonb[]) AS t(row_number, raw, e, w)`,
      [o.uploadId, o.rows.rowNumbers, o.rows.raws, o.rows.errors, o.rows.warnings],
    );
  }

  // --- Materialize: one staged slice -> shipments (one transaction, upload-slices.ts)

  /** The upload's first staged slice no other transaction holds, locked; undefined when none is left. */
  async takeNextSlice(o: { uploadId: string }): Promise<TakenSlice | undefined> {
    const [batch] = await this.db.query<TakenSlice[]>(
      `SELECT b.batch_no, b.rows, u.company_id, u.user_id, u.created_at::text AS created_at, u.source
       FROM upload_batches b JOIN uploads u ON u.id = b.upload_id
      WHERE b.upload_id = $1 ORDER BY b.batch_no LIMIT 1 FOR UPDATE OF b SKIP LOCKED`,
      [o.uploadId],
    );
    return batch;
  }

  async dropSlice(o: { uploadId: string; batchNo: number }): Promise<void> {
    await this.db.query('DELETE FROM upload_batches WHERE upload_id = $1 AND batch_no = $2', [
      o.uploadId,
      o.batchNo,
    ]);
  }

  /** Counts rows that repeat a shipment stored by an earlier upload among the upload's repeats. */
  async addRepeatsOfStored(o: { uploadId: string; count: number }): Promise<void> {
    await this.db.query('UPDATE uploads SET duplicate_rows = duplicate_rows + $2 WHERE id = $1', [
      o.uploadId,
      o.count,
    ]);
  }

  async markSliceSavepoint(): Promise<void> {
    await this.db.query(`SAVEPOINT ${SLICE_SAVEPOINT}`);
  }

  async releaseSliceSavepoint(): Promise<void> {
    await this.db.query(`RELEASE SAVEPOINT ${SLICE_SAVEPOINT}`);
  }

  async rollBackToSliceSavepoint(): Promise<void> {
    await this.db.query(`ROLLBACK TO SAVEPOINT ${SLICE_SAVEPOINT}`);
  }

  /**
   * The rows' shipments, inserted in the rows' (key) order (ORDER BY the array position says so
   * explicitly); a row whose shipment exists already (company + order + tracking number) is skipped.
   * They are inserted queued (`queued_at`): the slice's transaction records their queue intent, which
   * the recovery sweep takes if their jobs never arrive (decision 0060).
   */
  insertShipments(o: { upload: SliceUpload; rows: ShipmentColumns }): Promise<InsertedShipment[]> {
    const { upload: u, rows: r } = o;
    return this.db.query<InsertedShipment[]>(
      `INSERT INTO shipments (company_id, upload_id, uploaded_by, uploaded_at, row_number, order_id, display_id, tracking_number, carrier, carrier_raw, ship_date, shipping_cost_cents, queued_at)
       SELECT $1, $2, $3, $4::timestamptz, t.row_number, t.order_id, t.display_id, t.tracking_number, t.carrier, t.carrier_raw, t.ship_date, t.cost, now()
         FROM unnest($5::int[], $6::text[], $7::text[], $8::text[], $9::text[], $10::text[], $11::date[], $12::int[])
              WITH ORDINALITY AS t(row_number, order_id, display_id, tracking_number, carrier, carrier_raw, ship_date, cost, ord)
        ORDER BY t.ord
       ON CONFLICT (company_id, order_id, tracking_number) DO NOTHING
       RETURNING id, row_number, order_id`,
      [
        u.companyId,
        u.uploadId,
        u.userId,
        u.createdAt,
        r.rowNumbers,
        r.orderIds,
        r.displayIds,
        r.trackingNumbers,
        r.carriers,
        r.carrierRaws,
        r.shipDates,
        r.cents,
      ],
    );
  }

  /** The company's shipments with these (order, tracking number) keys, pairwise. */
  shipmentsByKey(o: {
    companyId: string;
    orderIds: string[];
    trackingNumbers: string[];
  }): Promise<{ id: string; order_id: string; tracking_number: string }[]> {
    return this.db.query(
      `SELECT s.id, s.order_id, s.tracking_number FROM shipments s
         JOIN unnest($2::text[], $3::text[]) AS k(order_id, tracking_number) ON s.order_id = k.order_id AND s.tracking_number = k.tracking_number
        WHERE s.company_id = $1`,
      [o.companyId, o.orderIds, o.trackingNumbers],
    );
  }

  /** The upload recorded as another source of shipments another upload created (decision 0033). */
  async addShipmentSources(o: { shipmentIds: string[]; uploadId: string; source: string }): Promise<void> {
    await this.db.query(
      `INSERT INTO shipment_sources (shipment_id, upload_id, source)
       SELECT s.id, $2, $3 FROM shipments s WHERE s.id = ANY($1::uuid[]) AND s.upload_id <> $2
       ON CONFLICT DO NOTHING`,
      [o.shipmentIds, o.uploadId, o.source],
    );
  }

  /** Valid rows that did not become a shipment of the upload, linked to the shipment they repeat. */
  async insertRepeatRows(o: {
    uploadId: string;
    rowNumbers: number[];
    raws: string[];
    shipmentIds: (string | null)[];
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, shipment_id, duplicate)
       SELECT $1, t.row_number, t.raw, true, t.shipment_id, true
         FROM unnest($2::int[], $3::jsonb[], $4::uuid[]) AS t(row_number, raw, shipment_id)`,
      [o.uploadId, o.rowNumbers, o.raws, o.shipmentIds],
    );
  }

  /** Rows Postgres refused become rows with an error, counted as invalid instead of valid. */
  async recordRefusedRows(o: {
    uploadId: string;
    rowNumbers: number[];
    raws: string[];
    errors: string[];
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO upload_rows (upload_id, row_number, raw, valid, errors, warnings)
     SELECT $1, t.row_number, t.raw, false, t.e, '[]'::jsonb
       FROM unnest($2::int[], $3::jsonb[], $4::jsonb[]) AS t(row_number, raw, e)
     ON CONFLICT DO NOTHING`,
      [o.uploadId, o.rowNumbers, o.raws, o.errors],
    );
    await this.db.query(
      `UPDATE uploads SET valid_rows = valid_rows - $2, invalid_rows = invalid_rows + $2 WHERE id = $1`,
      [o.uploadId, o.rowNumbers.length],
    );
  }

  // --- Counts of a settled upload (decision 0028)

  /** Stores counts under the version read with the upload; newer stored counts are kept. */
  async storeCounts(o: {
    uploadId: string;
    countsVersion: number;
    byStatus: Record<string, number>;
    ownRows: number;
  }): Promise<void> {
    await this.db.query(
      `INSERT INTO upload_counts (upload_id, counts_version, by_status, own_rows)
           VALUES ($1, $2, $3, $4)
           ON CONFLICT (upload_id) DO UPDATE
             SET counts_version = excluded.counts_version, by_status = excluded.by_status,
                 own_rows = excluded.own_rows, counted_at = now()
             WHERE upload_counts.counts_version <= excluded.counts_version`,
      [o.uploadId, o.countsVersion, JSON.stringify(o.byStatus), o.ownRows],
    );
  }

  // --- The worker and the recovery sweep: an upload's way into shipments (decision 0050)

  /** Whether this database has the upload (a job naming one it does not have came from elsewhere). */
  async isKnown(o: { uploadId: string }): Promise<boolean> {
    const rows: unknown[] = await this.db.query('SELECT 1 FROM uploads WHERE id = $1::uuid', [o.uploadId]);
    return rows.length > 0;
  }

  /** The upload's staged slices are all shipments now (none left): it is materialized. */
  async markMaterialized(o: { uploadId: string }): Promise<void> {
    await this.db.query(
      `UPDATE uploads SET materialized_at = now()
        WHERE id = $1 AND materialized_at IS NULL AND NOT EXISTS (SELECT 1 FROM upload_batches WHERE upload_id = $1)`,
      [o.uploadId],
    );
  }

  /** Up to 100 uploads, oldest first, created over `olderThanMs` ago and not materialized yet. */
  unmaterialized(o: { olderThanMs: number }): Promise<{ id: string }[]> {
    return this.db.query(
      `SELECT id FROM uploads WHERE materialized_at IS NULL AND created_at < now() - ($1::int * interval '1 millisecond')
          ORDER BY created_at LIMIT 100`,
      [o.olderThanMs],
    );
  }
}
