import { Injectable, Logger } from '@nestjs/common';
import { displayIdFor, type CarrierCode } from '@portal/shipment-rules';
import type { EntityManager } from 'typeorm';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { ShipmentIntake, type StagedIntake, type TypedRow } from '../shipments/index.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import type { Candidate } from './entities/source-label.entity.js';
import type { LabelFacts } from './label-facts.service.js';
import { ORDER_HOLDS, decideLabel, type ConnectionFacts } from './label-decision.js';
import { HOLD_REASONS, matchOrder } from './label-rules.js';
import type { SourceConnector } from './source-connector.js';
import { SourceLabels, type Decision, type LabelRow } from './source-labels.repository.js';

/** A label whose Faire order could not be asked yet waits this long. */
const WAIT_MS = 60_000;
/** A hold that depends on its Faire order is decided again after these waits, then every 6 hours ... */
const RECHECK_STEPS_MS = [60_000, 5 * 60_000, 15 * 60_000, 3_600_000, 6 * 3_600_000];
/** ... for this long after the label was first seen. */
const RECHECK_FOR_MS = 8 * 24 * 3_600_000;

/** What a person sending held labels decided for them. */
export interface SendOverride {
  /** The Faire order picked (one of the company's orders). */
  orderId?: string;
  /** The cost, in minor units of the brand's currency. */
  costCents?: number;
}

/** What became of a batch of labels, before the intake made shipments of the staged ones. */
export interface BatchCounts {
  /** Labels staged to become new Faire shipments. */
  sent: number;
  /** Labels whose tracking number was already on the order (staged to link, or not staged). */
  alreadyOnFaire: number;
  /** Of those, the ones staged (the intake links them to the shipment as another source). */
  alreadyStaged: number;
  held: number;
  dropped: number;
  voided: number;
  stillHeld: { id: string; reasonText: string }[];
}

/**
 * One batch of a connection's labels, decided in the caller's transaction (decisions 0035, 0065): each
 * label by the pure `decideLabel` with the facts read before, the sendable ones (and those already on
 * Faire, to be linked) staged as one intake in that transaction, and every decision written with it.
 */
@Injectable()
export class LabelBatch {
  private readonly logger = new Logger('LabelBatch');

  constructor(
    private readonly labels: SourceLabels,
    private readonly intake: ShipmentIntake,
    private readonly clock: Clock,
  ) {}

  private connectionFacts(conn: SourceConnection, connector: SourceConnector): ConnectionFacts {
    return {
      name: connector.words.name,
      acceptNewOrders: conn.acceptNewOrders,
      acceptNewOrdersWords: connector.words.acceptNewOrders,
      mode: conn.mode,
      costRule: conn.costRule,
      carrierMap: conn.carrierMap ?? {},
      currency: conn.currency,
      connectedAt: conn.connectedAt,
      sendZeroCost: conn.sendZeroCost,
      noCostWords: connector.words.noCost,
      carrier: (code, tracking, map) => connector.carrier(code, tracking, map),
    };
  }

  /** The intake's row for a label going to `v.orderId` with its carrier and cost. */
  private typedRow(
    rowNumber: number,
    row: LabelRow,
    v: { orderId: string; carrier?: CarrierCode; costCents?: number },
    now: Date,
  ): TypedRow {
    return {
      rowNumber,
      orderId: v.orderId,
      trackingNumber: row.tracking_number,
      carrier: v.carrier!,
      carrierRaw: row.carrier_code ?? v.carrier!,
      shipDate: row.ship_date ?? now,
      shippingCostCents: v.costCents!,
    };
  }

  /** When a hold that depends on its Faire order is decided again (null: no more). */
  private recheckAt(row: LabelRow, checks: number): Date | null {
    const now = this.clock.nowMs();
    if (now - new Date(row.first_seen_at).getTime() > RECHECK_FOR_MS) return null;
    return new Date(now + RECHECK_STEPS_MS[Math.min(checks, RECHECK_STEPS_MS.length - 1)]!);
  }

