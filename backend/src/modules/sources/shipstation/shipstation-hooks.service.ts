import { Injectable } from '@nestjs/common';
import { AppError } from '../../../common/errors/index.js';
import { SOURCE_JOBS } from '../../../common/queue/queues.js';
import { SourceConnections } from '../source-connections.repository.js';
import { SourceJobs } from '../source-jobs.js';
import { SourceEvents } from '../source-events.repository.js';
import { ShipStationClient } from './shipstation.client.js';

/** Webhook tokens are 32 random bytes in base64url. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const EVENTS = new Set(['SHIP_NOTIFY', 'FULFILLMENT_SHIPPED']);

/**
 * A ShipStation webhook delivery (decisions 0036, 0065): the token in the path names the connection (the
 * only authentication V1 allows); the body's `resource_url` is kept only when it names a listing this
 * product reads (a ShipStation API host, numbered or not, or the configured origin; only the query keys
 * ShipStation writes), and nothing is requested here: the delivery is stored and queued, and the answer
 * is immediate. A duplicated delivery is absorbed by the pending event's unique key.
 */
@Injectable()
export class ShipStationHooks {
  constructor(
    private readonly connections: SourceConnections,
    private readonly events: SourceEvents,
    private readonly jobs: SourceJobs,
    private readonly client: ShipStationClient,
  ) {}

  async receive(token: string, body: unknown): Promise<{ ok: true; queued: boolean }> {
    const conn = TOKEN.test(token) ? await this.connections.byHookToken(token) : null;
    // The same answer for a malformed token and an unknown one.
    if (!conn || conn.kind !== 'SHIPSTATION') throw new AppError('NOT_FOUND', 'Not found');
    const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const url = b.resource_url;
    const type = b.resource_type;
    if (typeof url !== 'string' || typeof type !== 'string') {
      throw new AppError('VALIDATION_FAILED', 'resource_url and resource_type are required');
    }
    if (!this.client.resource(url)) {
      throw new AppError(
        'VALIDATION_FAILED',
        'resource_url is not on the ShipStation API (a shipments or fulfillments listing, as ShipStation writes it); it was not read',
      );
    }
    // Other events (orders, items) are not shipments: acknowledged, nothing to do.
    if (!EVENTS.has(type)) return { ok: true, queued: false };
    const fresh = await this.events.add(conn.id, url, type);
    if (fresh && !conn.paused) await this.jobs.add(SOURCE_JOBS.EVENTS, conn.id);
    return { ok: true, queued: fresh };
  }
}
