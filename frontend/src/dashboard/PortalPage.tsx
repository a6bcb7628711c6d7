import { lazy } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { PortalTab } from '../routes';
import { DashboardTab } from './DashboardTab';

// The dashboard is the first screen; the other tabs (CSV parsing and review included) load when opened.
// The portal frame's Suspense boundary shows a spinner meanwhile.
const SettingsTab = lazy(() => import('../settings/SettingsTab').then((m) => ({ default: m.SettingsTab })));
const UploadTab = lazy(() => import('../upload/UploadTab').then((m) => ({ default: m.UploadTab })));
const ShipmentHistoryTab = lazy(() =>
  import('../shipments/ShipmentHistoryTab').then((m) => ({ default: m.ShipmentHistoryTab })),
);

function asTab(value: string | null): PortalTab {
  return value === 'upload' || value === 'history' || value === 'settings' ? value : 'dashboard';
}

/** The main portal (/dashboard and /): in-page tabs chosen from the sidebar. */
export function PortalPage() {
  const [params] = useSearchParams();
  const tab = asTab(params.get('tab'));
  switch (tab) {
    case 'dashboard':
      return <DashboardTab />;
    case 'settings':
      return <SettingsTab />;
    case 'upload':
      return <UploadTab />;
    case 'history':
      return <ShipmentHistoryTab />;
  }
}
