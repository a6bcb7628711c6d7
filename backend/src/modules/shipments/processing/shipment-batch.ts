import type { CreateShipmentsJob } from '../../../common/queue/queues.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import type { CompanyAccount, CompanyConnections } from '../../marketplace/index.js';
import { groupBy, jobOrders } from '../intake/order-groups.js';
import type { ShipmentsRepository } from './shipments.repository.js';

/** One order's PENDING shipments of a job, as read before its lock (under the lock they are read again). */
export interface OrderWork {
  companyId: string;
  orderId: string;
  ids: string[];
  /** When its rows' next try is due (epoch ms, this process's clock), or null: now (decision 0037). */
  dueAt: number | null;
  /** Some of its rows were put in flight before: a create may have reached Faire (decision 0040). */
  tried?: boolean;
}

/** What a job's rows say before any lock is taken: enough to take a permit, plan slots and take locks. */
export interface JobRow {
  id: string;
  company_id: string;
  order_id: string;
  status: string;
  /** Milliseconds until the row's next try after a fault (0: due), null when it is not waiting. */
  due_in_ms?: number | null;
  attempts?: number;
}

/**
 * A job's orders from one read of its rows: the job's own orders when it carries them (each checked
 * to be one company's one order: an order's lock must cover every row worked on under it), else the
 * PENDING rows grouped by company and order. Rows no longer PENDING are left out; so are orders left
 * with none.
 */
export function ordersOfJob(job: CreateShipmentsJob, rows: readonly JobRow[]): OrderWork[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const pendingOf = (ids: string[]) =>
    ids.flatMap((id) => {
      const row = byId.get(id);
      return row?.status === 'PENDING' ? [row] : [];
    });
  const keyOf = (r: JobRow) => `${r.company_id}|${r.order_id}`;
  const queued = jobOrders(job);
  const groups = queued
    ? queued.flatMap((ids) => {
        const pending = pendingOf(ids);
        const key = pending[0] && keyOf(pending[0]);
        return pending.every((r) => keyOf(r) === key) ? [pending] : groupBy(pending, keyOf);
      })
    : groupBy(pendingOf(job.shipmentIds), keyOf);
  const now = Date.now();
  return groups
    .filter((g) => g.length > 0)
    .map((g) => ({
      companyId: g[0]!.company_id,
      orderId: g[0]!.order_id,
      ids: g.map((r) => r.id),
      // The order is due when any of its rows is (a row retried by a person has no wait).
      dueAt: g.some((r) => !r.due_in_ms) ? null : now + Math.min(...g.map((r) => r.due_in_ms!)),
      ...(g.some((r) => (r.attempts ?? 0) > 0) ? { tried: true } : {}),
    }));
}

/**
 * The Faire account of each company of a job, read once per job (for its permit and each of its
 * orders) and again after Faire refused it, so the job's later orders see the connection as failed.
 */
export class JobAccounts {
  private readonly known = new Map<string, CompanyAccount | null>();

  constructor(private readonly connections: CompanyConnections) {}

  async of(companyId: string): Promise<CompanyAccount | null> {
    if (this.known.has(companyId)) return this.known.get(companyId)!;
    const account = await this.connections.accountFor(CompanyScope.ofJob(companyId));
    this.known.set(companyId, account);
    return account;
  }

  /** Marks the connection failed (Faire refused its token); the next order reads it again. */
  async refused(companyId: string, account: CompanyAccount, reason: string): Promise<void> {
    this.known.delete(companyId);
    await this.connections.markFailed(CompanyScope.ofJob(companyId), account.connectionId, reason);
  }
}

/** A create job as the worker sees it after one read of its rows. */
export interface ShipmentBatch {
  orders: OrderWork[];
  accounts: JobAccounts;
}

/** The job's rows read once; null when none of its shipments exists in this database. */
export async function loadBatch(
  shipments: ShipmentsRepository,
  connections: CompanyConnections,
  job: CreateShipmentsJob,
): Promise<ShipmentBatch | null> {
  const rows = await shipments.jobRows(job.shipmentIds);
  if (rows.length === 0) return null;
  return { orders: ordersOfJob(job, rows), accounts: new JobAccounts(connections) };
}
