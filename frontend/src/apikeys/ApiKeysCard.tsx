import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { Box, Button, Card, Chip, Divider, Skeleton, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import type { Schema } from '../api/schema';
import { useToast } from '../notifications/toast';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { relativeAge } from '../shared/relativeAge';
import { CreateKeyDialog } from './CreateKeyDialog';
import { useApiKeysActions } from './provider';
import { API_KEYS_QUERY_KEY, SCOPE_TEXT } from './scopes';

type ApiKey = Schema<'ApiKeyView'>;

/**
 * Settings' "API keys" card: the company's keys for tools that send shipments through the public API
 * (docs/api.md). Admins create a key (shown once, in full) and revoke it; members see the list.
 */
export function ApiKeysCard() {
  const actions = useApiKeysActions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const query = useQuery({ queryKey: API_KEYS_QUERY_KEY, queryFn: () => actions.getApiKeys() });
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (id: string) => actions.revokeApiKey(id),
    onSuccess: async () => {
      toast({
        title: 'Key revoked',
        description: 'Calls with it are refused from now on.',
        variant: 'success',
      });
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
    },
    onError: (err) =>
      toast({ title: 'Revoke failed', description: errorMessage(err), variant: 'destructive' }),
  });
  const data = query.data;
  const keys = data?.keys ?? [];
  const full = data ? keys.length >= data.limit : false;

  return (
    <Card component="section" aria-labelledby="api-keys-title">
      <Box sx={{ px: 2.5, py: 2, display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="api-keys-title" variant="h3" component="h2">
            API keys
          </Typography>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
            Let any tool that can make an HTTP call send shipments to Faire for your company, with no file. A
            key acts for the company, never for a person.
          </Typography>
        </Box>
        {data?.canManage ? (
          <Button variant="contained" onClick={() => setCreating(true)} disabled={full}>
            Create key
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
      ) : keys.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2.5, py: 2.5 }}>
          No API keys yet.
          {data?.canManage ? ' Create one for the tool that will send your shipments.' : ''}
        </Typography>
      ) : (
        <Box component="ul" aria-label="API keys" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {keys.map((k, i) => (
            <Box
              component="li"
              key={k.id}
              data-testid={`api-key-${k.id}`}
              sx={{
                px: 2.5,
                py: 1.75,
                display: 'flex',
                gap: 1.5,
                alignItems: 'flex-start',
                flexWrap: { xs: 'wrap', sm: 'nowrap' },
                borderTop: i ? 1 : 0,
                borderColor: 'divider',
              }}
            >
              <KeyIcon color="action" sx={{ mt: 0.25 }} aria-hidden />
              <Box sx={{ flex: 1, minWidth: 0 }}>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{k.name}</Typography>
                  <Typography variant="body2" component="code" color="text.secondary">
                    {k.prefix}…
                  </Typography>
                </Box>
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
                  {k.scopes.map((s) => (
                    <Chip key={s} size="small" variant="outlined" label={SCOPE_TEXT[s] ?? s} />
                  ))}
                </Box>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
                  Created {relativeAge(k.createdAt)}
                  {k.createdBy ? ` by ${k.createdBy}` : ''} ·{' '}
                  {k.lastUsedAt
                    ? `last used ${relativeAge(k.lastUsedAt)}${k.lastUsedFrom ? ` from ${k.lastUsedFrom}` : ''}`
                    : 'never used'}
                </Typography>
              </Box>
              {data?.canManage ? (
                <Button color="error" onClick={() => setRevoking(k)} aria-label={`Revoke ${k.name}`}>
                  Revoke
                </Button>
              ) : null}
            </Box>
          ))}
        </Box>
      )}
      {data?.canManage && full ? (
        <Typography variant="caption" color="text.secondary" component="p" sx={{ px: 2.5, pb: 2 }}>
          Your company has {data.limit} live keys, the most it may have: revoke one to create another.
        </Typography>
      ) : null}
      <CreateKeyDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={() => void queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY })}
      />
      <ConfirmDialog
        open={revoking !== null}
        title={`Revoke ${revoking?.name ?? 'this key'}?`}
        confirmLabel="Revoke key"
        destructive
        pending={revoke.isPending}
        onConfirm={() => revoking && revoke.mutate(revoking.id)}
        onClose={() => setRevoking(null)}
      >
        Tools using this key are refused from the next call on. This cannot be undone: create a new key to let
        them in again.
      </ConfirmDialog>
    </Card>
  );
}
