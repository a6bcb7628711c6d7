import type { AttentionItem, SourceConnection, WaitingItem } from './types';

/** A ShipStation connection as `GET /api/integrations` answers it; tests name what differs. */
export const shipStation = (over: Partial<SourceConnection> = {}): SourceConnection => ({
  id: 'c0ffee00-0000-4000-8000-000000000001',
  kind: 'SHIPSTATION',
  name: 'ShipStation',
  status: 'CONNECTED',
  statusReason: null,
  webhookProblem: null,
  lastSyncAt: new Date(Date.now() - 5 * 60_000).toISOString(),
  mode: 'AUTO',
  acceptNewOrders: false,
  sentToday: 3,
  arrivedToday: 3,
  received: {
    total: 0,
    waiting: 0,
    sent: 0,
    alreadyOnFaire: 0,
    held: 0,
    voided: 0,
    nextSendAt: null,
  },
  alerts: [],
  sendZeroCost: false,
  store: null,
  currency: 'USD',
  connectedAt: '2026-11-20T10:00:00Z',
  carrierMap: {},
  canManage: true,
  ...over,
});

/** A Shopify connection with no cost rule yet (the backend's default); tests name what differs. */
export const shopify = (over: Partial<SourceConnection> = {}): SourceConnection =>
  shipStation({
    id: 'c0ffee00-0000-4000-8000-000000000002',
    kind: 'SHOPIFY',
    name: 'Shopify',
    costRule: { kind: 'LABEL' },
    ...over,
  });

/** A label held in "Needs attention"; tests name what differs. */
export const held = (id: string, over: Partial<AttentionItem> = {}): AttentionItem => ({
  id,
  connectionId: 'c0ffee00-0000-4000-8000-000000000001',
  kind: 'HELD',
  source: 'SHIPSTATION',
  reason: 'AMBIGUOUS',
  reasonText: 'The label names more than one Faire order',
  sourceRef: 'WHS-1001',
  externalId: `ext-${id}`,
  trackingNumber: `9400111899223${id.slice(-4).padStart(4, '0')}`,
  carrier: 'USPS',
  cost: 845,
  ruleCost: null,
  currency: 'USD',
  candidates: [
    { orderId: 'bo_aaa111', displayId: 'AAAA111111' },
    { orderId: 'bo_bbb222', displayId: 'BBBB222222' },
  ],
  orderUrl: null,
  createdAt: '2026-11-27T09:30:00Z',
  ...over,
});

/** A label in its grace period, sent at `sendAt`; tests name what differs. */
export const waitingItem = (id: string, over: Partial<WaitingItem> = {}): WaitingItem => ({
  id,
  connectionId: 'c0ffee00-0000-4000-8000-000000000001',
  source: 'SHIPSTATION',
  sourceName: 'ShipStation',
  itemWord: 'label',
  sourceRef: 'WHS-2001',
  trackingNumber: `1Z999AA1012345${id.slice(-4).padStart(4, '0')}`,
  carrier: 'UPS',
  cost: 725,
  currency: 'USD',
  receivedAt: new Date(Date.now() - 2 * 60_000).toISOString(),
  sendAt: new Date(Date.now() + 8 * 60_000).toISOString(),
  ...over,
});
