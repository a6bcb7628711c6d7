import { alpha } from '@mui/material/styles';

/**
 * The colours of the portal, named once. Screens use the theme's palette (`primary.main`,
 * `text.secondary`, ...) where it has the colour, and these tokens otherwise; no colour is written as a
 * literal outside `theme/` (the lint refuses `#...` and `rgb(...)` strings in the frontend).
 */
export const colors = {
  /** The brand: the sidebar's deep teal, its lighter shade, the gold accent. */
  ink: '#0f3d3e',
  inkSoft: '#1d5c5d',
  accent: '#f4c95d',
  accentHover: '#f7d57f',
  /** Secondary gold (badges, the "cannot succeed" hint). */
  gold: '#b7791f',
  white: '#ffffff',
  surface: '#f6f7f5',
  /** Text and lines on a white surface. */
  text: '#1c2321',
  textMuted: '#5b6663',
  divider: '#e3e6e4',
  /** Text on the ink background (sidebar, sign-in panel). */
  onInk: '#e8f0ef',
  success: '#2f855a',
  warning: '#c05621',
  error: '#c53030',
  info: '#3164a0',
  /** The darker text shades of the status chips, on their tinted backgrounds. */
  successText: '#22643f',
  infoText: '#2c5282',
  warningText: '#9c4221',
  errorText: '#9b2c2c',
  neutralText: '#4a5553',
  /** The dots of the status chips and health lines. */
  infoDot: '#3182ce',
  warningDot: '#dd6b20',
  neutralDot: '#718096',
  idleDot: '#a0aba8',
  /** Invited and pending members, users without a Faire connection. */
  invitedBg: '#fdf0d2',
  invitedText: '#8a5700',
  neutralBg: '#eceff0',
  neutralChipText: '#55605d',
  /** A brand claimed by another company. */
  conflict: '#ed6c02',
  conflictText: '#8a3f00',
  conflictIcon: '#b35300',
  /** A warning icon in the review (a row that may still pass). */
  caution: '#d69e2e',
  /** Solid light surfaces: sticky table heads, footers, warned and danger cards, the drop zone's edge. */
  tableHead: '#f3f5f4',
  footer: '#fafbfa',
  warningSurface: '#fffaf0',
  dangerSurface: '#fff8f8',
  dropBorder: '#c9d1ce',
  /** The dashboard chart's on-time bars. */
  onTime: '#2c7a7b',
} as const;

export type ColorToken = keyof typeof colors;

/** A token seen through at `opacity` (0-1): tinted backgrounds, borders and shadows. */
export function tint(token: ColorToken, opacity: number): string {
  return alpha(colors[token], opacity);
}
