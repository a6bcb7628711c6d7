import { resourceProvider, useActions, type BodyOf } from '../api/compose';
import { apiRequest } from '../api/request';
import type { ResponseOf } from '../api/schema';

const one = (id: string) => `/api/company/webhooks/${encodeURIComponent(id)}`;

/** The company's outbound webhooks (decision 0068): endpoints, their secrets shown once, deliveries. */
export const webhooksProvider = resourceProvider({
  actions: {
    getWebhooks: () => apiRequest<ResponseOf<'/api/company/webhooks', 'get'>>('GET', '/api/company/webhooks'),
    createWebhook: (body: BodyOf<'/api/company/webhooks', 'post'>) =>
      apiRequest<ResponseOf<'/api/company/webhooks', 'post'>>('POST', '/api/company/webhooks', body),
    updateWebhook: (id: string, body: BodyOf<'/api/company/webhooks/{id}', 'patch'>) =>
      apiRequest<ResponseOf<'/api/company/webhooks/{id}', 'patch'>>('PATCH', one(id), body),
    deleteWebhook: (id: string) =>
      apiRequest<ResponseOf<'/api/company/webhooks/{id}', 'delete'>>('DELETE', one(id)),
    rotateWebhookSecret: (id: string) =>
      apiRequest<ResponseOf<'/api/company/webhooks/{id}/rotate-secret', 'post'>>(
        'POST',
        `${one(id)}/rotate-secret`,
      ),
    getWebhookDeliveries: (id: string) =>
      apiRequest<ResponseOf<'/api/company/webhooks/{id}/deliveries', 'get'>>('GET', `${one(id)}/deliveries`),
    testWebhook: (id: string) =>
      apiRequest<ResponseOf<'/api/company/webhooks/{id}/test', 'post'>>('POST', `${one(id)}/test`),
  },
});

export type WebhooksActions = typeof webhooksProvider.actions;
export const useWebhooksActions = () => useActions<WebhooksActions>();
