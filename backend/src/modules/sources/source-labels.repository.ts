import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, type EntityManager } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import type { Candidate, LabelState, OrderRefs } from './entities/source-label.entity.js';
import { returningRows } from '../../common/database/returning-rows.js';

/** A label as a source reported it, before it is stored. */
export interface LabelInput {
  kind: 'LABEL' | 'FULFILLMENT';
  externalId: string;
  orderRefs: OrderRefs;
  trackingNumber: string;
  carrierCode: string | null;
  costCents: number | null;
  shipDate: string | null;
  labelCreatedAt: Date | null;
  voided: boolean;
}

/** A stored label a decision is made about. */
export interface LabelRow {
  id: string;
  connection_id: string;
  company_id: string;
  kind: 'LABEL' | 'FULFILLMENT';
  external_id: string;
  order_refs: OrderRefs;
  tracking_number: string;
  carrier_code: string | null;
  cost_cents: number | null;
  ship_date: string | null;
  voided: boolean;
  state: LabelState;
  reason: string | null;
  reason_text: string | null;
  candidates: Candidate[];
  faire_order_id: string | null;
  alert: string | null;
  first_seen_at: Date;
  alert_at: Date | null;
}

export interface Decision {
  id: string;
  state: LabelState;
  reason: string | null;
  reasonText: string | null;
  candidates: Candidate[];
  faireOrderId: string | null;
  uploadId: string | null;
}

/** Labels (and webhook deliveries) of source connections: what was reported, what became of it. */
@Injectable()
export class SourceLabels {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** A delivery to read; false when the same resource is already waiting (a duplicated webhook). */
  async addEvent(connectionId: string, resourceUrl: string, resourceType: string): Promise<boolean> {
    const rows = await this.db.query<unknown[]>(
      `INSERT INTO source_events (connection_id, resource_url, resource_type) VALUES ($1, $2, $3)
       ON CONFLICT (connection_id, resource_url) WHERE done_at IS NULL DO NOTHING RETURNING id`,
      [connectionId, resourceUrl, resourceType],
    );
    return rows.length > 0;
  }

  pendingEvents(
    connectionId: string,
  ): Promise<{ id: string; resource_url: string; resource_type: string }[]> {
    return this.db.query(
      `SELECT id, resource_url, resource_type FROM source_events
        WHERE connection_id = $1 AND done_at IS NULL ORDER BY received_at LIMIT 100`,
      [connectionId],
    );
  }

  async eventsDone(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.db.query('UPDATE source_events SET done_at = now() WHERE id = ANY($1::uuid[])', [ids]);
  }

  /** Connections with pending deliveries or labels past their grace (the tick's work list). */
  async connectionsWithWork(): Promise<{ id: string; events: boolean; due: boolean }[]> {
    return this.db
      .query(
        `SELECT c.id,
              EXISTS (SELECT 1 FROM source_events e WHERE e.connection_id = c.id AND e.done_at IS NULL) AS events,
              EXISTS (SELECT 1 FROM source_labels l WHERE l.connection_id = c.id AND l.state = 'WAITING' AND l.due_at <= now()) AS due
         FROM source_connections c
        WHERE NOT c.paused`,
      )
      .then((rows: { id: string; events: boolean; due: boolean }[]) => rows.filter((r) => r.events || r.due));
  }

