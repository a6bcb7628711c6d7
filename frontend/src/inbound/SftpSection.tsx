import { Box, Button, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutlineOutlined';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import type { ResponseOf } from '../api/schema';
import { useToast } from '../notifications/toast';
import { formatDate } from '../shared/dates';
import { useInboundActions } from './provider';

type InboundView = ResponseOf<'/api/company/inbound', 'get'>;
type SftpView = InboundView['sftp'];

/** The shortest password the server takes (decision 0070). */
const MIN_PASSWORD = 12;

function Value({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color="text.secondary" component="div">
        {label}
      </Typography>
      <Box
        component="code"
        data-testid={testId}
        sx={{
          display: 'block',
          px: 1,
          py: 0.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
          overflowWrap: 'anywhere',
        }}
      >
        {value}
      </Box>
    </Box>
  );
}

/**
 * The SFTP part of Settings' "Inbound" card (decision 0070): where a 3PL connects (host, port, the
 * company's username), the login's password (set, never shown), and the public keys that may log in,
 * each shown by its fingerprint and comment and removed in one click.
 */
export function SftpSection({ sftp, queryKey }: { sftp: SftpView; queryKey: readonly unknown[] }) {
  const actions = useInboundActions();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [password, setPassword] = useState<string | null>(null);
  const [publicKey, setPublicKey] = useState<string | null>(null);
  const done = (data: InboundView) => queryClient.setQueryData(queryKey, data);
  const savePassword = useMutation({
    mutationFn: (value: string) => actions.setSftp({ password: value }),
    onSuccess: (data) => {
      done(data);
      setPassword(null);
      toast({
        title: 'SFTP password saved',
        description: 'Give it to your warehouse or 3PL.',
        variant: 'success',
      });
    },
    onError: (err) =>
      toast({ title: 'Password not saved', description: errorMessage(err), variant: 'destructive' }),
  });
  const addKey = useMutation({
    mutationFn: (value: string) => actions.setSftp({ publicKey: value }),
    onSuccess: (data) => {
      done(data);
      setPublicKey(null);
      toast({ title: 'Public key added', variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Key not added', description: errorMessage(err), variant: 'destructive' }),
  });
  const removeKey = useMutation({
    mutationFn: (id: string) => actions.removeSftpKey(id),
    onSuccess: (data) => {
      done(data);
      toast({ title: 'Public key removed', description: 'It can no longer log in.', variant: 'success' });
    },
    onError: (err) =>
      toast({ title: 'Key not removed', description: errorMessage(err), variant: 'destructive' }),
  });
  const tooShort = password !== null && password.length < MIN_PASSWORD;

  return (
    <Box>
      <Typography variant="subtitle2" component="h3">
        SFTP drop
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Your warehouse or 3PL can also put its file into the inbox folder over SFTP: each file is sent to
        Faire as an upload is, then moved to done; the rows that failed come back in the error folder as your
        own file with a reason column.
      </Typography>
      <Box sx={{ mt: 1.5, display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '2fr 1fr 2fr' } }}>
        <Value label="Host" value={sftp.host} testId="sftp-host" />
        <Value label="Port" value={String(sftp.port)} testId="sftp-port" />
        <Value label="Username" value={sftp.username} testId="sftp-username" />
      </Box>

      <Box sx={{ mt: 2 }}>
        <Typography variant="body2">Password: {sftp.hasPassword ? 'set' : 'not set'}</Typography>
        {password === null ? (
          <Button size="small" sx={{ mt: 0.5 }} onClick={() => setPassword('')}>
            {sftp.hasPassword ? 'Change password' : 'Set password'}
          </Button>
        ) : (
          <Box sx={{ mt: 1, display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
            <TextField
              label="SFTP password"
              type="password"
              autoComplete="new-password"
              size="small"
              value={password}
              error={tooShort && password.length > 0}
              helperText={`At least ${MIN_PASSWORD} characters`}
              onChange={(e) => setPassword(e.target.value)}
              sx={{ flex: '1 1 240px' }}
            />
            <Button onClick={() => setPassword(null)}>Cancel</Button>
            <Button
              variant="contained"
              disabled={tooShort || savePassword.isPending}
              onClick={() => savePassword.mutate(password)}
            >
              Save password
            </Button>
          </Box>
        )}
      </Box>

      <Box sx={{ mt: 2 }}>
        <Typography variant="body2">Public keys</Typography>
        {sftp.keys.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No keys yet.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', display: 'grid', gap: 0.5 }}>
            {sftp.keys.map((k) => (
              <Box component="li" key={k.id} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Box component="code" sx={{ overflowWrap: 'anywhere' }}>
                    {k.fingerprint}
                  </Box>
                  <Typography variant="caption" color="text.secondary" component="div">
                    {[k.type, k.comment, `added ${formatDate(k.addedAt)}`].filter(Boolean).join(' · ')}
                  </Typography>
                </Box>
                <Tooltip title="Remove key">
                  <IconButton
                    aria-label={`Remove key ${k.comment || k.fingerprint}`}
                    disabled={removeKey.isPending}
                    onClick={() => removeKey.mutate(k.id)}
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
            ))}
          </Box>
        )}
        {publicKey === null ? (
          <Button size="small" sx={{ mt: 0.5 }} onClick={() => setPublicKey('')}>
            Add public key
          </Button>
        ) : (
          <Box sx={{ mt: 1, display: 'grid', gap: 1 }}>
            <TextField
              label="Public key"
              helperText="One line from the .pub file, such as ssh-ed25519 AAAA... name"
              multiline
              minRows={2}
              value={publicKey}
              onChange={(e) => setPublicKey(e.target.value)}
            />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end' }}>
              <Button onClick={() => setPublicKey(null)}>Cancel</Button>
              <Button
                variant="contained"
                disabled={!publicKey.trim() || addKey.isPending}
                onClick={() => addKey.mutate(publicKey.trim())}
              >
                Add key
              </Button>
            </Box>
          </Box>
        )}
      </Box>
    </Box>
  );
}
