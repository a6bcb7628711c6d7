import type { CurrentUser } from './useCurrentUser';

/**
 * What a person may do, per resource, as the server's guard decides it (backend `@Roles`,
 * `@RequireCompany`, `@PlatformAdmin`). Screens and the sidebar ask here and nowhere else, so the
 * browser never offers an action the API refuses.
 *
 * - `list`: see the list or screen;
 * - `manage`: change it (invite, remove, change a role, resend, read the mail outbox; save thresholds).
 */
export type PortalAction = 'list' | 'manage';

export type PortalArea =
  /** The portal tabs: Dashboard, Upload Shipments, Shipment History. */
  | 'portal'
  /**
   * The company's screens (spec section 2: /, /dashboard, /orders, /problem-orders, /team,
   * /oauth-setup): a member of a company or a platform admin; anyone else is sent to /no-company.
   */
  | 'company'
  | 'shipments'
  | 'orders'
  | 'settings'
  /** Order late thresholds (PUT /api/company-settings is COMPANY_ADMIN). */
  | 'thresholds'
  /** The Team Management entry of the menu (spec: platform admins and company admins). */
  | 'team'
  /** The members of the caller's company; any member reads them, only a COMPANY_ADMIN changes them. */
  | 'members'
  /** The company's activity (GET /api/team/activity is COMPANY_ADMIN). */
  | 'activity'
  /** Admin Config (/admin). */
  | 'admin'
  /** The company's source connections (ShipStation): members read them, a COMPANY_ADMIN changes them. */
  | 'integrations'
  /** Labels held for review ("Needs attention"): members read them, a COMPANY_ADMIN sends or dismisses. */
  | 'attention'
  /** The mail-in address (GET and changes under /api/company/inbound are COMPANY_ADMIN: it is a credential). */
  | 'inbound';

export function canAccess(
  user: CurrentUser | null | undefined,
  action: PortalAction,
  /** A `PortalArea`; react-admin passes any resource name, and unknown ones are refused. */
  resource: string,
): boolean {
  if (!user) return false;
  const platformAdmin = user.isAdmin;
  const companyAdmin = user.company?.role === 'COMPANY_ADMIN';
  switch (resource) {
    case 'portal':
    case 'shipments':
    case 'orders':
      return action === 'list';
    case 'company':
    case 'settings':
      return action === 'list' && (!!user.company || platformAdmin);
    case 'thresholds':
      return action === 'list' ? !!user.company || platformAdmin : companyAdmin;
    case 'team':
      return action === 'list' && (platformAdmin || companyAdmin);
    case 'members':
      // GET /api/team/members needs a company; invite, remove, role and resend are @Roles('COMPANY_ADMIN').
      return action === 'list' ? !!user.company : companyAdmin;
    case 'activity':
      return action === 'list' && companyAdmin;
    case 'admin':
      return platformAdmin;
    case 'inbound':
      return companyAdmin;
    case 'integrations':
    case 'attention':
      return action === 'list' ? !!user.company : companyAdmin;
    default:
      return false;
  }
}
