import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { errorMessage } from '../api/request';
import { relativeAge } from '../shared/relativeAge';
import { StatusChip } from '../shared/StatusChip';
import { deliveriesKey, DELIVERY_STATUS, EVENT_TEXT, type Delivery } from './events';
import { useWebhooksActions } from './provider';

/** "in 5 minutes", "in 2 hours": when a pending delivery is tried again. */
function inTime(iso: string): string {
  const ms = Date.parse(iso) - Date.now();
  if (!Number.isFinite(ms) || ms < 60_000) return 'in under a minute';
  if (ms < 3_600_000) return `in ${Math.round(ms / 60_000)} min`;
  return `in ${Math.round(ms / 3_600_000)} h`;
}

function DeliveryRow({ d, first }: { d: Delivery; first: boolean }) {
  const status = DELIVERY_STATUS[d.status];
  const answer = d.lastStatus ? `HTTP ${d.lastStatus}` : d.attempts > 0 ? 'No answer' : 'Not tried yet';
  return (
    <Box
      component="li"
      data-testid={`delivery-${d.id}`}
      sx={{ py: 1.5, borderTop: first ? 0 : 1, borderColor: 'divider', display: 'grid', gap: 0.75 }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <StatusChip status={d.status} label={status.label} tone={status.tone} />
        <Typography sx={{ fontWeight: 600 }}>{EVENT_TEXT[d.event] ?? d.event}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ ml: { sm: 'auto' } }}>
          {relativeAge(d.createdAt)}
        </Typography>
      </Box>
      <Typography variant="caption" color="text.secondary" component="p">
        {answer} · {d.attempts} {d.attempts === 1 ? 'try' : 'tries'}
        {d.status === 'PENDING' && d.nextAttemptAt ? ` · next try ${inTime(d.nextAttemptAt)}` : ''}
        {d.lastError && d.status !== 'DELIVERED' ? ` · ${d.lastError}` : ''}
      </Typography>
      {d.lastResponse ? (
        <Typography
          component="pre"
          variant="caption"
          sx={{
            m: 0,
            p: 1,
            borderRadius: 1,
            bgcolor: 'action.hover',
            fontFamily: 'monospace',
            whiteSpace: 'pre-wrap',
            overflowWrap: 'anywhere',
            maxHeight: 96,
            overflow: 'auto',
          }}
        >
          {d.lastResponse}
        </Typography>
      ) : null}
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere' }}
      >
        webhook-id {d.id}
      </Typography>
    </Box>
  );
}

/** An endpoint's latest 50 deliveries with their status, tries and last answer. */
export function DeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: { id: string; url: string } | null;
  onClose: () => void;
}) {
  const actions = useWebhooksActions();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const id = endpoint?.id ?? '';
  const query = useQuery({
    queryKey: deliveriesKey(id),
    queryFn: () => actions.getWebhookDeliveries(id),
    enabled: endpoint !== null,
  });
  const deliveries = query.data?.deliveries ?? [];
  return (
    <Dialog open={endpoint !== null} onClose={onClose} maxWidth="md" fullWidth fullScreen={phone}>
      <DialogTitle sx={{ pb: 0.5 }}>Deliveries</DialogTitle>
      <Typography variant="body2" color="text.secondary" sx={{ px: 3, overflowWrap: 'anywhere' }}>
        {endpoint?.url}
      </Typography>
      <DialogContent>
        {query.isPending ? (
          <Skeleton variant="rounded" height={72} />
        ) : query.isError ? (
          <Typography color="error">{errorMessage(query.error)}</Typography>
        ) : deliveries.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing sent yet. Events appear here as shipments end or labels need attention; send a test to try
            the endpoint now.
          </Typography>
        ) : (
          <Box component="ul" aria-label="Deliveries" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {deliveries.map((d, i) => (
              <DeliveryRow key={d.id} d={d} first={i === 0} />
            ))}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button startIcon={<RefreshIcon />} onClick={() => void query.refetch()} disabled={query.isFetching}>
          Refresh
        </Button>
        <Button variant="contained" onClick={onClose}>
          Close
        </Button>
      </DialogActions>
    </Dialog>
  );
}
