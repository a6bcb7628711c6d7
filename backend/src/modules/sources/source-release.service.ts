import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { displayIdFor } from '@portal/shipment-rules';
import { DataSource, type EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { ActivityService } from '../activity/index.js';
import { CompanyConnections } from '../marketplace/index.js';
import { OrderRecords, type StoredOrder } from '../orders/index.js';
import { ShipmentIntake, type StagedIntake, type TypedRow } from '../shipments/index.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import {
  HOLD_REASONS,
  costFor,
  faireCarrier,
  gateFor,
  matchOrder,
  orderIdsIn,
  type HoldReason,
} from './label-rules.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceLabels, type Decision, type LabelRow } from './source-labels.repository.js';
import { shopifyCarrier } from './shopify/shopify-rules.js';

/** Labels decided per transaction. */
const RELEASE_BATCH = 500;

/** What a person sending held labels decided for them. */
export interface SendOverride {
  /** The Faire order picked (one of the company's synced orders). */
  orderId?: string;
  /** The cost, in minor units of the brand's currency. */
  costCents?: number;
}

export interface ReleaseOutcome {
  sent: number;
  held: number;
  dropped: number;
  /** The labels still held after a person's send, with their reason. */
  stillHeld: { id: string; reasonText: string }[];
}

const SOURCE_NAMES: Record<string, string> = { SHIPSTATION: 'ShipStation', SHOPIFY: 'Shopify' };

export function sourceName(kind: string): string {
  return SOURCE_NAMES[kind] ?? kind;
}

/**
 * Decides what becomes of labels past their grace (decision 0035): matched to one synced Faire order,
 * the order's state allowing it, a carrier and a cost known, they go through the shipments intake in
 * the same transaction that marks them SENT (so a crash sends each label once or not at all; the
 * intake's unique key absorbs a label also reported by a file). Anything else waits in "Needs
 * attention" with its reason in words, or is dropped with a note (canceled or delivered orders).
 */
