import LinkIcon from '@mui/icons-material/LinkRounded';
import { Box, Button, Card, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { brandColors } from '../theme/theme';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

/** Shown on the dashboard to a user who has not connected Faire yet, in place of fetching orders. */
export function ConnectFaireCard() {
  return (
    <Card
      data-testid="connect-faire-card"
      sx={{
        mb: 3,
        p: { xs: 2.5, sm: 3 },
        display: 'flex',
        flexDirection: { xs: 'column', sm: 'row' },
        alignItems: { xs: 'flex-start', sm: 'center' },
        gap: 2.5,
        color: colors.white,
        bgcolor: brandColors.ink,
        borderColor: brandColors.ink,
        backgroundImage: `radial-gradient(circle at 100% 0%, ${tint('accent', 0.28)}, transparent 45%)`,
      }}
    >
      <Box
        aria-hidden
        sx={{
          display: 'grid',
          placeItems: 'center',
          width: 48,
          height: 48,
          borderRadius: 3,
          bgcolor: tint('white', 0.12),
          flexShrink: 0,
        }}
      >
        <LinkIcon sx={{ color: brandColors.accent }} />
      </Box>
      <Box sx={{ flex: 1 }}>
        <Typography variant="h3" component="h2" sx={{ color: colors.white }}>
          Connect your Faire account
        </Typography>
        <Typography sx={{ mt: 0.5, color: tint('white', 0.8), fontSize: fontSizes.body }}>
          Link your Faire brand to fetch your open orders and spot late ones automatically. It takes less than
          a minute.
        </Typography>
      </Box>
      <Button
        component={RouterLink}
        to="/oauth-setup"
        variant="contained"
        sx={{
          bgcolor: brandColors.accent,
          color: brandColors.ink,
          '&:hover': { bgcolor: colors.accentHover },
          flexShrink: 0,
        }}
      >
        Connect Faire
      </Button>
    </Card>
  );
}
