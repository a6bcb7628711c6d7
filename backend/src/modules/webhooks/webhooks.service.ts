import { randomUUID } from 'node:crypto';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock.js';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { SecretBox } from '../../common/crypto/secret-box.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { UserDirectory } from '../users/index.js';
import {
  WEBHOOK_EVENTS,
  type WebhookEndpoint,
  type WebhookEvent,
} from './entities/webhook-endpoint.entity.js';
import { isPrivateAddress, privateText, resolveForCheck, urlProblem } from './webhook-address.js';
import { WebhookDeliveries, type DeliveryRow } from './webhook-deliveries.repository.js';
import { WebhookAttempts } from './webhook-attempts.service.js';
import { WebhookEndpoints } from './webhook-endpoints.repository.js';
import { newSigningSecret, testEvent } from './webhook-events.js';
import type {
  CreatedWebhookView,
  RotatedSecretView,
  WebhookDeliveriesView,
  WebhookDeliveryView,
  WebhookEndpointView,
  WebhooksView,
  WebhookTestView,
} from './webhooks.dto.js';

/** Endpoints a company may have. */
export const MAX_ENDPOINTS = 10;
/** Deliveries an endpoint's list shows. */
const RECENT_DELIVERIES = 50;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The Webhooks card's flows (decision 0068): company admins add endpoints (the signing secret shown
 * once, kept sealed), change their events, turn them off and on, rotate the secret, delete them and send
 * a test; members see the list and the deliveries. Another company's endpoint is not found.
 */
