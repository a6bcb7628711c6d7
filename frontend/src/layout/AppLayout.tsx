import MenuIcon from '@mui/icons-material/Menu';
import {
  AppBar,
  Box,
  Drawer,
  IconButton,
  Toolbar,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Loading, useSidebarState } from 'react-admin';
import { Navigate, useLocation } from 'react-router-dom';
import { gateFor } from '../auth/gate';
import { storeReturnTo } from '../auth/session';
import { SignInPage } from '../auth/SignInPage';
import { useCurrentUser } from '../auth/useCurrentUser';
import { FullPageSpinner } from '../pages/FullPageSpinner';
import { LogoTile } from '../pages/LogoTile';
import { ServerUnavailable } from '../pages/ServerUnavailable';
import { brandColors } from '../theme/theme';
import { AppUpdateCheck } from './AppUpdateCheck';
import { Sidebar, type NavBadges } from './Sidebar';
import { colors } from '../theme/tokens';

const SIDEBAR_WIDTH = 260;

/**
 * Every layout route goes through here. While the current user loads: a spinner. Signed out: the
 * sign-in screen in place of the portal (the URL stays). Signed in without a company and not a
 * platform admin: /no-company. Otherwise the portal frame. See `gateFor`.
 */
export function AppLayout({ children, navBadges }: { children?: ReactNode; navBadges?: NavBadges }) {
  const me = useCurrentUser();
  const { pathname, search } = useLocation();
  const gate = gateFor(me.isPending ? undefined : me.data, pathname);
  // A signed-out visitor on a deep link gets there after signing in (postSignInPath).
  useEffect(() => {
    if (gate === 'sign-in') storeReturnTo(pathname + search);
  }, [gate, pathname, search]);

  if (me.isError && me.data === undefined) return <ServerUnavailable onRetry={() => void me.refetch()} />;
  switch (gate) {
    case 'loading':
      return <FullPageSpinner />;
    case 'sign-in':
      return <SignInPage />;
    case 'no-company':
      return <Navigate to="/no-company" replace />;
    case 'bare':
      return <Suspense fallback={<FullPageSpinner />}>{children}</Suspense>;
    case 'portal':
      return <PortalFrame navBadges={navBadges}>{children}</PortalFrame>;
  }
}

/**
 * The portal frame: a fixed sidebar on screens 768px and wider; under 768px a top bar with a menu
 * button that slides the same sidebar out.
 */
function PortalFrame({ children, navBadges }: { children?: ReactNode; navBadges?: NavBadges }) {
  const isMobile = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const [open, setOpen] = useSidebarState();

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {isMobile ? (
        <>
          <AppBar
            position="fixed"
            color="inherit"
            sx={{ bgcolor: colors.white, borderBottom: '1px solid', borderColor: 'divider' }}
          >
            <Toolbar sx={{ gap: 1 }}>
              <IconButton
                edge="start"
                aria-label="Open menu"
                onClick={() => setOpen(true)}
                data-testid="menu-button"
              >
                <MenuIcon />
              </IconButton>
              <LogoTile size={26} />
              <Typography sx={{ fontWeight: 700, color: brandColors.ink }}>Shipment Manager</Typography>
            </Toolbar>
          </AppBar>
          <Drawer
            variant="temporary"
            open={open}
            onClose={() => setOpen(false)}
            ModalProps={{ keepMounted: true }}
            slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
          >
            <Sidebar badges={navBadges} />
          </Drawer>
        </>
      ) : (
        <Drawer
          variant="permanent"
          open
          sx={{ width: SIDEBAR_WIDTH, flexShrink: 0 }}
          slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, border: 0 } } }}
        >
          <Sidebar badges={navBadges} />
        </Drawer>
      )}
      <Box
        component="main"
        id="main-content"
        sx={{
          flex: 1,
          minWidth: 0,
          px: { xs: 2, sm: 4 },
          py: { xs: 2, sm: 4 },
          mt: isMobile ? 7 : 0,
          maxWidth: 1400,
        }}
      >
        <Suspense fallback={<Loading />}>{children}</Suspense>
      </Box>
      <AppUpdateCheck />
    </Box>
  );
}