  /**
   * Stores what a source reported, once per connection, kind and source id: a new label waits out its
   * grace (`graceMs`); one seen before only learns that it was voided. A label voided before it was
   * sent is never sent; one voided after it was sent raises an alert (Faire cannot remove a shipment).
   */
  async record(
    connectionId: string,
    companyId: string,
    labels: LabelInput[],
    graceMs: number,
  ): Promise<void> {
    if (labels.length === 0) return;
    await this.db.query(
      `INSERT INTO source_labels (connection_id, company_id, kind, external_id, order_refs, tracking_number, carrier_code,
                                  cost_cents, ship_date, label_created_at, voided, due_at, state)
       SELECT $1, $2, t.kind, t.external_id, t.order_refs, t.tracking_number, t.carrier_code, t.cost_cents, t.ship_date,
              t.label_created_at, t.voided, now() + ($4::int * interval '1 millisecond'),
              CASE WHEN t.voided THEN 'VOIDED' ELSE 'WAITING' END
         FROM jsonb_to_recordset($3::jsonb) AS t(kind text, external_id text, order_refs jsonb, tracking_number text,
              carrier_code text, cost_cents int, ship_date date, label_created_at timestamptz, voided boolean)
       ON CONFLICT (connection_id, kind, external_id) DO UPDATE SET
         voided = source_labels.voided OR EXCLUDED.voided,
         state = CASE WHEN EXCLUDED.voided AND source_labels.state IN ('WAITING', 'HELD') THEN 'VOIDED'
                      ELSE source_labels.state END,
         alert = CASE WHEN EXCLUDED.voided AND NOT source_labels.voided AND source_labels.state = 'SENT'
                      THEN 'VOIDED_AFTER_SEND' ELSE source_labels.alert END,
         alert_at = CASE WHEN EXCLUDED.voided AND NOT source_labels.voided AND source_labels.state = 'SENT'
                      THEN now() ELSE source_labels.alert_at END`,
      [
        connectionId,
        companyId,
        JSON.stringify(
          labels.map((l) => ({
            kind: l.kind,
            external_id: l.externalId,
            order_refs: l.orderRefs,
            tracking_number: l.trackingNumber,
            carrier_code: l.carrierCode,
            cost_cents: l.costCents,
            ship_date: l.shipDate,
            label_created_at: l.labelCreatedAt?.toISOString() ?? null,
            voided: l.voided,
          })),
        ),
        graceMs,
      ],
    );
  }

  /** Labels past their grace, locked for this transaction (another worker skips them). */
  takeDue(tx: EntityManager, connectionId: string, limit: number): Promise<LabelRow[]> {
    return tx.query(
      `SELECT * FROM source_labels WHERE connection_id = $1 AND state = 'WAITING' AND due_at <= now()
        ORDER BY first_seen_at, id LIMIT $2 FOR UPDATE SKIP LOCKED`,
      [connectionId, limit],
    );
  }

  /** The company's held labels among `ids`, locked for this transaction. */
  takeHeld(tx: EntityManager, scope: CompanyScope, ids: string[]): Promise<LabelRow[]> {
    return scopedQuery(
      tx,
      scope,
      `SELECT * FROM source_labels WHERE company_id = $1 AND id = ANY($2::uuid[]) AND state = 'HELD' AND NOT voided
        ORDER BY first_seen_at, id FOR UPDATE`,
      [ids],
    );
  }

  async decide(tx: EntityManager, decisions: Decision[]): Promise<void> {
    if (decisions.length === 0) return;
    await tx.query(
      `UPDATE source_labels l SET state = d.state, reason = d.reason, reason_text = d.reason_text,
              candidates = d.candidates, faire_order_id = coalesce(d.faire_order_id, l.faire_order_id),
              upload_id = coalesce(d.upload_id, l.upload_id), decided_at = now()
         FROM jsonb_to_recordset($1::jsonb) AS d(id uuid, state text, reason text, reason_text text, candidates jsonb,
              faire_order_id text, upload_id uuid)
        WHERE l.id = d.id`,
      [
        JSON.stringify(
          decisions.map((d) => ({
            id: d.id,
            state: d.state,
            reason: d.reason,
            reason_text: d.reasonText,
            candidates: d.candidates,
            faire_order_id: d.faireOrderId,
            upload_id: d.uploadId,
          })),
        ),
      ],
    );
  }

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

  /** Held labels become DISMISSED and alerts are cleared; how many changed. */
  async dismiss(scope: CompanyScope, ids: string[]): Promise<number> {
    const rows = await scopedQuery<unknown[]>(
      this.db,
      scope,
      `UPDATE source_labels SET state = CASE WHEN state = 'HELD' THEN 'DISMISSED' ELSE state END,
              alert = NULL, decided_at = now()
        WHERE company_id = $1 AND id = ANY($2::uuid[]) AND (state = 'HELD' OR alert IS NOT NULL) RETURNING id`,
      [ids],
    );
    return returningRows(rows).length;
  }

  /** Labels each connection of the company sent today (UTC), by connection. */
  async sentToday(scope: CompanyScope): Promise<Map<string, number>> {
    const rows = await scopedQuery<{ connection_id: string; n: number }[]>(
      this.db,
      scope,
      `SELECT connection_id, count(*)::int AS n FROM source_labels
        WHERE company_id = $1 AND state = 'SENT' AND decided_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'
        GROUP BY connection_id`,
    );
    return new Map(rows.map((r) => [r.connection_id, r.n]));
  }
}
