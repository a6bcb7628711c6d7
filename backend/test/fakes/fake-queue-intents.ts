import type {
  IntentRow,
  QueueIntentKey,
  ShipmentQueueIntents,
} from '../../src/modules/shipments/recovery/queue-intents.repository.js';
import type { FakeShipment } from './fake-shipments-repository.js';

/** A row of the in-memory `shipment_queue_intents` table (times are epoch ms). */
export interface FakeIntent extends QueueIntentKey {
  shipmentIds: string[];
  createdAt: number;
}

const keyOf = (k: QueueIntentKey) => `${k.uploadId}|${k.batchNo}`;

/** `ShipmentQueueIntents` over a map, reading the fake shipments table it is given. */
export class FakeQueueIntents implements Pick<ShipmentQueueIntents, 'record' | 'drop' | 'takeLost'> {
  readonly intents = new Map<string, FakeIntent>();

  constructor(private readonly shipments: Map<string, FakeShipment>) {}

  /** An intent as a slice's transaction leaves it, `createdAt` ms ago. */
  add(key: QueueIntentKey, shipmentIds: string[], createdAt = Date.now()): FakeIntent {
    const intent = { ...key, shipmentIds, createdAt };
    this.intents.set(keyOf(key), intent);
    return intent;
  }

  record(o: QueueIntentKey & { shipmentIds: readonly string[] }): Promise<void> {
    this.add(o, [...o.shipmentIds]);
    return Promise.resolve();
  }

  drop(keys: readonly QueueIntentKey[]): Promise<void> {
    for (const k of keys) this.intents.delete(keyOf(k));
    return Promise.resolve();
  }

  takeLost(o: {
    olderThanMs: number;
    limit: number;
  }): Promise<{ intents: QueueIntentKey[]; rows: IntentRow[] }> {
    const before = Date.now() - o.olderThanMs;
    const taken = [...this.intents.values()]
      .filter((i) => i.createdAt < before)
      .sort((a, b) => a.createdAt - b.createdAt)
      .slice(0, o.limit);
    const rows: IntentRow[] = [];
    for (const i of taken) {
      i.createdAt = Date.now();
      for (const id of i.shipmentIds) {
        const s = this.shipments.get(id);
        if (s?.status !== 'PENDING') continue;
        rows.push({
          uploadId: i.uploadId,
          batchNo: i.batchNo,
          id,
          order_id: s.order_id,
          upload_id: i.uploadId,
        });
      }
    }
    return Promise.resolve({
      intents: taken.map((i) => ({ uploadId: i.uploadId, batchNo: i.batchNo })),
      rows,
    });
  }
}
