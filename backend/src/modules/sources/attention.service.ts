import { Inject, Injectable } from '@nestjs/common';
import { displayIdFor, normalizeOrderId } from '@portal/shipment-rules';
import { APP_CONFIG, type AppConfig } from '../../common/config/index.js';
import { CompanyScope } from '../../common/database/company-scope.js';
import { AppError } from '../../common/errors/index.js';
import type { CompanyAuthContext } from '../../common/http/auth-context.js';
import { ActivityService } from '../activity/index.js';
import { OrderLookup } from '../orders/index.js';
import { attentionItem, waitingItem, type ViewContext } from './connection-views.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import { SourceConnections } from './source-connections.repository.js';
import { SourceConnectors } from './source-connector.js';
import { SourceLabelViews } from './source-labels.query.js';
import { SourceLabels } from './source-labels.repository.js';
import { SourceRelease } from './source-release.service.js';
import type { ReleaseOutcomeView } from './sources-answers.dto.js';
import type { SendLabelsDto } from './sources.dto.js';
import type { AttentionView, SendOutcomeView, WaitingView } from './sources-answers.dto.js';

/**
 * "Needs attention" and the items in their grace (decisions 0034, 0066): members read, company admins
 * send (many in one call, each with the cost its rule gives unless they set one), dismiss, send a
 * waiting item now or choose not to send it.
 */
@Injectable()
export class AttentionService {
  private readonly views: ViewContext;

  constructor(
    private readonly connections: SourceConnections,
    private readonly labels: SourceLabels,
    private readonly read: SourceLabelViews,
    private readonly release: SourceRelease,
    private readonly orders: OrderLookup,
    private readonly activity: ActivityService,
    registry: SourceConnectors,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    this.views = { registry, orderUrlTemplate: config.marketplace.orderUrlTemplate };
  }

  async attention(caller: CompanyAuthContext): Promise<AttentionView> {
    const scope = CompanyScope.of(caller);
    const [rows, byId] = await Promise.all([this.read.attention(scope), this.byId(scope)]);
    return { items: rows.map((r) => attentionItem(this.views, r, byId.get(r.connection_id))) };
  }

  async waiting(caller: CompanyAuthContext): Promise<WaitingView> {
    const scope = CompanyScope.of(caller);
    const [rows, byId] = await Promise.all([this.read.waiting(scope), this.byId(scope)]);
    return { items: rows.map((r) => waitingItem(this.views, r, byId.get(r.connection_id))) };
  }

  async send(caller: CompanyAuthContext, dto: SendLabelsDto): Promise<SendOutcomeView> {
    const scope = CompanyScope.of(caller);
    let orderId: string | undefined;
    if (dto.orderId !== undefined) {
      orderId = normalizeOrderId(dto.orderId.replace(/^#/, ''));
      // An order placed since the last sync is read from Faire first.
      const found = await this.orders.lookUp(scope, [orderId], 1);
      if (!found.found.has(orderId)) {
        throw new AppError(
          'VALIDATION_FAILED',
          found.unknown.has(orderId)
            ? `Order ${displayIdFor(orderId)} could not be checked on Faire right now; try again shortly`
            : `Order ${displayIdFor(orderId)} is not one of the company's Faire orders`,
        );
      }
    }
    const outcome = await this.release.sendHeld(scope, caller.userId, dto.ids, {
      ...(orderId ? { orderId } : {}),
      ...(dto.cost !== undefined ? { costCents: dto.cost } : {}),
    });
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.sent',
      target: orderId ? displayIdFor(orderId) : `${dto.ids.length} item(s)`,
      details: { ...counts(outcome), uploadIds: outcome.uploadIds },
    });
    return outcome;
  }

  async dismiss(caller: CompanyAuthContext, ids: string[]): Promise<{ dismissed: number }> {
    const dismissed = await this.labels.dismiss(CompanyScope.of(caller), ids);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.dismissed',
      target: `${dismissed} item(s)`,
    });
    return { dismissed };
  }

  /** "Send now": the items leave their grace and are decided at once (voids read first). */
  async sendNow(caller: CompanyAuthContext, ids: string[]): Promise<ReleaseOutcomeView> {
    const outcome = await this.release.sendNow(CompanyScope.of(caller), ids);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.sent_now',
      target: `${ids.length} item(s)`,
      details: counts(outcome),
    });
    return outcome;
  }

  /** "Don't send": waiting items are dismissed before they are decided. */
  async dontSend(caller: CompanyAuthContext, ids: string[]): Promise<{ dismissed: number }> {
    const dismissed = await this.labels.dontSend(CompanyScope.of(caller), ids);
    await this.activity.record({
      actor: caller,
      companyId: caller.companyId,
      action: 'sources.not_sent',
      target: `${dismissed} item(s)`,
    });
    return { dismissed };
  }

  private async byId(scope: CompanyScope): Promise<Map<string, SourceConnection>> {
    return new Map((await this.connections.list(scope)).map((c) => [c.id, c]));
  }
}

function counts(o: ReleaseOutcomeView) {
  return {
    sent: o.sent,
    alreadyOnFaire: o.alreadyOnFaire,
    held: o.held,
    dropped: o.dropped,
    voided: o.voided,
  };
}
