import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { SOURCE_JOBS } from '../../../common/queue/queues.js';
import type { SourceConnection } from '../entities/source-connection.entity.js';
import { SourceConnections } from '../source-connections.repository.js';
import { SourceJobs } from '../source-jobs.js';
import { SourceLabels, type LabelInput } from '../source-labels.repository.js';
import { ShopifyClient } from './shopify.client.js';
import { labelsOfOrder } from './shopify-rules.js';
import { ShopifyShops } from './shopify-shops.repository.js';
import { ShopifyError } from './shopify-token-keeper.js';
import { ShopifyTokens } from './shopify-tokens.service.js';
import type { ShopifyOrder } from './shopify.types.js';

/** A poll starts this long before the high-water mark; the unique keys absorb what it reads twice. */
export const SHOPIFY_POLL_OVERLAP_MS = 15 * 60_000;
/** Orders per page of the poll, and pages per poll at most. */
const PAGE_SIZE = 25;
const MAX_PAGES = 200;
/** Deliveries read per pass, and passes per job (deliveries arriving meanwhile are read too). */
const EVENTS_PER_PASS = 100;
const EVENT_PASSES = 5;

const ORDER_FIELDS = `id name tags sourceName updatedAt customAttributes { key value }
  fulfillments { id status createdAt updatedAt trackingInfo { number company url } }`;

export const ORDER_QUERY = `query FaireOrder($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`;

export const ORDERS_QUERY = `query FaireOrders($first: Int!, $after: String, $query: String) {
  orders(first: $first, after: $after, sortKey: UPDATED_AT, query: $query) {
    pageInfo { hasNextPage endCursor }
    edges { node { ${ORDER_FIELDS} } }
  }
}`;

/** The poll's search: orders updated since `since`, Faire's only (its tag or its source name). */
export function pollSearch(since: Date): string {
  return `updated_at:>'${since.toISOString()}' AND (tag:Faire OR source_name:faire)`;
}

interface OrdersPage {
  orders: {
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
    edges: { node: ShopifyOrder }[];
  };
}

/**
 * Reads what Shopify reports (decision 0047), in the worker: the orders webhook deliveries name (one
 * query per order, whatever number of deliveries named it), and the reconcile poll of Faire's orders
 * updated since the high-water mark minus an overlap, page by page (the mark moves after each page, so
 * a throttled or failed poll resumes where it stopped). Every tracking number of a Faire order's
 * fulfilments is stored once; the release decides about it after the grace period.
 */
@Injectable()
export class ShopifySync {
  private readonly logger = new Logger('ShopifySync');

  constructor(
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly shops: ShopifyShops,
    private readonly tokens: ShopifyTokens,
    private readonly client: ShopifyClient,
    private readonly jobs: SourceJobs,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Connections whose deliveries wait without a job (the tick's share of the work list). */
  pendingConnections(): Promise<string[]> {
    return this.shops.withPending();
  }

  async readEvents(conn: SourceConnection): Promise<number> {
    let stored = 0;
    for (let pass = 0; pass < EVENT_PASSES; pass++) {
      const pending = await this.shops.pending(conn.id, EVENTS_PER_PASS);
      if (pending.length === 0) break;
      stored += await this.guard(conn, async () => {
        let found = 0;
        for (const p of pending) {
          const order = await this.order(conn.id, p.order_id);
          const rows = order ? labelsOfOrder(order) : [];
          await this.record(conn, rows);
          await this.shops.done(conn.id, p.ids);
          found += rows.length;
        }
        await this.connections.synced(conn.id);
        return found;
      });
    }
    if (stored > 0) await this.jobs.add(SOURCE_JOBS.RELEASE, conn.id, this.config.sources.graceMs);
    return stored;
  }

  async poll(conn: SourceConnection): Promise<number> {
    await this.connections.polledNow(conn.id);
    const mark = conn.highWaterMark ?? conn.createdAt;
    const query = pollSearch(new Date(mark.getTime() - SHOPIFY_POLL_OVERLAP_MS));
    const found = await this.guard(conn, async () => {
      let after: string | null = null;
      let total = 0;
      for (let page = 0; page < MAX_PAGES; page++) {
        const { data } = await this.tokens.keeper.use(conn.id, (c) =>
          this.client.graphql<OrdersPage>(
            c,
            ORDERS_QUERY,
            { first: PAGE_SIZE, after, query },
            10 + PAGE_SIZE * 8,
          ),
        );
        const orders = (data.orders?.edges ?? []).map((e) => e.node).filter(Boolean);
        const rows = orders.flatMap((o) => labelsOfOrder(o));
        await this.record(conn, rows);
        total += rows.length;
        const newest = orders.reduce<Date | null>((m, o) => {
          const d = o.updatedAt ? new Date(o.updatedAt) : null;
          return d && !Number.isNaN(d.getTime()) && (!m || d > m) ? d : m;
        }, null);
        if (newest) await this.connections.advance(conn.id, newest);
        if (!data.orders?.pageInfo?.hasNextPage || !data.orders.pageInfo.endCursor) break;
        after = data.orders.pageInfo.endCursor;
      }
      await this.connections.synced(conn.id, null, true);
      return total;
    });
    await this.shops.prune();
    if (found > 0) await this.jobs.add(SOURCE_JOBS.RELEASE, conn.id, this.config.sources.graceMs);
    return found;
  }

  private async order(connectionId: string, orderId: string): Promise<ShopifyOrder | null> {
    const { data } = await this.tokens.keeper.use(connectionId, (c) =>
      this.client.graphql<{ order: ShopifyOrder | null }>(
        c,
        ORDER_QUERY,
        { id: `gid://shopify/Order/${orderId}` },
        20,
      ),
    );
    return data.order ?? null;
  }

  private async record(conn: SourceConnection, rows: LabelInput[]): Promise<void> {
    await this.labels.record(conn.id, conn.companyId, rows, this.config.sources.graceMs);
  }

  /**
   * Runs a read; a Shopify fault marks the connection (refused access at once, passing faults after a
   * few in a row) and is thrown again so the job waits and resumes from the mark.
   */
  private async guard<T>(conn: SourceConnection, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      if (err instanceof ShopifyError) {
        if (err.fault !== 'REFRESH_REFUSED') {
          await this.connections.failed(conn.id, err.message, !err.transient);
        }
        this.logger.warn(`Connection ${conn.id}: ${err.message}`);
      }
      throw err;
    }
  }
}
