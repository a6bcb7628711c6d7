import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';
import { colors } from './tokens';

/** Mobile breakpoint is 768px (spec section 9): under it the sidebar becomes a slide-out menu. */
export const MOBILE_BREAKPOINT = 768;

const brand = { ink: colors.ink, inkSoft: colors.inkSoft, accent: colors.accent, surface: colors.surface };

const options: ThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: MOBILE_BREAKPOINT, md: 1024, lg: 1280, xl: 1536 } },
  palette: {
    mode: 'light',
    primary: { main: brand.ink, light: brand.inkSoft, contrastText: colors.white },
    secondary: { main: colors.gold },
    background: { default: brand.surface, paper: colors.white },
    text: { primary: colors.text, secondary: colors.textMuted },
    success: { main: colors.success },
    warning: { main: colors.warning },
    error: { main: colors.error },
    divider: colors.divider,
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
    h1: { fontSize: '1.75rem', fontWeight: 700, letterSpacing: '-0.01em' },
    h2: { fontSize: '1.4rem', fontWeight: 700 },
    h3: { fontSize: '1.15rem', fontWeight: 600 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    ...defaultTheme.components,
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 14, borderColor: colors.divider } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { styleOverrides: { root: { boxShadow: 'none' } } },
  },
  sidebar: { width: 260, closedWidth: 64 },
};

export const theme = createTheme(options);
export const brandColors = brand;
export { colors, tint, type ColorToken } from './tokens';
