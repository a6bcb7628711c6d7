import type { ActivityItem, CompanyRole, PageView } from '@portal/shipment-rules';
import { useDataProvider, type DataProvider, type GetListParams, type GetListResult } from 'react-admin';
import { ordersListUrl } from '../orders/ordersQuery';
import type {
  AttentionItem,
  ConnectionPatch,
  IntegrationsView,
  SendHeldInput,
  SendHeldResult,
  SourceConnection,
} from '../integrations/types';
import type { Order } from '../orders/types';
import type { RetryResult, Shipment } from '../shipments/query';
import { shipmentsUrl, type ShipmentFilters } from '../shipments/query';
import type { TeamMember } from '../team/api';
import type { ProcessInput, ProcessResponse, UploadResult } from '../upload/types';
import { apiRequest } from './request';

/** The lists the portal reads through react-admin, each served by its own endpoint. */
export const RESOURCES = ['shipments', 'orders', 'members', 'activity', 'attention'] as const;
export type PortalResource = (typeof RESOURCES)[number];

export type { ActivityItem };

/** What `getList('shipments')` answers besides the rows: the server stops counting at 10,000. */
export interface ShipmentsMeta {
  totalCapped: boolean;
}

const DEFAULT_PAGE = { page: 1, perPage: 50 };

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** The history's filters as the list keeps them (`filter` in the URL) read into the server's names. */
export function shipmentFiltersOf(filter: Record<string, unknown> | undefined): ShipmentFilters {
  const f = filter ?? {};
  return {
    search: str(f.search),
    status: str(f.status),
    dateFrom: str(f.dateFrom),
    dateTo: str(f.dateTo),
    uploadId: str(f.uploadId),
    source: str(f.source),
  };
}

/** `GET /api/shipments` for one page of the history. Sorting is the server's (newest upload first). */
export function shipmentsListUrl(params: Partial<GetListParams>): string {
  const { page, perPage } = params.pagination ?? DEFAULT_PAGE;
  return shipmentsUrl({
    ...shipmentFiltersOf(params.filter as Record<string, unknown> | undefined),
    page,
    limit: perPage,
  });
}

/** `GET /api/team/activity`: one page, optionally one action (`invitation.sent`). */
export function activityListUrl(params: Partial<GetListParams>): string {
  const { page, perPage } = params.pagination ?? { page: 1, perPage: 20 };
  const q = new URLSearchParams({ page: String(page), limit: String(perPage) });
  const action = str((params.filter as Record<string, unknown> | undefined)?.action);
  if (action) q.set('action', action);
  return `/api/team/activity?${q.toString()}`;
}

async function getList(resource: string, params: GetListParams): Promise<GetListResult> {
  switch (resource as PortalResource) {
    case 'shipments': {
      const body = await apiRequest<{ shipments: Shipment[]; total: number; totalCapped?: boolean }>(
        'GET',
        shipmentsListUrl(params),
      );
      const meta: ShipmentsMeta = { totalCapped: !!body.totalCapped };
      return { data: body.shipments, total: body.total, meta };
    }
    case 'orders': {
      const body = await apiRequest<{ orders: Order[]; total: number }>('GET', ordersListUrl(params));
      return { data: body.orders, total: body.total };
    }
    case 'members': {
      // The team is small and answered whole; the list shows it on one page.
      const members = await apiRequest<TeamMember[]>('GET', '/api/team/members');
      return { data: members, total: members.length };
    }
    case 'activity': {
      const body = await apiRequest<PageView<ActivityItem>>('GET', activityListUrl(params));
      return { data: body.items, total: body.total };
    }
    case 'attention': {
      // The held labels are few and answered whole (or as `{items,total}`); the list pages them here.
      const body = await apiRequest<AttentionItem[] | { items: AttentionItem[]; total?: number }>(
        'GET',
        '/api/integrations/attention',
      );
      const reason = str((params.filter as Record<string, unknown> | undefined)?.reason);
      const items = (Array.isArray(body) ? body : body.items).filter((i) => !reason || i.reason === reason);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      return { data: items.slice((page - 1) * perPage, page * perPage), total: items.length };
    }
    default:
      throw new Error(`Unknown resource: ${resource}`);
  }
}

function unsupported(method: string) {
  return (resource: string): Promise<never> =>
    Promise.reject(new Error(`${method} is not offered for ${resource}`));
}

