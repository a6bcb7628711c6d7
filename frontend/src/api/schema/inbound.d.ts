// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `inbound` routes use. */
export interface InboundSchemas {
  InboundView: {
    /** The address files are mailed to; null until an admin creates one */
    mailAddress: string | null;
    /** Senders whose mail is processed; empty: any sender */
    allowedSenders: string[];
  };
  AllowedSendersDto: {
    /** The only addresses whose mail is processed (at most 50); empty: anyone who knows the address */
    allowedSenders: string[];
  };
}

/** The `inbound` routes. */
export interface InboundPaths {
  '/api/company/inbound': {
    get: { response: components['schemas']['InboundView'] };
  };
  '/api/company/inbound/mail-address': {
    post: { response: components['schemas']['InboundView'] };
  };
  '/api/company/inbound/allowed-senders': {
    put: { response: components['schemas']['InboundView']; body: components['schemas']['AllowedSendersDto'] };
  };
}
