import { Box, Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';
import { tint } from '../theme/tokens';

/** The frame of the screens shown without the portal layout: brand mark above one centered card. */
export function CenteredShell({
  children,
  maxWidth = 480,
  footer,
}: {
  children: ReactNode;
  maxWidth?: number;
  footer?: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 3,
        px: 2,
        py: { xs: 4, sm: 6 },
        bgcolor: 'background.default',
        backgroundImage: `radial-gradient(circle at 12% 0%, ${tint('ink', 0.1)}, transparent 42%), radial-gradient(circle at 100% 100%, ${tint('accent', 0.2)}, transparent 38%)`,
      }}
    >
      <BrandMark />
      <Card sx={{ width: '100%', maxWidth, boxShadow: `0 12px 32px ${tint('ink', 0.08)}` }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          {children}
        </CardContent>
      </Card>
      {footer}
    </Box>
  );
}
