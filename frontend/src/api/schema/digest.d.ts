// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `digest` routes use. */
export interface DigestSchemas {
  DigestPreferenceView: {
    dailyDigest: boolean;
    /** True when the digest is sent to the caller (on, and a company admin) */
    receives: boolean;
  };
  DigestPreferenceDto: {
    /** Receive the daily digest email (company admins only receive it) */
    dailyDigest: boolean;
  };
}

/** The `digest` routes. */
export interface DigestPaths {
  '/api/digest/preferences': {
    get: { response: components['schemas']['DigestPreferenceView'] };
    put: {
      response: components['schemas']['DigestPreferenceView'];
      body: components['schemas']['DigestPreferenceDto'];
    };
  };
}
