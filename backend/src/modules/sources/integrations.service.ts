import { Inject, Injectable, Logger } from '@nestjs/common';
import { FAIRE_CARRIERS, EXTRA_CARRIER_CODES, displayIdFor, normalizeOrderId } from '@portal/shipment-rules';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { OrderRecords } from '../orders/index.js';
import type { CostRule, SourceConnection } from './entities/source-connection.entity.js';
import type { Candidate } from './entities/source-label.entity.js';
import { HOLD_REASONS, costRuleOf } from './label-rules.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceLabels, type LabelRow } from './source-labels.repository.js';
import { SourceRelease, sourceName } from './source-release.service.js';
import { SourceWebhooks } from './source-webhooks.js';
import { ShipStationClient, ShipStationError } from './shipstation/shipstation.client.js';
import type { ShipStationCredentials } from './shipstation/shipstation.types.js';
import type { PatchConnectionDto, SendLabelsDto } from './sources.dto.js';

/** The kinds of source a company can connect today. */
export const AVAILABLE_SOURCES = ['SHIPSTATION', 'SHOPIFY'] as const;
const CARRIERS = new Set<string>([...FAIRE_CARRIERS, ...EXTRA_CARRIER_CODES]);

export interface ConnectionAlert {
  labelId: string;
  kind: string;
  text: string;
  orderId: string | null;
  displayId: string | null;
  orderUrl: string | null;
  trackingNumber: string;
  at: string | null;
}

export interface ConnectionView {
  id: string;
  kind: string;
  name: string;
  status: 'CONNECTED' | 'FAILING' | 'PAUSED' | 'DISCONNECTED';
  statusReason: string | null;
  lastSyncAt: string | null;
  mode: 'AUTO' | 'REVIEW';
  sentToday: number;
  alerts: ConnectionAlert[];
  costRule: CostRule;
  carrierMap: Record<string, string>;
  acceptNewOrders: boolean;
  currency: string;
  connectedAt: string;
  /** Whether the caller may change it (company admins). */
  canManage: boolean;
}

export interface AttentionItem {
  id: string;
  connectionId: string;
  /** HELD: waiting for a person; ALERT: something went wrong after it was sent. */
  kind: 'HELD' | 'ALERT';
  source: string;
  reason: string | null;
  reasonText: string | null;
  /** What the label says about its order (order number, custom field, order key). */
  sourceRef: string | null;
  externalId: string;
  trackingNumber: string;
  carrier: string | null;
  /** Minor units of `currency`; null when the source gave none. */
  cost: number | null;
  currency: string;
  candidates: Candidate[];
  orderUrl: string | null;
  createdAt: string;
}

/**
 * The Integrations card and "Needs attention" (decision 0034): members read, company admins connect,
 * change and disconnect, and send or dismiss held labels. Credentials never leave this module; the
 * webhook URL's token is handed to ShipStation only.
 */
@Injectable()
export class IntegrationsService {
  private readonly logger = new Logger('Integrations');

