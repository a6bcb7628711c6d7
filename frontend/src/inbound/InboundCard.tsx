import CopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { Box, Button, Card, Chip, Divider, Skeleton, TextField, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import { useToast } from '../notifications/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useInboundActions } from './provider';
import { SftpSection } from './SftpSection';

const INBOUND_QUERY_KEY = ['company', 'inbound'] as const;

/** Addresses typed in a box: one per line or separated by commas, spaces or semicolons. */
function sendersOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,;]+/)
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
  ];
}

/**
 * Settings' "Inbound" card (company admins): the address a warehouse or 3PL mails its daily shipment
 * file to, copied in one click, made anew when it has leaked (the old one stops at once), and the
 * senders allowed to use it; and the SFTP drop's login (SftpSection).
 */
export function InboundCard() {
  const actions = useInboundActions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: INBOUND_QUERY_KEY, queryFn: () => actions.getInbound() });
  const [confirming, setConfirming] = useState(false);
  const [draft, setDraft] = useState<string | null>(null);
  const regenerate = useMutation({
    mutationFn: () => actions.regenerateMailAddress(),
    onSuccess: (data) => {
      // The first address replaces none: only a new one says the old one stopped.
      const hadOne = Boolean(queryClient.getQueryData<typeof data>(INBOUND_QUERY_KEY)?.mailAddress);
      queryClient.setQueryData(INBOUND_QUERY_KEY, data);
      setConfirming(false);
      toast(
        hadOne
          ? {
              title: 'New address made',
              description: 'Mail to the old address is refused from now on.',
              variant: 'success',
            }
          : {
              title: 'Address created',
              description: 'Give it to your warehouse or 3PL.',
              variant: 'success',
            },
      );
    },
    onError: (err) =>
      toast({ title: 'No new address', description: errorMessage(err), variant: 'destructive' }),
  });
  const save = useMutation({
    mutationFn: (allowedSenders: string[]) => actions.setAllowedSenders({ allowedSenders }),
    onSuccess: (data) => {
      queryClient.setQueryData(INBOUND_QUERY_KEY, data);
      setDraft(null);
      toast({ title: 'Allowed senders saved', variant: 'success' });
    },
    onError: (err) => toast({ title: 'Not saved', description: errorMessage(err), variant: 'destructive' }),
  });
  const data = query.data;
  const address = data?.mailAddress ?? null;
  const copy = async () => {
    if (!address) return;
    try {
      await navigator.clipboard.writeText(address);
      toast({ title: 'Address copied', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the address and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  const editing = draft !== null;

  return (
    <Card component="section" aria-labelledby="inbound-title">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="inbound-title" variant="h3" component="h2">
          Inbound
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          Your warehouse or 3PL can email its daily shipment file (a CSV attachment) to this address, or put
          it into your SFTP drop: the rows are sent to Faire as an upload is, and the sender learns what was
          sent and what was refused.
        </Typography>
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
      ) : (
        <Box sx={{ p: 2.5, display: 'grid', gap: 2.5 }}>
          <Box>
            <Typography variant="subtitle2" component="h3">
              Mail-in address
            </Typography>
            {address ? (
              <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                <Box
                  component="code"
                  data-testid="inbound-address"
                  sx={{
                    flex: '1 1 280px',
                    minWidth: 0,
                    px: 1.25,
                    py: 0.75,
                    borderRadius: 1,
                    bgcolor: 'action.hover',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {address}
                </Box>
                <Button startIcon={<CopyIcon />} onClick={() => void copy()}>
                  Copy
                </Button>
                <Button color="error" onClick={() => setConfirming(true)}>
                  Make a new address
                </Button>
              </Box>
            ) : (
              <Box sx={{ mt: 1, display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
                <Typography variant="body2" color="text.secondary" sx={{ flex: '1 1 240px' }}>
                  No address yet.
                </Typography>
                <Button
                  variant="contained"
                  onClick={() => regenerate.mutate()}
                  disabled={regenerate.isPending}
                >
                  Create address
                </Button>
              </Box>
            )}
          </Box>
          {address ? (
            <Box>
              <Typography variant="subtitle2" component="h3">
                Allowed senders
              </Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
                {data?.allowedSenders.length
                  ? 'Only mail from these addresses is processed; others get a reply saying so.'
                  : 'Mail from any sender who knows the address is processed.'}
              </Typography>
              {editing ? (
                <Box sx={{ mt: 1.5, display: 'grid', gap: 1.5 }}>
                  <TextField
                    label="Allowed senders"
                    helperText="One address per line; leave empty to accept any sender"
                    multiline
                    minRows={2}
                    value={draft}
                    onChange={(e) => setDraft(e.target.value)}
                  />
                  <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
                    <Button onClick={() => setDraft(null)}>Cancel</Button>
                    <Button
                      variant="contained"
                      disabled={save.isPending}
                      onClick={() => save.mutate(sendersOf(draft ?? ''))}
                    >
                      Save senders
                    </Button>
                  </Box>
                </Box>
              ) : (
                <Box sx={{ mt: 1, display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                  {data?.allowedSenders.map((s) => (
                    <Chip key={s} label={s} size="small" />
                  ))}
                  <Button size="small" onClick={() => setDraft((data?.allowedSenders ?? []).join('\n'))}>
                    Edit senders
                  </Button>
                </Box>
              )}
            </Box>
          ) : null}
          {data?.sftp ? (
            <>
              <Divider />
              <SftpSection sftp={data.sftp} queryKey={INBOUND_QUERY_KEY} />
            </>
          ) : null}
        </Box>
      )}
      <ConfirmDialog
        open={confirming}
        title="Make a new address?"
        confirmLabel="Make a new address"
        destructive
        pending={regenerate.isPending}
        onConfirm={() => regenerate.mutate()}
        onClose={() => setConfirming(false)}
      >
        Mail sent to the current address is refused from the moment the new one is made. Give the new address
        to everyone who sends you shipment files.
      </ConfirmDialog>
    </Card>
  );
}
