import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { type CompanyScope, ScopedRepository, scopedQuery } from '../../common/database/company-scope.js';
import { returningRows } from '../../common/database/returning-rows.js';
import { WebhookEndpoint, type WebhookEvent } from './entities/webhook-endpoint.entity.js';

/** Now, in microseconds since 1970 (the scan's cursors and floor). */
const NOW_US = `(extract(epoch FROM now()) * 1000000)::bigint`;

/** An enabled endpoint as the scan reads it. */
export interface ScanTarget {
  id: string;
  company_id: string;
  events: WebhookEvent[];
  since_us: string;
  shipments_cursor_us: string;
  attention_cursor_us: string;
}

/** An endpoint the product has just turned off. */
export interface TurnedOff {
  id: string;
  companyId: string;
  url: string;
}

/** `webhook_endpoints` (decision 0068): a company's endpoints, the scan's cursors, the health of each. */
@Injectable()
export class WebhookEndpoints {
  private readonly scoped: ScopedRepository<WebhookEndpoint>;

  constructor(@InjectRepository(WebhookEndpoint) private readonly repo: Repository<WebhookEndpoint>) {
    this.scoped = new ScopedRepository(repo);
  }

  list(scope: CompanyScope): Promise<WebhookEndpoint[]> {
    return this.scoped.find(scope, { order: { createdAt: 'ASC', id: 'ASC' } });
  }

  count(scope: CompanyScope): Promise<number> {
    return this.scoped.count(scope, {});
  }

  get(scope: CompanyScope, id: string): Promise<WebhookEndpoint | null> {
    return this.scoped.findOne(scope, { id });
  }

  /** A new endpoint, told of events from now on (no earlier event is sent to it). */
  async insert(
    scope: CompanyScope,
    row: { id: string; url: string; events: WebhookEvent[]; secretCiphertext: string; createdBy: string },
  ): Promise<WebhookEndpoint> {
    await scopedQuery(
      this.repo,
      scope,
      `INSERT INTO webhook_endpoints (id, company_id, url, events, secret_ciphertext, created_by,
                                      since_us, shipments_cursor_us, attention_cursor_us)
       VALUES ($2, $1, $3, $4, $5, $6, ${NOW_US}, ${NOW_US}, ${NOW_US})`,
      [row.id, row.url, row.events, row.secretCiphertext, row.createdBy],
    );
    return (await this.get(scope, row.id))!;
  }

  /**
   * Changes the events and whether it is on; turned on again, it is told of events from now on (none
   * from while it was off) and its failures are forgotten. The endpoint as it is now, or null.
   */
  async change(
    scope: CompanyScope,
    id: string,
    o: { events?: WebhookEvent[]; enabled?: boolean },
  ): Promise<WebhookEndpoint | null> {
    const rows = await scopedQuery<unknown>(
      this.repo,
      scope,
      `UPDATE webhook_endpoints SET
              events = coalesce($3::text[], events),
              enabled = coalesce($4::boolean, enabled),
              since_us = CASE WHEN $4::boolean AND NOT enabled THEN ${NOW_US} ELSE since_us END,
              shipments_cursor_us = CASE WHEN $4::boolean AND NOT enabled THEN ${NOW_US} ELSE shipments_cursor_us END,
              attention_cursor_us = CASE WHEN $4::boolean AND NOT enabled THEN ${NOW_US} ELSE attention_cursor_us END,
              failing_since = CASE WHEN $4::boolean AND NOT enabled THEN NULL ELSE failing_since END,
              disabled_at = CASE WHEN $4::boolean THEN NULL WHEN $4 = false AND enabled THEN now() ELSE disabled_at END,
              disabled_reason = CASE WHEN $4 IS NOT NULL THEN NULL ELSE disabled_reason END,
              updated_at = now()
        WHERE company_id = $1 AND id = $2 RETURNING id`,
      [id, o.events ?? null, o.enabled ?? null],
    );
    if (returningRows(rows).length === 0) return null;
    return this.get(scope, id);
  }

  async setSecret(scope: CompanyScope, id: string, secretCiphertext: string): Promise<boolean> {
    const rows = await scopedQuery<unknown>(
      this.repo,
      scope,
      `UPDATE webhook_endpoints SET secret_ciphertext = $3, updated_at = now()
        WHERE company_id = $1 AND id = $2 RETURNING id`,
      [id, secretCiphertext],
    );
    return returningRows(rows).length > 0;
  }

  /** Deletes the endpoint and its deliveries; the endpoint as it was, or null. */
  async remove(scope: CompanyScope, id: string): Promise<WebhookEndpoint | null> {
    const row = await this.get(scope, id);
    if (!row) return null;
    await this.scoped.delete(scope, { id });
    return row;
  }

  /** Every enabled endpoint, of every company (the scan, once per fleet). */
  enabled(limit: number): Promise<ScanTarget[]> {
    return this.repo.query(
      `SELECT id, company_id, events, since_us, shipments_cursor_us, attention_cursor_us
         FROM webhook_endpoints WHERE enabled ORDER BY company_id, id LIMIT $1`,
      [limit],
    );
  }

  /** A try was answered 2xx: the endpoint is healthy. */
  async succeeded(id: string): Promise<void> {
    await this.repo.query(
      `UPDATE webhook_endpoints SET failing_since = NULL, last_success_at = now() WHERE id = $1`,
      [id],
    );
  }

  /**
   * A try failed. When every try has failed for `offAfterMs`, the endpoint is turned off with `reason`;
   * the endpoint when this call turned it off (once), null otherwise.
   */
  async failed(id: string, offAfterMs: number, reason: string): Promise<TurnedOff | null> {
    const rows = await this.repo.query<unknown>(
      `UPDATE webhook_endpoints SET
              failing_since = coalesce(failing_since, now()),
              enabled = CASE WHEN failing_since < now() - $2::int * interval '1 millisecond' THEN false ELSE enabled END,
              disabled_at = CASE WHEN failing_since < now() - $2::int * interval '1 millisecond' THEN now() ELSE disabled_at END,
              disabled_reason = CASE WHEN failing_since < now() - $2::int * interval '1 millisecond' THEN $3 ELSE disabled_reason END
        WHERE id = $1 AND enabled
        RETURNING id, company_id, url, enabled`,
      [id, offAfterMs, reason],
    );
    const [row] = returningRows<{ id: string; company_id: string; url: string; enabled: boolean }>(rows);
    if (!row || row.enabled) return null;
    return { id: row.id, companyId: row.company_id, url: row.url };
  }
}
