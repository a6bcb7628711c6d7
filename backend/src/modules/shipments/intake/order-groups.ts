import type { CreateShipmentsJob } from '../../../common/queue/queues.js';

/**
 * The one way the shipments module groups rows: by order (by upload in the recovery sweep, before each
 * upload's rows are queued). An order's rows are grouped twice on their way to Faire, with this: when
 * an upload is staged (an order's rows stay in one slice) and when its shipments are queued (an order's
 * ids stay in one job, and the job says which ids are one order). The worker takes the job's orders as
 * queued and groups only jobs of the earlier shape (ids only).
 */

/** Items gathered per key, keys in the order first seen, items in the order added. */
export class Groups<T> {
  private readonly byKey = new Map<string, T[]>();

  /** One item at a time, so a caller grouping a big file can yield to the event loop between items. */
  add(key: string, item: T): void {
    const list = this.byKey.get(key);
    if (list) list.push(item);
    else this.byKey.set(key, [item]);
  }

  groups(): T[][] {
    return [...this.byKey.values()];
  }
}

/** `items` grouped by `keyOf` (an order id, or company and order), in linear time. */
export function groupBy<T>(items: readonly T[], keyOf: (item: T) => string): T[][] {
  const groups = new Groups<T>();
  for (const item of items) groups.add(keyOf(item), item);
  return groups.groups();
}

/**
 * Whole orders packed into batches of at most `size` items, in order: a batch is closed when the
 * next order would take it past `size`, so an order is never split (an order bigger than `size` is a
 * batch of its own).
 */
export function packOrders<T>(orders: readonly T[][], size: number): T[][][] {
  const batches: T[][][] = [];
  let current: T[][] = [];
  let count = 0;
  for (const order of orders) {
    if (count && count + order.length > size) {
      batches.push(current);
      current = [];
      count = 0;
    }
    current.push(order);
    count += order.length;
  }
  if (count) batches.push(current);
  return batches;
}

/**
 * A create job for these orders' shipments: the ids one order after another, and how many of them
 * belong to each order. Workers of the earlier shape read `shipmentIds` alone and group it themselves.
 */
export function createJob(orders: readonly string[][]): CreateShipmentsJob {
  return { shipmentIds: orders.flat(), orderSizes: orders.map((ids) => ids.length) };
}

/**
 * The job's shipment ids per order, as queued; null for a job without usable `orderSizes` (queued
 * by the earlier shape, ids only), whose rows the worker groups itself.
 */
export function jobOrders(job: CreateShipmentsJob): string[][] | null {
  const sizes = job.orderSizes;
  if (!Array.isArray(sizes) || !Array.isArray(job.shipmentIds)) return null;
  if (!sizes.every((n) => Number.isInteger(n) && n > 0)) return null;
  if (sizes.reduce((sum, n) => sum + n, 0) !== job.shipmentIds.length) return null;
  const orders: string[][] = [];
  let at = 0;
  for (const n of sizes) {
    orders.push(job.shipmentIds.slice(at, at + n));
    at += n;
  }
  return orders;
}
