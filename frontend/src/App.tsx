import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { dataProvider } from './api/dataProvider';
import { createQueryClient } from './api/queryClient';
import { PortalPage } from './dashboard/PortalPage';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './notifications/AppNotification';
import { NotFound } from './pages/NotFound';
import { Placeholder } from './pages/Placeholder';
import { theme } from './theme/theme';

const queryClient = createQueryClient();

/** Wires the spec's route table (section 2); each screen lives in its own folder. */
export function App() {
  return (
    <BrowserRouter>
      <Admin
        title="Faire Shipment Manager"
        dataProvider={dataProvider}
        queryClient={queryClient}
        theme={theme}
        layout={AppLayout}
        notification={AppNotification}
        catchAll={NotFound}
        disableTelemetry
        requireAuth={false}
      >
        <CustomRoutes noLayout>
          <Route
            path="/auth/google/callback"
            element={<Placeholder title="Signing you in" description="Completing sign-in..." />}
          />
          <Route
            path="/accept-invite"
            element={<Placeholder title="Accept invitation" description="Checking your invitation..." />}
          />
          <Route
            path="/no-company"
            element={
              <Placeholder title="No company yet" description="Create a company or wait for an invitation." />
            }
          />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<PortalPage />} />
          <Route path="/dashboard" element={<PortalPage />} />
          <Route
            path="/orders"
            element={<Placeholder title="Open Orders" description="No order data available yet" />}
          />
          <Route
            path="/problem-orders"
            element={<Placeholder title="Problem Orders" description="No order data available yet" />}
          />
          <Route
            path="/team"
            element={<Placeholder title="Team Management" description="Invite teammates and manage roles." />}
          />
          <Route
            path="/admin"
            element={<Placeholder title="Master Admin Panel" description="Platform administration." />}
          />
          <Route
            path="/oauth-setup"
            element={
              <Placeholder
                title="Connect your Faire account"
                description="Authorize with Faire, grant permissions, complete setup."
              />
            }
          />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
