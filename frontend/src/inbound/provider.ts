import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

/** The company's mail-in address (decision 0069): read, made anew, and its allowed senders set. */
export const inboundProvider = resourceProvider({
  actions: {
    getInbound: () => apiRequest<ResponseOf<'/api/company/inbound', 'get'>>('GET', '/api/company/inbound'),
    regenerateMailAddress: () =>
      apiRequest<ResponseOf<'/api/company/inbound/mail-address', 'post'>>(
        'POST',
        '/api/company/inbound/mail-address',
      ),
    setAllowedSenders: (body: BodyOf<'/api/company/inbound/allowed-senders', 'put'>) =>
      apiRequest<ResponseOf<'/api/company/inbound/allowed-senders', 'put'>>(
        'PUT',
        '/api/company/inbound/allowed-senders',
        body,
      ),
  },
});

export type InboundActions = typeof inboundProvider.actions;
export const useInboundActions = () => useActions<InboundActions>();
