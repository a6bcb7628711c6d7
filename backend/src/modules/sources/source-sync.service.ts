import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SOURCE_JOBS } from '../../common/queue/queues.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import type { OrderRefs } from './entities/source-label.entity.js';
import { labelCost } from './label-rules.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceJobs } from './source-jobs.js';
import { SourceLabels, type LabelInput } from './source-labels.repository.js';
import { parseShipStationTime, shipStationTime } from './shipstation/pacific-time.js';
import { ShipStationClient, ShipStationError } from './shipstation/shipstation.client.js';
import { ShopifySync } from './shopify/shopify-sync.service.js';
import type {
  ShipStationCredentials,
  ShipStationFulfillment,
  ShipStationShipment,
} from './shipstation/shipstation.types.js';

/** A poll starts this long before the high-water mark; the unique keys absorb what it reads twice. */
export const POLL_OVERLAP_MS = 15 * 60_000;
/** Pages of one resource or listing read per run at most (500 labels each). */
const MAX_PAGES = 50;
/** Passes over pending deliveries per job (deliveries arriving while it runs are read too). */
const EVENT_PASSES = 5;

function clean(value: unknown, max: number): string | null {
  if (value === null || value === undefined) return null;
  const text = (typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '')
    // eslint-disable-next-line no-control-regex -- a NUL byte is what Postgres refuses in text
    .replace(/\u0000/g, '')
    .trim();
  return text ? text.slice(0, max) : null;
}

function refsOf(s: ShipStationShipment | ShipStationFulfillment): OrderRefs {
  const adv = s.advancedOptions ?? {};
  return {
    orderNumber: clean(s.orderNumber, 200),
    orderKey: clean(s.orderKey, 200),
    customField1: clean(adv.customField1 ?? s.customField1, 200),
    customField2: clean(adv.customField2 ?? s.customField2, 200),
    customField3: clean(adv.customField3 ?? s.customField3, 200),
  };
}

function day(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null;
}

/** A V1 shipment as a label (none without a tracking number: nothing to send). */
export function labelOfShipment(s: ShipStationShipment): LabelInput | null {
  const tracking = clean(s.trackingNumber, 200);
  const id = clean(s.shipmentId, 100);
  if (!tracking || !id) return null;
  return {
    kind: 'LABEL',
    externalId: id,
    orderRefs: refsOf(s),
    trackingNumber: tracking,
    carrierCode: clean(s.carrierCode, 100),
    costCents: labelCost(s.shipmentCost, s.insuranceCost),
    shipDate: day(s.shipDate),
    labelCreatedAt: parseShipStationTime(s.createDate),
    voided: s.voided === true,
  };
}

/** A V1 fulfilment (an order marked shipped elsewhere): no label cost, the cost rule decides. */
export function labelOfFulfillment(f: ShipStationFulfillment): LabelInput | null {
  const tracking = clean(f.trackingNumber, 200);
  const id = clean(f.fulfillmentId, 100);
  if (!tracking || !id) return null;
  return {
    kind: 'FULFILLMENT',
    externalId: id,
    orderRefs: refsOf(f),
    trackingNumber: tracking,
    carrierCode: clean(f.carrierCode, 100),
    costCents: null,
    shipDate: day(f.shipDate),
    labelCreatedAt: parseShipStationTime(f.createDate),
    voided: f.voided === true,
  };
}

function labelsOf(page: { shipments?: unknown; fulfillments?: unknown }): LabelInput[] {
  const out: LabelInput[] = [];
  if (Array.isArray(page.shipments)) {
    for (const s of page.shipments as ShipStationShipment[]) {
      const l = s && typeof s === 'object' ? labelOfShipment(s) : null;
      if (l) out.push(l);
    }
  }
  if (Array.isArray(page.fulfillments)) {
    for (const f of page.fulfillments as ShipStationFulfillment[]) {
      const l = f && typeof f === 'object' ? labelOfFulfillment(f) : null;
      if (l) out.push(l);
    }
  }
  return out;
}

function pagesOf(page: { pages?: unknown }): number {
  const n = Number(page.pages);
  return Number.isInteger(n) && n > 0 ? Math.min(n, MAX_PAGES) : 1;
}

/**
 * Reads what ShipStation reports (decision 0036), in the worker: webhook deliveries (the resource each
 * names, on the API origin only; several waiting deliveries are one incremental read instead) and the
 * poll from the high-water mark minus an overlap, fulfilments first, then labels page by page (the mark
 * moves after each page, so a 429 or an outage resumes where it stopped). Every label is stored once;
 * the release decides about it after its grace period.
 */
