import {
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  Skeleton,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { AddWebhookDialog } from './AddWebhookDialog';
import { DeliveriesDialog } from './DeliveriesDialog';
import { deliveriesKey, WEBHOOKS_QUERY_KEY } from './events';
import { useWebhooksActions } from './provider';
import { SecretReveal } from './SecretReveal';
import { WebhookRow, type Endpoint } from './WebhookRow';

/**
 * Settings' "Webhooks" card: HTTPS endpoints told when a shipment succeeds or fails on Faire or a label
 * needs attention (docs/api.md). Admins add (the signing secret shown once), test, turn off, rotate and
 * delete; members see the endpoints and their deliveries.
 */
export function WebhooksCard() {
  const actions = useWebhooksActions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: WEBHOOKS_QUERY_KEY, queryFn: () => actions.getWebhooks() });
  const [adding, setAdding] = useState(false);
  const [viewing, setViewing] = useState<Endpoint | null>(null);
  const [deleting, setDeleting] = useState<Endpoint | null>(null);
  const [rotating, setRotating] = useState<Endpoint | null>(null);
  const [rotated, setRotated] = useState<string | null>(null);
  const [showRotated, setShowRotated] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
  const failed = (title: string) => (err: unknown) =>
    toast({ title, description: errorMessage(err), variant: 'destructive' });

  const test = useMutation({
    mutationFn: (id: string) => actions.testWebhook(id),
    onSuccess: async ({ delivery }, id) => {
      if (delivery.status === 'DELIVERED') {
        toast({
          title: 'Test delivered',
          description: `Your endpoint answered ${delivery.lastStatus}.`,
          variant: 'success',
        });
      } else {
        toast({
          title: 'Test not delivered',
          description: `${delivery.lastError ?? 'No answer'}. It is tried again on the retry schedule.`,
          variant: 'destructive',
        });
      }
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: deliveriesKey(id) })]);
    },
    onError: failed('Test failed'),
  });
  const toggle = useMutation({
    mutationFn: (e: Endpoint) => actions.updateWebhook(e.id, { enabled: !e.enabled }),
    onSuccess: async (e) => {
      toast({
        title: e.enabled ? 'Endpoint turned on' : 'Endpoint turned off',
        description: e.enabled
          ? 'Events from now on are sent to it.'
          : 'No event is sent to it while it is off.',
        variant: 'success',
      });
      await refresh();
    },
    onError: failed('Change failed'),
  });
  const remove = useMutation({
    mutationFn: (id: string) => actions.deleteWebhook(id),
    onSuccess: async () => {
      toast({ title: 'Endpoint deleted', description: 'No more events are sent to it.', variant: 'success' });
      setDeleting(null);
      await refresh();
    },
    onError: failed('Delete failed'),
  });
  const rotate = useMutation({
    mutationFn: (id: string) => actions.rotateWebhookSecret(id),
    onSuccess: (made) => {
      setRotating(null);
      setRotated(made.secret);
      setShowRotated(true);
    },
    onError: failed('Rotate failed'),
  });

  const data = query.data;
  const endpoints = data?.endpoints ?? [];
  const full = data ? endpoints.length >= data.limit : false;

  return (
    <Card component="section" aria-labelledby="webhooks-title">
      <Box sx={{ px: 2.5, py: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="webhooks-title" variant="h3" component="h2">
            Webhooks
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Tell your own tools the moment a shipment is on Faire, fails, or a label needs attention. Each
            delivery is signed, and retried for 24 hours until your endpoint answers.
          </Typography>
        </Box>
        {data?.canManage ? (
          <Button variant="contained" onClick={() => setAdding(true)} disabled={full}>
            Add endpoint
          </Button>
        ) : null}
      </Box>
      <Divider />
      {query.isPending ? (
        <Box sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={48} />
        </Box>
      ) : query.isError ? (
        <Typography variant="body2" color="error" sx={{ px: 2.5, py: 2.5 }}>
          {errorMessage(query.error)}
        </Typography>
      ) : endpoints.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2.5 }}>
          No webhook endpoints yet.
          {data?.canManage ? ' Add one to be told of shipments as they end.' : ''}
        </Typography>
      ) : (
        <Box component="ul" aria-label="Webhook endpoints" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {endpoints.map((e, i) => (
            <WebhookRow
              key={e.id}
              endpoint={e}
              first={i === 0}
              canManage={!!data?.canManage}
              testing={test.isPending && test.variables === e.id}
              on={{
                deliveries: () => setViewing(e),
                test: () => test.mutate(e.id),
                toggle: () => toggle.mutate(e),
                rotate: () => setRotating(e),
                remove: () => setDeleting(e),
              }}
            />
          ))}
        </Box>
      )}
      {data?.canManage && full ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2.5, pb: 2 }}>
          Your company has {data.limit} endpoints, the most it may have: delete one to add another.
        </Typography>
      ) : null}
      <AddWebhookDialog open={adding} onClose={() => setAdding(false)} onCreated={() => void refresh()} />
      <DeliveriesDialog endpoint={viewing} onClose={() => setViewing(null)} />
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this endpoint?"
        confirmLabel="Delete endpoint"
        destructive
        pending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        onClose={() => setDeleting(null)}
      >
        {deleting?.url} gets no more events, and its delivery history is deleted with it.
      </ConfirmDialog>
      <ConfirmDialog
        open={rotating !== null}
        title="Rotate the signing secret?"
        confirmLabel="Rotate secret"
        pending={rotate.isPending}
        onConfirm={() => rotating && rotate.mutate(rotating.id)}
        onClose={() => setRotating(null)}
      >
        The current secret stops working at once: every delivery from now on, retries included, is signed with
        the new one. Update your receiver right after.
      </ConfirmDialog>
      <Dialog
        open={showRotated}
        maxWidth="sm"
        fullWidth
        slotProps={{ transition: { onExited: () => setRotated(null) } }}
      >
        <DialogTitle>Your new signing secret</DialogTitle>
        <DialogContent>{rotated ? <SecretReveal secret={rotated} /> : null}</DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setShowRotated(false)}>
            Done
          </Button>
        </DialogActions>
      </Dialog>
    </Card>
  );
}
