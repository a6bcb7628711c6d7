// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `health` routes use. */
export interface HealthSchemas {
  HealthIndicatorView: {
    status: 'up' | 'degraded' | 'down';
    /** Why the check failed */
    message?: string;
    /** queue: the ping round trip, in ms */
    roundTripMs?: number;
  };
  HealthView: {
    status: 'error' | 'ok' | 'degraded' | 'shutting_down';
    /** The checks that are up */
    info?: Record<string, components['schemas']['HealthIndicatorView']>;
    /** The checks that are down */
    error?: Record<string, components['schemas']['HealthIndicatorView']>;
    /** Every check */
    details: Record<string, components['schemas']['HealthIndicatorView']>;
  };
}

/** The `health` routes. */
export interface HealthPaths {
  '/api/health': {
    get: { response: components['schemas']['HealthView'] };
  };
}
