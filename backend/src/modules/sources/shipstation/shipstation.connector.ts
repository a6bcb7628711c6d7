import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import type { SourceConnection } from '../entities/source-connection.entity.js';
import type { OrderRefs } from '../entities/source-label.entity.js';
import { HOLD_REASONS } from '../label-rules.js';
import { shipStationCarrier } from './shipstation-carriers.js';
import { SourceConnections } from '../source-connections.repository.js';
import { SourceConnectors, holdMs, type SourceConnector } from '../source-connector.js';
import { SourceEvents } from '../source-events.repository.js';
import { SourceLabels, type LabelInput, type LabelRow } from '../source-labels.repository.js';
import { shipStationTime } from './pacific-time.js';
import { labelsOf, pagesOf, refsOfOrder } from './shipstation-labels.js';
import { ShipStationClient, ShipStationError } from './shipstation.client.js';
import type { ShipStationCredentials } from './shipstation.types.js';

/** A poll starts this long before its mark; the unique keys absorb what it reads twice. */
export const POLL_OVERLAP_MS = 15 * 60_000;
/** A new connection's first poll reads this far back: labels printed before it are offered, never sent. */
export const BACKFILL_MS = 7 * 24 * 3_600_000;
/** Passes over pending deliveries per job (deliveries arriving while it runs are read too). */
const EVENT_PASSES = 5;
/** ShipStation orders read for their custom fields per decision run (the budget is 40 calls a minute). */
const ORDER_READS_PER_RUN = 10;

/**
 * The ShipStation V1 connector (decisions 0035, 0036, 0065): webhook deliveries (the listing each names,
 * read on the configured API base; several waiting are one incremental read instead), the poll from the
 * high-water mark minus an overlap (fulfilments, then labels page by page, the mark moving after each
 * page), voids by void date from a mark of their own (voiding sends no webhook), the same void read right
 * before labels are released, and an order's custom fields when a label's own references name no Faire
 * order.
 */
@Injectable()
export class ShipStationConnector implements SourceConnector, OnModuleInit {
  readonly kind = 'SHIPSTATION';
  readonly words = {
    name: 'ShipStation',
    item: 'label',
    items: 'labels',
    undoneAfterSend: HOLD_REASONS.VOIDED_AFTER_SEND,
    acceptNewOrders: 'accept new orders when a label is printed',
    noCost: 'No cost on the label',
  };
  private readonly logger = new Logger('ShipStationConnector');

