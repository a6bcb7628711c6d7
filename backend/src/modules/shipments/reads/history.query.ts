import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ColumnMapping } from '@portal/shipment-rules';
import { DataSource } from 'typeorm';
import { CompanyScope, scopedQuery } from '../../../common/database/company-scope.js';
import { HeavyReads } from '../../../common/database/heavy-reads.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { CompanyConnections } from '../../marketplace/index.js';
import { isWaitingOnFaire, stillSending } from './waiting-on-faire.js';
import type { ListShipmentsQuery } from './shipments.dto.js';
import { UPLOAD_COUNTS_SQL, UPLOAD_ROWS_CTE, type UploadRowRecord } from './upload-rows.sql.js';

/** History counts up to this many matching rows, then reads "10,000+". */
export const HISTORY_COUNT_CAP = 10_000;

/** An upload as the results view and the history's uploads list read it. */
export interface UploadRecord {
  id: string;
  source: string;
  file_name: string;
  column_mapping: ColumnMapping | null;
  /** How the file was read (null for rows not from a file): its failed rows are written back so. */
  encoding: string | null;
  delimiter: string | null;
  total_rows: number;
  valid_rows: number;
  invalid_rows: number;
  duplicate_rows: number;
  created_at: Date;
  materialized_at: Date | null;
  staged_rows: number;
  user_id: string | null;
  counts_version: number;
}

const UPLOAD_COLUMNS = `u.id, u.source, u.file_name, u.column_mapping, u.encoding, u.delimiter, u.total_rows, u.valid_rows, u.invalid_rows,
  u.duplicate_rows, u.created_at, u.materialized_at, u.user_id, u.counts_version,
  (SELECT coalesce(sum(row_count), 0)::int FROM upload_batches b WHERE b.upload_id = u.id) AS staged_rows`;

/** Rows matching the `status` filter given as parameter `$2` (null: every row). */
const FILTER_SQL = `($2::text IS NULL OR status = $2 OR ($2 = 'ISSUES' AND status <> 'SUCCESS'))`;

/** Counts of one upload and status, as `UPLOAD_COUNTS_SQL` answers them. */
export interface LiveCountRow {
  upload_id: string;
  status: string;
  n: number;
  own: number;
  waiting: number;
  next_retry_at: Date | null;
  last_fault: string | null;
}

/** Where each row of an upload stands, by file row number (repeats answer with the shipment they repeat). */
export type RowStatuses = Map<
  number,
  {
    status: string;
    error: string | null;
    shipmentId: string;
    /** PENDING after a transient fault, with a next try planned (`isWaitingOnFaire`). */
    waiting: boolean;
  }
>;

/** While rows are pending, the wait ends when none has finished for this long: Faire is slow. */
export const PROCESS_STALL_MS = 5000;

/**
 * The reads of what became of uploads and shipments (decision 0051): the history (a page of shipments,
 * an upload's row statuses, one shipment's outcome) and the results view (the uploads list, one upload,
 * its rows in file order, its counts stored and live). Writes are in `uploads.repository.ts`.
 */
