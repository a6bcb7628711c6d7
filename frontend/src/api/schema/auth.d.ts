// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `auth` routes use. */
export interface AuthSchemas {
  AuthConfigView: {
    googleEnabled: boolean;
    devLoginEnabled: boolean;
    /** Faire is the built-in sandbox, not the real Faire */
    sandboxMarketplace: boolean;
  };
  GoogleCallbackDto: {
    code: string;
    state?: string;
    redirectUri: string;
  };
  GoogleTokenDto: {
    token: string;
  };
  DevLoginDto: {
    email?: string;
    name?: string;
    /** A single-brand Faire access token to connect this user with */
    faireToken?: string;
  };
}

/** The `auth` routes. */
export interface AuthPaths {
  '/api/auth/config': {
    get: { response: components['schemas']['AuthConfigView'] };
  };
  '/api/auth/google/start': {
    get: { response: void };
  };
  '/api/auth/google/callback': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['GoogleCallbackDto'];
    };
  };
  '/api/auth/google': {
    post: {
      response: components['schemas']['CurrentUserView'];
      body: components['schemas']['GoogleTokenDto'];
    };
  };
  '/api/auth/dev-login': {
    post: { response: components['schemas']['CurrentUserView']; body: components['schemas']['DevLoginDto'] };
  };
  '/api/auth/me': {
    get: { response: components['schemas']['CurrentUserView'] };
  };
  '/api/auth/logout': {
    post: { response: components['schemas']['MessageView'] };
  };
}