  constructor(
    private readonly registry: SourceConnectors,
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly events: SourceEvents,
    private readonly client: ShipStationClient,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  carrier = shipStationCarrier;

  fault(err: unknown) {
    return err instanceof ShipStationError
      ? { transient: err.transient, retryAt: err.retryAt, final: !err.transient, message: err.message }
      : null;
  }

  async readEvents(conn: SourceConnection): Promise<number> {
    let stored = 0;
    for (let pass = 0; pass < EVENT_PASSES; pass++) {
      const current = await this.connections.byId(conn.id);
      if (!current || current.paused) return stored;
      const events = await this.events.pending(conn.id);
      if (events.length === 0) break;
      const creds = this.credentials(current);
      stored += await this.guard(current, async () => {
        let found: LabelInput[] = [];
        const only = events.length === 1 ? this.client.resource(events[0]!.resource_url) : null;
        if (events.length === 1 && !only) {
          await this.events.refused(events[0]!.id, 'The resource is not a ShipStation listing');
        } else if (only) {
          try {
            found = await this.readResource(current, creds, only);
          } catch (err) {
            // ShipStation will not answer this resource (a 4xx other than a refused key): it is kept
            // with the refusal and never read again, instead of spending the budget every tick.
            if (!(err instanceof ShipStationError) || err.fault !== 'REFUSED') throw err;
            await this.events.refused(events[0]!.id, err.message);
            return 0;
          }
        } else {
          // Several deliveries: one read of everything since the mark costs fewer calls than one each.
          found = await this.readSince(current, creds);
        }
        await this.events.done(events.map((e) => e.id));
        await this.connections.synced(current.id);
        return found.length;
      });
    }
    return stored;
  }

  async poll(conn: SourceConnection): Promise<number> {
    await this.connections.polledNow(conn.id);
    const creds = this.credentials(conn);
    return this.guard(conn, async () => {
      const labels = await this.readSince(conn, creds);
      await this.readVoids(conn, creds);
      await this.connections.synced(conn.id, null, true);
      return labels.length;
    });
  }

  async freshen(conn: SourceConnection): Promise<void> {
    const creds = this.credentials(conn);
    await this.guard(conn, () => this.readVoids(conn, creds));
  }

  async orderRefs(
    conn: SourceConnection,
    rows: LabelRow[],
  ): Promise<{ refs: Map<string, OrderRefs>; spent: boolean }> {
    const out = new Map<string, OrderRefs>();
    let spent = false;
    const byOrder = new Map<string, LabelRow[]>();
    for (const r of rows) {
      if (!r.source_order_id) continue;
      const list = byOrder.get(r.source_order_id) ?? [];
      list.push(r);
      byOrder.set(r.source_order_id, list);
    }
    if (byOrder.size === 0) return { refs: out, spent };
    const creds = this.credentials(conn);
    let reads = 0;
    for (const [orderId, list] of byOrder) {
      if (reads >= ORDER_READS_PER_RUN) break;
      reads += 1;
      let refs: OrderRefs = {};
      try {
        const order = await this.client.getOrder(creds, conn.id, orderId);
        if (order) refs = refsOfOrder(order);
      } catch (err) {
        // The budget is spent or ShipStation is away: the rest are read on a later run.
        if (err instanceof ShipStationError && err.transient) {
          spent = true;
          break;
        }
        if (!(err instanceof ShipStationError) || err.fault !== 'REFUSED') throw err;
      }
      for (const r of list) out.set(r.id, { ...(r.order_refs ?? {}), ...definedOnly(refs) });
    }
    return { refs: out, spent };
  }

  async dropWebhooks(conn: SourceConnection): Promise<void> {
    let creds: ShipStationCredentials;
    try {
      creds = this.credentials(conn);
    } catch {
      return;
    }
    for (const id of conn.webhookIds ?? []) {
      try {
        await this.client.unsubscribe(creds, conn.id, id);
      } catch (err) {
        this.logger.warn(
          `Unsubscribing webhook ${id} failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }

  /** The connection's key pair, opened for a call. */
  private credentials(conn: SourceConnection): ShipStationCredentials {
    const p = this.connections.secret(conn);
    const text = (v: unknown) => (typeof v === 'string' ? v : '');
    return { apiKey: text(p.apiKey), apiSecret: text(p.apiSecret) };
  }

  /** The connection's rate budget is forgotten (a new key pair starts afresh). */
  forget(conn: SourceConnection): Promise<void> {
    this.client.forget(conn.id);
    return Promise.resolve();
  }

  private async readResource(
    conn: SourceConnection,
    creds: ShipStationCredentials,
    resource: NonNullable<ReturnType<ShipStationClient['resource']>>,
  ): Promise<LabelInput[]> {
    const all: LabelInput[] = [];
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.readResource(creds, conn.id, resource, page);
      pages = pagesOf(body ?? {});
      const found = labelsOf(body ?? {});
      await this.record(conn, found);
      all.push(...found);
    }
    return all;
  }

  private async readSince(conn: SourceConnection, creds: ShipStationCredentials): Promise<LabelInput[]> {
    const mark = conn.highWaterMark ?? new Date(conn.createdAt.getTime() - BACKFILL_MS + POLL_OVERLAP_MS);
    const since = shipStationTime(new Date(mark.getTime() - POLL_OVERLAP_MS));
    const all: LabelInput[] = [];
    // Fulfilments first: the labels' pages move the mark, and a fault among them must not skip these.
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.listFulfillments(creds, conn.id, since, page);
      pages = pagesOf(body ?? {});
      const found = labelsOf({ fulfillments: body?.fulfillments });
      await this.record(conn, found);
      all.push(...found);
    }
    pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.listShipments(creds, conn.id, since, page);
      pages = pagesOf(body ?? {});
      const found = labelsOf({ shipments: body?.shipments });
      await this.record(conn, found);
      all.push(...found);
      const newest = found.reduce<Date | null>(
        (m, l) => (l.labelCreatedAt && (!m || l.labelCreatedAt > m) ? l.labelCreatedAt : m),
        null,
      );
      if (newest) await this.connections.advance(conn.id, newest);
    }
    return all;
  }

  /**
   * Labels voided since the void mark (minus the overlap), page by page; the mark moves to when this read
   * began once every page is recorded. A label seen here first is stored voided (never sent); one waiting
   * or held becomes VOIDED; one already sent raises the alert.
   */
  private async readVoids(conn: SourceConnection, creds: ShipStationCredentials): Promise<void> {
    const began = new Date();
    const current = (await this.connections.byId(conn.id)) ?? conn;
    const mark = current.voidMark ?? current.createdAt;
    const since = shipStationTime(new Date(mark.getTime() - POLL_OVERLAP_MS));
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.listVoided(creds, conn.id, since, page);
      pages = pagesOf(body ?? {});
      await this.record(conn, labelsOf({ shipments: body?.shipments }));
    }
    await this.connections.voidsReadAt(conn.id, began);
  }

  private record(conn: SourceConnection, found: LabelInput[]): Promise<void> {
    return this.labels.record(conn.id, conn.companyId, found, holdMs(conn, this.config.sources.graceMs));
  }

  /**
   * Runs a read; a ShipStation fault marks the connection (a refused key at once, passing faults after a
   * few in a row) and is thrown again so the job waits and resumes.
   */
  private async guard<T>(conn: SourceConnection, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ShipStationError) {
        await this.connections.failed(conn.id, err.message, !err.transient);
        this.logger.warn(`Connection ${conn.id}: ${err.message}`);
      }
      throw err;
    }
  }
}

function definedOnly(refs: OrderRefs): OrderRefs {
  const out: OrderRefs = {};
  for (const [k, v] of Object.entries(refs) as [keyof OrderRefs, string | null | undefined][]) {
    if (v) out[k] = v;
  }
  return out;
}
