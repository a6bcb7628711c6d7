import { lazy, Suspense, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { Admin, CustomRoutes, Resource } from 'react-admin';
import { BrowserRouter, Route } from 'react-router-dom';
import { dataProvider } from './dataProvider';
import { createAuthProvider } from './auth/authProvider';
import { seedFirstScreen } from './api/firstScreen';
import { createQueryClient } from './api/queryClient';
import { PortalPage } from './dashboard/PortalPage';
import { LATE_RATE_QUERY_KEY, STATS_QUERY_KEY } from './orders';
import { canAccess } from './auth/canAccess';
import type { CurrentUser } from './auth/useCurrentUser';
import { AttentionCount } from './integrations';
import { AppLayout } from './layout/AppLayout';
import type { NavBadges } from './layout/Sidebar';
import { AppNotification } from './notifications/AppNotification';
import { FullPageSpinner } from './pages/FullPageSpinner';
import { NotFound } from './pages/NotFound';
import { ROUTES, type PortalRoute, type RouteKey } from './routes';
import { theme } from './theme/theme';

const queryClient = createQueryClient();
// The signed-in caller's page carries the first screen's session, configuration and connection, and
// has already asked for the dashboard's numbers.
seedFirstScreen(queryClient, {
  '/api/analytics/stats': { queryKey: STATS_QUERY_KEY, queryFn: () => dataProvider.getOrderStats() },
  '/api/orders/late-rate': { queryKey: LATE_RATE_QUERY_KEY, queryFn: () => dataProvider.getLateRate() },
});
const authProvider = createAuthProvider(queryClient);

/** A screen in its own chunk, fetched when its route is first shown (the portal itself is not). */
function page<K extends string>(
  load: () => Promise<Record<K, ComponentType>>,
  name: K,
): LazyExoticComponent<ComponentType> {
  return lazy(() => load().then((m) => ({ default: m[name] })));
}

const AdminPage = page(() => import('./admin/AdminPage'), 'AdminPage');
const GoogleCallbackPage = page(() => import('./auth/GoogleCallbackPage'), 'GoogleCallbackPage');
const NoCompanyPage = page(() => import('./company/NoCompanyPage'), 'NoCompanyPage');
const ConnectPage = page(() => import('./connect/ConnectPage'), 'ConnectPage');
const AttentionPage = page(() => import('./integrations/AttentionPage'), 'AttentionPage');
const AcceptInvitePage = page(() => import('./invite/AcceptInvitePage'), 'AcceptInvitePage');
const OpenOrdersPage = page(() => import('./orders/OpenOrdersPage'), 'OpenOrdersPage');
const ProblemOrdersPage = page(() => import('./orders/ProblemOrdersPage'), 'ProblemOrdersPage');
const TeamPage = page(() => import('./team/TeamPage'), 'TeamPage');
const TermsPage = page(() => import('./legal/TermsPage'), 'TermsPage');
const PrivacyPage = page(() => import('./legal/PrivacyPage'), 'PrivacyPage');

/** Each route of the table (`routes.ts`) and its screen. */
const SCREENS: Record<RouteKey, ComponentType> = {
  'google-callback': GoogleCallbackPage,
  'accept-invite': AcceptInvitePage,
  'no-company': NoCompanyPage,
  terms: TermsPage,
  privacy: PrivacyPage,
  dashboard: PortalPage,
  orders: OpenOrdersPage,
  'problem-orders': ProblemOrdersPage,
  attention: AttentionPage,
  team: TeamPage,
  admin: AdminPage,
  'oauth-setup': ConnectPage,
};

/** The sidebar's counts, each from its feature (layout/ imports no feature). */
const NAV_BADGES: NavBadges = {
  attention: function AttentionBadge({ user }: { user: CurrentUser | null | undefined }) {
    return <AttentionCount enabled={canAccess(user, 'list', 'attention')} />;
  },
};

/** The portal's frame, with the features' counts in its sidebar. */
function PortalLayout({ children }: { children?: ReactNode }) {
  return <AppLayout navBadges={NAV_BADGES}>{children}</AppLayout>;
}

/** Routes without the layout have no Suspense boundary of their own. */
function Bare({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
}

function screenRoute({ key, path }: PortalRoute, bare: boolean) {
  const Screen = SCREENS[key];
  const element = bare ? (
    <Bare>
      <Screen />
    </Bare>
  ) : (
    <Screen />
  );
  return <Route key={key} path={path} element={element} />;
}

/**
 * Wires the route table (`routes.ts`, spec section 2); each screen lives in its own folder. Routes inside
 * the layout are gated by `AppLayout` (sign-in, no-company, from the table); the open routes gate
 * themselves. `requireAuth` stays off: the layout shows the sign-in screen in place (URL and deep link
 * kept) instead of react-admin's redirect to a login page.
 */
export function App() {
  const open = ROUTES.filter((r) => r.gate === 'open');
  const framed = ROUTES.filter((r) => r.gate !== 'open');
  return (
    <BrowserRouter>
      <Admin
        title="Faire Shipment Manager"
        dataProvider={dataProvider}
        authProvider={authProvider}
        queryClient={queryClient}
        dashboard={PortalPage}
        theme={theme}
        layout={PortalLayout}
        notification={AppNotification}
        catchAll={NotFound}
        disableTelemetry
        requireAuth={false}
      >
        <CustomRoutes noLayout>{open.map((r) => screenRoute(r, true))}</CustomRoutes>
        {/*
          A resource's list route matches everything under it (`/orders/*`), and a resource without
          one matches nothing: any deeper or unlisted path is the spec's not-found screen. The lists
          read through the data provider.
        */}
        {framed
          .filter((r) => r.resource)
          .map((r) => (
            <Resource key={r.key} name={r.resource!} list={SCREENS[r.key]}>
              <Route path=":unknown/*" element={<NotFound />} />
            </Resource>
          ))}
        <Resource name="shipments">
          <Route path="*" element={<NotFound />} />
        </Resource>
        <Resource name="members">
          <Route path="*" element={<NotFound />} />
        </Resource>
        <Resource name="activity">
          <Route path="*" element={<NotFound />} />
        </Resource>
        <CustomRoutes>{framed.filter((r) => !r.resource).map((r) => screenRoute(r, false))}</CustomRoutes>
      </Admin>
    </BrowserRouter>
  );
}
