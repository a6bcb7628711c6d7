import { Box, Typography } from '@mui/material';
import { brandColors } from '../theme/theme';
import { LogoTile } from './LogoTile';
import { colors } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

/** The product mark: logo tile, "Shipment Manager" and "for Faire". */
export function BrandMark({ inverse = false, size = 36 }: { inverse?: boolean; size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
      <LogoTile size={size} sx={{ borderRadius: 2, boxShadow: inverse ? 'none' : 1 }} />
      <Box>
        <Typography
          sx={{ fontWeight: 700, lineHeight: 1.1, color: inverse ? colors.white : brandColors.ink }}
        >
          Shipment Manager
        </Typography>
        <Typography
          sx={{
            fontSize: fontSizes.caption,
            color: inverse ? brandColors.accent : 'secondary.main',
            fontWeight: 600,
          }}
        >
          for Faire
        </Typography>
      </Box>
    </Box>
  );
}
