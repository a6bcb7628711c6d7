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
  /** The source's own id of the label's order, when it has one (ShipStation `orderId`, Shopify's). */
  sourceOrderId?: string | null;
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
  due_at: Date;
  alert_at: Date | null;
  label_created_at: Date | null;
  decided_at: Date | null;
  source_order_id: string | null;
  refs_read_at: Date | null;
  looked_up_at: Date | null;
  recheck_at: Date | null;
  checks: number;
  proposed_cost_cents: number | null;
}

export interface Decision {
  id: string;
  state: LabelState;
  reason: string | null;
  reasonText: string | null;
  candidates: Candidate[];
  faireOrderId: string | null;
  uploadId: string | null;
  /** References read from the label's order at the source (stored with the label; null: unchanged). */
  orderRefs?: OrderRefs | null;
  /** The source's order was read for references now. */
  refsRead?: boolean;
  /** The Faire orders it names were asked of Faire now. */
  lookedUp?: boolean;
  /** Not decided: asked again at `dueAt` (waiting labels) or `recheckAt` (held ones). */
  wait?: boolean;
  dueAt?: Date | null;
  /** When a hold that depends on its Faire order is decided again (null: not again). */
  recheckAt?: Date | null;
  checks?: number;
  /** The cost the connection's rule gives a held label (null: none, or not held). */
  proposedCostCents?: number | null;
}

