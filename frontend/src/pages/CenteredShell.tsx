import { Box, Card, CardContent } from '@mui/material';
import type { ReactNode } from 'react';
import { BrandMark } from './BrandMark';

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
        backgroundImage:
          'radial-gradient(circle at 12% 0%, rgba(15,61,62,0.10), transparent 42%), radial-gradient(circle at 100% 100%, rgba(244,201,93,0.20), transparent 38%)',
      }}
    >
      <BrandMark />
      <Card sx={{ width: '100%', maxWidth, boxShadow: '0 12px 32px rgba(15,61,62,0.08)' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>
          {children}
        </CardContent>
      </Card>
      {footer}
    </Box>
  );
}
