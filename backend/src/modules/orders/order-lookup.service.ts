import { Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { CompanyScope } from '../../common/database/company-scope.js';
import { ShuttingDownError } from '../../common/shutdown.js';
import { CompanyConnections, ConnectionOrders, FaireClient, FaireError } from '../marketplace/index.js';
import { OrderRecords } from './order-records.repository.js';
import { OrderSnapshots } from './order-snapshots.service.js';
import { OrdersSyncService } from './orders-sync.service.js';

/** What a lookup learned of each Faire order id it was given. */
export interface LookupOutcome {
  /** Stored here now (synced before, or read from Faire just now). */
  found: Set<string>;
  /** Faire answered that the brand has no such order. */
  missing: Set<string>;
  /** Not known yet: over the call cap, or Faire did not answer (a passing fault); ask again later. */
  unknown: Set<string>;
  /** Faire is not connected for the company: nothing can be known. */
  noAccount: boolean;
  /** Reads made of Faire. */
  calls: number;
  /** Faire did not answer (a passing fault or a refused token): ask again later, not at once. */
  failed: boolean;
}

/**
 * Orders a source's label names that the company's sync has not brought in yet (decision 0065): each is
 * read from Faire by id, through the brand's account and its shared rate limit (the shipments worker's
 * budget), and stored like a synced order, so a label printed for an order placed since the last sync
 * is decided as any other. At most `maxCalls` reads per lookup; a passing Faire fault stops it and
 * leaves the rest unknown (the caller waits and asks again), never "missing".
 */
@Injectable()
export class OrderLookup implements OnModuleInit {
  private readonly logger = new Logger('OrderLookup');

  constructor(
    private readonly records: OrderRecords,
    private readonly snapshots: OrderSnapshots,
    private readonly connections: CompanyConnections,
    private readonly faire: FaireClient,
    private readonly sync: OrdersSyncService,
    private readonly port: ConnectionOrders,
  ) {}

  onModuleInit(): void {
    this.port.registerSyncer((companyId) => this.syncSoon(companyId));
  }

  /**
   * Queues a sync of the company's orders (joining one already queued or running) without waiting for
   * it: when Faire or a source is connected, so labels find their orders on the first day.
   */
  async syncSoon(companyId: string): Promise<void> {
    try {
      await this.sync.enqueue(companyId, 'connected');
    } catch (err) {
      // Redis away: the nightly run or the next visit syncs them; lookups by id meanwhile.
      this.logger.warn(`Could not queue an order sync for company ${companyId}: ${String(err)}`);
    }
  }

  async lookUp(scope: CompanyScope, orderIds: readonly string[], maxCalls: number): Promise<LookupOutcome> {
    const ids = [...new Set(orderIds.filter((id) => /^bo_[a-z0-9]{8,20}$/.test(id)))];
    const out: LookupOutcome = {
      found: new Set(),
      missing: new Set(),
      unknown: new Set(),
      noAccount: false,
      calls: 0,
      failed: false,
    };
    if (ids.length === 0) return out;
    const stored = await this.records.find(scope, ids);
    for (const id of stored.keys()) out.found.add(id);
    const ask = ids.filter((id) => !stored.has(id));
    if (ask.length === 0) return out;
    const account = await this.connections.accountFor(scope);
    if (!account) {
      out.noAccount = true;
      for (const id of ask) out.unknown.add(id);
      return out;
    }
    let calls = 0;
    for (const id of ask) {
      if (calls >= maxCalls) {
        out.unknown.add(id);
        continue;
      }
      calls += 1;
      out.calls = calls;
      try {
        const order = await this.faire.getOrder(account, id);
        if (order?.id !== id) {
          out.missing.add(id);
          continue;
        }
        await this.snapshots.applyFaireOrder(scope.companyId, order, undefined, undefined, account.brandId);
        out.found.add(id);
      } catch (err) {
        if (err instanceof ShuttingDownError) throw err;
        if (
          err instanceof FaireError &&
          (err.kind === 'NOT_FOUND' || (err.kind === 'WRONG_STATE' && err.status === 400))
        ) {
          out.missing.add(id);
          continue;
        }
        // A passing fault (or a refused token): nothing more is asked now; these stay unknown.
        this.logger.warn(
          `Looking up Faire orders for company ${scope.companyId}: ${err instanceof Error ? err.message : String(err)}`,
        );
        for (const rest of ask.slice(ask.indexOf(id))) out.unknown.add(rest);
        out.failed = true;
        break;
      }
    }
    return out;
  }
}
