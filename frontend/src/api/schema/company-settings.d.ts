// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `company-settings` routes use. */
export interface CompanySettingsSchemas {
  ThresholdsDto: {
    newOrderDays: number;
    processingDays: number;
    preTransitDays: number;
    inTransitDays: number;
  };
}

/** The `company-settings` routes. */
export interface CompanySettingsPaths {
  '/api/company-settings': {
    get: { response: components['schemas']['ThresholdsDto'] };
    put: { response: components['schemas']['ThresholdsDto']; body: components['schemas']['ThresholdsDto'] };
  };
}
