import { Injectable } from '@nestjs/common';
import { AppError } from '../../common/errors/index.js';
import { SOURCE_JOBS } from '../../common/queue/queues.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceJobs } from './source-jobs.js';
import { SourceLabels } from './source-labels.repository.js';
import { ShipStationClient } from './shipstation/shipstation.client.js';

/** Webhook tokens are 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const EVENTS = new Set(['SHIP_NOTIFY', 'FULFILLMENT_SHIPPED']);

/**
 * A ShipStation webhook delivery (decision 0036): the token in the path names the connection (the only
 * authentication V1 allows); the body's `resource_url` is kept only when it is on the configured API
 * origin, and nothing is requested here: the delivery is stored and queued, and the answer is
 * immediate. A duplicated delivery is absorbed by the pending event's unique key.
 */
@Injectable()
export class SourceHooks {
  constructor(
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly jobs: SourceJobs,
    private readonly client: ShipStationClient,
  ) {}

  async shipstation(token: string, body: unknown): Promise<{ ok: true; queued: boolean }> {
    const conn = TOKEN.test(token) ? await this.connections.byHookToken(token) : null;
    // The same answer for a malformed token and an unknown one.
    if (!conn || conn.kind !== 'SHIPSTATION') throw new AppError('NOT_FOUND', 'Not found');
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const url = b.resource_url;
    const type = b.resource_type;
    if (typeof url !== 'string' || typeof type !== 'string') {
      throw new AppError('VALIDATION_FAILED', 'resource_url and resource_type are required');
    }
    if (!this.client.isOwnResource(url)) {
      throw new AppError('VALIDATION_FAILED', 'resource_url is not on the ShipStation API; it was not read');
    }
    // Other events (orders, items) are not shipments: acknowledged, nothing to do.
    if (!EVENTS.has(type)) return { ok: true, queued: false };
    const fresh = await this.labels.addEvent(conn.id, url, type);
    if (fresh && !conn.paused) await this.jobs.add(SOURCE_JOBS.EVENTS, conn.id);
    return { ok: true, queued: fresh };
  }
}
