import { canAccess } from '../auth/canAccess';
import type { CurrentUser } from '../auth/useCurrentUser';

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

/** Who sees which sidebar entry (spec sections 2 and 6), in one place. */
export function navigationFor(user: CurrentUser | null | undefined): NavSection[] {
  const portal: NavItem[] = [
    { key: 'dashboard', label: 'Dashboard', to: '/dashboard', tab: 'dashboard' },
    { key: 'upload', label: 'Upload Shipments', to: '/dashboard?tab=upload', tab: 'upload' },
    { key: 'history', label: 'Shipment History', to: '/dashboard?tab=history', tab: 'history' },
  ];
  if (canAccess(user, 'list', 'attention')) {
    portal.push({ key: 'attention', label: 'Needs attention', to: '/attention' });
  }
  if (canAccess(user, 'list', 'settings')) {
    portal.push({ key: 'settings', label: 'Settings', to: '/dashboard?tab=settings', tab: 'settings' });
  }
  const sections: NavSection[] = [
    { items: portal },
    {
      title: 'Orders',
      items: [
        { key: 'orders', label: 'Open Orders', to: '/orders' },
        { key: 'problem-orders', label: 'Problem Orders', to: '/problem-orders' },
      ],
    },
  ];
  const admin: NavItem[] = [];
  if (canAccess(user, 'list', 'team')) admin.push({ key: 'team', label: 'Team Management', to: '/team' });
  if (canAccess(user, 'list', 'admin')) admin.push({ key: 'admin', label: 'Admin Config', to: '/admin' });
  if (admin.length > 0) sections.push({ title: 'Admin Panel', items: admin });
  return sections;
}
