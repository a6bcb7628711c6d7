import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import type { SourceConnection } from '../entities/source-connection.entity.js';
import { HOLD_REASONS } from '../label-rules.js';
import { SourceConnections } from '../source-connections.repository.js';
import { SourceConnectors, holdMs, type SourceConnector } from '../source-connector.js';
import { SourceLabels, type LabelInput } from '../source-labels.repository.js';
import { ShopifyClient } from './shopify.client.js';
import { labelsOfOrder, shopifyCarrier } from './shopify-rules.js';
import { ShopifyShops } from './shopify-shops.repository.js';
import { ShopifyError } from './shopify-token-keeper.js';
import { ShopifyTokens } from './shopify-tokens.service.js';
import { ShopifyWebhooks } from './shopify-webhooks.js';
import type { ShopifyOrder } from './shopify.types.js';

/** A poll starts this long before the high-water mark; the unique keys absorb what it reads twice. */
export const SHOPIFY_POLL_OVERLAP_MS = 15 * 60_000;
/** A new connection's first poll reads this far back: fulfilments made before it are offered, never sent. */
const BACKFILL_MS = 7 * 24 * 3_600_000;
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
 * The Shopify connector (decisions 0047, 0065), in the worker: the orders webhook deliveries name (one
 * query per order, whatever number of deliveries named it), and the reconcile poll of Faire's orders
 * updated since the high-water mark minus an overlap, page by page (the mark moves after each page, so
 * a throttled or failed poll resumes where it stopped); the same incremental read right before labels
 * are released, so a fulfilment cancelled inside the hold is never sent. Every tracking number of a
 * Faire order's fulfilments is stored once; the release decides about it after the grace period. The
 * poll also subscribes the shop's webhooks again while a subscription is missing.
 */
@Injectable()
export class ShopifyConnector implements SourceConnector, OnModuleInit {
  readonly kind = 'SHOPIFY';
  readonly words = {
    name: 'Shopify',
    item: 'fulfilment',
    items: 'fulfilments',
    undoneAfterSend: HOLD_REASONS.CANCELLED_AFTER_SEND,
    acceptNewOrders: 'accept new orders when a fulfilment is made',
    noCost: 'Shopify gives no shipping cost: set a cost rule, or enter the cost to send it',
  };
  private readonly logger = new Logger('ShopifyConnector');

  constructor(
    private readonly registry: SourceConnectors,
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly shops: ShopifyShops,
    private readonly tokens: ShopifyTokens,
    private readonly client: ShopifyClient,
    private readonly webhooks: ShopifyWebhooks,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  onModuleInit(): void {
    this.registry.register(this);
  }

  carrier = shopifyCarrier;

  /** A fulfilment's tracking numbers are its boxes: a flat amount per fulfilment is split across them. */
  costGroup(externalId: string): string | null {
    const fulfillment = externalId.split(':')[0];
    return fulfillment || null;
  }

  fault(err: unknown) {
    return err instanceof ShopifyError
      ? // A refused token is tried again by the job's attempts (a refresh may be under way elsewhere).
        { transient: err.transient, retryAt: err.retryAt, final: false, message: err.message }
      : null;
  }

  /** Connections whose deliveries wait without a job (the tick's share of the work list). */
  pendingConnections(): Promise<string[]> {
    return this.shops.withPending();
  }

  async dropWebhooks(conn: SourceConnection): Promise<void> {
    await this.webhooks.unsubscribe(conn.id);
  }

  /** The shop is no longer this company's: its deliveries are acknowledged and ignored, anyone may connect it. */
  async forget(conn: SourceConnection): Promise<void> {
    await this.shops.detach(conn.id);
  }

  /** Cancellations since the mark are read with the same incremental read as the poll. */
  async freshen(conn: SourceConnection): Promise<void> {
    const current = (await this.connections.byId(conn.id)) ?? conn;
    await this.guard(current, () => this.readSince(current));
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
    return stored;
  }

  async poll(conn: SourceConnection): Promise<number> {
    await this.connections.polledNow(conn.id);
    if (conn.webhookProblem) await this.subscribeAgain(conn);
    const found = await this.guard(conn, async () => {
      const total = await this.readSince(conn);
      await this.connections.synced(conn.id, null, true);
      return total;
    });
    await this.shops.prune();
    return found;
  }

  /** Faire's orders updated since the mark (a new connection: the last 7 days), page by page. */
  private async readSince(conn: SourceConnection): Promise<number> {
    const mark =
      conn.highWaterMark ?? new Date(conn.createdAt.getTime() - BACKFILL_MS + SHOPIFY_POLL_OVERLAP_MS);
    const query = pollSearch(new Date(mark.getTime() - SHOPIFY_POLL_OVERLAP_MS));
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
    return total;
  }

  /** A webhook subscription that could not be made is tried again (the problem shows until it is). */
  private async subscribeAgain(conn: SourceConnection): Promise<void> {
    const { problem } = await this.webhooks.subscribe(conn.id);
    await this.connections.webhookProblem(conn.id, problem);
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
    await this.labels.record(conn.id, conn.companyId, rows, holdMs(conn, this.config.sources.graceMs));
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
