import MonitorIcon from '@mui/icons-material/MonitorHeartOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  CircularProgress,
  IconButton,
  Link,
  Skeleton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import { AdminCard, LoadError } from './AdminCard';
import { QUEUE_DASHBOARD_URL, useAdminStats, type AdminStats } from './api';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

type Health = 'good' | 'bad' | 'idle';

const DOT: Record<Health, string> = { good: colors.success, bad: colors.error, idle: colors.idleDot };

function StatusLine({ label, value, health }: { label: string; value: string; health: Health }) {
  return (
    <Box
      component="li"
      sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 2, py: 1 }}
      data-testid={`status-${label}`}
    >
      <Typography sx={{ fontSize: fontSizes.body }}>{label}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <Box aria-hidden sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: DOT[health] }} />
        <Typography
          sx={{
            fontSize: fontSizes.body,
            fontWeight: 600,
            color: health === 'bad' ? 'error.main' : 'text.primary',
          }}
        >
          {value}
        </Typography>
      </Box>
    </Box>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <Box sx={{ p: 1.5, borderRadius: 2, bgcolor: tint('ink', 0.04), minWidth: 0 }}>
      <Typography
        sx={{
          fontSize: fontSizes.figure,
          fontWeight: 700,
          lineHeight: 1.2,
          fontVariantNumeric: 'tabular-nums',
        }}
      >
        {value.toLocaleString('en-US')}
      </Typography>
      <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>{label}</Typography>
    </Box>
  );
}

function lines(system: AdminStats['system']) {
  const stuck = system.stuckUploads ?? 0;
  const waiting =
    stuck > 0
      ? [{ label: 'Stuck Uploads', value: stuck.toLocaleString('en-US'), health: 'bad' as const }]
      : [];
  return [
    { label: 'API Connection', value: system.api, health: system.api === 'Connected' ? 'good' : 'bad' },
    { label: 'Database', value: system.database, health: system.database === 'Operational' ? 'good' : 'bad' },
    { label: 'OAuth Service', value: system.oauth, health: system.oauth === 'Active' ? 'good' : 'idle' },
    { label: 'Job Queue', value: system.queue, health: system.queue === 'Operational' ? 'good' : 'bad' },
    {
      label: 'Mail-in Receiver',
      value: system.mailIn,
      health: system.mailIn === 'Listening' ? 'good' : 'bad',
    },
    { label: 'SFTP Drop', value: system.sftpDrop, health: system.sftpDrop === 'Listening' ? 'good' : 'bad' },
    ...waiting,
  ] satisfies { label: string; value: string; health: Health }[];
}

const n = (v: number) => v.toLocaleString('en-US');

/** Pool use of the API process answering, connections of the whole fleet, and the shipment queue's depth. */
function capacityLines(capacity: AdminStats['capacity']) {
  if (!capacity) return [];
  const { pool, databaseConnections: used, databaseMaxConnections: max } = capacity;
  const queue = capacity.queues.shipments;
  return [
    {
      label: 'Database Pool',
      value:
        `${n(pool.inUse)} of ${n(pool.size)} in use` +
        (pool.waiting ? `, ${n(pool.waiting)} waiting` : '') +
        (used !== null && max !== null ? ` (server: ${n(used)} of ${n(max)})` : ''),
      health: pool.waiting > 0 ? 'bad' : 'good',
    },
    {
      label: 'Shipment Queue',
      value: queue
        ? `${n(queue.waiting)} waiting, ${n(queue.active)} running, ${n(queue.delayed)} delayed`
        : 'Unknown',
      health: queue ? 'good' : 'bad',
    },
  ] satisfies { label: string; value: string; health: Health }[];
}

/** System Status: live checks of the Faire API, the database, the OAuth app and the queue, plus counts. */
export function SystemStatusCard() {
  const stats = useAdminStats();
  return (
    <AdminCard
      id="system-status"
      title="System Status"
      subtitle="Checked live when you open this page"
      icon={<MonitorIcon fontSize="small" />}
      action={
        <Tooltip title="Check again">
          <span>
            <IconButton
              aria-label="Check again"
              onClick={() => void stats.refetch()}
              disabled={stats.isFetching}
            >
              {stats.isFetching ? <CircularProgress size={18} /> : <RefreshIcon fontSize="small" />}
            </IconButton>
          </span>
        </Tooltip>
      }
    >
      {stats.isPending ? (
        <Stack spacing={1.5} data-testid="stats-loading">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={28} />
          ))}
        </Stack>
      ) : stats.isError || !stats.data ? (
        <LoadError message="Failed to load stats" onRetry={() => void stats.refetch()} />
      ) : (
        <>
          <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0, mb: 2 }} aria-label="Services">
            {[...lines(stats.data.system), ...capacityLines(stats.data.capacity)].map((l) => (
              <StatusLine key={l.label} {...l} />
            ))}
          </Stack>
          <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(0, 1fr))', gap: 1 }}>
            <Figure label="Total Users" value={stats.data.totalUsers} />
            <Figure label="Shipments Processed" value={stats.data.totalShipments} />
            <Figure label="Active Users" value={stats.data.activeUsers} />
          </Box>
          <Typography sx={{ mt: 1, fontSize: fontSizes.caption, color: 'text.secondary' }}>
            Active users signed in within the last 30 days.
          </Typography>
        </>
      )}
      <Box sx={{ mt: 2 }}>
        <Button
          component={Link}
          href={QUEUE_DASHBOARD_URL}
          target="_blank"
          rel="noopener noreferrer"
          size="small"
          variant="outlined"
          endIcon={<OpenInNewIcon fontSize="small" />}
        >
          Open queue dashboard
        </Button>
      </Box>
    </AdminCard>
  );
}
