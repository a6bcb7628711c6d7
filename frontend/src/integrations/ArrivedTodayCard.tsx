import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import BoltIcon from '@mui/icons-material/BoltOutlined';
import { Box, Card, Link, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router-dom';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useIntegrations } from './api';
import { useAttentionCount } from './AttentionCount';
import { sourceName } from './format';
import { fontSizes, iconSizes } from '../theme/typography';

/** History filtered to one source, as a link. */
export function historyOfSource(kind: string): string {
  return `/dashboard?tab=history&filter=${encodeURIComponent(JSON.stringify({ source: kind }))}`;
}

/**
 * The dashboard's line on connected sources: how many Faire shipments arrived on their own today (made
 * by a source with no person and no file, each counted once), and how many wait in "Needs attention".
 * Shown once a source is connected.
 */
export function ArrivedTodayCard() {
  const { data: user } = useCurrentUser();
  const enabled = canAccess(user, 'list', 'integrations');
  const integrations = useIntegrations(enabled);
  const connections = integrations.data?.connections ?? [];
  const waiting = useAttentionCount(enabled && connections.length > 0);
  if (!enabled || connections.length === 0) return null;
  const arrived = connections.reduce((n, c) => n + (c.arrivedToday || 0), 0);
  const names = [...new Set(connections.map((c) => sourceName(c.kind)))].join(' and ');
  const first = connections[0]?.kind ?? '';
  const link = {
    display: 'inline-flex',
    alignItems: 'center',
    gap: 0.5,
    fontSize: fontSizes.compact,
    fontWeight: 600,
  } as const;

  return (
    <Card data-testid="arrived-today" sx={{ p: 2.5, mb: 3 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box
          aria-hidden
          sx={(t) => ({
            display: 'grid',
            placeItems: 'center',
            width: 44,
            height: 44,
            borderRadius: 2.5,
            color: 'primary.main',
            bgcolor: alpha(t.palette.primary.main, 0.08),
            flexShrink: 0,
          })}
        >
          <BoltIcon />
        </Box>
        <Box sx={{ flex: 1, minWidth: 200 }}>
          <Typography sx={{ fontWeight: 700, fontSize: fontSizes.subtitle }} data-testid="arrived-today-text">
            {arrived.toLocaleString('en-US')} arrived on their own today
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Shipments from {names} sent to Faire with no file to upload.
          </Typography>
        </Box>
        <Box sx={{ display: 'flex', gap: 2.5, flexWrap: 'wrap' }}>
          {waiting ? (
            <Link component={RouterLink} to="/attention" color="warning.main" sx={link}>
              {waiting} {waiting === 1 ? 'needs' : 'need'} attention
              <ArrowForwardIcon sx={{ fontSize: iconSizes.inline }} aria-hidden />
            </Link>
          ) : null}
          <Link component={RouterLink} to={historyOfSource(first)} sx={link}>
            View in history
            <ArrowForwardIcon sx={{ fontSize: iconSizes.inline }} aria-hidden />
          </Link>
        </Box>
      </Box>
    </Card>
  );
}
