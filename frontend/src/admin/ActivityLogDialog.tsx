import CloseIcon from '@mui/icons-material/Close';
import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  LinearProgress,
  MenuItem,
  TablePagination,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { LoadError } from './AdminCard';
import { ActivityList } from './ActivityList';
import { useActivityPage } from './api';
import { ACTION_LABELS } from './format';

const PAGE_SIZES = [25, 50, 100];

/** The whole activity log: newest first, filterable by action, paginated. Read afresh each time it opens. */
export function ActivityLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const fullScreen = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="md"
      aria-labelledby="activity-log-title"
      slotProps={{ paper: { sx: { height: fullScreen ? '100%' : '85vh' } } }}
    >
      <DialogTitle id="activity-log-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, pr: 1.5 }}>
        <Box component="span" sx={{ flex: 1, fontWeight: 700 }}>
          All activity
        </Box>
        <IconButton aria-label="Close" onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      {open ? <ActivityLog /> : null}
    </Dialog>
  );
}

function ActivityLog() {
  const [action, setAction] = useState('');
  const [page, setPage] = useState(0);
  const [limit, setLimit] = useState<number>(PAGE_SIZES[0] ?? 25);
  const activity = useActivityPage({ page: page + 1, limit, action: action || undefined }, { fresh: true });
  const total = activity.data?.total ?? 0;

  return (
    <>
      <Box sx={{ px: 3, pb: 1.5, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
        <TextField
          select
          size="small"
          label="Action"
          value={action}
          onChange={(e) => {
            setAction(e.target.value);
            setPage(0);
          }}
          sx={{ width: { xs: '100%', sm: 280 } }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">All actions</MenuItem>
          {Object.entries(ACTION_LABELS).map(([value, label]) => (
            <MenuItem key={value} value={value}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {activity.data ? (
          <Typography variant="body2" color="text.secondary">
            {total.toLocaleString('en-US')} {total === 1 ? 'entry' : 'entries'}
          </Typography>
        ) : null}
      </Box>
      <Box sx={{ height: 4 }}>{activity.isFetching ? <LinearProgress /> : null}</Box>
      <DialogContent dividers sx={{ py: 0 }}>
        {activity.isError ? (
          <Box sx={{ py: 2 }}>
            <LoadError message="Failed to load activity" onRetry={() => void activity.refetch()} />
          </Box>
        ) : activity.data && activity.data.items.length === 0 ? (
          <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
            No recent activity
          </Typography>
        ) : activity.data ? (
          <ActivityList items={activity.data.items} detailed />
        ) : null}
      </DialogContent>
      <TablePagination
        component="div"
        count={total}
        page={total === 0 ? 0 : page}
        onPageChange={(_e, p) => setPage(p)}
        rowsPerPage={limit}
        rowsPerPageOptions={PAGE_SIZES}
        onRowsPerPageChange={(e) => {
          setLimit(Number(e.target.value));
          setPage(0);
        }}
        labelRowsPerPage="Per page"
      />
    </>
  );
}
