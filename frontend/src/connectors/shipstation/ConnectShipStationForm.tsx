import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import type { ConnectFormProps } from '../types';
import { useConnectShipStation } from './api';

/**
 * Paste the API key and secret of a ShipStation account. The server checks the pair with ShipStation
 * before it keeps it; a wrong pair is shown here, under the fields, and nothing is stored.
 */
export function ConnectShipStationForm({ onCancel, onConnected, again = false }: ConnectFormProps) {
  const connect = useConnectShipStation(again);
  const [apiKey, setApiKey] = useState('');
  const [apiSecret, setApiSecret] = useState('');
  const ready = apiKey.trim() !== '' && apiSecret.trim() !== '';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || connect.isPending) return;
    connect.mutate({ apiKey: apiKey.trim(), apiSecret: apiSecret.trim() }, { onSuccess: onConnected });
  };
  const edit = (set: (v: string) => void) => (value: string) => {
    set(value);
    if (connect.isError) connect.reset();
  };

  return (
    <Box
      component="form"
      aria-label="Connect ShipStation"
      onSubmit={submit}
      noValidate
      sx={{ mt: 2, p: 2, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        In ShipStation, open Settings › Account › API Settings and copy the API key and the API secret. They
        are checked with ShipStation before they are kept, and never shown again.
        {again ? ' Connecting again resumes it with its settings.' : ''}
      </Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          label="API key"
          size="small"
          value={apiKey}
          onChange={(e) => edit(setApiKey)(e.target.value)}
          autoComplete="off"
          required
          disabled={connect.isPending}
          slotProps={{ htmlInput: { spellCheck: false } }}
        />
        <TextField
          label="API secret"
          size="small"
          type="password"
          value={apiSecret}
          onChange={(e) => edit(setApiSecret)(e.target.value)}
          autoComplete="new-password"
          required
          disabled={connect.isPending}
        />
      </Box>
      {connect.isError ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="connect-error">
          {errorMessage(connect.error, 'ShipStation did not accept this key and secret.')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
        <Button color="inherit" onClick={onCancel} disabled={connect.isPending}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!ready || connect.isPending}
          startIcon={connect.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {connect.isPending ? 'Checking…' : 'Connect'}
        </Button>
      </Box>
    </Box>
  );
}
