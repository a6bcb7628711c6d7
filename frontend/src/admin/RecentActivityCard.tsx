import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { AdminCard, LoadError } from './AdminCard';
import { ActivityList } from './ActivityList';
import { ActivityLogDialog } from './ActivityLogDialog';
import { RECENT_ACTIVITY_LIMIT, useActivityPage } from './api';

/** Recent Activity: the newest entries of the log, and the whole log on demand. */
export function RecentActivityCard() {
  const activity = useActivityPage({ page: 1, limit: RECENT_ACTIVITY_LIMIT });
  const [allOpen, setAllOpen] = useState(false);
  const items = activity.data?.items ?? [];

  return (
    <AdminCard
      id="recent-activity"
      title="Recent Activity"
      subtitle="What happened across the portal"
      icon={<HistoryIcon fontSize="small" />}
    >
      {activity.isPending ? (
        <Stack spacing={1.5} data-testid="activity-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={32} />
          ))}
        </Stack>
      ) : activity.isError ? (
        <LoadError message="Failed to load activity" onRetry={() => void activity.refetch()} />
      ) : items.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No recent activity
        </Typography>
      ) : (
        <ActivityList items={items} />
      )}
      <Box sx={{ mt: 1.5 }}>
        <Button size="small" onClick={() => setAllOpen(true)}>
          View all activity
        </Button>
      </Box>
      <ActivityLogDialog open={allOpen} onClose={() => setAllOpen(false)} />
    </AdminCard>
  );
}
