import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

/** The company's API keys (decision 0067): listed, created (the key shown once) and revoked. */
export const apiKeysProvider = resourceProvider({
  actions: {
    getApiKeys: () => apiRequest<ResponseOf<'/api/company/api-keys', 'get'>>('GET', '/api/company/api-keys'),
    createApiKey: (body: BodyOf<'/api/company/api-keys', 'post'>) =>
      apiRequest<ResponseOf<'/api/company/api-keys', 'post'>>('POST', '/api/company/api-keys', body),
    revokeApiKey: (id: string) =>
      apiRequest<ResponseOf<'/api/company/api-keys/{id}', 'delete'>>(
        'DELETE',
        `/api/company/api-keys/${encodeURIComponent(id)}`,
      ),
  },
});

export type ApiKeysActions = typeof apiKeysProvider.actions;
export const useApiKeysActions = () => useActions<ApiKeysActions>();
