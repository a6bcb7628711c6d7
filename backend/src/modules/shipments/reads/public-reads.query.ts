import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { Clock } from '../../../common/clock.js';
import { type CompanyScope, scopedQuery } from '../../../common/database/company-scope.js';
import { HistoryQuery, type UploadRecord } from './history.query.js';
import { describeRow, fieldColumns } from './upload-row-view.js';

/** One row of an intake as the public API tells it (decision 0067). */
export type PublicRowOutcome = ReturnType<typeof describeRow> & {
  errors: { field: string | null; code: string | null; message: string }[];
};

/** A shipment as the public API tells it. */
export interface PublicShipmentRecord {
  id: string;
  upload_id: string;
  row_number: number;
  order_id: string;
  display_id: string;
  tracking_number: string;
  carrier: string;
  ship_date: string;
  shipping_cost_cents: number;
  status: string;
  error_message: string | null;
  marketplace_shipment_id: string | null;
  next_try_at: Date | null;
  uploaded_at: Date;
  updated_at: Date;
}

const SHIPMENT_COLUMNS = `id, upload_id, row_number, order_id, display_id, tracking_number, carrier,
  to_char(ship_date, 'YYYY-MM-DD') AS ship_date, shipping_cost_cents, status, error_message,
  marketplace_shipment_id, next_try_at, uploaded_at, updated_at`;

/** `updated_at` to the microsecond, as text (a JavaScript date keeps only milliseconds). */
const CHANGED_MICROS = `(extract(epoch FROM date_trunc('second', updated_at))::bigint * 1000000
  + extract(microseconds FROM updated_at)::bigint % 1000000)::text AS changed_micros`;

/** A shipment as the public API answers it and outbound webhooks send it (decision 0067, 0068). */
export interface PublicShipment {
  id: string;
  uploadId: string;
  row: number;
  orderId: string;
  displayId: string;
  trackingNumber: string;
  carrier: string;
  shipDate: string;
  shippingCost: number;
  status: string;
  error: string | null;
  faireShipmentId: string | null;
  nextTryAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export function publicShipment(row: PublicShipmentRecord): PublicShipment {
  return {
    id: row.id,
    uploadId: row.upload_id,
    row: row.row_number,
    orderId: row.order_id,
    displayId: row.display_id,
    trackingNumber: row.tracking_number,
    carrier: row.carrier,
    shipDate: row.ship_date,
    shippingCost: row.shipping_cost_cents,
    status: row.status,
    error: row.error_message,
    faireShipmentId: row.marketplace_shipment_id,
    nextTryAt: row.next_try_at?.toISOString() ?? null,
    createdAt: row.uploaded_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/**
 * What the public API reads of a company's shipments (decision 0067): an intake and its rows with the
 * same words as the results view, and one shipment. Every read is the scope's company's only.
 */
@Injectable()
export class PublicShipmentReads {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly history: HistoryQuery,
    private readonly clock: Clock,
  ) {}

  upload(scope: CompanyScope, uploadId: string): Promise<UploadRecord | undefined> {
    return this.history.upload({ scope, uploadId });
  }

  /** A page of the upload's rows in order (the upload is the scope's: read with `upload` first). */
  async rows(upload: UploadRecord, page: { limit: number; offset: number }) {
    const { total, records } = await this.history.uploadRows({ uploadId: upload.id, filter: null, ...page });
    const now = this.clock.now();
    const fields = fieldColumns(upload.column_mapping);
    const rows: PublicRowOutcome[] = records.map((r) => ({
      ...describeRow(r, upload.id, fields, now),
      errors: (r.errors ?? []).map((e) => {
        const issue = e as { field?: string; code?: string; message: string };
        return { field: issue.field ?? null, code: issue.code ?? null, message: issue.message };
      }),
    }));
    return { total, rows };
  }

  /**
   * A page of the company's shipments changed since `since`, in the order they last changed, after the
   * keyset `after` (`updated_at` to the microsecond, as text, and the id).
   */
  changedSince(
    scope: CompanyScope,
    o: { since: Date; after: { micros: string; id: string } | null; limit: number },
  ): Promise<(PublicShipmentRecord & { changed_micros: string })[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT ${SHIPMENT_COLUMNS}, ${CHANGED_MICROS}
         FROM shipments
        WHERE company_id = $1 AND updated_at >= $2
          AND ($3::bigint IS NULL
               OR (updated_at, id) > (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid))
        ORDER BY updated_at, id
        LIMIT $5`,
      [o.since, o.after?.micros ?? null, o.after?.id ?? null, o.limit],
    );
  }

  /**
   * A page of the company's shipments that ended (any status but PENDING) at or after `sinceUs`
   * (microseconds since 1970), in the order they last changed, after the keyset `after`: what outbound
   * webhooks scan for (decision 0068).
   */
  settledSince(
    scope: CompanyScope,
    o: { sinceUs: number; after: { micros: string; id: string } | null; limit: number },
  ): Promise<(PublicShipmentRecord & { changed_micros: string })[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT ${SHIPMENT_COLUMNS}, ${CHANGED_MICROS}
         FROM shipments
        WHERE company_id = $1 AND updated_at >= timestamptz 'epoch' + $2::bigint * interval '1 microsecond'
          AND status <> 'PENDING'
          AND ($3::bigint IS NULL
               OR (updated_at, id) > (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid))
        ORDER BY updated_at, id
        LIMIT $5`,
      [o.sinceUs, o.after?.micros ?? null, o.after?.id ?? null, o.limit],
    );
  }

  async shipment(scope: CompanyScope, id: string): Promise<PublicShipmentRecord | undefined> {
    const [row] = await scopedQuery<PublicShipmentRecord[]>(
      this.db,
      scope,
      `SELECT ${SHIPMENT_COLUMNS} FROM shipments WHERE company_id = $1 AND id = $2`,
      [id],
    );
    return row;
  }
}
