import { Inject, Injectable, Logger } from '@nestjs/common';
import type { QueryRunner } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import {
  FaireClient,
  type CompanyAccount,
  type FaireOrder,
  type FaireOrderState,
} from '../../marketplace/index.js';
import { OrderStatesRepository } from './order-states.repository.js';

/** Orders per page of the brand's order list (Faire's largest page). */
const PAGE = 50;
/** A delta starts this long before the newest `updated_at` seen, for orders updated in the same instant. */
const OVERLAP_MS = 1000;
/** The first read of a brand leaves out orders no shipment can be added to; those are read on their own. */
const CLOSED_STATES: FaireOrderState[] = ['DELIVERED', 'CANCELED'];
/** Order states kept this long after they were last seen; an order without one is read on its own. */
const KEEP_DAYS = 7;

/** What the worker may take as an order's state on Faire instead of reading the order (decision 0040). */
export type KnownOrder = { order: FaireOrder } | { read: string };

/**
 * A brand's Faire orders read in bulk and shared by every job of the brand for `snapshotWindowMs`
 * (decision 0040): the first read takes the brand's open orders, each later one only the orders updated
 * since the last (`updated_at_min`, pages of 50). Creates' answers and single reads are written back, so
 * the states are as current as the last thing Faire said about each order. One read per brand at a time
 * (a Postgres advisory lock); the others wait for it and use what it read.
 */
@Injectable()
export class FaireOrderStates {
  private readonly logger = new Logger('FaireOrderStates');
  readonly windowMs: number;
  /** When a bulk read of each brand last failed in this process: not tried again for half a window. */
  private readonly failedAt = new Map<string, number>();

  constructor(
    private readonly repo: OrderStatesRepository,
    private readonly faire: FaireClient,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.windowMs = config.shipments.snapshotWindowMs;
  }

  /** Whether the brand's states were read within `maxAgeMs` (default: the window). */
  async fresh(brandId: string, maxAgeMs = this.windowMs): Promise<boolean> {
    if (this.windowMs <= 0) return false;
    return this.repo.readWithin(brandId, maxAgeMs);
  }

  /**
   * Makes the brand's states at most a window old: reads the delta since the last read unless another
   * job of the brand did so within three quarters of the window (so the states are still within it once
   * this job's request slots come; a read under way is waited for). Answers whether the states are
   * within the window now. A failed read leaves the states as they were: orders are then read one by
   * one, as before, and the bulk read is not tried again for three quarters of a window.
   */
  async refresh(account: CompanyAccount): Promise<boolean> {
    if (this.windowMs <= 0) return false;
    const renewAfter = Math.floor(this.windowMs * 0.75);
    const age = await this.repo.age(account.brandId);
    if (age !== null && age <= renewAfter) return true;
    if (Date.now() - (this.failedAt.get(account.brandId) ?? 0) < renewAfter) {
      return age !== null && age <= this.windowMs;
    }
    const runner = await this.repo.connect();
    try {
      await this.repo.lockBrand(runner, account.brandId);
      try {
        if (await this.fresh(account.brandId, renewAfter)) return true;
        await this.readDelta(runner, account);
        return true;
      } finally {
        await this.repo.unlockBrand(runner, account.brandId);
      }
    } catch (err) {
      this.failedAt.set(account.brandId, Date.now());
      this.logger.warn(
        `Reading brand ${account.brandId}'s orders in bulk failed (${err instanceof Error ? err.message : String(err)}); orders are read one by one`,
      );
      return false;
    } finally {
      await runner.release();
    }
  }

  private async readDelta(q: QueryRunner, account: CompanyAccount): Promise<void> {
    const state = await this.repo.readStart(q, account.brandId);
    const started = state.started;
    let highWater = state.high_water;
    const params = highWater
      ? { limit: PAGE, updatedAtMin: new Date(highWater.getTime() - OVERLAP_MS).toISOString() }
      : { limit: PAGE, excludedStates: CLOSED_STATES };
    let batch: FaireOrder[] = [];
    for await (const order of this.faire.iterateOrders(account, params)) {
      batch.push(order);
      const updated = new Date(order.updated_at);
      if (!Number.isNaN(updated.getTime()) && (!highWater || updated > highWater)) highWater = updated;
      if (batch.length >= PAGE) {
        await this.write(q, account.brandId, batch, started);
        batch = [];
      }
    }
    await this.write(q, account.brandId, batch, started);
    await this.repo.saveRead(q, account.brandId, started, highWater ?? started);
    await this.repo.forgetOlderThan(q, account.brandId, KEEP_DAYS);
  }

  /** Writes Faire's answer about orders of the brand, known current at `seenAt` (default: now). */
  async remember(q: QueryRunner, brandId: string, order: FaireOrder, seenAt?: Date): Promise<void> {
    await this.write(q, brandId, [order], seenAt);
  }

  private async write(q: QueryRunner, brandId: string, orders: FaireOrder[], seenAt?: Date): Promise<void> {
    const valid = orders.filter((o) => o?.id && !Number.isNaN(Date.parse(o.updated_at)));
    if (valid.length === 0) return;
    await this.repo.write(q, brandId, valid, seenAt);
  }

  /**
   * The order as the brand's states have it, under the order's lock, or why it must be read on its own:
   * no state, or one older than the window; a row of the order other than `freshIds` (rows never put in
   * flight before this run) that may have been sent after the state was seen (still in flight, or
   * touched since). What another tool did on Faire since the state was seen is not known: that is the
   * window's trade (decision 0040).
   */
  async lookup(q: QueryRunner, brandId: string, orderId: string, freshIds: string[]): Promise<KnownOrder> {
    if (this.windowMs <= 0) return { read: 'bulk reads are off' };
    const known = await this.repo.lookup(q, brandId, orderId, freshIds, this.windowMs);
    if (!known?.body) return { read: 'not among the brand’s orders read in bulk' };
    if (!known.fresh) return { read: 'read in bulk longer ago than the window' };
    if (known.touched) return { read: 'another row of the order was sent since' };
    return { order: known.body };
  }
}
