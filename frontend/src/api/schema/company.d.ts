// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `company` routes use. */
export interface CompanySchemas {
  CreateCompanyDto: {
    /** Defaults to "{your name}'s Company" */
    name?: string;
  };
}

/** The `company` routes. */
export interface CompanyPaths {
  '/api/company/create': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['CreateCompanyDto'];
    };
  };
}
