import { Logger } from '@nestjs/common';
import type { AppConfig } from '../../src/common/config/index.js';
import type { CreateShipmentsJob } from '../../src/common/queue/queues.js';
import type {
  AccountJobPermits,
  CompanyConnections,
  FaireClient,
} from '../../src/modules/marketplace/index.js';
import type { OrderSnapshots } from '../../src/modules/orders/index.js';
import type { FaireOrderStates } from '../../src/modules/shipments/processing/order-states.js';
import type { ShipmentsRepository } from '../../src/modules/shipments/processing/shipments.repository.js';
import {
  ShipmentProcessingService,
  type BatchOutcome,
} from '../../src/modules/shipments/processing/shipment-processing.service.js';
import { FakeFaire } from './fake-faire.js';
import { FakeConnections, FakeOrderStates, FakePermits, FakeSnapshots } from './fake-marketplace.js';
import { COMPANY_A, FakeShipmentsRepository } from './fake-shipments-repository.js';

export const RETRY = { retryWindowMs: 4 * 3_600_000, retryBaseMs: 1000, retryMaxDelayMs: 60_000 };

/**
 * The processing service on fakes only: the shipments repository, Faire, the connections, the permits and
 * the order snapshots in memory. `run` loads a job of the given rows (one order's after another, as
 * queued) and processes it once, as the worker does.
 */
export function processingHarness() {
  Logger.overrideLogger(false);
  const db = new FakeShipmentsRepository();
  const faire = new FakeFaire();
  const connections = new FakeConnections();
  const permits = new FakePermits();
  const snapshots = new FakeSnapshots();
  const states = new FakeOrderStates();
  const config = { shipments: RETRY } as unknown as AppConfig;
  const service = new ShipmentProcessingService(
    db as unknown as ShipmentsRepository,
    faire as unknown as FaireClient,
    connections as unknown as CompanyConnections,
    snapshots as unknown as OrderSnapshots,
    permits as unknown as AccountJobPermits,
    states as unknown as FaireOrderStates,
    config,
  );
  const account = connections.connect(COMPANY_A);

  /** The job as queued: ids in order, with each order's count. */
  const jobOf = (ids: string[]): CreateShipmentsJob => {
    const sizes: number[] = [];
    let last: string | undefined;
    for (const id of ids) {
      const order = db.row(id).order_id;
      if (order === last) sizes[sizes.length - 1]! += 1;
      else sizes.push(1);
      last = order;
    }
    return { shipmentIds: ids, orderSizes: sizes };
  };

  const run = async (ids: string[], lastAttempt = false): Promise<BatchOutcome> => {
    const batch = await service.load(jobOf(ids));
    if (!batch) throw new Error('No batch: none of the rows exists');
    return service.processBatch(batch, { lastAttempt });
  };

  return { db, faire, connections, permits, snapshots, states, service, account, jobOf, run };
}
