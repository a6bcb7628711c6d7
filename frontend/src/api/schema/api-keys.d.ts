// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `api-keys` routes use. */
export interface ApiKeysSchemas {
  ApiKeyView: {
    id: string;
    name: string;
    /** The key’s first characters, to tell keys apart */
    prefix: string;
    scopes: ('shipments:write' | 'shipments:read' | 'orders:read')[];
    /** Who created it (email) */
    createdBy: string | null;
    createdAt: string;
    lastUsedAt: string | null;
    /** The address its last call came from */
    lastUsedFrom: string | null;
  };
  ApiKeysView: {
    keys: components['schemas']['ApiKeyView'][];
    /** How many live keys a company may have */
    limit: number;
    /** Whether the caller may create and revoke keys (company admins) */
    canManage: boolean;
  };
  CreateApiKeyDto: {
    /** A name to tell the key apart (1-100 characters) */
    name: string;
    scopes: ('shipments:write' | 'shipments:read' | 'orders:read')[];
  };
  CreatedApiKeyView: {
    id: string;
    name: string;
    /** The key’s first characters, to tell keys apart */
    prefix: string;
    scopes: ('shipments:write' | 'shipments:read' | 'orders:read')[];
    /** Who created it (email) */
    createdBy: string | null;
    createdAt: string;
    lastUsedAt: string | null;
    /** The address its last call came from */
    lastUsedFrom: string | null;
    /** The whole key, shown this once: store it in the tool that will call the API */
    key: string;
  };
}

/** The `api-keys` routes. */
export interface ApiKeysPaths {
  '/api/company/api-keys': {
    get: { response: components['schemas']['ApiKeysView'] };
    post: {
      response: components['schemas']['CreatedApiKeyView'];
      body: components['schemas']['CreateApiKeyDto'];
    };
  };
  '/api/company/api-keys/{id}': {
    delete: { response: components['schemas']['OkView'] };
  };
}
