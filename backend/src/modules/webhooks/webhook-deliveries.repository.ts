import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { type CompanyScope, scopedQuery } from '../../common/database/company-scope.js';
import { returningRows } from '../../common/database/returning-rows.js';
import type { DeliveryStatus } from './entities/webhook-delivery.entity.js';
import type { NewDelivery } from './webhook-events.js';

/** Rows one insert statement carries. */
const CHUNK = 500;

/** A delivery as its endpoint's list shows it. */
export interface DeliveryRow {
  id: string;
  event: string;
  object_id: string;
  status: DeliveryStatus;
  attempts: number;
  next_attempt_at: Date | null;
  last_attempt_at: Date | null;
  last_status: number | null;
  last_response: string | null;
  last_error: string | null;
  created_at: Date;
  delivered_at: Date | null;
}

/** A delivery taken for a try, with what sending it needs. */
export interface ClaimedDelivery {
  id: string;
  endpoint_id: string;
  company_id: string;
  payload: Record<string, unknown>;
  attempts: number;
  first_attempt_at: Date | null;
  url: string;
  secret_ciphertext: string;
}

/**
 * `webhook_deliveries` (decision 0068): the events the scan found, one per endpoint, event, object and
 * state (a second scan of the same changes adds nothing), their tries and the last answers.
 */
@Injectable()
export class WebhookDeliveries {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Stores the events the scan found for one endpoint (those it has already are skipped) and moves the
   * endpoint's cursors on, in one transaction: a crash before the commit leaves both as they were.
   * How many deliveries are new.
   */
  async recordScan(
    scope: CompanyScope,
    endpointId: string,
    events: NewDelivery[],
    cursors: { shipmentsUs: number; attentionUs: number },
  ): Promise<number> {
    return this.db.transaction(async (tx) => {
      let added = 0;
      for (let i = 0; i < events.length; i += CHUNK) {
        const rows = await scopedQuery<unknown[]>(
          tx,
          scope,
          `INSERT INTO webhook_deliveries (endpoint_id, company_id, event, object_id, object_state, payload, next_attempt_at)
           SELECT $2, $1, e.event, e.object_id, e.object_state, e.payload, now()
             FROM jsonb_to_recordset($3::jsonb) AS e(event text, object_id text, object_state text, payload jsonb)
           ON CONFLICT ON CONSTRAINT webhook_deliveries_once DO NOTHING
           RETURNING id`,
          [endpointId, JSON.stringify(events.slice(i, i + CHUNK).map(record))],
        );
        added += rows.length;
      }
      await scopedQuery(
        tx,
        scope,
        `UPDATE webhook_endpoints SET shipments_cursor_us = greatest(shipments_cursor_us, $3::bigint),
                attention_cursor_us = greatest(attention_cursor_us, $4::bigint)
          WHERE company_id = $1 AND id = $2`,
        [endpointId, cursors.shipmentsUs, cursors.attentionUs],
      );
      return added;
    });
  }

  /** A test event for the endpoint, due now; its id. */
  async insertTest(scope: CompanyScope, endpointId: string, event: NewDelivery): Promise<string> {
    const [row] = await scopedQuery<[{ id: string }]>(
      this.db,
      scope,
      `INSERT INTO webhook_deliveries (endpoint_id, company_id, event, object_id, object_state, payload, next_attempt_at)
       VALUES ($2, $1, $3, $4, $5, $6::jsonb, now()) RETURNING id`,
      [endpointId, event.event, event.objectId, event.objectState, JSON.stringify(event.payload)],
    );
    return row.id;
  }

  /** The endpoint's latest deliveries, newest first. */
  recent(scope: CompanyScope, endpointId: string, limit: number): Promise<DeliveryRow[]> {
    return scopedQuery(
      this.db,
      scope,
      `SELECT id, event, object_id, status, attempts, next_attempt_at, last_attempt_at, last_status,
              last_response, last_error, created_at, delivered_at
         FROM webhook_deliveries WHERE company_id = $1 AND endpoint_id = $2
        ORDER BY created_at DESC, id DESC LIMIT $3`,
      [endpointId, limit],
    );
  }

  async one(scope: CompanyScope, id: string): Promise<DeliveryRow | undefined> {
    const [row] = await scopedQuery<DeliveryRow[]>(
      this.db,
      scope,
      `SELECT id, event, object_id, status, attempts, next_attempt_at, last_attempt_at, last_status,
              last_response, last_error, created_at, delivered_at
         FROM webhook_deliveries WHERE company_id = $1 AND id = $2`,
      [id],
    );
    return row;
  }

  /** Deliveries due now whose endpoint is on, and which no sender holds (every company's). */
  due(limit: number): Promise<{ id: string; attempts: number }[]> {
    return this.db.query(
      `SELECT d.id, d.attempts FROM webhook_deliveries d JOIN webhook_endpoints e ON e.id = d.endpoint_id
        WHERE d.status = 'PENDING' AND d.next_attempt_at <= now() AND e.enabled
          AND (d.locked_until IS NULL OR d.locked_until < now())
        ORDER BY d.next_attempt_at LIMIT $1`,
      [limit],
    );
  }

  /**
   * Takes a due delivery for one try, held for `holdMs` (a sender killed mid-try lets it go then); null
   * when it is not due, taken, done, or its endpoint is off or gone.
   */
  async claim(id: string, holdMs: number): Promise<ClaimedDelivery | null> {
    const rows = await this.db.query<unknown>(
      `UPDATE webhook_deliveries d SET locked_until = now() + $2::int * interval '1 millisecond',
              first_attempt_at = coalesce(d.first_attempt_at, now())
         FROM webhook_endpoints e
        WHERE d.id = $1 AND e.id = d.endpoint_id AND e.enabled AND d.status = 'PENDING'
          AND d.next_attempt_at <= now() AND (d.locked_until IS NULL OR d.locked_until < now())
        RETURNING d.id, d.endpoint_id, d.company_id, d.payload, d.attempts, d.first_attempt_at, e.url,
                  e.secret_ciphertext`,
      [id, holdMs],
    );
    return returningRows<ClaimedDelivery>(rows)[0] ?? null;
  }

  /** Writes a try's outcome and lets the delivery go: delivered, failed for good, or due again at `next`. */
  async tried(
    id: string,
    o: {
      status: DeliveryStatus;
      next: Date | null;
      httpStatus: number | null;
      response: string | null;
      error: string | null;
    },
  ): Promise<void> {
    await this.db.query(
      `UPDATE webhook_deliveries SET status = $2, attempts = attempts + 1, next_attempt_at = $3,
              locked_until = NULL, last_attempt_at = now(), last_status = $4, last_response = $5,
              last_error = $6, delivered_at = CASE WHEN $2 = 'DELIVERED' THEN now() ELSE delivered_at END
        WHERE id = $1`,
      [id, o.status, o.next, o.httpStatus, o.response, o.error],
    );
  }

  /** Forgets deliveries ended before `days` ago; how many. */
  async prune(days: number, limit: number): Promise<number> {
    const rows = await this.db.query<unknown>(
      `DELETE FROM webhook_deliveries WHERE id IN (
         SELECT id FROM webhook_deliveries WHERE status <> 'PENDING'
            AND created_at < now() - $1::int * interval '1 day' LIMIT $2)
       RETURNING id`,
      [days, limit],
    );
    return returningRows(rows).length;
  }
}

function record(e: NewDelivery) {
  return { event: e.event, object_id: e.objectId, object_state: e.objectState, payload: e.payload };
}
