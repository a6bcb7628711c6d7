import { Admin, CustomRoutes } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { AdminPage } from './admin/AdminPage';
import { dataProvider } from './api/dataProvider';
import { createQueryClient } from './api/queryClient';
import { GoogleCallbackPage } from './auth/GoogleCallbackPage';
import { NoCompanyPage } from './company/NoCompanyPage';
import { ConnectPage } from './connect/ConnectPage';
import { PortalPage } from './dashboard/PortalPage';
import { AcceptInvitePage } from './invite/AcceptInvitePage';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './notifications/AppNotification';
import { OpenOrdersPage } from './orders/OpenOrdersPage';
import { ProblemOrdersPage } from './orders/ProblemOrdersPage';
import { NotFound } from './pages/NotFound';
import { TeamPage } from './team/TeamPage';
import { theme } from './theme/theme';

const queryClient = createQueryClient();

/**
 * Wires the spec's route table (section 2); each screen lives in its own folder. Routes inside the
 * layout are gated by `AppLayout` (sign-in, no-company); the routes without it gate themselves.
 */
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
          <Route path="/auth/google/callback" element={<GoogleCallbackPage />} />
          <Route path="/accept-invite" element={<AcceptInvitePage />} />
          <Route path="/no-company" element={<NoCompanyPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/" element={<PortalPage />} />
          <Route path="/dashboard" element={<PortalPage />} />
          <Route path="/orders" element={<OpenOrdersPage />} />
          <Route path="/problem-orders" element={<ProblemOrdersPage />} />
          <Route path="/team" element={<TeamPage />} />
          <Route path="/admin" element={<AdminPage />} />
          <Route path="/oauth-setup" element={<ConnectPage />} />
        </CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