@Injectable()
export class WebhooksService {
  constructor(
    private readonly endpoints: WebhookEndpoints,
    private readonly deliveries: WebhookDeliveries,
    private readonly delivery: WebhookAttempts,
    private readonly box: SecretBox,
    private readonly users: UserDirectory,
    private readonly activity: ActivityService,
    private readonly clock: Clock,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: CompanyAuthContext): Promise<WebhooksView> {
    const rows = await this.endpoints.list(CompanyScope.of(caller));
    const names = await this.users.namesByIds(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])));
    return {
      endpoints: rows.map((r) =>
        endpointView(r, r.createdBy ? (names.get(r.createdBy)?.email ?? null) : null),
      ),
      limit: MAX_ENDPOINTS,
      canManage: caller.role === 'COMPANY_ADMIN',
      events: [...WEBHOOK_EVENTS],
    };
  }

  async create(
    caller: CompanyAuthContext,
    rawUrl: string,
    events: WebhookEvent[],
  ): Promise<CreatedWebhookView> {
    const scope = CompanyScope.of(caller);
    const wanted = uniqueEvents(events);
    const url = await this.checkedUrl(rawUrl.trim());
    if ((await this.endpoints.count(scope)) >= MAX_ENDPOINTS) {
      throw new AppError(
        'CONFLICT',
        `A company can have ${MAX_ENDPOINTS} webhook endpoints: delete one you no longer use to add another`,
      );
    }
    const id = randomUUID();
    const secret = newSigningSecret();
    const row = await this.endpoints.insert(scope, {
      id,
      url,
      events: wanted,
      secretCiphertext: this.box.seal(secret, id),
      createdBy: caller.userId,
    });
    await this.log(caller, 'webhook.created', row, { events: row.events });
    return { ...endpointView(row, caller.email), secret };
  }

  async change(
    caller: CompanyAuthContext,
    id: string,
    o: { events?: WebhookEvent[]; enabled?: boolean },
  ): Promise<WebhookEndpointView> {
    if (o.events === undefined && o.enabled === undefined) {
      throw new AppError('VALIDATION_FAILED', 'Send events, enabled or both to change the endpoint');
    }
    const events = o.events ? uniqueEvents(o.events) : undefined;
    const row = UUID.test(id)
      ? await this.endpoints.change(CompanyScope.of(caller), id, { ...o, events })
      : null;
    if (!row) throw notFound();
    await this.log(caller, 'webhook.changed', row, { events: row.events, enabled: row.enabled });
    const by = row.createdBy ? await this.users.nameOf(row.createdBy) : null;
    return endpointView(row, by?.email ?? null);
  }

  async remove(caller: CompanyAuthContext, id: string): Promise<{ ok: true }> {
    const row = UUID.test(id) ? await this.endpoints.remove(CompanyScope.of(caller), id) : null;
    if (!row) throw notFound();
    await this.log(caller, 'webhook.deleted', row, {});
    return { ok: true };
  }

  async rotate(caller: CompanyAuthContext, id: string): Promise<RotatedSecretView> {
    const secret = newSigningSecret();
    const done = UUID.test(id)
      ? await this.endpoints.setSecret(CompanyScope.of(caller), id, this.box.seal(secret, id))
      : false;
    if (!done) throw notFound();
    const row = (await this.endpoints.get(CompanyScope.of(caller), id))!;
    await this.log(caller, 'webhook.secret_rotated', row, {});
    return { id, secret };
  }

  async recent(caller: CompanyAuthContext, id: string): Promise<WebhookDeliveriesView> {
    const scope = CompanyScope.of(caller);
    const row = UUID.test(id) ? await this.endpoints.get(scope, id) : null;
    if (!row) throw notFound();
    const rows = await this.deliveries.recent(scope, id, RECENT_DELIVERIES);
    return { deliveries: rows.map(deliveryView) };
  }

  /** Sends a `webhook.test` event now and answers how its first try went (later tries follow the schedule). */
  async test(caller: CompanyAuthContext, id: string): Promise<WebhookTestView> {
    const scope = CompanyScope.of(caller);
    const row = UUID.test(id) ? await this.endpoints.get(scope, id) : null;
    if (!row) throw notFound();
    if (!row.enabled) throw new AppError('CONFLICT', 'Turn the endpoint on to send it a test event');
    const deliveryId = await this.deliveries.insertTest(scope, id, testEvent(id, this.clock.now()));
    await this.delivery.attempt(deliveryId);
    return { delivery: deliveryView((await this.deliveries.one(scope, deliveryId))!) };
  }

  /**
   * The URL as stored, once it may be an endpoint: https, and (outside development and tests) a host
   * whose every address is public. A 400 naming the problem otherwise. Checked again on every try.
   */
  private async checkedUrl(raw: string): Promise<string> {
    const { allowPrivate } = this.config.webhooks;
    const problem = urlProblem(raw, allowPrivate);
    if (problem) throw new AppError('VALIDATION_FAILED', problem);
    const url = new URL(raw);
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (!allowPrivate && !isIP(host)) {
      const resolved = await resolveForCheck(host);
      if ('error' in resolved) {
        throw new AppError('VALIDATION_FAILED', `url cannot be reached: ${resolved.error}`);
      }
      const bad = resolved.addresses.find(isPrivateAddress);
      if (bad) throw new AppError('VALIDATION_FAILED', privateText(url.hostname, bad));
    }
    url.hash = '';
    if (url.href.length > 2000) {
      throw new AppError('VALIDATION_FAILED', 'url must be at most 2000 characters');
    }
    return url.href;
  }

  private async log(
    caller: CompanyAuthContext,
    action: 'webhook.created' | 'webhook.changed' | 'webhook.deleted' | 'webhook.secret_rotated',
    row: WebhookEndpoint,
    details: Record<string, unknown>,
  ): Promise<void> {
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action,
      // The host only: a receiver's path often holds its own token.
      target: new URL(row.url).host,
      details: { endpointId: row.id, ...details },
    });
  }
}

function uniqueEvents(events: WebhookEvent[]): WebhookEvent[] {
  const unique = [...new Set(events)];
  if (unique.length !== events.length) {
    throw new AppError('VALIDATION_FAILED', 'events names an event more than once');
  }
  return unique;
}

function notFound(): AppError {
  return new AppError('NOT_FOUND', 'Webhook endpoint not found');
}

function endpointView(r: WebhookEndpoint, createdBy: string | null): WebhookEndpointView {
  return {
    id: r.id,
    url: r.url,
    events: r.events,
    enabled: r.enabled,
    disabledReason: r.disabledReason,
    createdBy,
    createdAt: r.createdAt.toISOString(),
    lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
    failingSince: r.failingSince?.toISOString() ?? null,
  };
}

function deliveryView(r: DeliveryRow): WebhookDeliveryView {
  return {
    id: r.id,
    event: r.event,
    objectId: r.object_id,
    status: r.status,
    attempts: r.attempts,
    lastStatus: r.last_status,
    lastResponse: r.last_response,
    lastError: r.last_error,
    lastAttemptAt: r.last_attempt_at?.toISOString() ?? null,
    nextAttemptAt: r.status === 'PENDING' ? (r.next_attempt_at?.toISOString() ?? null) : null,
    createdAt: r.created_at.toISOString(),
    deliveredAt: r.delivered_at?.toISOString() ?? null,
  };
}
