import DashboardIcon from '@mui/icons-material/SpaceDashboardOutlined';
import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import SettingsIcon from '@mui/icons-material/SettingsOutlined';
import OrdersIcon from '@mui/icons-material/Inventory2Outlined';
import ProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import TeamIcon from '@mui/icons-material/GroupsOutlined';
import AdminIcon from '@mui/icons-material/AdminPanelSettingsOutlined';
import LogoutIcon from '@mui/icons-material/LogoutOutlined';
import AttentionIcon from '@mui/icons-material/MarkEmailUnreadOutlined';
import {
  Avatar,
  Box,
  Button,
  Divider,
  List,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  ListSubheader,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import type { ComponentType, ReactElement } from 'react';
import { useSidebarState } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useAuthConfig } from '../auth/authConfig';
import { initials, useCurrentUser, type CurrentUser } from '../auth/useCurrentUser';
import { LogoTile } from '../pages/LogoTile';
import { brandColors } from '../theme/theme';
import { navigationFor, type NavItem } from '../routes';
import { useSignOut } from './useSignOut';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

const ICONS: Record<string, ReactElement> = {
  dashboard: <DashboardIcon />,
  upload: <UploadIcon />,
  history: <HistoryIcon />,
  attention: <AttentionIcon />,
  settings: <SettingsIcon />,
  orders: <OrdersIcon />,
  'problem-orders': <ProblemIcon />,
  team: <TeamIcon />,
  admin: <AdminIcon />,
};

function Badge({ of: Count, user }: { of: NavBadges[string]; user: CurrentUser | null | undefined }) {
  return Count ? <Count user={user} /> : null;
}

function isActive(item: NavItem, pathname: string, search: string): boolean {
  if (item.tab) {
    if (pathname !== '/dashboard' && pathname !== '/') return false;
    const tab = new URLSearchParams(search).get('tab') ?? 'dashboard';
    return tab === item.tab;
  }
  return pathname === item.to;
}

/**
 * A count shown beside sidebar entries, by entry key ('attention': the labels waiting). Each belongs to
 * its feature: the app passes them in, since layout/ imports no feature.
 */
export type NavBadges = Partial<Record<string, ComponentType<{ user: CurrentUser | null | undefined }>>>;

/** The portal sidebar: sections from `navigationFor`, the user's identity and Sign out. */
export function Sidebar({ badges = {} }: { badges?: NavBadges }) {
  const { data: user } = useCurrentUser();
  const { data: authConfig } = useAuthConfig();
  const { pathname, search } = useLocation();
  const [, setOpen] = useSidebarState();
  const isMobile = useMediaQuery((t: Theme) => t.breakpoints.down('sm'));
  const signOut = useSignOut();
  const closeOnMobile = () => {
    if (isMobile) setOpen(false);
  };

  return (
    <Box
      component="nav"
      aria-label="Main navigation"
      data-testid="sidebar"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        height: '100%',
        minHeight: '100vh',
        width: 260,
        bgcolor: brandColors.ink,
        color: colors.onInk,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, py: 2.5 }}>
        <LogoTile size={32} />
        <Box>
          <Typography sx={{ fontWeight: 700, lineHeight: 1.1, color: colors.white }}>
            Shipment Manager
          </Typography>
          <Typography sx={{ fontSize: fontSizes.caption, color: brandColors.accent }}>for Faire</Typography>
        </Box>
      </Box>
      {authConfig?.sandboxMarketplace ? (
        <Box
          data-testid="sandbox-marker"
          title="Orders and shipments go to the built-in Faire sandbox, not to Faire"
          sx={{
            mx: 2.5,
            mb: 1,
            px: 1.25,
            py: 0.5,
            borderRadius: 1.5,
            fontSize: fontSizes.caption,
            fontWeight: 600,
            color: brandColors.ink,
            bgcolor: brandColors.accent,
            textAlign: 'center',
          }}
        >
          Sandbox marketplace
        </Box>
      ) : null}
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {navigationFor(user).map((section, i) => (
          <List
            key={section.title ?? `section-${i}`}
            dense
            subheader={
              section.title ? (
                <ListSubheader
                  disableSticky
                  sx={{
                    bgcolor: 'transparent',
                    color: tint('onInk', 0.6),
                    fontSize: fontSizes.micro,
                    letterSpacing: '0.08em',
                    textTransform: 'uppercase',
                    lineHeight: '32px',
                  }}
                >
                  {section.title}
                </ListSubheader>
              ) : undefined
            }
          >
            {section.items.map((item) => {
              const active = isActive(item, pathname, search);
              return (
                <ListItemButton
                  key={item.key}
                  component={Link}
                  to={item.to}
                  onClick={closeOnMobile}
                  selected={active}
                  aria-current={active ? 'page' : undefined}
                  sx={{
                    mx: 1.5,
                    my: 0.25,
                    borderRadius: 2,
                    color: 'inherit',
                    '&.Mui-selected': { bgcolor: tint('accent', 0.16), color: colors.white },
                    '&.Mui-selected:hover': { bgcolor: tint('accent', 0.22) },
                    '&:hover': { bgcolor: tint('white', 0.06) },
                  }}
                >
                  <ListItemIcon
                    sx={{ minWidth: 36, color: active ? brandColors.accent : tint('onInk', 0.75) }}
                  >
                    {ICONS[item.key]}
                  </ListItemIcon>
                  <ListItemText
                    primary={item.label}
                    slotProps={{
                      primary: { sx: { fontSize: fontSizes.body, fontWeight: active ? 600 : 500 } },
                    }}
                  />
                  <Badge of={badges[item.key]} user={user} />
                </ListItemButton>
              );
            })}
          </List>
        ))}
      </Box>
      <Divider sx={{ borderColor: tint('white', 0.1) }} />
      {user ? (
        <Box sx={{ p: 2 }} data-testid="sidebar-user">
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1.5 }}>
            <Avatar
              sx={{
                bgcolor: brandColors.accent,
                color: brandColors.ink,
                fontWeight: 700,
                width: 36,
                height: 36,
                fontSize: fontSizes.body,
              }}
            >
              {initials(user.name || user.email)}
            </Avatar>
            <Box sx={{ minWidth: 0 }}>
              <Typography noWrap sx={{ fontSize: fontSizes.body, fontWeight: 600, color: colors.white }}>
                {user.name}
              </Typography>
              <Typography noWrap sx={{ fontSize: fontSizes.caption, color: tint('onInk', 0.7) }}>
                {user.email}
              </Typography>
            </Box>
          </Box>
          <Button
            fullWidth
            variant="outlined"
            startIcon={<LogoutIcon />}
            onClick={signOut}
            sx={{
              color: colors.onInk,
              borderColor: tint('white', 0.25),
              '&:hover': { borderColor: colors.white },
            }}
          >
            Sign out
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}
