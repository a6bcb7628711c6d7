import type { CompanyScope } from '../../src/common/database/company-scope.js';
import type {
  AccountJobPermits,
  CompanyAccount,
  CompanyConnections,
  FaireOrder,
  MarketplaceConnection,
} from '../../src/modules/marketplace/index.js';
import type { OrderSnapshots } from '../../src/modules/orders/index.js';
import type { FaireOrderStates } from '../../src/modules/shipments/processing/order-states.js';

type ConnectionStatus = 'CONNECTED' | 'FAILED';

/**
 * The companies' Faire connections in memory, behind the CompanyConnections methods the shipments code
 * calls: at most one per company, CONNECTED or FAILED; `markFailed` turns it FAILED as the real one does.
 */
export class FakeConnections implements Pick<CompanyConnections, 'accountFor' | 'find' | 'markFailed'> {
  private readonly byCompany = new Map<
    string,
    { account: CompanyAccount; status: ConnectionStatus; lastError: string | null }
  >();
  /** How many times each company's account was read. */
  readonly reads = new Map<string, number>();

  connect(
    companyId: string,
    over: Partial<CompanyAccount> = {},
    status: ConnectionStatus = 'CONNECTED',
  ): CompanyAccount {
    const brandId = over.brandId ?? `b_${companyId}`;
    const account: CompanyAccount = {
      key: brandId,
      credentials: { mode: 'OAUTH', token: 'token-not-a-secret' },
      connectionId: `conn-${companyId}`,
      brandId,
      brandName: 'Brand',
      currency: 'USD',
      ...over,
    };
    this.byCompany.set(companyId, { account, status, lastError: null });
    return account;
  }

  statusOf(companyId: string): { status: ConnectionStatus; lastError: string | null } | undefined {
    const c = this.byCompany.get(companyId);
    return c && { status: c.status, lastError: c.lastError };
  }

  accountFor(scope: CompanyScope): Promise<CompanyAccount | null> {
    this.reads.set(scope.companyId, (this.reads.get(scope.companyId) ?? 0) + 1);
    const c = this.byCompany.get(scope.companyId);
    return Promise.resolve(c?.status === 'CONNECTED' ? c.account : null);
  }

  find(scope: CompanyScope): Promise<MarketplaceConnection | null> {
    const c = this.byCompany.get(scope.companyId);
    if (!c) return Promise.resolve(null);
    return Promise.resolve({
      id: c.account.connectionId,
      status: c.status,
    } as unknown as MarketplaceConnection);
  }

  markFailed(scope: CompanyScope, connectionId: string, reason: string): Promise<void> {
    const c = this.byCompany.get(scope.companyId);
    if (c?.account.connectionId === connectionId) Object.assign(c, { status: 'FAILED', lastError: reason });
    return Promise.resolve();
  }
}

/** Account permits in memory: `limit` jobs at a time per account, the others told how many are ahead. */
export class FakePermits implements Pick<AccountJobPermits, 'acquireOrWait' | 'releaseDead'> {
  readonly held = new Map<string, number>();
  /** What releaseDead answers, and the `alive` sets it was called with. */
  deadLeases = 0;
  readonly releaseDeadCalls: Set<string>[] = [];

  constructor(private readonly limit = 1) {}

  acquireOrWait(account: string): Promise<{ release: () => Promise<void> } | { ahead: number }> {
    const n = this.held.get(account) ?? 0;
    if (n >= this.limit) return Promise.resolve({ ahead: n - this.limit });
    this.held.set(account, n + 1);
    return Promise.resolve({
      release: () => {
        this.held.set(account, (this.held.get(account) ?? 1) - 1);
        return Promise.resolve();
      },
    });
  }

  releaseDead(alive: Set<string>): Promise<number> {
    this.releaseDeadCalls.push(alive);
    return Promise.resolve(this.deadLeases);
  }
}

/** Order snapshots in memory: the Faire orders applied, per company. */
export class FakeSnapshots implements Pick<OrderSnapshots, 'applyFaireOrder'> {
  readonly applied: { companyId: string; orderId: string; state: string; brandId: string | null }[] = [];

  applyFaireOrder(
    companyId: string,
    order: FaireOrder,
    _m?: unknown,
    _t?: unknown,
    brandId: string | null = null,
  ): Promise<void> {
    this.applied.push({ companyId, orderId: order.id, state: order.state, brandId });
    return Promise.resolve();
  }
}

/**
 * The brand's order states read in bulk (FaireOrderStates). By default as with bulk reads off
 * (SHIPMENT_SNAPSHOT_WINDOW_MS=0): never fresh, so every order is read on its own. With `fresh` set, the
 * brand's states count as read within the window and `lookup` answers the orders put in `known` (as
 * the real one does for rows never put in flight before; others are read). What Faire answered is
 * handed to `remember`, recorded here.
 */
export class FakeOrderStates implements Pick<FaireOrderStates, 'refresh' | 'lookup' | 'remember'> {
  readonly remembered: { brandId: string; orderId: string; state: string }[] = [];
  /** The brand's states were read in bulk within the window. */
  fresh = false;
  /** Orders as the bulk read has them, by id. */
  readonly known = new Map<string, FaireOrder>();
  /** The lookups asked, with the rows never in flight before they were given. */
  readonly lookups: { orderId: string; freshIds: string[] }[] = [];

  refresh(): Promise<boolean> {
    return Promise.resolve(this.fresh);
  }

  lookup(
    _q: unknown,
    _brandId: string,
    orderId: string,
    freshIds: string[],
  ): ReturnType<FaireOrderStates['lookup']> {
    this.lookups.push({ orderId, freshIds });
    const order = this.fresh ? this.known.get(orderId) : undefined;
    return Promise.resolve(order ? { order: structuredClone(order) } : { read: 'bulk reads are off' });
  }

  remember(_q: unknown, brandId: string, order: FaireOrder): Promise<void> {
    this.remembered.push({ brandId, orderId: order.id, state: order.state });
    return Promise.resolve();
  }
}