  /** The decisions for `rows` of one connection, the sendable ones staged as one intake in `tx`. */
  async decide(
    tx: EntityManager,
    conn: SourceConnection,
    connector: SourceConnector,
    rows: LabelRow[],
    facts: LabelFacts,
    override: SendOverride,
    byPerson: boolean,
    userId?: string,
  ): Promise<{ staged: StagedIntake | null; counts: BatchCounts }> {
    const scope = CompanyScope.ofJob(conn.companyId);
    const now = this.clock.now();
    const cf = this.connectionFacts(conn, connector);
    const decisions: Decision[] = [];
    const send: { row: LabelRow; typed: TypedRow; decision: Decision }[] = [];
    // An order's share of its subtotal goes with its first label (sent before, or first in this batch).
    const shared = new Set(facts.sharedOrders);
    const candidatesOf = (orderId: string | null, row: LabelRow): Candidate[] => {
      if (orderId) return [{ orderId, displayId: displayIdFor(orderId) }];
      const m = matchOrder(facts.refs.get(row.id) ?? row.order_refs ?? {}, new Set(facts.orders.keys()));
      return m.kind === 'MATCHED'
        ? [{ orderId: m.orderId, displayId: displayIdFor(m.orderId) }]
        : m.candidates;
    };
    for (const row of rows) {
      const common: Partial<Decision> = {
        orderRefs: facts.refs.get(row.id) ?? null,
        refsRead: facts.refsRead.has(row.id),
        lookedUp: facts.lookedUp.has(row.id),
      };
      const v = decideLabel(
        {
          orderRefs: facts.refs.get(row.id) ?? row.order_refs ?? {},
          trackingNumber: row.tracking_number,
          carrierCode: row.carrier_code,
          costCents: row.cost_cents,
          voided: row.voided,
          labelCreatedAt: row.label_created_at ? new Date(row.label_created_at) : null,
        },
        {
          conn: cf,
          brandCurrency: facts.brandCurrency,
          orders: facts.orders,
          onFaire: facts.onFaire,
          lookupPending: facts.pending.has(row.id),
          override,
          split: facts.splits.get(row.id),
          orderShareTaken: (orderId) => shared.has(orderId),
          byPerson,
          now,
        },
      );
      if (v.kind === 'SEND') shared.add(v.orderId);
      const base = { id: row.id, uploadId: null, ...common };
      switch (v.kind) {
        case 'VOIDED':
          decisions.push({
            ...base,
            state: 'VOIDED',
            reason: null,
            reasonText: null,
            candidates: [],
            faireOrderId: null,
          });
          break;
        case 'WAIT': {
          // Over this run's cap: due again at once (the next round asks); Faire away: in a while.
          const later = new Date(now.getTime() + (facts.failed ? WAIT_MS : 0));
          decisions.push({
            ...base,
            state: row.state,
            reason: row.reason,
            reasonText: row.reason_text,
            candidates: row.candidates ?? [],
            faireOrderId: null,
            wait: true,
            dueAt: row.state === 'WAITING' ? later : null,
            recheckAt: row.state === 'WAITING' ? null : later,
          });
          break;
        }
        case 'HOLD': {
          const checks = row.state === 'WAITING' ? 0 : row.checks + 1;
          decisions.push({
            ...base,
            state: v.reason === 'ORDER_CLOSED' ? 'DROPPED' : 'HELD',
            reason: v.reason,
            reasonText: v.text,
            candidates: candidatesOf(v.orderId, row),
            faireOrderId: v.orderId,
            recheckAt: ORDER_HOLDS.has(v.reason) ? this.recheckAt(row, checks) : null,
            checks,
            proposedCostCents: v.costCents ?? null,
          });
          break;
        }
        case 'ALREADY_ON_FAIRE': {
          const already: Decision = {
            ...base,
            state: 'ALREADY_ON_FAIRE',
            reason: null,
            reasonText: HOLD_REASONS.ALREADY_ON_FAIRE,
            candidates: candidatesOf(v.orderId, row),
            faireOrderId: v.orderId,
            recheckAt: null,
          };
          const typed =
            v.carrier && v.costCents !== undefined ? this.typedRow(send.length + 1, row, v, now) : null;
          // Through the intake when it reads as a row: it links it to the shipment (another source of it).
          if (typed && this.intake.typedRows([typed])[0]?.result.valid) {
            send.push({ row, typed, decision: already });
          } else {
            decisions.push(already);
          }
          break;
        }
        case 'IGNORE':
          decisions.push({
            ...base,
            state: 'IGNORED',
            reason: null,
            reasonText: v.text,
            candidates: v.orderId ? candidatesOf(v.orderId, row) : [],
            faireOrderId: v.orderId,
            recheckAt: null,
          });
          break;
        case 'SEND': {
          const typed = this.typedRow(send.length + 1, row, v, now);
          const [checked] = this.intake.typedRows([typed]);
          if (!checked?.result.valid) {
            const words = checked?.result.errors.map((e) => e.message).join('; ') ?? HOLD_REASONS.INVALID;
            decisions.push({
              ...base,
              state: 'HELD',
              reason: 'INVALID',
              reasonText: `${HOLD_REASONS.INVALID}: ${words}`,
              candidates: candidatesOf(v.orderId, row),
              faireOrderId: v.orderId,
              recheckAt: null,
            });
            break;
          }
          send.push({
            row,
            typed,
            decision: {
              ...base,
              state: 'SENT',
              reason: null,
              reasonText: null,
              candidates: [{ orderId: v.orderId, displayId: displayIdFor(v.orderId) }],
              faireOrderId: v.orderId,
              recheckAt: null,
            },
          });
          break;
        }
      }
    }
    let staged: StagedIntake | null = null;
    if (send.length) {
      staged = await this.intake.stage(tx, {
        scope,
        sender: { connectionId: conn.id, ...(userId ? { userId } : {}) },
        sourceKind: conn.kind,
        name: connector.words.name,
        rows: this.intake.typedRows(send.map((s) => s.typed)),
        currency: facts.brandCurrency,
      });
      for (const s of send) decisions.push({ ...s.decision, uploadId: staged.uploadId });
    }
    await this.labels.decide(tx, decisions, facts.readAt);
    const held = decisions.filter((d) => d.state === 'HELD' && !d.wait);
    // `decisions` holds the staged ones too by now.
    const already = decisions.filter((d) => d.state === 'ALREADY_ON_FAIRE');
    const counts: BatchCounts = {
      sent: send.filter((x) => x.decision.state === 'SENT').length,
      alreadyOnFaire: already.length,
      alreadyStaged: send.filter((x) => x.decision.state === 'ALREADY_ON_FAIRE').length,
      held: held.length,
      dropped: decisions.filter((d) => d.state === 'DROPPED').length,
      voided: decisions.filter((d) => d.state === 'VOIDED').length,
      stillHeld: held.map((d) => ({ id: d.id, reasonText: d.reasonText ?? '' })),
    };
    if (counts.held || counts.dropped) {
      this.logger.log(
        `Connection ${conn.id}: ${counts.sent} sent, ${counts.held} held, ${counts.dropped} dropped`,
      );
    }
    return { staged, counts };
  }
}