  constructor(
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly release: SourceRelease,
    private readonly client: ShipStationClient,
    private readonly webhooks: SourceWebhooks,
    private readonly orders: OrderRecords,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async list(caller: CompanyAuthContext): Promise<{ connections: ConnectionView[]; available: string[] }> {
    const scope = CompanyScope.of(caller);
    const [rows, sent, attention] = await Promise.all([
      this.connections.list(scope),
      this.labels.sentToday(scope),
      this.labels.attention(scope),
    ]);
    return {
      connections: rows.map((c) => this.view(c, caller, sent.get(c.id) ?? 0, attention)),
      available: [...AVAILABLE_SOURCES],
    };
  }

  async connectShipStation(
    caller: CompanyAuthContext,
    creds: ShipStationCredentials,
  ): Promise<ConnectionView> {
    const scope = CompanyScope.of(caller);
    const existing = await this.connections.findByKind(scope, 'SHIPSTATION');
    const { row, hookToken } = this.connections.prepare(scope, 'SHIPSTATION', creds, caller.userId);
    try {
      await this.client.probe(creds, row.id);
    } catch (err) {
      this.client.forget(row.id);
      throw this.connectError(err);
    }
    if (existing) await this.webhooks.drop(existing);
    const hookUrl = `${this.config.publicUrl.replace(/\/+$/, '')}/api/hooks/shipstation/${hookToken}`;
    const webhookIds: string[] = [];
    for (const event of ['SHIP_NOTIFY', 'FULFILLMENT_SHIPPED'] as const) {
      try {
        const id = await this.client.subscribe(creds, row.id, hookUrl, event);
        if (id) webhookIds.push(id);
      } catch (err) {
        // The poll still finds every label; webhooks only make it sooner.
        this.logger.warn(`Subscribing ${event} failed: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
    if (existing) {
      await this.connections.update(scope, existing.id, {
        credentialsCiphertext: this.connections.reseal(existing, creds),
        hookTokenHash: row.hookTokenHash!,
        webhookIds,
        failingReason: null,
        failures: 0,
        paused: false,
        connectedBy: caller.userId,
      });
      this.client.forget(existing.id);
    } else {
      await this.connections.insert(scope, { ...row, webhookIds });
    }
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.connected',
      target: 'ShipStation',
      details: { webhooks: webhookIds.length },
    });
    const saved = await this.connections.findByKind(scope, 'SHIPSTATION');
    return this.view(saved!, caller, 0, []);
  }

  async patch(caller: CompanyAuthContext, id: string, dto: PatchConnectionDto): Promise<ConnectionView> {
    const scope = CompanyScope.of(caller);
    const conn = await this.own(scope, id);
    const patch: Partial<SourceConnection> = {};
    if (dto.paused === false && conn.disconnectedAt) {
      throw new AppError(
        'CONFLICT',
        `${sourceName(conn.kind)} was disconnected at the source; connect it again to resume`,
      );
    }
    if (dto.paused !== undefined) patch.paused = dto.paused;
    if (dto.mode !== undefined) patch.mode = dto.mode;
    if (dto.acceptNewOrders !== undefined) patch.acceptNewOrders = dto.acceptNewOrders;
    if (dto.currency !== undefined) patch.currency = dto.currency;
    if (dto.costRule !== undefined) patch.costRule = costRuleOf(dto.costRule);
    if (dto.carrierMap !== undefined) patch.carrierMap = carrierMapOf(dto.carrierMap);
    await this.connections.update(scope, conn.id, patch);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.changed',
      target: sourceName(conn.kind),
      details: { changed: Object.keys(patch) },
    });
    return this.view((await this.connections.find(scope, conn.id))!, caller, 0, []);
  }

  async disconnect(caller: CompanyAuthContext, id: string): Promise<{ ok: true }> {
    const scope = CompanyScope.of(caller);
    const conn = await this.own(scope, id);
    await this.webhooks.drop(conn);
    await this.connections.remove(scope, conn.id);
    this.client.forget(conn.id);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.disconnected',
      target: sourceName(conn.kind),
    });
    return { ok: true };
  }

  async attention(caller: CompanyAuthContext): Promise<{ items: AttentionItem[] }> {
    const scope = CompanyScope.of(caller);
    const [rows, conns] = await Promise.all([this.labels.attention(scope), this.connections.list(scope)]);
    const byId = new Map(conns.map((c) => [c.id, c]));
    return { items: rows.map((r) => this.item(r, byId.get(r.connection_id))) };
  }

  async send(caller: CompanyAuthContext, dto: SendLabelsDto) {
    const scope = CompanyScope.of(caller);
    let orderId: string | undefined;
    if (dto.orderId !== undefined) {
      orderId = normalizeOrderId(dto.orderId.replace(/^#/, ''));
      const found = await this.orders.find(scope, [orderId]);
      if (!found.has(orderId)) {
        throw new AppError(
          'VALIDATION_FAILED',
          `Order ${displayIdFor(orderId)} is not one of the company's Faire orders (refresh the orders if it is new)`,
        );
      }
    }
    const outcome = await this.release.sendHeld(scope, dto.ids, {
      ...(orderId ? { orderId } : {}),
      ...(dto.cost !== undefined ? { costCents: dto.cost } : {}),
    });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.sent',
      target: orderId ? displayIdFor(orderId) : `${dto.ids.length} label(s)`,
      details: {
        sent: outcome.sent,
        held: outcome.held,
        dropped: outcome.dropped,
        uploadIds: outcome.uploadIds,
      },
    });
    return outcome;
  }

  async dismiss(caller: CompanyAuthContext, ids: string[]): Promise<{ dismissed: number }> {
    const dismissed = await this.labels.dismiss(CompanyScope.of(caller), ids);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.dismissed',
      target: `${dismissed} label(s)`,
    });
    return { dismissed };
  }

  private async own(scope: CompanyScope, id: string): Promise<SourceConnection> {
    const conn = /^[0-9a-f-]{36}$/i.test(id) ? await this.connections.find(scope, id) : null;
    if (!conn) throw new AppError('NOT_FOUND', 'Connection not found');
    return conn;
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

  private orderUrl(orderId: string | null): string | null {
    return orderId
      ? this.config.marketplace.orderUrlTemplate.replace('{orderId}', encodeURIComponent(orderId))
      : null;
  }

  private view(
    c: SourceConnection,
    caller: CompanyAuthContext,
    sentToday: number,
    attention: LabelRow[],
  ): ConnectionView {
    return {
      id: c.id,
      kind: c.kind,
      name: sourceName(c.kind),
      status: c.disconnectedAt
        ? 'DISCONNECTED'
        : c.paused
          ? 'PAUSED'
          : c.failingReason
            ? 'FAILING'
            : 'CONNECTED',
      statusReason: c.failingReason,
      lastSyncAt: c.lastSyncAt?.toISOString() ?? null,
      mode: c.mode,
      sentToday,
      alerts: attention
        .filter((r) => r.connection_id === c.id && r.alert)
        .map((r) => ({
          labelId: r.id,
          kind: r.alert!,
          text: alertText(c.kind),
          orderId: r.faire_order_id,
          displayId: r.faire_order_id ? displayIdFor(r.faire_order_id) : null,
          orderUrl: this.orderUrl(r.faire_order_id),
          trackingNumber: r.tracking_number,
          at: r.alert_at ? new Date(r.alert_at).toISOString() : null,
        })),
      costRule: c.costRule,
      carrierMap: c.carrierMap,
      acceptNewOrders: c.acceptNewOrders,
      currency: c.currency,
      connectedAt: c.createdAt.toISOString(),
      canManage: caller.role === 'COMPANY_ADMIN',
    };
  }

  private item(r: LabelRow, conn: SourceConnection | undefined): AttentionItem {
    const refs = r.order_refs ?? {};
    const alert = !!r.alert;
    return {
      id: r.id,
      connectionId: r.connection_id,
      kind: alert ? 'ALERT' : 'HELD',
      source: conn?.kind ?? 'SHIPSTATION',
      reason: alert ? r.alert : r.reason,
      reasonText: alert ? alertText(conn?.kind) : r.reason_text,
      sourceRef:
        refs.orderNumber ??
        refs.customField1 ??
        refs.customField2 ??
        refs.customField3 ??
        refs.orderKey ??
        null,
      externalId: r.external_id,
      trackingNumber: r.tracking_number,
      carrier: r.carrier_code,
      cost: r.cost_cents,
      currency: conn?.currency ?? 'USD',
      candidates: r.candidates ?? [],
      orderUrl: this.orderUrl(r.faire_order_id),
      createdAt: new Date(r.first_seen_at).toISOString(),
    };
  }
}

/** The alert an item sent and then taken back at its source shows. */
function alertText(kind: string | undefined): string {
  return kind === 'SHOPIFY' ? HOLD_REASONS.CANCELLED_AFTER_SEND : HOLD_REASONS.VOIDED_AFTER_SEND;
}

/** A carrier map as given, checked: codes lower-cased, values Faire carriers. */
function carrierMapOf(given: Record<string, unknown>): Record<string, string> {
  const entries = Object.entries(given);
  if (entries.length > 100) throw new AppError('VALIDATION_FAILED', 'carrierMap has more than 100 entries');
  const out: Record<string, string> = {};
  for (const [code, carrier] of entries) {
    const key = code.trim().toLowerCase();
    if (!/^[a-z0-9_.-]{1,64}$/.test(key)) {
      throw new AppError('VALIDATION_FAILED', `carrierMap: "${code.slice(0, 64)}" is not a carrier code`);
    }
    if (typeof carrier !== 'string' || !CARRIERS.has(carrier)) {
      throw new AppError(
        'VALIDATION_FAILED',
        `carrierMap: ${key} must map to a Faire carrier such as USPS or UPS`,
      );
    }
    out[key] = carrier;
  }
  return out;
}
