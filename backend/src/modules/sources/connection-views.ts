import { displayIdFor } from '@portal/shipment-rules';
import type { SourceShipmentCount } from '../shipments/index.js';
import type { SourceConnection } from './entities/source-connection.entity.js';
import type { OrderRefs } from './entities/source-label.entity.js';
import { HOLD_REASONS } from './label-rules.js';
import type { SourceConnectors } from './source-connector.js';
import type { LabelsToday } from './source-labels.query.js';
import type { LabelRow } from './source-labels.repository.js';
import type { AttentionItemView, SourceConnectionView, WaitingItemView } from './sources-answers.dto.js';

/** What the views need besides the rows: the connectors' words and the Faire order link. */
export interface ViewContext {
  registry: SourceConnectors;
  orderUrlTemplate: string;
  /** PUBLIC_URL: the ShipStation store's URL starts with it (decision 0071). */
  publicUrl?: string;
}

/** The URL ShipStation's Custom Store calls for a store id. */
export function storeUrl(publicUrl: string, storeId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/api/hooks/shipstation-store/${storeId}`;
}

export function orderUrl(ctx: ViewContext, orderId: string | null): string | null {
  return orderId ? ctx.orderUrlTemplate.replace('{orderId}', encodeURIComponent(orderId)) : null;
}

/** The alert an item sent and then taken back at its source shows, in its connector's words. */
function alertText(ctx: ViewContext, kind: string | undefined): string {
  return (kind && ctx.registry.find(kind)?.words.undoneAfterSend) ?? HOLD_REASONS.VOIDED_AFTER_SEND;
}

/** The reference a label gives to its order, most trusted first. */
function sourceRef(refs: OrderRefs | null | undefined): string | null {
  const r = refs ?? {};
  return r.orderNumber ?? r.customField1 ?? r.customField2 ?? r.customField3 ?? r.orderKey ?? null;
}

export function connectionView(
  ctx: ViewContext,
  c: SourceConnection,
  o: {
    canManage: boolean;
    today?: LabelsToday;
    shipments?: SourceShipmentCount;
    attention: LabelRow[];
  },
): SourceConnectionView {
  const byState = o.today?.byState ?? {};
  return {
    id: c.id,
    kind: c.kind,
    name: ctx.registry.name(c.kind),
    status: c.disconnectedAt
      ? 'DISCONNECTED'
      : c.paused
        ? 'PAUSED'
        : c.failingReason
          ? 'FAILING'
          : 'CONNECTED',
    statusReason: c.failingReason,
    webhookProblem: c.disconnectedAt ? null : (c.webhookProblem ?? null),
    lastSyncAt: c.lastSyncAt?.toISOString() ?? null,
    mode: c.mode,
    sentToday: o.shipments?.created ?? 0,
    arrivedToday: o.shipments?.onTheirOwn ?? 0,
    received: {
      total: o.today?.received ?? 0,
      waiting: byState.WAITING ?? 0,
      sent: byState.SENT ?? 0,
      alreadyOnFaire: byState.ALREADY_ON_FAIRE ?? 0,
      held: byState.HELD ?? 0,
      voided: byState.VOIDED ?? 0,
      nextSendAt: o.today?.nextSendAt?.toISOString() ?? null,
    },
    alerts: o.attention
      .filter((r) => r.connection_id === c.id && r.alert)
      .map((r) => ({
        labelId: r.id,
        kind: r.alert!,
        text: alertText(ctx, c.kind),
        orderId: r.faire_order_id,
        displayId: r.faire_order_id ? displayIdFor(r.faire_order_id) : null,
        orderUrl: orderUrl(ctx, r.faire_order_id),
        trackingNumber: r.tracking_number,
        at: r.alert_at ? new Date(r.alert_at).toISOString() : null,
      })),
    costRule: c.costRule,
    carrierMap: c.carrierMap,
    acceptNewOrders: c.acceptNewOrders,
    sendZeroCost: c.sendZeroCost,
    store:
      c.storeId && c.storeUsername && c.storeEnabledAt
        ? {
            url: storeUrl(ctx.publicUrl ?? '', c.storeId),
            username: c.storeUsername,
            enabledAt: c.storeEnabledAt.toISOString(),
          }
        : null,
    currency: c.currency,
    connectedAt: c.connectedAt.toISOString(),
    canManage: o.canManage,
  };
}

export function attentionItem(
  ctx: ViewContext,
  r: LabelRow,
  conn: SourceConnection | undefined,
): AttentionItemView {
  const alert = !!r.alert;
  return {
    id: r.id,
    connectionId: r.connection_id,
    kind: alert ? 'ALERT' : 'HELD',
    source: conn?.kind ?? 'SHIPSTATION',
    reason: alert ? r.alert : r.reason,
    reasonText: alert ? alertText(ctx, conn?.kind) : r.reason_text,
    sourceRef: sourceRef(r.order_refs),
    externalId: r.external_id,
    trackingNumber: r.tracking_number,
    carrier: r.carrier_code,
    cost: r.cost_cents,
    ruleCost: alert ? null : (r.proposed_cost_cents ?? null),
    currency: conn?.currency ?? 'USD',
    candidates: r.candidates ?? [],
    orderUrl: orderUrl(ctx, r.faire_order_id),
    createdAt: new Date(r.first_seen_at).toISOString(),
  };
}

export function waitingItem(
  ctx: ViewContext,
  r: LabelRow & { due_at: Date },
  conn: SourceConnection | undefined,
): WaitingItemView {
  const words = conn ? ctx.registry.find(conn.kind)?.words : undefined;
  return {
    id: r.id,
    connectionId: r.connection_id,
    source: conn?.kind ?? 'SHIPSTATION',
    sourceName: ctx.registry.name(conn?.kind),
    itemWord: words?.item ?? 'label',
    sourceRef: sourceRef(r.order_refs),
    trackingNumber: r.tracking_number,
    carrier: r.carrier_code,
    cost: r.cost_cents,
    currency: conn?.currency ?? 'USD',
    sendAt: new Date(r.due_at).toISOString(),
    receivedAt: new Date(r.first_seen_at).toISOString(),
  };
}
