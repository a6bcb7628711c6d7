import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { CompanyConnections } from '../marketplace/index.js';
import { OrderLookup, OrderRecords, type StoredOrder } from '../orders/index.js';
import { ShipmentKeys } from '../shipments/index.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import type { OrderRefs } from './entities/source-label.entity.js';
import { orderIdsIn } from './label-rules.js';
import type { SourceConnector } from './source-connector.js';
import { SourceLabels, type LabelRow } from './source-labels.repository.js';

/** Faire orders read by id per decision run at most (the brand's rate limit is shared). */
export const LOOKUPS_PER_RUN = 25;
/** A label whose orders Faire said it does not have is asked again only after this long. */
export const LOOKUP_AGAIN_MS = 15 * 60_000;

/** What the decision about a set of labels needs, read before its transaction. */
export interface LabelFacts {
  /** The database's clock before anything here was read (text, to the microsecond): the labels' `decided_at`. */
  readAt: string;
  brandCurrency: string | null;
  /** The company's stored Faire orders the labels name (after the lookups). */
  orders: Map<string, StoredOrder>;
  /** `<order id>|<normalised tracking>` already on Faire or on its way there. */
  onFaire: Set<string>;
  /** References read from the labels' orders at the source, by label id. */
  refs: Map<string, OrderRefs>;
  /** Labels whose source order was read (even when it held nothing). */
  refsRead: Set<string>;
  /** Labels whose unknown Faire orders Faire answered about. */
  lookedUp: Set<string>;
  /** Labels with an order still to ask of Faire (over the cap, or Faire away): they wait. */
  pending: Set<string>;
  /** Faire (or the source) did not answer: the pending labels wait a while instead of coming back at once. */
  failed: boolean;
  /** A label's place among the tracking numbers of its shipment, when a flat amount prices it once. */
  splits: Map<string, { index: number; of: number }>;
  /** Faire orders a label of this connection was already sent for (their share of the subtotal is given). */
  sharedOrders: Set<string>;
}

/**
 * Reads what a decision about labels needs (decision 0065), outside any transaction: the Faire orders
 * they name that the company's sync has not stored yet are read from Faire by id (so a label for an
 * order placed since the last sync is decided as any other), the references only the source's order
 * holds (ShipStation's custom fields) for labels whose own name no Faire order, the tracking numbers
 * already on those orders, and the brand's currency. Nothing here sends anything.
 */
@Injectable()
export class LabelFactsReader {
  constructor(
    private readonly orders: OrderRecords,
    private readonly lookup: OrderLookup,
    private readonly shipments: ShipmentKeys,
    private readonly marketplace: CompanyConnections,
    private readonly labels: SourceLabels,
    private readonly clock: Clock,
  ) {}

  async read(
    conn: SourceConnection,
    connector: SourceConnector,
    rows: LabelRow[],
    pickedOrderId?: string,
  ): Promise<LabelFacts> {
    const scope = CompanyScope.ofJob(conn.companyId);
    const now = this.clock.nowMs();
    const readAt = await this.labels.clock();
    const facts: LabelFacts = {
      readAt,
      brandCurrency: await this.marketplace.currencyOf(scope),
      orders: new Map(),
      onFaire: new Set(),
      refs: new Map(),
      refsRead: new Set(),
      lookedUp: new Set(),
      pending: new Set(),
      failed: false,
      splits: new Map(),
      sharedOrders: new Set(),
    };
    const idsOf = (r: LabelRow) => orderIdsIn(facts.refs.get(r.id) ?? r.order_refs ?? {});
    const named = () => [...new Set([...rows.flatMap(idsOf), ...(pickedOrderId ? [pickedOrderId] : [])])];
    facts.orders = await this.orders.find(scope, named());
    let budget = LOOKUPS_PER_RUN;

    const ask = async (candidates: LabelRow[], force: boolean) => {
      const due = candidates.filter(
        (r) => force || !r.looked_up_at || now - new Date(r.looked_up_at).getTime() >= LOOKUP_AGAIN_MS,
      );
      const want = [
        ...new Set([...due.flatMap(idsOf), ...(pickedOrderId && candidates === rows ? [pickedOrderId] : [])]),
      ].filter((id) => !facts.orders.has(id));
      if (want.length === 0 || facts.brandCurrency === null) return;
      const out = await this.lookup.lookUp(scope, want, budget);
      budget = Math.max(0, budget - out.calls);
      if (out.failed) facts.failed = true;
      for (const r of due) {
        const unknown = idsOf(r).filter((id) => !facts.orders.has(id));
        if (unknown.length === 0) continue;
        if (unknown.some((id) => out.unknown.has(id))) facts.pending.add(r.id);
        else facts.lookedUp.add(r.id);
      }
      facts.orders = await this.orders.find(scope, named());
    };

    await ask(rows, false);
    // A disconnected connection's source cannot be read: its labels are decided with what they hold.
    if (connector.orderRefs && !conn.disconnectedAt) {
      const need = rows.filter(
        (r) =>
          !r.refs_read_at &&
          r.source_order_id &&
          !facts.pending.has(r.id) &&
          !idsOf(r).some((id) => facts.orders.has(id)),
      );
      if (need.length) {
        const got = await connector.orderRefs(conn, need);
        // Over the run's cap: read on the next round; the source's budget spent: after a while.
        if (got.spent) facts.failed = true;
        for (const r of need) {
          const refs = got.refs.get(r.id);
          if (!refs) {
            facts.pending.add(r.id);
            continue;
          }
          facts.refs.set(r.id, refs);
          facts.refsRead.add(r.id);
        }
        await ask(
          need.filter((r) => facts.refs.has(r.id)),
          true,
        );
      }
    }
    const pairs = rows.flatMap((r) =>
      idsOf(r)
        .filter((id) => facts.orders.has(id))
        .map((orderId) => ({ orderId, trackingNumber: r.tracking_number })),
    );
    if (pickedOrderId && facts.orders.has(pickedOrderId)) {
      for (const r of rows) pairs.push({ orderId: pickedOrderId, trackingNumber: r.tracking_number });
    }
    facts.onFaire = await this.shipments.live(scope, pairs);
    await this.readCostContext(conn, connector, rows, facts);
    return facts;
  }

  /** The shipment each label is one box of (a flat amount split across it), and orders already priced. */
  private async readCostContext(
    conn: SourceConnection,
    connector: SourceConnector,
    rows: LabelRow[],
    facts: LabelFacts,
  ): Promise<void> {
    const groupOf = (r: LabelRow) => connector.costGroup?.(r.external_id) ?? null;
    const groups = [...new Set(rows.map(groupOf).filter((g): g is string => !!g))];
    const members = await this.labels.costGroups(conn.id, groups);
    for (const r of rows) {
      const ids = members.get(groupOf(r) ?? '') ?? [];
      const index = ids.indexOf(r.external_id);
      if (ids.length > 1 && index >= 0) facts.splits.set(r.id, { index, of: ids.length });
    }
    if (conn.costRule.kind === 'SHARE') {
      facts.sharedOrders = await this.labels.sentForOrders(conn.id, [...facts.orders.keys()]);
    }
  }
}
