import type { DataSource } from 'typeorm';
import { CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import type { CompanyConnections } from '../marketplace/index.js';
import { isWaitingOnFaire, stillSending } from './retry-schedule.js';
import type { ListShipmentsQuery } from './shipments.dto.js';

/** History counts up to this many matching rows, then reads "10,000+". */
export const HISTORY_COUNT_CAP = 10_000;

/** One page of the company's shipment history (GET /api/shipments), newest first or in file order. */
export async function listShipments(
  db: DataSource,
  connections: CompanyConnections,
  caller: CompanyAuthContext,
  q: ListShipmentsQuery,
) {
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
    db,
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
  const companyCurrency = page.some((r) => r.currency === null) ? await connections.currencyOf(scope) : null;
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

async function rowStatuses(db: DataSource, scope: CompanyScope, uploadId: string): Promise<RowStatuses> {
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
    db,
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

/** While rows are pending, the wait ends when none has finished for this long: Faire is slow. */
export const PROCESS_STALL_MS = 5000;

/**
 * The upload's row statuses once none is PENDING, or as they stand when waiting longer would only hold
 * the person's review open (decision 0031): as soon as a row is waiting on Faire (an attempt failed and
 * it will be tried again), when no row has finished for `PROCESS_STALL_MS`, or after `waitMs`. The rows
 * are stored and queued before this is called; those still PENDING go on in the background.
 */
export async function waitForRowStatuses(
  db: DataSource,
  caller: CompanyAuthContext,
  uploadId: string,
  waitMs: number,
  stallMs = PROCESS_STALL_MS,
): Promise<RowStatuses> {
  const scope = CompanyScope.of(caller);
  const deadline = Date.now() + waitMs;
  let statuses = await rowStatuses(db, scope, uploadId);
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
    statuses = await rowStatuses(db, scope, uploadId);
  }
  return statuses;
}
