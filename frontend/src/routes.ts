import { canAccess, type PortalArea } from './auth/canAccess';
import type { CurrentUser } from './auth/useCurrentUser';

/**
 * The route table (spec section 2), in one place: `App.tsx` builds the router from it, `gateFor`
 * decides from it what a layout route shows, and the sidebar lists its entries from it. A screen is
 * added here, then given its component in `App.tsx` (the compiler asks for one per key).
 */
export type RouteKey =
  | 'google-callback'
  | 'accept-invite'
  | 'no-company'
  | 'terms'
  | 'privacy'
  | 'dashboard'
  | 'orders'
  | 'problem-orders'
  | 'attention'
  | 'team'
  | 'admin'
  | 'oauth-setup';

/**
 * Who reaches a screen:
 * - `open`: no portal frame and no gate; the screen decides for itself (sign-in callback, invitations,
 *   no-company, legal pages);
 * - `signed-in`: inside the frame; signed out, the sign-in screen takes its place (URL kept);
 * - `company`: also needs `canAccess(user, 'list', 'company')`; without it, /no-company.
 */
export type RouteGate = 'open' | 'signed-in' | 'company';

export interface PortalRoute {
  key: RouteKey;
  path: string;
  /** Other paths that show the same screen (`/` is the dashboard). */
  aliases?: readonly string[];
  gate: RouteGate;
  /** The react-admin resource whose list route this is (its list matches everything under the path). */
  resource?: string;
}

export const ROUTES: readonly PortalRoute[] = [
  { key: 'google-callback', path: '/auth/google/callback', gate: 'open' },
  { key: 'accept-invite', path: '/accept-invite', gate: 'open' },
  { key: 'no-company', path: '/no-company', gate: 'open' },
  { key: 'terms', path: '/terms', gate: 'open' },
  { key: 'privacy', path: '/privacy', gate: 'open' },
  { key: 'dashboard', path: '/dashboard', aliases: ['/'], gate: 'company' },
  { key: 'orders', path: '/orders', gate: 'company', resource: 'orders' },
  { key: 'problem-orders', path: '/problem-orders', gate: 'company' },
  { key: 'attention', path: '/attention', gate: 'company', resource: 'attention' },
  { key: 'team', path: '/team', gate: 'company' },
  // Everyone signed in reaches /admin; the screen says 'Access Denied' to all but platform admins.
  { key: 'admin', path: '/admin', gate: 'signed-in' },
  { key: 'oauth-setup', path: '/oauth-setup', gate: 'company' },
];

export function routeOf(key: RouteKey): PortalRoute {
  const route = ROUTES.find((r) => r.key === key);
  if (!route) throw new Error(`No route ${key}`);
  return route;
}

/** The table's route at `path` (trailing slashes ignored), or undefined for a path the app does not know. */
export function routeAt(pathname: string): PortalRoute | undefined {
  const trimmed = pathname.replace(/\/+$/, '');
  const path = trimmed === '' ? '/' : trimmed;
  return ROUTES.find((r) => r.path === path || r.aliases?.includes(path));
}

/** The in-page tabs of the main portal (/dashboard?tab=...). */
export type PortalTab = 'dashboard' | 'upload' | 'history' | 'settings';

export interface NavItem {
  key: string;
  label: string;
  to: string;
  tab?: PortalTab;
}

export interface NavSection {
  title?: string;
  items: NavItem[];
}

interface NavEntry {
  key: string;
  label: string;
  route: RouteKey;
  tab?: PortalTab;
  /** Shown only to who may list this area; without it, to everyone who sees the frame. */
  area?: PortalArea;
}

/** The sidebar (spec sections 2 and 6): sections of the table's routes, in order. */
const NAVIGATION: ReadonlyArray<{ title?: string; entries: readonly NavEntry[] }> = [
  {
    entries: [
      { key: 'dashboard', label: 'Dashboard', route: 'dashboard', tab: 'dashboard' },
      { key: 'upload', label: 'Upload Shipments', route: 'dashboard', tab: 'upload' },
      { key: 'history', label: 'Shipment History', route: 'dashboard', tab: 'history' },
      { key: 'attention', label: 'Needs attention', route: 'attention', area: 'attention' },
      { key: 'settings', label: 'Settings', route: 'dashboard', tab: 'settings', area: 'settings' },
    ],
  },
  {
    title: 'Orders',
    entries: [
      { key: 'orders', label: 'Open Orders', route: 'orders' },
      { key: 'problem-orders', label: 'Problem Orders', route: 'problem-orders' },
    ],
  },
  {
    title: 'Admin Panel',
    entries: [
      { key: 'team', label: 'Team Management', route: 'team', area: 'team' },
      { key: 'admin', label: 'Admin Config', route: 'admin', area: 'admin' },
    ],
  },
];

/** Who sees which sidebar entry; a section with nothing left to show is left out. */
export function navigationFor(user: CurrentUser | null | undefined): NavSection[] {
  return NAVIGATION.map(({ title, entries }) => ({
    title,
    items: entries
      .filter((e) => !e.area || canAccess(user, 'list', e.area))
      .map(({ key, label, route, tab }) => {
        const path = routeOf(route).path;
        return { key, label, tab, to: tab && tab !== 'dashboard' ? `${path}?tab=${tab}` : path };
      }),
  })).filter((s) => s.items.length > 0);
}
