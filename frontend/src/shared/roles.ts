import { COMPANY_ROLES } from '@portal/shipment-rules';
import type { CompanyRole } from '../auth/useCurrentUser';

export const ROLES: readonly CompanyRole[] = COMPANY_ROLES;
export const ROLE_LABELS: Record<CompanyRole, string> = { COMPANY_ADMIN: 'Admin', COMPANY_USER: 'User' };
