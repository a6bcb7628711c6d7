import UploadIcon from '@mui/icons-material/CloudUploadOutlined';
import TeamIcon from '@mui/icons-material/GroupsOutlined';
import ProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import { Box, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { BrandMark } from '../pages/BrandMark';
import { brandColors } from '../theme/theme';
import { SignInOptions } from './SignInOptions';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

export const PRODUCT_TITLE = 'Faire Shipment Manager';
export const TAGLINE = 'Streamline your Faire order fulfillment';

const FEATURES: { icon: ReactElement; title: string; text: string }[] = [
  {
    icon: <UploadIcon />,
    title: 'Bulk shipment uploads',
    text: 'Upload a CSV of tracking numbers and create the shipments on Faire in one go.',
  },
  {
    icon: <ProblemIcon />,
    title: 'Catch late orders early',
    text: 'See open and problem orders by state before payouts slip.',
  },
  {
    icon: <TeamIcon />,
    title: 'Built for your team',
    text: 'Invite teammates by email and decide who manages what.',
  },
];

/**
 * The sign-in screen (spec section 2): a brand panel beside the sign-in card on laptops, a single
 * column on phones. It replaces every protected screen while signed out.
 */
export function SignInPage() {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1.05fr) minmax(0, 1fr)' },
        bgcolor: 'background.default',
      }}
    >
      <Box
        component="aside"
        sx={{
          display: { xs: 'none', md: 'flex' },
          flexDirection: 'column',
          justifyContent: 'space-between',
          p: 6,
          color: colors.onInk,
          background: `linear-gradient(155deg, ${brandColors.ink} 0%, ${brandColors.inkSoft} 100%)`,
          position: 'relative',
          overflow: 'hidden',
        }}
      >
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            right: -120,
            bottom: -120,
            width: 380,
            height: 380,
            borderRadius: '50%',
            border: `48px solid ${tint('accent', 0.1)}`,
          }}
        />
        <BrandMark inverse size={40} />
        <Box sx={{ maxWidth: 460, position: 'relative' }}>
          <Typography
            sx={{
              fontSize: fontSizes.tagline,
              fontWeight: 700,
              lineHeight: 1.2,
              color: colors.white,
              letterSpacing: '-0.02em',
            }}
          >
            {TAGLINE}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 5, display: 'grid', gap: 3 }}>
            {FEATURES.map((f) => (
              <Box component="li" key={f.title} sx={{ display: 'flex', gap: 2 }}>
                <Box
                  sx={{
                    flexShrink: 0,
                    width: 40,
                    height: 40,
                    borderRadius: 2.5,
                    display: 'grid',
                    placeItems: 'center',
                    bgcolor: tint('accent', 0.14),
                    color: brandColors.accent,
                  }}
                >
                  {f.icon}
                </Box>
                <Box>
                  <Typography sx={{ fontWeight: 600, color: colors.white }}>{f.title}</Typography>
                  <Typography sx={{ fontSize: fontSizes.body, color: tint('onInk', 0.75) }}>
                    {f.text}
                  </Typography>
                </Box>
              </Box>
            ))}
          </Box>
        </Box>
        <Typography sx={{ fontSize: fontSizes.caption, color: tint('onInk', 0.55) }}>
          Shipment Manager for Faire brands
        </Typography>
      </Box>

      <Box
        component="main"
        sx={{
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          px: { xs: 2.5, sm: 4 },
          py: { xs: 5, sm: 6 },
          backgroundImage: {
            xs: `radial-gradient(circle at 0% 0%, ${tint('ink', 0.1)}, transparent 45%), radial-gradient(circle at 100% 100%, ${tint('accent', 0.2)}, transparent 40%)`,
            md: 'none',
          },
        }}
      >
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <Box sx={{ display: { xs: 'flex', md: 'none' }, justifyContent: 'center', mb: 4 }}>
            <BrandMark size={40} />
          </Box>
          <Box sx={{ textAlign: 'center', mb: 4 }}>
            <Typography
              variant="h1"
              component="h1"
              sx={{ fontSize: { xs: fontSizes.welcomeCompact, sm: fontSizes.welcome } }}
            >
              {PRODUCT_TITLE}
            </Typography>
            <Typography color="text.secondary" sx={{ mt: 1 }}>
              <Box component="span" sx={{ display: { xs: 'inline', md: 'none' } }}>
                {TAGLINE}.{' '}
              </Box>
              Sign in to manage your shipments and orders.
            </Typography>
          </Box>
          <SignInOptions />
        </Box>
      </Box>
    </Box>
  );
}