@Injectable()
export class HistoryQuery {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly heavy: HeavyReads,
    private readonly connections: CompanyConnections,
  ) {}

  /** One page of the company's shipment history (GET /api/shipments), newest first or in file order. */
  async shipments({ caller, query: q }: { caller: CompanyAuthContext; query: ListShipmentsQuery }) {
    const scope = CompanyScope.of(caller);
    // `$1` is the scope's company; the filters' parameters follow it.
    const where: string[] = ['company_id = $1'];
    const params: unknown[] = [];
    /** The placeholder of the parameter just pushed. */
    const last = () => `$${params.length + 1}`;
    if (q.status) {
      params.push(q.status);
      where.push(`status = ${last()}`);
    }
    if (q.uploadId) {
      params.push(q.uploadId);
      where.push(`upload_id = ${last()}`);
    }
    if (q.source) {
      // Created by an intake of that source, or reported again by one (decision 0033).
      params.push(q.source);
      where.push(
        `(upload_id IN (SELECT id FROM uploads WHERE company_id = $1 AND source = ${last()})
        OR id IN (SELECT shipment_id FROM shipment_sources WHERE source = ${last()}))`,
      );
    }
    if (q.dateFrom || q.dateTo) params.push(q.timeZone ?? 'UTC');
    const tz = last();
    if (q.dateFrom) {
      params.push(q.dateFrom);
      where.push(`uploaded_at >= (${last()}::date::timestamp AT TIME ZONE ${tz})`);
    }
    if (q.dateTo) {
      params.push(q.dateTo);
      where.push(`uploaded_at < ((${last()}::date + 1)::timestamp AT TIME ZONE ${tz})`);
    }
    const search = q.search?.trim();
    if (search) {
      const like = `%${search.replace(/^#/, '').replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      params.push(like.toLowerCase(), like.replace(/\s+/g, '').toUpperCase());
      where.push(`(order_id LIKE $${params.length} OR tracking_number LIKE ${last()})`);
    }
    const filter = where.join(' AND ');
    const order = q.uploadId ? 'row_number' : 'uploaded_at DESC, id DESC';
    // One round trip for the total and the page: on a busy API every statement waits its turn for the
    // event loop and a database backend, so two statements cost about twice one (decision 0023). The count
    // is capped: counting a million rows on every page costs ~70 ms; past HISTORY_COUNT_CAP the total is
    // shown as "10,000+". The LEFT JOIN keeps the total when the page is past the end (no rows).
    const rows = await scopedQuery<
      {
        total: number;
        id: string | null;
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
        next_try_at: Date | null;
        last_fault: string | null;
        currency: string | null;
        brand_name: string | null;
        source: string | null;
        file_name: string | null;
        also: string[] | null;
        reported_costs: number[] | null;
      }[]
    >(
      this.db,
      scope,
      `SELECT counted.total, page.*
         FROM (SELECT count(*)::int AS total
                 FROM (SELECT 1 FROM shipments WHERE ${filter} LIMIT ${HISTORY_COUNT_CAP + 1}) capped) counted
         LEFT JOIN LATERAL (
           SELECT s.id, s.upload_id, s.row_number, s.order_id, s.display_id, s.tracking_number, s.carrier,
                  s.ship_date::text AS ship_date, s.shipping_cost_cents, s.uploaded_at, s.status, s.error_message,
                  s.next_try_at, s.last_fault, s.brand_name, coalesce(s.currency, u.currency) AS currency,
                  u.source, u.file_name,
                  (SELECT array_agg(DISTINCT ss.source) FROM shipment_sources ss WHERE ss.shipment_id = s.id) AS also,
                  (SELECT array_agg(DISTINCT round(c.amount::numeric * 100)::int)
                     FROM shipment_sources ss
                     JOIN upload_rows ur ON ur.upload_id = ss.upload_id AND ur.shipment_id = ss.shipment_id
                     CROSS JOIN LATERAL (SELECT regexp_replace(ur.raw->>'shipping_cost', '[$,]', '', 'g') AS amount) c
                    WHERE ss.shipment_id = s.id AND c.amount ~ '^[0-9]{1,9}([.][0-9]{1,2})?$'
                  ) AS reported_costs
             FROM (SELECT * FROM shipments WHERE ${filter}
                    ORDER BY ${order} LIMIT $${params.length + 2} OFFSET $${params.length + 3}) s
             LEFT JOIN uploads u ON u.id = s.upload_id) page ON true
        ORDER BY ${order}`,
      [...params, q.limit, (q.page - 1) * q.limit],
    );
    const counted = rows[0]?.total ?? 0;
    const totalCapped = counted > HISTORY_COUNT_CAP;
    const total = totalCapped ? HISTORY_COUNT_CAP : counted;
    const page = rows.filter((r) => r.id !== null);
    // A row not sent yet shows its upload's currency (the company's connection's at intake). Uploads from
    // before that was stored show the connection's now (asked of the marketplace module, which owns it,
    // only when the page has such a row), else USD.
    const companyCurrency = page.some((r) => r.currency === null)
      ? await this.connections.currencyOf(scope)
      : null;
    const now = new Date();
    return {
      total,
      ...(totalCapped ? { totalCapped: true } : {}),
      shipments: page.map((r) => ({
        id: r.id as string,
        uploadId: r.upload_id,
        rowNumber: r.row_number,
        orderId: r.order_id,
        displayId: r.display_id,
        trackingNumber: r.tracking_number,
        carrier: r.carrier,
        shipDate: r.ship_date,
        shippingCost: r.shipping_cost_cents,
        /** The currency the cost was sent to Faire in (the brand's); the company's brand before it was sent. */
        currency: r.currency ?? companyCurrency ?? 'USD',
        /** The Faire brand the shipment was sent to (null until it was). */
        brandName: r.brand_name,
        uploadedAt: r.uploaded_at.toISOString(),
        /** Where it came from first: UPLOAD (a file), PROCESS (reviewed rows), SHIPSTATION, ... */
        source: r.source ?? 'UPLOAD',
        /** The file's name, or the source's name for its intake ("ShipStation"). */
        sourceName: r.file_name,
        /** Every source that reported it, the first one first (decision 0033). */
        sources: [...new Set([r.source ?? 'UPLOAD', ...(r.also ?? [])])],
        /** Costs another source reported later for it, other than the one sent (the first report's wins). */
        laterCosts: (r.reported_costs ?? []).filter((c) => c !== r.shipping_cost_cents),
        status: r.status,
        // A row waiting on Faire says so and when it is tried next (decision 0037); Faire's own words for
        // the last fault are kept for the reason it ends with if it ever fails.
        errorMessage: isWaitingOnFaire(r.status, r.next_try_at)
          ? stillSending(r.last_fault, r.next_try_at!, now)
          : r.error_message,
      })),
    };
  }

  /** Where each row of the upload stands (Reading B's answer). */
  async rowStatuses({ scope, uploadId }: { scope: CompanyScope; uploadId: string }): Promise<RowStatuses> {
    const rows = await scopedQuery<
      {
        row_number: number;
        status: string;
        error_message: string | null;
        next_try_at: Date | null;
        last_fault: string | null;
        id: string;
      }[]
    >(
      this.db,
      scope,
      `SELECT s.row_number, s.status, s.error_message, s.next_try_at, s.last_fault, s.id FROM shipments s WHERE s.company_id = $1 AND s.upload_id = $2
     UNION ALL
     SELECT ur.row_number, s.status, s.error_message, s.next_try_at, s.last_fault, s.id FROM upload_rows ur JOIN shipments s ON s.id = ur.shipment_id
      WHERE ur.upload_id = $2 AND s.company_id = $1`,
      [uploadId],
    );
    const now = new Date();
    return new Map(
      rows.map((r) => [
        r.row_number,
        {
          status: r.status,
          error: isWaitingOnFaire(r.status, r.next_try_at)
            ? stillSending(r.last_fault, r.next_try_at!, now)
            : r.error_message,
          shipmentId: r.id,
          waiting: isWaitingOnFaire(r.status, r.next_try_at),
        },
      ]),
    );
  }

  /**
   * The upload's row statuses once none is PENDING, or as they stand when waiting longer would only hold
   * the person's review open (decision 0031): as soon as a row is waiting on Faire (an attempt failed and
   * it will be tried again), when no row has finished for `stallMs`, or after `waitMs`. The rows are
   * stored and queued before this is called; those still PENDING go on in the background.
   */
  async waitForRowStatuses({
    caller,
    uploadId,
    waitMs,
    stallMs = PROCESS_STALL_MS,
  }: {
    caller: CompanyAuthContext;
    uploadId: string;
    waitMs: number;
    stallMs?: number;
  }): Promise<RowStatuses> {
    const scope = CompanyScope.of(caller);
    const deadline = Date.now() + waitMs;
    let statuses = await this.rowStatuses({ scope, uploadId });
    let pending = Infinity;
    let progressAt = Date.now();
    for (;;) {
      const rows = [...statuses.values()];
      const stillPending = rows.filter((s) => s.status === 'PENDING');
      if (stillPending.length === 0 || stillPending.some((s) => s.waiting)) break;
      if (stillPending.length < pending) {
        pending = stillPending.length;
        progressAt = Date.now();
      }
      if (Date.now() >= deadline || Date.now() - progressAt >= stallMs) break;
      await new Promise((r) => setTimeout(r, 200));
      statuses = await this.rowStatuses({ scope, uploadId });
    }
    return statuses;
  }

  /** One shipment's status (undefined: not the company's). */
  async shipmentStatus({ scope, shipmentId }: { scope: CompanyScope; shipmentId: string }) {
    const [row] = await scopedQuery<{ status: string }[]>(
      this.db,
      scope,
      'SELECT status FROM shipments WHERE id = $2 AND company_id = $1',
      [shipmentId],
    );
    return row;
  }

  /** One shipment's status and why it stands there (a retry's answer). */
  async shipmentOutcome({ scope, shipmentId }: { scope: CompanyScope; shipmentId: string }) {
    const [row] = await scopedQuery<
      [{ status: string; error_message: string | null; next_try_at: Date | null }]
    >(
      this.db,
      scope,
      'SELECT status, error_message, next_try_at FROM shipments WHERE id = $2 AND company_id = $1',
      [shipmentId],
    );
    return row;
  }

  // --- The results view

  /** How many uploads the company has. */
  async uploadTotal({ scope }: { scope: CompanyScope }): Promise<number> {
    const [{ total }] = await scopedQuery<[{ total: number }]>(
      this.db,
      scope,
      'SELECT count(*)::int AS total FROM uploads WHERE company_id = $1',
    );
    return total;
  }

  /** A page of the company's uploads, newest first. */
  uploadsPage({ scope, limit, offset }: { scope: CompanyScope; limit: number; offset: number }) {
    return scopedQuery<UploadRecord[]>(
      this.db,
      scope,
      `SELECT ${UPLOAD_COLUMNS} FROM uploads u
        WHERE u.company_id = $1 ORDER BY u.created_at DESC, u.id DESC LIMIT $2 OFFSET $3`,
      [limit, offset],
    );
  }

  /** One of the company's uploads (undefined: none with that id). */
  async upload({ scope, uploadId }: { scope: CompanyScope; uploadId: string }) {
    const [upload] = await scopedQuery<UploadRecord[]>(
      this.db,
      scope,
      `SELECT ${UPLOAD_COLUMNS} FROM uploads u
        WHERE u.id = $2 AND u.company_id = $1`,
      [uploadId],
    );
    return upload;
  }

  /**
   * A page of an upload's rows in file order matching `filter` (a status, ISSUES, or null: all) and how
   * many match. The upload is the caller's: read with `upload` first.
   */
  async uploadRows(o: { uploadId: string; filter: string | null; limit: number; offset: number }) {
    const [{ total }] = await this.db.query<[{ total: number }]>(
      `WITH ${UPLOAD_ROWS_CTE} SELECT count(*)::int AS total FROM upload_row_outcomes WHERE ${FILTER_SQL}`,
      [[o.uploadId], o.filter],
    );
    const records = await this.db.query<UploadRowRecord[]>(
      `WITH ${UPLOAD_ROWS_CTE} SELECT * FROM upload_row_outcomes WHERE ${FILTER_SQL}
        ORDER BY row_number LIMIT $3 OFFSET $4`,
      [[o.uploadId], o.filter, o.limit, o.offset],
    );
    return { total, records };
  }

  /** Counts stored for settled uploads, where still current (the upload's `counts_version`, decision 0028). */
  storedCounts({ uploadIds }: { uploadIds: string[] }) {
    return this.db.query<{ upload_id: string; by_status: Record<string, number>; own_rows: number }[]>(
      `SELECT c.upload_id, c.by_status, c.own_rows FROM upload_counts c
         JOIN uploads u ON u.id = c.upload_id AND u.counts_version = c.counts_version
        WHERE c.upload_id = ANY($1::uuid[])`,
      [uploadIds],
    );
  }

  /** Counts over the rows themselves, per upload and status, on the heavy-reads pool (decision 0037). */
  liveCounts({ uploadIds }: { uploadIds: string[] }): Promise<LiveCountRow[]> {
    return this.heavy.query<LiveCountRow>(UPLOAD_COUNTS_SQL, [uploadIds]);
  }
}
