// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `marketplace` routes use. */
export interface MarketplaceSchemas {
  ConnectionNoCompanyView: {
    status: 'NO_COMPANY';
  };
  ConnectionNotConnectedView: {
    status: 'NOT_CONNECTED';
    /** The caller may connect (a company admin) */
    canManage: boolean;
  };
  ConnectionLinkedView: {
    status: 'CONNECTED' | 'FAILED';
    canManage: boolean;
    brandId: string;
    brandName: string;
    currency: string;
    authMode: 'OAUTH' | 'ACCESS_TOKEN';
    connectedAt: string;
    connectedByName: string | null;
    lastError: string | null;
  };
  AuthorizeUrlView: {
    /** Faire's authorize page to open, with this sign-in's state */
    authUrl: string;
  };
  BrandProfileView: {
    name: string;
  };
}

/** The `marketplace` routes. */
export interface MarketplacePaths {
  '/api/oauth/faire/authorize': {
    get: { response: components['schemas']['AuthorizeUrlView'] };
  };
  '/api/oauth/faire/callback': {
    get: { response: void };
  };
  '/api/faire/brand-profile': {
    get: { response: components['schemas']['BrandProfileView'] };
  };
  '/api/faire/connection': {
    get: {
      response:
        | components['schemas']['ConnectionNoCompanyView']
        | components['schemas']['ConnectionNotConnectedView']
        | components['schemas']['ConnectionLinkedView'];
    };
    delete: { response: components['schemas']['OkView'] };
  };
}
