import { Injectable, Logger } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import { PublicShipmentReads } from '../shipments/index.js';
import { SourceLabelViews } from '../sources/index.js';
import type { WebhookEvent } from './entities/webhook-endpoint.entity.js';
import { WebhookDeliveries } from './webhook-deliveries.repository.js';
import { WebhookEndpoints, type ScanTarget } from './webhook-endpoints.repository.js';
import { attentionEvent, shipmentEvent, type NewDelivery } from './webhook-events.js';

/**
 * How far behind its cursor each scan reads again: a change is stamped when its transaction starts but
 * seen only once it commits, so one committed late would otherwise fall behind a cursor already past it.
 * What is read twice is stored once (the deliveries' unique key).
 */
export const SCAN_OVERLAP_US = 120 * 1_000_000;
const PAGE = 500;
/** Pages one endpoint's scan reads per tick; the next tick goes on from there. */
const MAX_PAGES = 40;
/** Endpoints one tick scans (every company's); more wait for the next tick. */
const MAX_ENDPOINTS = 2000;

type Keyset = { micros: string; id: string } | null;

/**
 * Outbox by scan (decision 0068): each tick reads, for every enabled endpoint, the company's shipments
 * that ended and labels held for a person since the endpoint's cursors, and stores one delivery per
 * endpoint, event, object and state, moving the cursors on in the same transaction. The shipment
 * pipeline's own transactions are never touched: a failure here costs a late webhook, never a shipment.
 */
@Injectable()
export class WebhookScan {
  private readonly logger = new Logger('WebhookScan');

  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly deliveries: WebhookDeliveries,
    private readonly shipments: PublicShipmentReads,
    private readonly labels: SourceLabelViews,
  ) {}

  /** Scans every enabled endpoint; how many deliveries are new. */
  async scanAll(): Promise<number> {
    let added = 0;
    for (const target of await this.endpoints.enabled(MAX_ENDPOINTS)) {
      try {
        added += await this.scan(target);
      } catch (err) {
        // One endpoint's failure (its company's rows, a lost connection) does not hold up the others.
        this.logger.error(
          { err },
          `Scan of webhook endpoint ${target.id} failed; it is scanned again next tick`,
        );
      }
    }
    return added;
  }

  async scan(target: ScanTarget): Promise<number> {
    const scope = CompanyScope.ofJob(target.company_id);
    const since = Number(target.since_us);
    const wants = (e: WebhookEvent) => target.events.includes(e);
    const events: NewDelivery[] = [];
    let shipmentsUs = Number(target.shipments_cursor_us);
    let attentionUs = Number(target.attention_cursor_us);
    if (wants('shipment.succeeded') || wants('shipment.failed')) {
      shipmentsUs = await this.pages(
        Math.max(since, shipmentsUs - SCAN_OVERLAP_US),
        shipmentsUs,
        (sinceUs, after) => this.shipments.settledSince(scope, { sinceUs, after, limit: PAGE }),
        (row) => ({ micros: row.changed_micros, id: row.id }),
        (row) => {
          const event = shipmentEvent(row);
          if (wants(event.event as WebhookEvent)) events.push(event);
        },
      );
    }
    if (wants('attention.created')) {
      attentionUs = await this.pages(
        Math.max(since, attentionUs - SCAN_OVERLAP_US),
        attentionUs,
        (sinceUs, after) => this.labels.heldSince(scope, { sinceUs, after, limit: PAGE }),
        (row) => ({ micros: row.held_micros, id: row.id }),
        (row) => events.push(attentionEvent(row)),
      );
    }
    return this.deliveries.recordScan(scope, target.id, events, { shipmentsUs, attentionUs });
  }

  /** Reads pages from `sinceUs` on, handing each row to `take`; the cursor after the last row read. */
  private async pages<R>(
    sinceUs: number,
    cursorUs: number,
    read: (sinceUs: number, after: Keyset) => Promise<R[]>,
    key: (row: R) => { micros: string; id: string },
    take: (row: R) => void,
  ): Promise<number> {
    let after: Keyset = null;
    let cursor = cursorUs;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const rows = await read(sinceUs, after);
      for (const row of rows) take(row);
      const last = rows.at(-1);
      if (last) {
        after = key(last);
        cursor = Math.max(cursor, Number(after.micros));
      }
      if (rows.length < PAGE) break;
    }
    return cursor;
  }
}
