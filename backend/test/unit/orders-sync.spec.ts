import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { Logger } from '@nestjs/common';
import type { Clock } from '../../src/common/clock.js';
import type { AppConfig } from '../../src/common/config/index.js';
import { ShuttingDownError } from '../../src/common/shutdown.js';
import type { CompanyAccount, FaireOrder } from '../../src/modules/marketplace/index.js';
import { FaireError } from '../../src/modules/marketplace/faire.errors.js';
import { OrdersSyncService } from '../../src/modules/orders/orders-sync.service.js';
import { COMPANY_A } from '../fakes/fake-shipments-repository.js';

/**
 * The order sync's decisions (full or incremental run, closing orders gone from Faire's open list, what a
 * failure records, a brand changed mid-run), on fakes of Faire, the connections and the order tables: no
 * Nest, no Postgres, no Redis. The queue and the HTTP refresh stay in orders.e2e-spec.
 */

const NOW = new Date('2026-12-07T12:00:00Z');
const HOUR = 3_600_000;

const account = (brandId = 'b_one'): CompanyAccount =>
  ({
    connectionId: 'conn-1',
    brandId,
    brandName: 'One',
    currency: 'USD',
    token: 'tok',
  }) as unknown as CompanyAccount;

const faireOrder = (id: string, updatedAt: string, state = 'PROCESSING'): FaireOrder =>
  ({ id, state, updated_at: updatedAt }) as unknown as FaireOrder;

interface SyncState {
  last_success_at: Date | null;
  high_water_mark: Date | null;
  last_error: string | null;
}

/** Faire, the connections and the order tables, in memory; every call is recorded. */
class World {
  listed: FaireOrder[] = [];
  /** Orders Faire answers when asked one by one (missing: NOT_FOUND). */
  single = new Map<string, FaireOrder>();
  /** Thrown by the listing after the orders listed. */
  listingFails: Error | null = null;
  accounts: (CompanyAccount | null)[] = [account()];
  /** The brand the connection names when read after a run (null: no connection any more). */
  brandNow: () => string | null = () => 'b_one';
  state: SyncState | null = null;
  openHere: string[] = [];
  applied: string[] = [];
  listParams: unknown[] = [];
  closedGone: string[] = [];
  droppedOtherBrands: string[] = [];
  forgotten = 0;
  recalculated = 0;
  succeeded: { at: Date; highWater: Date }[] = [];
  failed: string[] = [];
  markedFailed: string[] = [];

  service(): OrdersSyncService {
    const clock = { now: () => new Date(NOW), nowMs: () => NOW.getTime() } as Clock;
    const faire = {
      iterateOrders: (_account: CompanyAccount, params: unknown) => {
        this.listParams.push(params);
        const listed = this.listed;
        const fails = this.listingFails;
        return (async function* () {
          for (const o of listed) yield o;
          if (fails) throw fails;
        })();
      },
      getOrder: async (_account: CompanyAccount, id: string) => {
        const o = this.single.get(id);
        if (!o) throw new FaireError('NOT_FOUND', `Order ${id} not found`, 404);
        return o;
      },
    };
    const connections = {
      accountFor: async () => (this.accounts.length > 1 ? this.accounts.shift()! : this.accounts[0]!),
      find: async () => {
        const brand = this.brandNow();
        return brand === null ? null : { brandId: brand, status: 'CONNECTED' };
      },
      markFailed: async (_scope: unknown, connectionId: string) => void this.markedFailed.push(connectionId),
    };
    const snapshots = {
      thresholds: async () => ({}),
      applyFaireOrder: async (_c: string, order: FaireOrder) => void this.applied.push(order.id),
      recalculate: async () => void (this.recalculated += 1),
    };
    const orders = {
      openNotIn: async (_scope: unknown, seen: string[]) => this.openHere.filter((id) => !seen.includes(id)),
      closeGone: async (_scope: unknown, id: string) => void this.closedGone.push(id),
      dropOtherBrands: async (_scope: unknown, brand: string) => void this.droppedOtherBrands.push(brand),
    };
    const syncStates = {
      get: async () => this.state,
      succeeded: async (_scope: unknown, at: Date, highWater: Date) => {
        this.succeeded.push({ at, highWater });
        this.state = { last_success_at: at, high_water_mark: highWater, last_error: null };
      },
      failed: async (_scope: unknown, message: string) => void this.failed.push(message),
      forget: async () => {
        this.forgotten += 1;
        this.state = null;
      },
    };
    return new OrdersSyncService(
      { manager: {} } as never,
      {} as never,
      faire as never,
      connections as never,
      {} as never,
      snapshots as never,
      orders as never,
      syncStates as never,
      clock,
      {} as AppConfig,
    );
  }
}

