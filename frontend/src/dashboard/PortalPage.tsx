import { useSearchParams } from 'react-router-dom';
import type { PortalTab } from '../layout/navigation';
import { Placeholder } from '../pages/Placeholder';

const TABS: Record<PortalTab, { title: string; description: string }> = {
  dashboard: { title: 'Dashboard', description: 'No order data available yet' },
  upload: { title: 'Upload Shipments', description: 'Upload a CSV of shipments to create them on Faire.' },
  history: { title: 'Shipment History', description: 'No shipments found' },
  settings: { title: 'Settings', description: 'Account, Faire integration and order late thresholds.' },
};

function asTab(value: string | null): PortalTab {
  return value === 'upload' || value === 'history' || value === 'settings' ? value : 'dashboard';
}

/** The main portal (/dashboard and /): in-page tabs chosen from the sidebar. */
export function PortalPage() {
  const [params] = useSearchParams();
  const tab = asTab(params.get('tab'));
  return <Placeholder {...TABS[tab]} />;
}
