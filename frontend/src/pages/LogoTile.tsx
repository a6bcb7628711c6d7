import { Box, type SxProps, type Theme } from '@mui/material';
import { colors } from '../theme/tokens';

/**
 * The logo tile (the same drawing as /favicon.svg), drawn inline: the browser already fetches the file
 * once as the tab icon, and an <img> of it would fetch it a second time on a cold load.
 */
export function LogoTile({ size, sx }: { size: number; sx?: SxProps<Theme> }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      aria-hidden
      focusable="false"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block', ...sx }}
    >
      <rect width="32" height="32" rx="8" fill={colors.ink} />
      <path
        d="M8 12l8-4 8 4v9l-8 4-8-4z"
        fill="none"
        stroke={colors.accent}
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path
        d="M8 12l8 4 8-4M16 16v9"
        fill="none"
        stroke={colors.accent}
        strokeWidth="2"
        strokeLinejoin="round"
      />
    </Box>
  );
}
