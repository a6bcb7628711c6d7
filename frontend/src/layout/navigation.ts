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
  const isPlatformAdmin = !!user?.isAdmin;
  const isCompanyAdmin = user?.company?.role === 'COMPANY_ADMIN';
  const portal: NavItem[] = [
    { key: 'dashboard', label: 'Dashboard', to: '/dashboard', tab: 'dashboard' },
    { key: 'upload', label: 'Upload Shipments', to: '/dashboard?tab=upload', tab: 'upload' },
    { key: 'history', label: 'Shipment History', to: '/dashboard?tab=history', tab: 'history' },
  ];
  if (user?.company || isPlatformAdmin) {
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
  if (isPlatformAdmin || isCompanyAdmin) {
    const admin: NavItem[] = [{ key: 'team', label: 'Team Management', to: '/team' }];
    if (isPlatformAdmin) admin.push({ key: 'admin', label: 'Admin Config', to: '/admin' });
    sections.push({ title: 'Admin Panel', items: admin });
  }
  return sections;
}
