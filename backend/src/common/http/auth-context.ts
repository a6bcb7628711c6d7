/** A member's role in their company (the guard's vocabulary; stored in memberships.role). */
import { COMPANY_ROLES, type CompanyRole } from '@portal/shipment-rules';

export { COMPANY_ROLES, type CompanyRole };

/** Who is calling, resolved from the session on every request (never from the request body). */
export interface AuthContext {
  userId: string;
  email: string;
  name: string;
  isPlatformAdmin: boolean;
  companyId: string | null;
  companyName: string | null;
  role: CompanyRole | null;
  membershipId: string | null;
}

/** The context of a caller that belongs to a company (guaranteed by @RequireCompany / @Roles). */
export interface CompanyAuthContext extends AuthContext {
  companyId: string;
  companyName: string;
  role: CompanyRole;
  membershipId: string;
}

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    createdAtMs?: number;
    lastSeenAtMs?: number;
    googleRedirectUri?: string;
  }
}

/** The scopes a company API key may carry (decision 0067). */
export const API_KEY_SCOPES = ['shipments:write', 'shipments:read', 'orders:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/**
 * A call made with a company API key (the public API, `/api/v1`): it acts for the key's company, never
 * as a person. Set by the API key guard from the `Authorization: Bearer` header only.
 */
export interface ApiKeyContext {
  keyId: string;
  keyName: string;
  companyId: string;
  scopes: ApiKeyScope[];
}

declare module 'express-serve-static-core' {
  interface Request {
    auth?: AuthContext;
    apiKey?: ApiKeyContext;
  }
}