describe('OrdersSyncService.syncCompany', () => {
  let w: World;
  beforeEach(() => {
    w = new World();
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => {
    jest.restoreAllMocks();
  });

  it('does nothing without a connected Faire account', async () => {
    w.accounts = [null];
    expect(await w.service().syncCompany(COMPANY_A)).toEqual({ fetched: 0, closed: 0 });
    expect(w.listParams).toEqual([]);
    expect(w.succeeded).toEqual([]);
  });

  it('first run: lists every open order, reads each order open here but no longer listed, and closes the gone ones', async () => {
    w.listed = [faireOrder('o1', '2026-12-07T10:00:00Z'), faireOrder('o2', '2026-12-07T11:00:00Z')];
    w.openHere = ['o1', 'o3', 'o4'];
    w.single.set('o3', faireOrder('o3', '2026-12-07T09:00:00Z', 'DELIVERED'));
    expect(await w.service().syncCompany(COMPANY_A)).toEqual({ fetched: 2, closed: 2 });
    expect(w.listParams).toEqual([
      { excludedStates: ['DELIVERED', 'CANCELED', 'PENDING_RETAILER_CONFIRMATION'] },
    ]);
    expect(w.applied).toEqual(['o1', 'o2', 'o3']);
    expect(w.closedGone).toEqual(['o4']);
    expect(w.recalculated).toBe(1);
    expect(w.succeeded).toEqual([{ at: NOW, highWater: new Date('2026-12-07T11:00:00Z') }]);
  });

  it('a run within a day of the last full one asks only for orders updated since, with five minutes of overlap', async () => {
    w.state = {
      last_success_at: new Date(NOW.getTime() - HOUR),
      high_water_mark: new Date('2026-12-07T11:00:00Z'),
      last_error: null,
    };
    w.openHere = ['o9'];
    w.listed = [faireOrder('o5', '2026-12-07T11:30:00Z')];
    expect(await w.service().syncCompany(COMPANY_A)).toEqual({ fetched: 1, closed: 0 });
    expect(w.listParams).toEqual([{ updatedAtMin: '2026-12-07T10:55:00.000Z' }]);
    // Not a full run: an order missing from the answer is not read again.
    expect(w.closedGone).toEqual([]);
    expect(w.succeeded[0]!.highWater).toEqual(new Date('2026-12-07T11:30:00Z'));
  });

  it('keeps the high water mark when nothing newer came, and runs in full again after a day', async () => {
    const mark = new Date('2026-12-06T08:00:00Z');
    w.state = {
      last_success_at: new Date(NOW.getTime() - 25 * HOUR),
      high_water_mark: mark,
      last_error: null,
    };
    await w.service().syncCompany(COMPANY_A);
    expect(w.listParams[0]).toHaveProperty('excludedStates');
    expect(w.succeeded[0]!.highWater).toEqual(mark);
  });

  it('leaves a transient fault to the next attempt without recording a failure', async () => {
    w.listingFails = new FaireError('UNAVAILABLE', 'Faire is unavailable', 503);
    await expect(w.service().syncCompany(COMPANY_A, { willRetry: true })).rejects.toThrow('unavailable');
    expect(w.failed).toEqual([]);
    expect(w.succeeded).toEqual([]);
  });

  it('records the last attempt’s fault, and marks the connection failed when Faire refuses the token', async () => {
    w.listingFails = new FaireError('UNAVAILABLE', 'Faire is unavailable', 503);
    await expect(w.service().syncCompany(COMPANY_A, { willRetry: false })).rejects.toThrow();
    expect(w.failed).toEqual(['Faire is unavailable']);
    expect(w.markedFailed).toEqual([]);

    const refused = new World();
    refused.listingFails = new FaireError('UNAUTHORIZED', 'The token was revoked', 401);
    await expect(refused.service().syncCompany(COMPANY_A, { willRetry: true })).rejects.toThrow();
    expect(refused.failed).toEqual(['The token was revoked']);
    expect(refused.markedFailed).toEqual(['conn-1']);
  });

  it('says "unexpected error" for a fault that is not Faire’s, and hands a shutdown back unrecorded', async () => {
    w.listingFails = new Error('socket hang up');
    await expect(w.service().syncCompany(COMPANY_A)).rejects.toThrow('socket hang up');
    expect(w.failed).toEqual(['unexpected error']);

    const stopping = new World();
    stopping.listingFails = new ShuttingDownError();
    await expect(stopping.service().syncCompany(COMPANY_A)).rejects.toBeInstanceOf(ShuttingDownError);
    expect(stopping.failed).toEqual([]);
  });

  it('drops what it loaded and syncs the new brand when the brand changed while it ran', async () => {
    w.accounts = [account('b_one'), account('b_two')];
    w.brandNow = () => 'b_two';
    w.listed = [faireOrder('o1', '2026-12-07T10:00:00Z')];
    await w.service().syncCompany(COMPANY_A);
    expect(w.droppedOtherBrands).toEqual(['b_two']);
    expect(w.forgotten).toBe(1);
    expect(w.listParams).toHaveLength(2);
    // The second run starts over: a full run, as for a first sync.
    expect(w.listParams[1]).toHaveProperty('excludedStates');
  });

  it('gives up on a brand that keeps changing after three rounds', async () => {
    let n = 0;
    w.accounts = [account('b_0')];
    w.brandNow = () => `b_other_${n++}`;
    await w.service().syncCompany(COMPANY_A);
    expect(w.listParams).toHaveLength(3);
    expect(w.droppedOtherBrands).toHaveLength(2);
  });
});
