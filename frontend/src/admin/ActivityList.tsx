import BoltIcon from '@mui/icons-material/BoltOutlined';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { ActivityItem } from './api';
import {
  actorLabel,
  describeActivity,
  formatDay,
  formatTime,
  isSameDay,
  roleNotRecorded,
  sourceActor,
} from './format';
import { tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

/**
 * The actor badge: 'Admin' for a platform admin, 'Company admin' for a company's admin, 'User' for a
 * member, and the source's name (ShipStation) for what a source did by itself.
 */
export function ActorChip({
  item,
}: {
  item: Pick<ActivityItem, 'isAdmin' | 'actorRole'> &
    Partial<Pick<ActivityItem, 'companyId' | 'actorEmail' | 'userId' | 'details'>>;
}) {
  const label = actorLabel(item);
  if (sourceActor(item)) {
    return (
      <Chip
        label={label}
        size="small"
        data-actor={label}
        icon={<BoltIcon />}
        title="Done by the connected source itself, with no person"
        sx={{
          height: 22,
          fontSize: fontSizes.caption,
          fontWeight: 600,
          borderRadius: 1.5,
          bgcolor: tint('info', 0.1),
          color: 'primary.main',
          '& .MuiChip-icon': { fontSize: iconSizes.chip, color: 'inherit', ml: 0.5 },
        }}
      />
    );
  }
  // Older entries did not keep the person's role: said so, outlined, rather than shown as a known 'User'.
  const unknown = roleNotRecorded({ companyId: null, actorEmail: null, ...item });
  return (
    <Chip
      label={label}
      size="small"
      data-actor={label}
      {...(unknown
        ? { variant: 'outlined' as const, title: 'Role not recorded (an entry from before roles were kept)' }
        : {})}
      sx={{
        height: 22,
        fontSize: fontSizes.caption,
        fontWeight: 600,
        borderRadius: 1.5,
        bgcolor: item.isAdmin
          ? 'primary.main'
          : label === 'Company admin'
            ? tint('accent', 0.3)
            : unknown
              ? 'transparent'
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
                sx={{
                  display: 'block',
                  fontSize: fontSizes.compact,
                  fontWeight: 600,
                  fontVariantNumeric: 'tabular-nums',
                }}
              >
                {formatTime(at)}
              </Typography>
              {detailed || !isSameDay(at, now) ? (
                <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>
                  {formatDay(at, now)}
                </Typography>
              ) : null}
            </Box>
            <Box sx={{ minWidth: 0 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <ActorChip item={item} />
                <Typography sx={{ fontSize: fontSizes.body, overflowWrap: 'anywhere' }}>
                  {describeActivity(item)}
                </Typography>
              </Box>
              {detailed && (item.actorEmail || item.companyName) ? (
                <Typography
                  sx={{
                    mt: 0.5,
                    fontSize: fontSizes.small,
                    color: 'text.secondary',
                    overflowWrap: 'anywhere',
                  }}
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
