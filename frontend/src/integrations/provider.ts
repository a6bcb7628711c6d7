import { filterText, resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type {
  AttentionItem,
  ConnectionPatch,
  IntegrationsView,
  SendHeldInput,
  SendHeldResult,
  SourceConnection,
} from './types';

const id = encodeURIComponent;

/** The source connections (ShipStation, Shopify), their settings, and the held labels (`attention`). */
export const integrationsProvider = resourceProvider({
  lists: {
    async attention(params) {
      // The held labels are few and answered whole (or as `{items,total}`); the list pages them here.
      const body = await apiRequest<AttentionItem[] | { items: AttentionItem[]; total?: number }>(
        'GET',
        '/api/integrations/attention',
      );
      const reason = filterText((params.filter as Record<string, unknown> | undefined)?.reason);
      const items = (Array.isArray(body) ? body : body.items).filter((i) => !reason || i.reason === reason);
      const { page, perPage } = params.pagination ?? { page: 1, perPage: 25 };
      return { data: items.slice((page - 1) * perPage, page * perPage), total: items.length };
    },
  },
  actions: {
    /** The company's source connections and the kinds it can still connect. */
    getIntegrations: () => apiRequest<IntegrationsView>('GET', '/api/integrations'),
    /** Checks the key pair with ShipStation before saving it; a wrong pair is a 4xx with a message. */
    connectShipStation: (input: { apiKey: string; apiSecret: string }) =>
      apiRequest<SourceConnection>('POST', '/api/integrations/shipstation', input),
    /** Starts connecting a Shopify shop: the Shopify page where the admin approves the app. */
    connectShopify: (input: { shop: string }) =>
      apiRequest<{ authorizeUrl: string }>('POST', '/api/integrations/shopify', input),
    updateIntegration: (connectionId: string, patch: ConnectionPatch) =>
      apiRequest<SourceConnection>('PATCH', `/api/integrations/${id(connectionId)}`, patch),
    disconnectIntegration: (connectionId: string) =>
      apiRequest<unknown>('DELETE', `/api/integrations/${id(connectionId)}`),
    /** Sends held labels to Faire; one label may be given its order and its cost. */
    sendHeldLabels: (input: SendHeldInput) =>
      apiRequest<SendHeldResult>('POST', '/api/integrations/attention/send', input),
    dismissHeldLabels: (ids: string[]) =>
      apiRequest<{ dismissed?: number }>('POST', '/api/integrations/attention/dismiss', { ids }),
  },
});

export type IntegrationsActions = typeof integrationsProvider.actions;
export const useIntegrationsActions = () => useActions<IntegrationsActions>();
