import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import { CONNECT_SKEW_MS } from './label-decision.js';
import type { LabelRow } from './source-labels.repository.js';

/**
 * A waiting label that is going to Faire when its grace ends: not one made before the connection (those
 * are never sent by themselves, decision 0065: they are offered to a person, or ignored, once decided).
 * `l` is the label, `c` its connection; `$2` the allowed skew in milliseconds.
 */
const GOING = `NOT (l.label_created_at IS NOT NULL
                    AND l.label_created_at < c.connected_at - ($2::int * interval '1 millisecond'))`;

/** Today's labels of one connection, by state, and when the next waiting one is decided. */
export interface LabelsToday {
  /** Labels first seen today, and every label still waiting. */
  received: number;
  byState: Record<string, number>;
  nextSendAt: Date | null;
}

/** A label held for a person, as outbound webhooks tell it. */
export interface HeldLabel {
  id: string;
  /** The connection's kind (SHIPSTATION, SHOPIFY, ...). */
  source: string;
  tracking_number: string;
  carrier_code: string | null;
  reason: string | null;
  reason_text: string | null;
  faire_order_id: string | null;
  decided_at: Date;
  /** `decided_at` to the microsecond, as text. */
  held_micros: string;
}

/** The screens' reads of `source_labels`: "Needs attention", the waiting ones, today's counts. */
@Injectable()
export class SourceLabelViews {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** "Needs attention": held labels and alerts, oldest first. */
  attention(scope: CompanyScope, limit = 500): Promise<LabelRow[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT * FROM source_labels WHERE company_id = $1 AND (state = 'HELD' OR alert IS NOT NULL)
        ORDER BY first_seen_at, id LIMIT $2`,
      [limit],
    );
  }

  /**
   * A page of the company's labels held for a person ("Needs attention") since `sinceUs` (microseconds
   * since 1970), in the order they were held, after the keyset `after`: what outbound webhooks scan for
   * (decision 0068).
   */
  heldSince(
    scope: CompanyScope,
    o: { sinceUs: number; after: { micros: string; id: string } | null; limit: number },
  ): Promise<HeldLabel[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT l.id, c.kind AS source, l.tracking_number, l.carrier_code, l.reason, l.reason_text,
              l.faire_order_id, l.decided_at,
              (extract(epoch FROM date_trunc('second', l.decided_at))::bigint * 1000000
                 + extract(microseconds FROM l.decided_at)::bigint % 1000000)::text AS held_micros
         FROM source_labels l JOIN source_connections c ON c.id = l.connection_id
        WHERE l.company_id = $1 AND l.state = 'HELD' AND NOT l.voided
          AND l.decided_at >= timestamptz 'epoch' + $2::bigint * interval '1 microsecond'
          AND ($3::bigint IS NULL
               OR (l.decided_at, l.id) > (timestamptz 'epoch' + $3::bigint * interval '1 microsecond', $4::uuid))
        ORDER BY l.decided_at, l.id
        LIMIT $5`,
      [o.sinceUs, o.after?.micros ?? null, o.after?.id ?? null, o.limit],
    );
  }

  /** Labels in their grace that go to Faire when it ends, soonest sent first. */
  waiting(scope: CompanyScope, limit = 500): Promise<LabelRow[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT l.* FROM source_labels l JOIN source_connections c ON c.id = l.connection_id
        WHERE l.company_id = $1 AND l.state = 'WAITING' AND ${GOING}
        ORDER BY l.due_at, l.id LIMIT $3`,
      [CONNECT_SKEW_MS, limit],
    );
  }

  /**
   * Each connection's labels received today (UTC) and those still waiting, by state. Not counted: labels
   * made before the connection while they wait (they are not going to Faire) or voided before it, and
   * those it ignored once decided (no person sees them anywhere), so the card's count is what the screens
   * show.
   */
  async today(scope: CompanyScope): Promise<Map<string, LabelsToday>> {
    const rows = await scopedQuery<{ connection_id: string; state: string; n: number; next: Date | null }[]>(
      this.db,
      scope,
      `SELECT l.connection_id, l.state, count(*)::int AS n,
              min(l.due_at) FILTER (WHERE l.state = 'WAITING') AS next
         FROM source_labels l JOIN source_connections c ON c.id = l.connection_id
        WHERE l.company_id = $1 AND l.state <> 'IGNORED' AND (l.state NOT IN ('WAITING', 'VOIDED') OR ${GOING})
          AND (l.state = 'WAITING' OR l.first_seen_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC')
        GROUP BY l.connection_id, l.state`,
      [CONNECT_SKEW_MS],
    );
    const out = new Map<string, LabelsToday>();
    for (const r of rows) {
      const t = out.get(r.connection_id) ?? { received: 0, byState: {}, nextSendAt: null };
      t.received += r.n;
      t.byState[r.state] = r.n;
      if (r.next) t.nextSendAt = new Date(r.next);
      out.set(r.connection_id, t);
    }
    return out;
  }
}
