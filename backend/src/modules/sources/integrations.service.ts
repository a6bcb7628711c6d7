import { Inject, Injectable, Logger } from '@nestjs/common';
import { FAIRE_CARRIERS, EXTRA_CARRIER_CODES } from '@portal/shipment-rules';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { OrderLookup } from '../orders/index.js';
import { SourceShipmentCounts } from '../shipments/index.js';
import { connectionView, type ViewContext } from './connection-views.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import { costRuleOf } from './label-rules.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceLabelViews } from './source-labels.query.js';
import { SourceConnectors } from './source-connector.js';
import type { PatchConnectionDto } from './sources.dto.js';
import type { SourceConnectionView, SourceConnectionsView } from './sources-answers.dto.js';

const CARRIERS = new Set<string>([...FAIRE_CARRIERS, ...EXTRA_CARRIER_CODES]);

/**
 * The Integrations card (decisions 0034, 0066): members read, company admins connect, change and
 * disconnect. A disconnect keeps the connection (its settings, held items and alerts about Faire
 * orders), paused and without credentials; connecting again resumes it as it was. Credentials never
 * leave this module; the webhook URL's token is handed to ShipStation only.
 */
@Injectable()
export class IntegrationsService {
  private readonly logger = new Logger('Integrations');

  constructor(
    private readonly connections: SourceConnections,
    private readonly read: SourceLabelViews,
    private readonly shipments: SourceShipmentCounts,
    private readonly registry: SourceConnectors,
    private readonly orders: OrderLookup,
    private readonly activity: ActivityService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.views = {
      registry,
      orderUrlTemplate: config.marketplace.orderUrlTemplate,
      publicUrl: config.publicUrl,
    };
  }

  private readonly views: ViewContext;

  async list(caller: CompanyAuthContext): Promise<SourceConnectionsView> {
    const scope = CompanyScope.of(caller);
    const [rows, today, shipments, attention] = await Promise.all([
      this.connections.list(scope),
      this.read.today(scope),
      this.shipments.today(scope),
      this.read.attention(scope),
    ]);
    return {
      connections: rows.map((c) =>
        connectionView(this.views, c, {
          canManage: caller.role === 'COMPANY_ADMIN',
          today: today.get(c.id),
          shipments: shipments.get(c.id),
          attention,
        }),
      ),
      available: this.registry.kinds(),
    };
  }

  /** One connection as the card shows it, after a change. */
  async one(caller: CompanyAuthContext, id: string): Promise<SourceConnectionView> {
    const scope = CompanyScope.of(caller);
    const c = (await this.connections.find(scope, id))!;
    const [today, shipments, attention] = await Promise.all([
      this.read.today(scope),
      this.shipments.today(scope),
      this.read.attention(scope),
    ]);
    return connectionView(this.views, c, {
      canManage: caller.role === 'COMPANY_ADMIN',
      today: today.get(c.id),
      shipments: shipments.get(c.id),
      attention,
    });
  }

  async patch(
    caller: CompanyAuthContext,
    id: string,
    dto: PatchConnectionDto,
  ): Promise<SourceConnectionView> {
    const scope = CompanyScope.of(caller);
    const conn = await this.own(scope, id);
    const patch: Partial<SourceConnection> = {};
    if (dto.paused === false && conn.disconnectedAt) {
      throw new AppError(
        'CONFLICT',
        `${this.registry.name(conn.kind)} is disconnected; connect it again to resume`,
      );
    }
    if (dto.paused !== undefined) patch.paused = dto.paused;
    if (dto.mode !== undefined) patch.mode = dto.mode;
    if (dto.acceptNewOrders !== undefined) patch.acceptNewOrders = dto.acceptNewOrders;
    if (dto.sendZeroCost !== undefined) patch.sendZeroCost = dto.sendZeroCost;
    if (dto.currency !== undefined) patch.currency = dto.currency;
    if (dto.costRule !== undefined) patch.costRule = costRuleOf(dto.costRule);
    if (dto.carrierMap !== undefined) patch.carrierMap = carrierMapOf(dto.carrierMap);
    await this.connections.update(scope, conn.id, patch);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.changed',
      target: this.registry.name(conn.kind),
      details: { changed: Object.keys(patch) },
    });
    return this.one(caller, conn.id);
  }

  async disconnect(caller: CompanyAuthContext, id: string): Promise<{ ok: true }> {
    const scope = CompanyScope.of(caller);
    const conn = await this.own(scope, id);
    const connector = this.registry.find(conn.kind);
    await connector?.dropWebhooks(conn);
    await connector?.forget?.(conn);
    // Kept, paused and without credentials: its held items and its alerts are about Faire orders, and
    // connecting again resumes it with its settings.
    await this.connections.disconnect(scope, conn.id, `Disconnected in the portal by ${caller.email}`);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.disconnected',
      target: this.registry.name(conn.kind),
    });
    return { ok: true };
  }

  private async own(scope: CompanyScope, id: string): Promise<SourceConnection> {
    const conn = /^[0-9a-f-]{36}$/i.test(id) ? await this.connections.find(scope, id) : null;
    if (!conn) throw new AppError('NOT_FOUND', 'Connection not found');
    return conn;
  }
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
