import type { SourceConnectorUi } from '../types';
import { shopifyActions } from './api';
import { ConnectShopifyForm, shopifyOutcome } from './ConnectShopifyForm';

/**
 * Shopify: each fulfilment of a Faire order becomes its Faire shipment. A fulfilment carries no cost, so
 * the connection's cost rule gives one; the admin approves the app on Shopify, which sends them back.
 */
export const shopify = {
  kind: 'SHOPIFY',
  name: 'Shopify',
  blurb:
    'Each fulfilment of a Faire order in Shopify, whoever wrote it, becomes its Faire shipment, with no file to upload.',
  words: {
    row: 'fulfilment',
    rows: 'fulfilments',
    arrives: 'a fulfilment is made',
    undone: 'cancelled',
    disconnect: (name) =>
      `Fulfilments in ${name} will no longer reach Faire by themselves, and the shop's stored access is deleted.`,
  },
  hasOwnCost: false,
  ConnectForm: ConnectShopifyForm,
  // Shopify refused to renew the access: approving the app again resumes it.
  replace: { label: 'Connect again', offered: (c) => c.status !== 'CONNECTED' },
  connectReturn: shopifyOutcome,
  actions: shopifyActions,
} satisfies SourceConnectorUi;
