import HistoryIcon from '@mui/icons-material/HistoryOutlined';
import { Box, Button, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useGetList } from 'react-admin';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { AdminCard, LoadError } from './AdminCard';
import { ActivityList } from './ActivityList';
import type { ActivityItem } from './api';

export interface CompanyActivityCardProps {
  /** Entries per page (1-100). Default 10. */
  pageSize?: number;
  /** Card title. Default 'Team Activity'. */
  title?: string;
}

/**
 * The company's own activity log for its company admins: the data provider's `activity` list
 * (GET /api/team/activity), newest first, a page at a time. Renders nothing for anyone who may not
 * read it (`canAccess(user, 'list', 'activity')`: a COMPANY_ADMIN), so a page can always include it.
 */
export function CompanyActivityCard({ pageSize = 10, title = 'Team Activity' }: CompanyActivityCardProps) {
  const { data: user } = useCurrentUser();
  if (!canAccess(user, 'list', 'activity')) return null;
  return <CompanyActivity pageSize={Math.min(100, Math.max(1, Math.floor(pageSize)))} title={title} />;
}

function CompanyActivity({ pageSize, title }: Required<CompanyActivityCardProps>) {
  const [page, setPage] = useState(1);
  const activity = useGetList<ActivityItem>(
    'activity',
    { pagination: { page, perPage: pageSize } },
    // Read afresh each time the card shows; the previous page stays up while the next one loads.
    { placeholderData: (previous) => previous, refetchOnMount: 'always' },
  );
  const total = activity.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const items = activity.data ?? [];

  return (
    <Box sx={{ mt: 3 }}>
      <AdminCard
        id="company-activity"
        title={title}
        subtitle="Sign-ins, invitations, role changes and uploads in your company"
        icon={<HistoryIcon fontSize="small" />}
      >
        {activity.isPending ? (
          <Stack spacing={1.5} data-testid="company-activity-loading">
            {[0, 1, 2].map((i) => (
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
          <ActivityList items={items} detailed />
        )}
        {total > pageSize ? (
          <Box
            sx={{ mt: 1.5, display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 }}
          >
            <Button
              size="small"
              disabled={page <= 1 || activity.isFetching}
              onClick={() => setPage((p) => p - 1)}
            >
              Newer
            </Button>
            <Typography variant="body2" color="text.secondary">
              Page {page} of {pages}
            </Typography>
            <Button
              size="small"
              disabled={page >= pages || activity.isFetching}
              onClick={() => setPage((p) => p + 1)}
            >
              Older
            </Button>
          </Box>
        ) : null}
      </AdminCard>
    </Box>
  );
}
