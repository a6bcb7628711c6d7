import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Link, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { CenteredShell } from '../pages/CenteredShell';
import { fontSizes, iconSizes } from '../theme/typography';

export interface LegalSection {
  heading: string;
  body: ReactNode;
}

/** A short legal page (Terms, Privacy) in the frame of the sign-in screen, reachable signed in or not. */
export function LegalPage({
  title,
  updated,
  intro,
  sections,
}: {
  title: string;
  updated: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  return (
    <CenteredShell maxWidth={720}>
      <Link
        component={RouterLink}
        to="/"
        underline="hover"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          fontWeight: 600,
          fontSize: fontSizes.body,
        }}
      >
        <ArrowBackIcon sx={{ fontSize: iconSizes.medium }} aria-hidden />
        Back to Shipment Manager
      </Link>
      <Typography variant="h2" component="h1" sx={{ mt: 2 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Last updated {updated}
      </Typography>
      <Typography sx={{ mt: 2.5 }}>{intro}</Typography>
      {sections.map((s) => (
        <Box component="section" key={s.heading} sx={{ mt: 3 }}>
          <Typography variant="h3" component="h2" sx={{ fontSize: fontSizes.subtitle }}>
            {s.heading}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.75, lineHeight: 1.65 }}>
            {s.body}
          </Typography>
        </Box>
      ))}
    </CenteredShell>
  );
}
