// Generated from docs/openapi.json by `npm run openapi` (scripts/openapi.mjs): do not edit by hand.
// Change the backend's DTOs, then run `npm run openapi`.

import type { components } from '../schema';

/** The schemas only the `inbound` routes use. */
export interface InboundSchemas {
  SftpKeyView: {
    id: string;
    type: string;
    fingerprint: string;
    /** The key's comment, as pasted */
    comment: string;
    addedAt: string;
  };
  SftpView: {
    host: string;
    port: number;
    /** Not secret */
    username: string;
    /** Whether a password is set (it is never shown) */
    hasPassword: boolean;
    keys: components['schemas']['SftpKeyView'][];
  };
  InboundView: {
    /** The address files are mailed to; null until an admin creates one */
    mailAddress: string | null;
    /** Senders whose mail is processed; empty: any sender */
    allowedSenders: string[];
    /** The company's SFTP drop */
    sftp: components['schemas']['SftpView'];
  };
  AllowedSendersDto: {
    /** The only addresses whose mail is processed (at most 50); empty: anyone who knows the address */
    allowedSenders: string[];
  };
  SftpLoginDto: {
    /** The login's new password (12 characters or more) */
    password?: string;
    /** An OpenSSH public key to add (one line, as in a .pub file) */
    publicKey?: string;
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
  '/api/company/inbound/sftp': {
    put: { response: components['schemas']['InboundView']; body: components['schemas']['SftpLoginDto'] };
  };
  '/api/company/inbound/sftp/keys/{id}': {
    delete: { response: components['schemas']['InboundView'] };
  };
}
