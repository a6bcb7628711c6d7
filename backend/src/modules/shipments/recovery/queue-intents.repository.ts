import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { EntityManager } from 'typeorm';
import type { Queryable } from '../../../common/database/company-scope.js';
import { returningRows } from '../../../common/database/returning-rows.js';

/** A slice's intent, by its upload and slice number. */
export interface QueueIntentKey {
  uploadId: string;
  batchNo: number;
}

/** A shipment of a lost intent still PENDING, with the intent it belongs to. */
export interface IntentRow extends QueueIntentKey {
  id: string;
  order_id: string;
  upload_id: string;
}

/**
 * Every statement on `shipment_queue_intents` (decision 0060): a materialised slice's shipments are
 * committed with their intent to be queued, which is dropped once their jobs are added. Injected, it
 * runs on the main pool; `ShipmentQueueIntents.in(tx)` is the same inside a transaction.
 */
@Injectable()
export class ShipmentQueueIntents {
  constructor(@InjectDataSource() private readonly db: Queryable) {}

  static in(tx: EntityManager): ShipmentQueueIntents {
    return new ShipmentQueueIntents(tx);
  }

  /** The slice's new shipments are to be queued (in the slice's transaction). */
  async record(o: QueueIntentKey & { shipmentIds: readonly string[] }): Promise<void> {
    await this.db.query(
      `INSERT INTO shipment_queue_intents (upload_id, batch_no, shipment_ids) VALUES ($1, $2, $3::uuid[])
       ON CONFLICT (upload_id, batch_no) DO UPDATE SET shipment_ids = EXCLUDED.shipment_ids, created_at = now()`,
      [o.uploadId, o.batchNo, o.shipmentIds],
    );
  }

  /** Their jobs are in the queue. */
  async drop(keys: readonly QueueIntentKey[]): Promise<void> {
    if (keys.length === 0) return;
    await this.db.query(
      `DELETE FROM shipment_queue_intents i USING unnest($1::uuid[], $2::int[]) AS k(upload_id, batch_no)
        WHERE i.upload_id = k.upload_id AND i.batch_no = k.batch_no`,
      [keys.map((k) => k.uploadId), keys.map((k) => k.batchNo)],
    );
  }

  /**
   * Claims (bumps `created_at` of) up to `limit` intents older than `olderThanMs`, so another sweep
   * skips them for as long again; answers every claimed intent, and its shipments still PENDING.
   */
  async takeLost(o: {
    olderThanMs: number;
    limit: number;
  }): Promise<{ intents: QueueIntentKey[]; rows: IntentRow[] }> {
    const result: unknown = await this.db.query(
      `WITH taken AS (
         UPDATE shipment_queue_intents SET created_at = now()
          WHERE (upload_id, batch_no) IN (
                  SELECT upload_id, batch_no FROM shipment_queue_intents
                   WHERE created_at < now() - ($1::int * interval '1 millisecond')
                   ORDER BY created_at LIMIT $2 FOR UPDATE SKIP LOCKED)
         RETURNING upload_id, batch_no, shipment_ids)
       SELECT t.upload_id, t.batch_no, s.id, s.order_id
         FROM taken t LEFT JOIN shipments s ON s.id = ANY(t.shipment_ids) AND s.status = 'PENDING'`,
      [o.olderThanMs, o.limit],
    );
    const found = returningRows<{
      upload_id: string;
      batch_no: number;
      id: string | null;
      order_id: string | null;
    }>(result);
    const intents = new Map<string, QueueIntentKey>();
    const rows: IntentRow[] = [];
    for (const r of found) {
      intents.set(`${r.upload_id}|${r.batch_no}`, { uploadId: r.upload_id, batchNo: r.batch_no });
      if (r.id && r.order_id) {
        rows.push({
          uploadId: r.upload_id,
          batchNo: r.batch_no,
          id: r.id,
          order_id: r.order_id,
          upload_id: r.upload_id,
        });
      }
    }
    return { intents: [...intents.values()], rows };
  }
}
