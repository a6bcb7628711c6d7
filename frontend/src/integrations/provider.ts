import { filterText, resourceProvider, useActions } from '../api/compose';
import { apiRequest } from '../api/request';
import type {
  AttentionItem,
  ConnectionPatch,
  IntegrationsView,
  SendHeldInput,
  SendHeldResult,
  SendOutcome,
  SourceConnection,
  WaitingItem,
} from './types';

const id = encodeURIComponent;

/**
 * The source connections, their settings, and the held labels (`attention`); connecting a source is its
 * connector's own call (connectors/provider.ts).
 */
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
    updateIntegration: (connectionId: string, patch: ConnectionPatch) =>
      apiRequest<SourceConnection>('PATCH', `/api/integrations/${id(connectionId)}`, patch),
    disconnectIntegration: (connectionId: string) =>
      apiRequest<unknown>('DELETE', `/api/integrations/${id(connectionId)}`),
    /** Sends held labels to Faire; one label may be given its order and its cost. */
    sendHeldLabels: (input: SendHeldInput) =>
      apiRequest<SendHeldResult>('POST', '/api/integrations/attention/send', input),
    dismissHeldLabels: (ids: string[]) =>
      apiRequest<{ dismissed?: number }>('POST', '/api/integrations/attention/dismiss', { ids }),
    /** Items in their grace period, with when each is sent. */
    getWaitingItems: () => apiRequest<{ items: WaitingItem[] }>('GET', '/api/integrations/waiting'),
    /** "Send now": the items leave their grace and are decided at once. */
    sendWaitingNow: (ids: string[]) =>
      apiRequest<SendOutcome>('POST', '/api/integrations/waiting/send', { ids }),
    /** "Don't send": the items are taken off before they are decided, and never reach Faire. */
    dontSendWaiting: (ids: string[]) =>
      apiRequest<{ dismissed: number }>('POST', '/api/integrations/waiting/dismiss', { ids }),
  },
});

export type IntegrationsActions = typeof integrationsProvider.actions;
export const useIntegrationsActions = () => useActions<IntegrationsActions>();
