// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `column-mappings` routes use. */
export interface ColumnMappingsSchemas {
  SavedMappingDto: {
    id: string;
    /** What identifies the set of CSV headers the mapping is for */
    fingerprint: string;
    headers: string[];
    /** CSV header -> shipment field */
    mapping: Record<string, 'order_id' | 'tracking_number' | 'carrier' | 'ship_date' | 'shipping_cost'>;
    createdAt: string;
    lastUsedAt: string;
  };
  SavedMappingsView: {
    mappings: components['schemas']['SavedMappingDto'][];
  };
}

/** The `column-mappings` routes. */
export interface ColumnMappingsPaths {
  '/api/column-mappings': {
    get: { response: components['schemas']['SavedMappingsView'] };
  };
  '/api/column-mappings/{id}': {
    delete: { response: components['schemas']['OkView'] };
  };
}
