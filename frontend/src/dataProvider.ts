import { adminProvider } from './admin';
import { composeDataProvider } from './api/compose';
import { companyProvider } from './company';
import { connectProvider } from './connect';
import { integrationsProvider } from './integrations';
import { ordersProvider } from './orders';
import { settingsProvider } from './settings';
import { shipmentsProvider } from './shipments';
import { teamProvider } from './team';
import { uploadProvider } from './upload';

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
  connectProvider,
  settingsProvider,
  companyProvider,
  adminProvider,
]);

export type PortalDataProvider = typeof dataProvider;
