import { adminProvider } from './admin';
import { apiKeysProvider } from './apikeys';
import { inboundProvider } from './inbound';
import { composeDataProvider } from './api/compose';
import { companyProvider } from './company';
import { connectProvider } from './connect';
import { connectorsProvider } from './connectors/provider';
import { integrationsProvider } from './integrations';
import { ordersProvider } from './orders';
import { settingsProvider } from './settings';
import { shipmentsProvider } from './shipments';
import { teamProvider } from './team';
import { uploadProvider } from './upload';
import { webhooksProvider } from './webhooks';

/**
 * react-admin's data provider, assembled from the resource folders' own providers (decision 0053): each
 * folder serves its lists by resource name and its named actions; this file only puts them together.
 * Errors are the shared `ApiError`, so screens show the server's own message.
 */
export const dataProvider = composeDataProvider([
  shipmentsProvider,
  uploadProvider,
  ordersProvider,
  teamProvider,
  integrationsProvider,
  connectorsProvider,
  connectProvider,
  settingsProvider,
  companyProvider,
  adminProvider,
  apiKeysProvider,
  webhooksProvider,
  inboundProvider,
]);

export type PortalDataProvider = typeof dataProvider;