/** The actions the portal's screens take besides reading lists; each is one API call. */
export interface PortalActions {
  retryShipment(id: string): Promise<RetryResult>;
  /** Sends an upload's failed rows again. */
  retryFailedRows(uploadId: string): Promise<{ retried: number }>;
  /** Reading A: the CSV file (multipart `csv`, optional `columnMapping`). */
  uploadShipments(form: FormData): Promise<UploadResult>;
  processShipments(input: ProcessInput): Promise<ProcessResponse>;
  refreshOrders(): Promise<{ message?: string }>;
  inviteMember(input: { email: string; role: CompanyRole }): Promise<TeamMember>;
  removeMember(id: string): Promise<unknown>;
  changeMemberRole(id: string, role: CompanyRole): Promise<TeamMember>;
  resendInvite(id: string): Promise<unknown>;
  /** The company's source connections and the kinds it can still connect. */
  getIntegrations(): Promise<IntegrationsView>;
  /** Checks the key pair with ShipStation before saving it; a wrong pair is a 4xx with a message. */
  connectShipStation(input: { apiKey: string; apiSecret: string }): Promise<SourceConnection>;
  /** Starts connecting a Shopify shop: the Shopify page where the admin approves the app. */
  connectShopify(input: { shop: string }): Promise<{ authorizeUrl: string }>;
  updateIntegration(id: string, patch: ConnectionPatch): Promise<SourceConnection>;
  disconnectIntegration(id: string): Promise<unknown>;
  /** Sends held labels to Faire; one label may be given its order and its cost. */
  sendHeldLabels(input: SendHeldInput): Promise<SendHeldResult>;
  dismissHeldLabels(ids: string[]): Promise<{ dismissed?: number }>;
}

export type PortalDataProvider = DataProvider & PortalActions;

const id = (value: string) => encodeURIComponent(value);

/**
 * react-admin's data provider over the portal's API: `getList` for the lists (each endpoint's own
 * parameters and `{items,total}`-like answer mapped to `{data,total}`), and the named actions above.
 * Errors are the shared `ApiError`, so screens show the server's own message.
 */
export const dataProvider: PortalDataProvider = {
  getList: getList as DataProvider['getList'],
  getOne: unsupported('getOne'),
  getMany: unsupported('getMany'),
  getManyReference: unsupported('getManyReference'),
  create: unsupported('create'),
  update: unsupported('update'),
  updateMany: unsupported('updateMany'),
  delete: unsupported('delete'),
  deleteMany: unsupported('deleteMany'),

  retryShipment: (shipmentId) => apiRequest<RetryResult>('POST', `/api/shipments/${id(shipmentId)}/retry`),
  retryFailedRows: (uploadId) =>
    apiRequest<{ retried: number }>('POST', `/api/shipments/uploads/${id(uploadId)}/retry-failed`),
  uploadShipments: (form) => apiRequest<UploadResult>('POST', '/api/shipments/upload', form),
  processShipments: (input) => apiRequest<ProcessResponse>('POST', '/api/shipments/process', input),
  refreshOrders: () => apiRequest<{ message?: string }>('POST', '/api/orders/refresh'),
  inviteMember: (input) => apiRequest<TeamMember>('POST', '/api/team/invite', input),
  removeMember: (memberId) => apiRequest('DELETE', `/api/team/members/${id(memberId)}`),
  changeMemberRole: (memberId, role) =>
    apiRequest<TeamMember>('PATCH', `/api/team/members/${id(memberId)}/role`, { role }),
  resendInvite: (memberId) => apiRequest('POST', `/api/team/resend-invite/${id(memberId)}`),
  getIntegrations: () => apiRequest<IntegrationsView>('GET', '/api/integrations'),
  connectShipStation: (input) => apiRequest<SourceConnection>('POST', '/api/integrations/shipstation', input),
  connectShopify: (input) => apiRequest<{ authorizeUrl: string }>('POST', '/api/integrations/shopify', input),
  updateIntegration: (connectionId, patch) =>
    apiRequest<SourceConnection>('PATCH', `/api/integrations/${id(connectionId)}`, patch),
  disconnectIntegration: (connectionId) => apiRequest('DELETE', `/api/integrations/${id(connectionId)}`),
  sendHeldLabels: (input) => apiRequest<SendHeldResult>('POST', '/api/integrations/attention/send', input),
  dismissHeldLabels: (ids) =>
    apiRequest<{ dismissed?: number }>('POST', '/api/integrations/attention/dismiss', { ids }),
};

/** The data provider with the portal's named actions, inside react-admin's context. */
export function usePortalDataProvider(): PortalDataProvider {
  return useDataProvider<PortalDataProvider>();
}