@Injectable()
export class SourceRelease {
  private readonly logger = new Logger('SourceRelease');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly intake: ShipmentIntake,
    private readonly orders: OrderRecords,
    private readonly marketplace: CompanyConnections,
    private readonly activity: ActivityService,
    private readonly clock: Clock,
  ) {}

  /** Every label of the connection past its grace, a batch per transaction. */
  async releaseDue(connectionId: string): Promise<ReleaseOutcome> {
    const total: ReleaseOutcome = { sent: 0, held: 0, dropped: 0, stillHeld: [] };
    const conn = await this.connections.byId(connectionId);
    if (!conn || conn.paused) return total;
    for (;;) {
      const done = await this.db.transaction(async (tx) => {
        const due = await this.labels.takeDue(tx, connectionId, RELEASE_BATCH);
        if (due.length === 0) return null;
        return { ...(await this.decideAndStage(tx, conn, due, {}, false)), count: due.length };
      });
      if (!done) break;
      if (done.staged) await this.intake.finish(done.staged);
      total.sent += done.outcome.sent;
      total.held += done.outcome.held;
      total.dropped += done.outcome.dropped;
      if (done.outcome.sent > 0) {
        await this.activity.record({
          actor: null,
          companyId: conn.companyId,
          action: 'sources.received',
          target: sourceName(conn.kind),
          details: {
            connectionId: conn.id,
            uploadId: done.staged?.uploadId ?? null,
            sent: done.outcome.sent,
            held: done.outcome.held,
            dropped: done.outcome.dropped,
          },
        });
      }
      if (done.count < RELEASE_BATCH) break;
    }
    return total;
  }

  /** A person sends held labels (with the order or cost they picked); labels still lacking something stay held. */
  async sendHeld(
    scope: CompanyScope,
    ids: string[],
    override: SendOverride,
  ): Promise<ReleaseOutcome & { uploadIds: string[] }> {
    const byConnection = await this.db.transaction(async (tx) => {
      const held = await this.labels.takeHeld(tx, scope, ids);
      const groups = new Map<string, LabelRow[]>();
      for (const l of held) groups.set(l.connection_id, [...(groups.get(l.connection_id) ?? []), l]);
      const results: { staged: StagedIntake | null; outcome: ReleaseOutcome }[] = [];
      for (const [connectionId, rows] of groups) {
        const conn = await this.connections.byId(connectionId);
        if (!conn) continue;
        results.push(await this.decideAndStage(tx, conn, rows, override, true));
      }
      return results;
    });
    const total = {
      sent: 0,
      held: 0,
      dropped: 0,
      stillHeld: [] as ReleaseOutcome['stillHeld'],
      uploadIds: [] as string[],
    };
    for (const r of byConnection) {
      if (r.staged) {
        await this.intake.finish(r.staged);
        total.uploadIds.push(r.staged.uploadId);
      }
      total.sent += r.outcome.sent;
      total.held += r.outcome.held;
      total.dropped += r.outcome.dropped;
      total.stillHeld.push(...r.outcome.stillHeld);
    }
    return total;
  }

  /** The decisions for `rows` of one connection, the sendable ones staged as one intake in `tx`. */
  private async decideAndStage(
    tx: EntityManager,
    conn: SourceConnection,
    rows: LabelRow[],
    override: SendOverride,
    byPerson: boolean,
  ): Promise<{ staged: StagedIntake | null; outcome: ReleaseOutcome }> {
    const scope = CompanyScope.ofJob(conn.companyId);
    const named = override.orderId ? [override.orderId] : rows.flatMap((r) => orderIdsIn(r.order_refs));
    const synced = await this.orders.find(scope, named);
    const brandCurrency = await this.marketplace.currencyOf(scope);
    const decisions: Decision[] = [];
    const send: { row: LabelRow; typed: TypedRow; orderId: string }[] = [];
    const hold = (row: LabelRow, reason: HoldReason, extra: Partial<Decision> = {}, text?: string) =>
      decisions.push({
        id: row.id,
        state: reason === 'ORDER_CLOSED' ? 'DROPPED' : 'HELD',
        reason,
        reasonText: text ?? HOLD_REASONS[reason],
        candidates: row.candidates,
        faireOrderId: null,
        uploadId: null,
        ...extra,
      });
    for (const row of rows) {
      if (brandCurrency === null && !row.voided) {
        hold(row, 'NO_FAIRE');
        continue;
      }
      if (row.voided) {
        decisions.push({
          id: row.id,
          state: 'VOIDED',
          reason: null,
          reasonText: null,
          candidates: [],
          faireOrderId: null,
          uploadId: null,
        });
        continue;
      }
      let orderId: string;
      if (override.orderId) orderId = override.orderId;
      else {
        const match = matchOrder(row.order_refs, new Set(synced.keys()));
        if (match.kind !== 'MATCHED') {
          hold(row, match.kind === 'NONE' ? 'NO_MATCH' : 'AMBIGUOUS', { candidates: match.candidates });
          continue;
        }
        orderId = match.orderId;
      }
      const matched = { faireOrderId: orderId, candidates: [{ orderId, displayId: displayIdFor(orderId) }] };
      const order = synced.get(orderId) as StoredOrder;
      const gate = gateFor(order.state, conn.acceptNewOrders || byPerson);
      if (gate === 'DROP') {
        hold(
          row,
          'ORDER_CLOSED',
          matched,
          `The Faire order is ${order.state.toLowerCase()}: nothing was sent`,
        );
        continue;
      }
      if (gate === 'HOLD_NEW') {
        hold(row, 'NEW_ORDER', matched);
        continue;
      }
      const carrier = (conn.kind === 'SHOPIFY' ? shopifyCarrier : faireCarrier)(
        row.carrier_code,
        row.tracking_number,
        conn.carrierMap,
      );
      if (!carrier) {
        hold(row, 'UNKNOWN_CARRIER', matched);
        continue;
      }
      let cents: number | null;
      if (override.costCents !== undefined) cents = override.costCents;
      else {
        const usesLabel = conn.costRule.kind !== 'FLAT' && row.cost_cents !== null;
        if (usesLabel && brandCurrency !== null && brandCurrency !== conn.currency) {
          hold(
            row,
            'CURRENCY_MISMATCH',
            matched,
            `The ShipStation cost is in ${conn.currency}, the Faire brand's currency is ${brandCurrency}: set the cost to send it`,
          );
          continue;
        }
        cents = costFor(conn.costRule, row.cost_cents, { carrier, subtotalCents: order.totalCents });
      }
      if (cents === null) {
        hold(row, 'NO_COST', matched);
        continue;
      }
      if (conn.mode === 'REVIEW' && !byPerson) {
        hold(row, 'REVIEW', matched);
        continue;
      }
      const typed: TypedRow = {
        rowNumber: send.length + 1,
        orderId,
        trackingNumber: row.tracking_number,
        carrier,
        carrierRaw: row.carrier_code ?? carrier,
        shipDate: row.ship_date ?? this.clock.now(),
        shippingCostCents: cents,
      };
      const [checked] = this.intake.typedRows([typed]);
      if (!checked?.result.valid) {
        const words = checked?.result.errors.map((e) => e.message).join('; ') ?? HOLD_REASONS.INVALID;
        hold(row, 'INVALID', matched, `${HOLD_REASONS.INVALID}: ${words}`);
        continue;
      }
      send.push({ row, typed, orderId });
    }
    let staged: StagedIntake | null = null;
    if (send.length) {
      staged = await this.intake.stage(tx, {
        scope,
        sender: { connectionId: conn.id },
        sourceKind: conn.kind,
        fileName: sourceName(conn.kind),
        fileSize: 0,
        encoding: null,
        delimiter: null,
        mapping: null,
        rows: this.intake.typedRows(send.map((s) => s.typed)),
        currency: brandCurrency,
      });
      for (const s of send) {
        decisions.push({
          id: s.row.id,
          state: 'SENT',
          reason: null,
          reasonText: null,
          candidates: [{ orderId: s.orderId, displayId: displayIdFor(s.orderId) }],
          faireOrderId: s.orderId,
          uploadId: staged.uploadId,
        });
      }
    }
    await this.labels.decide(tx, decisions);
    const outcome: ReleaseOutcome = {
      sent: send.length,
      held: decisions.filter((d) => d.state === 'HELD').length,
      dropped: decisions.filter((d) => d.state === 'DROPPED').length,
      stillHeld: decisions
        .filter((d) => d.state === 'HELD')
        .map((d) => ({ id: d.id, reasonText: d.reasonText ?? '' })),
    };
    if (outcome.held || outcome.dropped) {
      this.logger.log(
        `Connection ${conn.id}: ${outcome.sent} sent, ${outcome.held} held, ${outcome.dropped} dropped`,
      );
    }
    return { staged, outcome };
  }
}
