import { render } from '@testing-library/react';
import type { QueryClient } from '@tanstack/react-query';
import type { ReactElement } from 'react';
import { AdminContext, type AuthProvider, type DataProvider } from 'react-admin';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { dataProvider as portalDataProvider } from '../dataProvider';
import { createQueryClient } from '../api/queryClient';
import { ME_QUERY_KEY, type CurrentUser } from '../auth/useCurrentUser';
import { theme } from '../theme/theme';
import { ToastProbe } from './toasts';

export { ann } from './fixtures';

/** Shows where the app navigated to, for assertions. */
function LocationProbe() {
  const { pathname, search } = useLocation();
  return <output data-testid="location">{pathname + search}</output>;
}

/**
 * Renders `ui` at `route` (matched by `path`) inside the app's providers. `user` seeds the current
 * user query (undefined leaves it to fetch). `strict` renders under StrictMode from the root, as main.tsx
 * does, so effects run twice.
 */
export function renderScreen(
  ui: ReactElement,
  {
    route = '/',
    path = '*',
    user,
    strict = false,
    dataProvider = portalDataProvider,
    authProvider,
  }: {
    route?: string;
    path?: string;
    user?: CurrentUser | null;
    strict?: boolean;
    /** react-admin's data provider; the default is the app's own, over `fetch` (stub it with mockApi). */
    dataProvider?: DataProvider;
    /** react-admin's auth provider over the screen's query client (`createAuthProvider`); none by default. */
    authProvider?: (queryClient: QueryClient) => AuthProvider;
  } = {},
) {
  const queryClient = createQueryClient();
  if (user !== undefined) queryClient.setQueryData(ME_QUERY_KEY, user);
  const result = render(
    <MemoryRouter initialEntries={[route]}>
      <AdminContext
        queryClient={queryClient}
        theme={theme}
        dataProvider={dataProvider}
        authProvider={authProvider?.(queryClient)}
      >
        <Routes>
          <Route path={path} element={ui} />
          {path === '*' ? null : <Route path="*" element={null} />}
        </Routes>
        <LocationProbe />
        <ToastProbe />
      </AdminContext>
    </MemoryRouter>,
    { reactStrictMode: strict },
  );
  const location = () => result.getByTestId('location').textContent;
  return { ...result, queryClient, location };
}
