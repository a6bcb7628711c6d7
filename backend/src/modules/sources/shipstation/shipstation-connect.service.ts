import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../../common/config/index.js';
import { CompanyScope } from '../../../common/database/company-scope.js';
import { AppError } from '../../../common/errors/index.js';
import type { CompanyAuthContext } from '../../../common/http/auth-context.js';
import { ActivityService } from '../../activity/index.js';
import { OrderLookup } from '../../orders/index.js';
import { IntegrationsService } from '../integrations.service.js';
import { SourceConnections } from '../source-connections.repository.js';
import type { SourceConnectionView } from '../sources-answers.dto.js';
import { ShipStationClient, ShipStationError } from './shipstation.client.js';
import { ShipStationConnector } from './shipstation.connector.js';
import type { ShipStationCredentials } from './shipstation.types.js';

/**
 * Connecting ShipStation (decisions 0034, 0036): the key pair is checked with one call first, the two
 * webhooks are subscribed to a URL whose unguessable token is the only authentication V1 allows, and a
 * connection made before (disconnected, or with a key replaced) resumes with its settings.
 */
@Injectable()
export class ShipStationConnect {
  private readonly logger = new Logger('ShipStationConnect');

  constructor(
    private readonly connections: SourceConnections,
    private readonly client: ShipStationClient,
    private readonly connector: ShipStationConnector,
    private readonly views: IntegrationsService,
    private readonly orders: OrderLookup,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async connect(caller: CompanyAuthContext, creds: ShipStationCredentials): Promise<SourceConnectionView> {
    const scope = CompanyScope.of(caller);
    const existing = await this.connections.findByKind(scope, 'SHIPSTATION');
    const { row, hookToken } = this.connections.prepare(scope, 'SHIPSTATION', { ...creds }, caller.userId);
    try {
      await this.client.probe(creds, row.id);
    } catch (err) {
      this.client.forget(row.id);
      throw this.connectError(err);
    }
    if (existing) await this.connector.dropWebhooks(existing);
    const hookUrl = `${this.config.publicUrl.replace(/\/+$/, '')}/api/hooks/shipstation/${hookToken}`;
    const webhookIds: string[] = [];
    const problems: string[] = [];
    for (const event of ['SHIP_NOTIFY', 'FULFILLMENT_SHIPPED'] as const) {
      try {
        const id = await this.client.subscribe(creds, row.id, hookUrl, event);
        if (id) webhookIds.push(id);
        else problems.push(`${event}: no webhook id in ShipStation's answer`);
      } catch (err) {
        // The poll still finds every label; webhooks only make it sooner.
        problems.push(`${event}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (problems.length) this.logger.warn(`Subscribing ShipStation webhooks: ${problems.join('; ')}`);
    const webhookProblem = problems.length
      ? `ShipStation did not take the webhook subscriptions (${problems.join('; ').slice(0, 300)}); labels arrive with the poll, every 10 minutes`
      : null;
    if (existing) {
      await this.connections.update(scope, existing.id, {
        credentialsCiphertext: this.connections.reseal(existing, { ...creds }),
        hookTokenHash: row.hookTokenHash!,
        webhookIds,
        webhookProblem,
        failingReason: null,
        failures: 0,
        paused: false,
        connectedBy: caller.userId,
        // A reconnect resumes the connection with its settings; after a disconnect, what it missed
        // meanwhile is offered to a person (it counts as connected now).
        disconnectedAt: null,
        ...(existing.disconnectedAt ? { connectedAt: new Date() } : {}),
      });
      this.client.forget(existing.id);
    } else {
      await this.connections.insert(scope, { ...row, webhookIds, webhookProblem });
    }
    // The brand's Faire orders are synced now, so today's labels find their orders.
    await this.orders.syncSoon(caller.companyId);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.connected',
      target: 'ShipStation',
      details: { webhooks: webhookIds.length, ...(existing?.disconnectedAt ? { resumed: true } : {}) },
    });
    const saved = await this.connections.findByKind(scope, 'SHIPSTATION');
    return this.views.one(caller, saved!.id);
  }

  /** Best effort: a webhook left behind only calls a URL whose token no longer opens anything. */
  private connectError(err: unknown): AppError {
    if (err instanceof ShipStationError) {
      if (err.fault === 'AUTH' || err.fault === 'REFUSED') {
        return new AppError(
          'VALIDATION_FAILED',
          'ShipStation refused this API key and secret. Check both and try again.',
        );
      }
      if (err.fault === 'RATE') {
        return new AppError(
          'RATE_LIMITED',
          'ShipStation is limiting requests for this account; try again in a minute.',
        );
      }
      return new AppError(
        'SERVICE_UNAVAILABLE',
        'ShipStation is not answering right now; try again shortly.',
      );
    }
    return err instanceof AppError
      ? err
      : new AppError('SERVICE_UNAVAILABLE', 'ShipStation could not be reached');
  }
}
