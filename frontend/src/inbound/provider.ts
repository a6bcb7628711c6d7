import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

/**
 * The company's mail-in address (decision 0069): read, made anew, and its allowed senders set; and its
 * SFTP login (decision 0070): a password set, public keys added and removed.
 */
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
    setSftp: (body: BodyOf<'/api/company/inbound/sftp', 'put'>) =>
      apiRequest<ResponseOf<'/api/company/inbound/sftp', 'put'>>('PUT', '/api/company/inbound/sftp', body),
    removeSftpKey: (id: string) =>
      apiRequest<ResponseOf<'/api/company/inbound/sftp/keys/{id}', 'delete'>>(
        'DELETE',
        `/api/company/inbound/sftp/keys/${encodeURIComponent(id)}`,
      ),
  },
});

export type InboundActions = typeof inboundProvider.actions;
export const useInboundActions = () => useActions<InboundActions>();
