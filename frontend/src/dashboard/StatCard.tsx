import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { Box, Card, CardActionArea, Skeleton, Typography } from '@mui/material';
import type { ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { colors, tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

/** A headline count that links to its list; `tone="danger"` gives it the red accent. */
export function StatCard({
  label,
  value,
  icon,
  to,
  linkText,
  tone = 'default',
}: {
  label: string;
  value: number | undefined;
  icon: ReactElement;
  to: string;
  linkText: string;
  tone?: 'default' | 'danger';
}) {
  const danger = tone === 'danger';
  const accent = danger ? 'error.main' : 'primary.main';
  return (
    <Card
      data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
      sx={{
        position: 'relative',
        overflow: 'hidden',
        ...(danger ? { borderColor: tint('error', 0.35), bgcolor: colors.dangerSurface } : {}),
        '&::before': {
          content: '""',
          position: 'absolute',
          inset: '0 auto 0 0',
          width: 4,
          bgcolor: accent,
        },
      }}
    >
      <CardActionArea component={RouterLink} to={to} sx={{ p: 2.5, pl: 3 }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: 2 }}>
          <Box>
            <Typography
              component="h2"
              sx={{ fontSize: fontSizes.body, fontWeight: 600, color: 'text.secondary' }}
            >
              {label}
            </Typography>
            {value === undefined ? (
              <Skeleton variant="text" width={64} sx={{ fontSize: fontSizes.stat }} />
            ) : (
              <Typography
                data-testid="stat-value"
                sx={{
                  fontSize: fontSizes.stat,
                  fontWeight: 700,
                  lineHeight: 1.2,
                  mt: 0.5,
                  color: danger && value > 0 ? 'error.main' : 'text.primary',
                }}
              >
                {value.toLocaleString('en-US')}
              </Typography>
            )}
          </Box>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 44,
              height: 44,
              borderRadius: 2.5,
              color: accent,
              bgcolor: danger ? tint('error', 0.1) : tint('ink', 0.08),
            }}
          >
            {icon}
          </Box>
        </Box>
        <Typography
          component="span"
          sx={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 0.5,
            mt: 1,
            fontSize: fontSizes.compact,
            fontWeight: 600,
            color: accent,
          }}
        >
          {linkText}
          <ArrowForwardIcon sx={{ fontSize: iconSizes.inline }} aria-hidden />
        </Typography>
      </CardActionArea>
    </Card>
  );
}