/** Labels of source connections: what was reported, what became of it (the screens' reads: `SourceLabelViews`). */
@Injectable()
export class SourceLabels {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Connections with pending deliveries, labels past their grace, or held labels to decide again (the
   * tick's work list).
   */
  async connectionsWithWork(): Promise<{ id: string; events: boolean; due: boolean; recheck: boolean }[]> {
    return this.db
      .query(
        `SELECT c.id,
              EXISTS (SELECT 1 FROM source_events e WHERE e.connection_id = c.id AND e.done_at IS NULL) AS events,
              EXISTS (SELECT 1 FROM source_labels l WHERE l.connection_id = c.id AND l.state = 'WAITING' AND l.due_at <= now()) AS due,
              EXISTS (SELECT 1 FROM source_labels l WHERE l.connection_id = c.id AND l.recheck_at <= now()
                        AND l.state IN ('HELD', 'DROPPED')) AS recheck
         FROM source_connections c
        WHERE NOT c.paused`,
      )
      .then((rows: { id: string; events: boolean; due: boolean; recheck: boolean }[]) =>
        rows.filter((r) => r.events || r.due || r.recheck),
      );
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
                                  cost_cents, ship_date, label_created_at, voided, due_at, state, source_order_id)
       SELECT $1, $2, t.kind, t.external_id, t.order_refs, t.tracking_number, t.carrier_code, t.cost_cents, t.ship_date,
              t.label_created_at, t.voided, now() + ($4::int * interval '1 millisecond'),
              CASE WHEN t.voided THEN 'VOIDED' ELSE 'WAITING' END, t.source_order_id
         FROM jsonb_to_recordset($3::jsonb) AS t(kind text, external_id text, order_refs jsonb, tracking_number text,
              carrier_code text, cost_cents int, ship_date date, label_created_at timestamptz, voided boolean,
              source_order_id text)
       ON CONFLICT (connection_id, kind, external_id) DO UPDATE SET
         voided = source_labels.voided OR EXCLUDED.voided,
         source_order_id = coalesce(source_labels.source_order_id, EXCLUDED.source_order_id),
         state = CASE WHEN EXCLUDED.voided AND source_labels.state IN ('WAITING', 'HELD') THEN 'VOIDED'
                      ELSE source_labels.state END,
         recheck_at = CASE WHEN EXCLUDED.voided THEN NULL ELSE source_labels.recheck_at END,
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
            source_order_id: l.sourceOrderId ?? null,
          })),
        ),
        graceMs,
      ],
    );
    const voided = labels.filter((l) => l.voided).map((l) => l.trackingNumber);
    if (voided.length) await this.voidSiblings(connectionId, voided);
  }

  /**
   * A void reaches the ShipStation store's ship notices of that tracking number (decision 0071): a notice
   * and the V1 label of one shipment are two reports of the same parcel, and a notice never says it was
   * voided. Only notices: a source's own item keeps its own void (Shopify may fulfil again with the number
   * of a cancelled fulfilment).
   */
  private async voidSiblings(connectionId: string, trackingNumbers: string[]): Promise<void> {
    await this.db.query(
      `UPDATE source_labels SET voided = true,
              state = CASE WHEN state IN ('WAITING', 'HELD') THEN 'VOIDED' ELSE state END,
              recheck_at = NULL,
              alert = CASE WHEN state = 'SENT' THEN 'VOIDED_AFTER_SEND' ELSE alert END,
              alert_at = CASE WHEN state = 'SENT' THEN now() ELSE alert_at END
        WHERE connection_id = $1 AND tracking_number = ANY($2::text[]) AND NOT voided
          AND external_id LIKE 'store:%'`,
      [connectionId, trackingNumbers],
    );
  }

  /**
   * Labels to decide now, without a lock (the release reads what it needs first): those past their
   * grace, and held or dropped ones whose recheck is due.
   */
  peekDue(connectionId: string, limit: number): Promise<LabelRow[]> {
    return this.db.query(
      `SELECT * FROM source_labels
        WHERE connection_id = $1 AND ((state = 'WAITING' AND due_at <= now())
           OR (state IN ('HELD', 'DROPPED') AND recheck_at <= now()))
        ORDER BY first_seen_at, id LIMIT $2`,
      [connectionId, limit],
    );
  }

  /** The labels among `ids` still to decide, locked for this transaction (another worker skips them). */
  takeDue(tx: EntityManager, connectionId: string, ids: string[]): Promise<LabelRow[]> {
    return tx.query(
      `SELECT * FROM source_labels
        WHERE connection_id = $1 AND id = ANY($2::uuid[]) AND ((state = 'WAITING' AND due_at <= now())
           OR (state IN ('HELD', 'DROPPED') AND recheck_at <= now()))
        ORDER BY first_seen_at, id FOR UPDATE SKIP LOCKED`,
      [connectionId, ids],
    );
  }

  /** The database's clock now, to the microsecond (as text): when a decision's facts are read from. */
  async clock(): Promise<string> {
    const [row] = await this.db.query<{ now: string }[]>('SELECT clock_timestamp()::text AS now');
    return row!.now;
  }

  /**
   * Held labels waiting on their Faire order, by company: the oldest decision among them (the tick asks
   * the orders module whether the company's orders were stored since).
   */
  recheckable(): Promise<{ company_id: string; oldest: string }[]> {
    return this.db.query(
      `SELECT company_id, min(decided_at)::text AS oldest FROM source_labels
        WHERE recheck_at IS NOT NULL AND state IN ('HELD', 'DROPPED') GROUP BY company_id`,
    );
  }

  /**
   * The company's held labels decided from facts read before `storedAt` (text, to the microsecond) are
   * decided again now; their connections.
   */
  async recheckNow(scope: CompanyScope, storedAt: string): Promise<string[]> {
    const rows = await scopedQuery<{ connection_id: string }[]>(
      this.db,
      scope,
      `UPDATE source_labels SET recheck_at = now()
        WHERE company_id = $1 AND recheck_at > now() AND state IN ('HELD', 'DROPPED') AND decided_at < $2::timestamptz
        RETURNING connection_id`,
      [storedAt],
    );
    return [...new Set(returningRows<{ connection_id: string }>(rows).map((r) => r.connection_id))];
  }

  /**
   * The external ids of the connection's live items in each cost group (`<group>:<...>` ids: a Shopify
   * fulfilment's tracking numbers), sorted, by group.
   */
  async costGroups(connectionId: string, groups: string[]): Promise<Map<string, string[]>> {
    if (groups.length === 0) return new Map();
    const rows = await this.db.query<{ grp: string; ids: string[] }[]>(
      `SELECT split_part(external_id, ':', 1) AS grp, array_agg(external_id ORDER BY external_id) AS ids
         FROM source_labels
        WHERE connection_id = $1 AND split_part(external_id, ':', 1) = ANY($2::text[])
          AND state NOT IN ('VOIDED', 'DISMISSED', 'IGNORED')
        GROUP BY 1`,
      [connectionId, groups],
    );
    return new Map(rows.map((r) => [r.grp, r.ids]));
  }

  /** The Faire orders among `orderIds` a label of this connection was already sent for. */
  async sentForOrders(connectionId: string, orderIds: string[]): Promise<Set<string>> {
    if (orderIds.length === 0) return new Set();
    const rows = await this.db.query<{ faire_order_id: string }[]>(
      `SELECT DISTINCT faire_order_id FROM source_labels
        WHERE connection_id = $1 AND state = 'SENT' AND faire_order_id = ANY($2::text[])`,
      [connectionId, orderIds],
    );
    return new Set(rows.map((r) => r.faire_order_id));
  }

  /** The company's held labels among `ids`, without a lock (what a person's send reads first). */
  peekHeld(scope: CompanyScope, ids: string[]): Promise<LabelRow[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT * FROM source_labels WHERE company_id = $1 AND id = ANY($2::uuid[]) AND state = 'HELD' AND NOT voided
        ORDER BY first_seen_at, id`,
      [ids],
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

  /**
   * Writes `decisions`; `factsReadAt` (text, the database's clock before the facts were read) is each
   * decided label's `decided_at`: what was stored after it is new to the decision, and decides it again.
   */
  async decide(tx: EntityManager, decisions: Decision[], factsReadAt: string): Promise<void> {
    if (decisions.length === 0) return;
    await tx.query(
      `UPDATE source_labels l SET state = d.state, reason = d.reason, reason_text = d.reason_text,
              candidates = d.candidates, faire_order_id = coalesce(d.faire_order_id, l.faire_order_id),
              upload_id = coalesce(d.upload_id, l.upload_id),
              decided_at = CASE WHEN d.wait THEN l.decided_at ELSE $2::timestamptz END,
              order_refs = coalesce(d.order_refs, l.order_refs),
              refs_read_at = CASE WHEN d.refs_read THEN now() ELSE l.refs_read_at END,
              looked_up_at = CASE WHEN d.looked_up THEN now() ELSE l.looked_up_at END,
              due_at = coalesce(d.due_at, l.due_at),
              recheck_at = d.recheck_at, checks = coalesce(d.checks, l.checks),
              proposed_cost_cents = CASE WHEN d.wait THEN l.proposed_cost_cents ELSE d.proposed_cost_cents END
         FROM jsonb_to_recordset($1::jsonb) AS d(id uuid, state text, reason text, reason_text text, candidates jsonb,
              faire_order_id text, upload_id uuid, order_refs jsonb, refs_read boolean, looked_up boolean,
              wait boolean, due_at timestamptz, recheck_at timestamptz, checks int, proposed_cost_cents int)
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
            order_refs: d.orderRefs ?? null,
            refs_read: d.refsRead ?? false,
            looked_up: d.lookedUp ?? false,
            wait: d.wait ?? false,
            due_at: d.dueAt?.toISOString() ?? null,
            recheck_at: d.recheckAt?.toISOString() ?? null,
            checks: d.checks ?? null,
            proposed_cost_cents: d.proposedCostCents ?? null,
          })),
        ),
        factsReadAt,
      ],
    );
  }

  /** Waiting labels leave their grace now ("Send now"); the connections they belong to. */
  async endGrace(scope: CompanyScope, ids: string[]): Promise<string[]> {
    const rows = await scopedQuery<unknown>(
      this.db,
      scope,
      `UPDATE source_labels SET due_at = now()
        WHERE company_id = $1 AND id = ANY($2::uuid[]) AND state = 'WAITING' RETURNING connection_id`,
      [ids],
    );
    return [...new Set(returningRows<{ connection_id: string }>(rows).map((r) => r.connection_id))];
  }

  /** Waiting labels a person chose not to send ("Don't send"): dismissed, never sent; how many. */
  async dontSend(scope: CompanyScope, ids: string[]): Promise<number> {
    const rows = await scopedQuery<unknown>(
      this.db,
      scope,
      `UPDATE source_labels SET state = 'DISMISSED', reason_text = 'Not sent: a person chose not to send it',
              decided_at = now(), recheck_at = NULL
        WHERE company_id = $1 AND id = ANY($2::uuid[]) AND state = 'WAITING' RETURNING id`,
      [ids],
    );
    return returningRows(rows).length;
  }

  /** Held labels become DISMISSED and alerts are cleared; how many changed. */
  async dismiss(scope: CompanyScope, ids: string[]): Promise<number> {
    const rows = await scopedQuery<unknown[]>(
      this.db,
      scope,
      `UPDATE source_labels SET state = CASE WHEN state = 'HELD' THEN 'DISMISSED' ELSE state END,
              alert = NULL, decided_at = now(), recheck_at = NULL
        WHERE company_id = $1 AND id = ANY($2::uuid[]) AND (state = 'HELD' OR alert IS NOT NULL) RETURNING id`,
      [ids],
    );
    return returningRows(rows).length;
  }
}