@Injectable()
export class SourceSync {
  private readonly logger = new Logger('SourceSync');

  constructor(
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly client: ShipStationClient,
    private readonly jobs: SourceJobs,
    private readonly shopify: ShopifySync,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The scheduled tick: polls due, deliveries waiting, labels past their grace. */
  async tick(): Promise<{ polls: number; work: number }> {
    const polls = await this.connections.duePolls(this.config.sources.pollIntervalMs);
    for (const id of polls) await this.jobs.add(SOURCE_JOBS.POLL, id);
    for (const id of await this.shopify.pendingConnections()) await this.jobs.add(SOURCE_JOBS.EVENTS, id);
    const work = await this.labels.connectionsWithWork();
    for (const w of work) {
      if (w.events) await this.jobs.add(SOURCE_JOBS.EVENTS, w.id);
      if (w.due) await this.jobs.add(SOURCE_JOBS.RELEASE, w.id);
    }
    return { polls: polls.length, work: work.length };
  }

  /** Reads the connection's pending deliveries; labels found wait for their grace. */
  async readEvents(connectionId: string): Promise<number> {
    const shopify = await this.connections.byId(connectionId);
    if (shopify?.kind === 'SHOPIFY') return shopify.paused ? 0 : this.shopify.readEvents(shopify);
    let stored = 0;
    for (let pass = 0; pass < EVENT_PASSES; pass++) {
      const conn = await this.connections.byId(connectionId);
      if (!conn || conn.paused) return stored;
      const events = await this.labels.pendingEvents(connectionId);
      if (events.length === 0) break;
      const creds = this.connections.credentials(conn);
      stored += await this.guard(conn, async () => {
        let found: LabelInput[];
        if (events.length === 1 && this.client.isOwnResource(events[0]!.resource_url)) {
          found = await this.readResource(conn, creds, events[0]!.resource_url);
        } else {
          // Several deliveries: one read of everything since the mark costs fewer calls than one each.
          found = await this.readSince(conn, creds);
        }
        await this.labels.eventsDone(events.map((e) => e.id));
        await this.connections.synced(conn.id);
        return found.length;
      });
    }
    if (stored > 0) await this.jobs.add(SOURCE_JOBS.RELEASE, connectionId, this.config.sources.graceMs);
    return stored;
  }

  /** The poll: everything since the high-water mark minus the overlap. */
  async poll(connectionId: string): Promise<number> {
    const conn = await this.connections.byId(connectionId);
    if (!conn || conn.paused) return 0;
    if (conn.kind === 'SHOPIFY') return this.shopify.poll(conn);
    await this.connections.polledNow(conn.id);
    const creds = this.connections.credentials(conn);
    const found = await this.guard(conn, async () => {
      const labels = await this.readSince(conn, creds);
      await this.connections.synced(conn.id, null, true);
      return labels.length;
    });
    if (found > 0) await this.jobs.add(SOURCE_JOBS.RELEASE, connectionId, this.config.sources.graceMs);
    return found;
  }

  private async readResource(
    conn: SourceConnection,
    creds: ShipStationCredentials,
    url: string,
  ): Promise<LabelInput[]> {
    const all: LabelInput[] = [];
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.readResource(creds, conn.id, url, page);
      pages = pagesOf(body ?? {});
      const found = labelsOf(body ?? {});
      await this.labels.record(conn.id, conn.companyId, found, this.config.sources.graceMs);
      all.push(...found);
    }
    return all;
  }

  private async readSince(conn: SourceConnection, creds: ShipStationCredentials): Promise<LabelInput[]> {
    const mark = conn.highWaterMark ?? conn.createdAt;
    const since = shipStationTime(new Date(mark.getTime() - POLL_OVERLAP_MS));
    const all: LabelInput[] = [];
    // Fulfilments first: the labels' pages move the mark, and a fault among them must not skip these.
    let pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.listFulfillments(creds, conn.id, since, page);
      pages = pagesOf(body ?? {});
      const found = labelsOf({ fulfillments: body?.fulfillments });
      await this.labels.record(conn.id, conn.companyId, found, this.config.sources.graceMs);
      all.push(...found);
    }
    pages = 1;
    for (let page = 1; page <= pages; page++) {
      const body = await this.client.listShipments(creds, conn.id, since, page);
      pages = pagesOf(body ?? {});
      const found = labelsOf({ shipments: body?.shipments });
      await this.labels.record(conn.id, conn.companyId, found, this.config.sources.graceMs);
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
