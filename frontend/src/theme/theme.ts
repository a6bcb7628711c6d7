import { createTheme, type ThemeOptions } from '@mui/material/styles';
import { defaultTheme } from 'react-admin';

/** Mobile breakpoint is 768px (spec section 9): under it the sidebar becomes a slide-out menu. */
export const MOBILE_BREAKPOINT = 768;

const brand = {
  ink: '#0f3d3e',
  inkSoft: '#1d5c5d',
  accent: '#f4c95d',
  surface: '#f6f7f5',
};

const options: ThemeOptions = {
  ...defaultTheme,
  breakpoints: { values: { xs: 0, sm: MOBILE_BREAKPOINT, md: 1024, lg: 1280, xl: 1536 } },
  palette: {
    mode: 'light',
    primary: { main: brand.ink, light: brand.inkSoft, contrastText: '#ffffff' },
    secondary: { main: '#b7791f' },
    background: { default: brand.surface, paper: '#ffffff' },
    text: { primary: '#1c2321', secondary: '#5b6663' },
    success: { main: '#2f855a' },
    warning: { main: '#c05621' },
    error: { main: '#c53030' },
    divider: '#e3e6e4',
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
      styleOverrides: { root: { borderRadius: 14, borderColor: '#e3e6e4' } },
    },
    MuiButton: { defaultProps: { disableElevation: true } },
    MuiAppBar: { styleOverrides: { root: { boxShadow: 'none' } } },
  },
  sidebar: { width: 260, closedWidth: 64 },
};

export const theme = createTheme(options);
export const brandColors = brand;
