import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ActivityItem } from './api';
import { actorLabel, describeActivity, formatDay, formatTime, isSameDay } from './format';
import { tint } from '../theme/tokens';

/** The actor badge: 'Admin' for a platform admin, 'Company admin' for a company's admin, otherwise 'User'. */
export function ActorChip({ item }: { item: Pick<ActivityItem, 'isAdmin' | 'actorRole'> }) {
  const label = actorLabel(item);
  return (
    <Chip
      label={label}
      size="small"
      data-actor={label}
      sx={{
        height: 22,
        fontSize: 12,
        fontWeight: 600,
        borderRadius: 1.5,
        bgcolor: item.isAdmin
          ? 'primary.main'
          : label === 'Company admin'
            ? tint('accent', 0.3)
            : tint('ink', 0.08),
        color: item.isAdmin ? 'primary.contrastText' : 'primary.main',
      }}
    />
  );
}

/**
 * Activity rows: the time (hh:mm AM/PM, with the day when it is not today), the actor badge and the
 * action in words. `detailed` adds who (email) and which company.
 */
export function ActivityList({
  items,
  detailed = false,
  now = new Date(),
}: {
  items: ActivityItem[];
  detailed?: boolean;
  now?: Date;
}) {
  return (
    <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label="Activity">
      {items.map((item) => {
        const at = new Date(item.timestamp);
        return (
          <Box
            component="li"
            key={item.id}
            data-testid={`activity-${item.id}`}
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: '72px 1fr', sm: '84px 1fr' },
              gap: 1.5,
              py: 1.25,
              borderBottom: '1px solid',
              borderColor: 'divider',
              '&:last-child': { borderBottom: 0 },
            }}
          >
            <Box>
              <Typography
                component="time"
                dateTime={item.timestamp}
                sx={{ display: 'block', fontSize: 13, fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}
              >
                {formatTime(at)}
              </Typography>
              {detailed || !isSameDay(at, now) ? (
                <Typography sx={{ fontSize: 12, color: 'text.secondary' }}>{formatDay(at, now)}</Typography>
              ) : null}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <ActorChip item={item} />
                <Typography sx={{ fontSize: 14, overflowWrap: 'anywhere' }}>
                  {describeActivity(item)}
                </Typography>
              </Box>
              {detailed && (item.actorEmail || item.companyName) ? (
                <Typography
                  sx={{ mt: 0.5, fontSize: 12.5, color: 'text.secondary', overflowWrap: 'anywhere' }}
                >
                  {[item.actorEmail, item.companyName].filter(Boolean).join(' · ')}
                </Typography>
              ) : null}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}
