import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { SOURCE_JOBS } from '../../common/queue/queues.js';
import { OrderRecords } from '../orders/index.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceConnectors, holdMs } from './source-connector.js';
import { SourceJobs } from './source-jobs.js';
import { SourceLabels } from './source-labels.repository.js';

/** Connectors that keep deliveries of their own (Shopify's) tell the tick which connections have some. */
interface WithPending {
  pendingConnections(): Promise<string[]>;
}

function hasPending(c: unknown): c is WithPending {
  return typeof (c as Partial<WithPending>).pendingConnections === 'function';
}

/**
 * The sources queue's work, whatever the source (decisions 0036, 0065): the tick queues each
 * connection's due poll, waiting deliveries, labels past their grace, and held labels to decide again
 * (their company's orders were stored since they were decided, or their recheck is due); reading events
 * and polling dispatch to the connection's connector, and labels found are decided after their grace.
 */
@Injectable()
export class SourceSync {
  private readonly logger = new Logger('SourceSync');

  constructor(
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly jobs: SourceJobs,
    private readonly registry: SourceConnectors,
    private readonly orders: OrderRecords,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The scheduled tick: polls due, deliveries waiting, labels to decide. */
  async tick(): Promise<{ polls: number; work: number }> {
    const polls = await this.connections.duePolls(this.config.sources.pollIntervalMs);
    for (const id of polls) await this.jobs.add(SOURCE_JOBS.POLL, id);
    for (const kind of this.registry.kinds()) {
      const connector = this.registry.get(kind);
      if (!hasPending(connector)) continue;
      for (const id of await connector.pendingConnections()) await this.jobs.add(SOURCE_JOBS.EVENTS, id);
    }
    await this.markRechecks();
    const work = await this.labels.connectionsWithWork();
    for (const w of work) {
      if (w.events) await this.jobs.add(SOURCE_JOBS.EVENTS, w.id);
      if (w.due) await this.jobs.add(SOURCE_JOBS.RELEASE, w.id);
      if (w.recheck) await this.jobs.add(SOURCE_JOBS.RECHECK, w.id);
    }
    return { polls: polls.length, work: work.length };
  }

  /** Reads the connection's pending deliveries; labels found wait for their grace. */
  async readEvents(connectionId: string): Promise<number> {
    const conn = await this.connections.byId(connectionId);
    if (!conn || conn.paused) return 0;
    const stored = await this.registry.get(conn.kind).readEvents(conn);
    if (stored > 0) await this.decideLater(conn);
    return stored;
  }

  /** The reconcile poll from the connection's marks. */
  async poll(connectionId: string): Promise<number> {
    const conn = await this.connections.byId(connectionId);
    if (!conn || conn.paused) return 0;
    const found = await this.registry.get(conn.kind).poll(conn);
    if (found > 0) await this.decideLater(conn);
    return found;
  }

  /**
   * New items are decided when their grace ends; with no grace ("Hold for review"), at once, by the
   * decide-now job (its own id, so a release already delayed for earlier items does not hold it back).
   */
  private async decideLater(conn: SourceConnection): Promise<void> {
    const delay = holdMs(conn, this.config.sources.graceMs);
    if (delay > 0) await this.jobs.add(SOURCE_JOBS.RELEASE, conn.id, delay);
    else await this.jobs.add(SOURCE_JOBS.RECHECK, conn.id);
  }

  /**
   * Held labels whose hold depends on their Faire order are decided again as soon as the company's
   * orders were stored after the label was decided (a sync, a lookup, a shipment's answer).
   */
  private async markRechecks(): Promise<void> {
    for (const { company_id, oldest } of await this.labels.recheckable()) {
      const scope = CompanyScope.ofJob(company_id);
      const storedAt = await this.orders.lastStoredAt(scope);
      // A first look to the millisecond; the statement compares to the microsecond.
      if (!storedAt || !oldest || new Date(storedAt).getTime() < new Date(oldest).getTime()) continue;
      const connections = await this.labels.recheckNow(scope, storedAt);
      if (connections.length) {
        this.logger.debug(
          `Company ${company_id}: orders stored since, ${connections.length} connection(s) to recheck`,
        );
      }
    }
  }
}
