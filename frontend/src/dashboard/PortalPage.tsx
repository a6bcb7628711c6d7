import { useSearchParams } from 'react-router-dom';
import type { PortalTab } from '../layout/navigation';
import { SettingsTab } from '../settings/SettingsTab';
import { ShipmentHistoryTab } from '../shipments/ShipmentHistoryTab';
import { UploadTab } from '../upload/UploadTab';
import { DashboardTab } from './DashboardTab';

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
