import type { ListOrdersQuery, OrderSort } from './dto/list-orders.query.js';
import type { Thresholds } from './late-rules.js';
import { OPEN_STATES } from './order-snapshots.service.js';
import { NOT_SCANNED_STATES, shipByEndSql } from './order-view.js';

/**
 * The WHERE and ORDER BY of the orders list. The late rules (late-rules.ts) and the "paid" and "past the
 * expected ship date" rules (order-view.ts) are written again here in SQL so the database filters and
 * counts; orders-list.e2e-spec.ts checks that both say the same for every order.
 */
export function listOrdersSql(companyId: string, q: ListOrdersQuery, t: Thresholds, now: Date) {
  const params: unknown[] = [companyId, [...OPEN_STATES]];
  const p = (v: unknown) => {
    params.push(v);
    return `$${params.length}`;
  };
  const where = ['company_id = $1', 'is_open', 'state = ANY($2::text[])'];
  if (q.state) where.push(`state = ${p(q.state)}`);

  const search = q.search?.trim().replace(/^#+/, '').trim();
  if (search) {
    // search_text: lower(order id, display id, customer), a generated column with one trigram index.
    where.push(`search_text LIKE ${p(`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`)}`);
  }

  if (q.problem) {
    const ago = (days: number) => `${p(new Date(now.getTime() - days * 86_400_000))}::timestamptz`;
    const problem = `(CASE state
        WHEN 'NEW' THEN faire_created_at < ${ago(t.newOrderDays)}
        WHEN 'PROCESSING' THEN coalesce(tracking_number, '') = '' AND coalesce(processing_at, faire_created_at) < ${ago(t.processingDays)}
        WHEN 'PRE_TRANSIT' THEN coalesce(shipment_created_at < ${ago(t.preTransitDays)}, false)
        WHEN 'IN_TRANSIT' THEN coalesce(shipment_created_at < ${ago(t.inTransitDays)}, false)
        ELSE false END)`;
    where.push(q.problem === 'true' ? problem : `NOT ${problem}`);
  }
  if (q.late) {
    const late = `(state = ANY(${p([...NOT_SCANNED_STATES])}::text[]) AND coalesce(${shipByEndSql('expected_ship_date')} <= ${p(now)}::timestamptz, false))`;
    where.push(q.late === 'true' ? late : `NOT ${late}`);
  }
  if (q.paid) {
    const paid = `(state = 'IN_TRANSIT' AND estimated_payout_at IS NOT NULL)`;
    where.push(q.paid === 'true' ? paid : `NOT ${paid}`);
  }

  const column: Record<OrderSort, string> = {
    expectedShipDate: 'expected_ship_date',
    createdAt: 'faire_created_at',
    totalCents: 'total_cents',
  };
  const dir = q.order === 'DESC' ? 'DESC' : 'ASC';
  // Each (sort, direction) has its own index (migration 1764200000600), missing values last both ways.
  const orderBy = `${column[q.sort ?? 'createdAt']} ${dir} NULLS LAST, id ${dir}`;
  return { where: where.join(' AND '), orderBy, params };
}
