import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import VisibilityIcon from '@mui/icons-material/VisibilityOutlined';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOffOutlined';
import InfoIcon from '@mui/icons-material/InfoOutlined';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  IconButton,
  InputAdornment,
  Skeleton,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import { AdminCard, LoadError } from './AdminCard';
import { useAdminConfig, useSaveConfig, useTestConnection, type ConfigField } from './api';
import { formatDay, formatTime } from './format';

/** Placeholder of the secret field: the last characters of the stored secret, never the secret. */
export function secretPlaceholder(field: ConfigField | undefined): string {
  if (!field?.set) return 'Enter the application secret';
  return field.last4 ? `•••• ${field.last4}` : '••••••••';
}

function sourceText(field: ConfigField | undefined): string | null {
  if (!field?.set) return null;
  if (field.source === 'environment') return 'From the server environment';
  if (field.updatedAt) {
    const by = field.updatedBy ? ` by ${field.updatedBy}` : '';
    return `Saved in the admin panel${by} on ${formatDay(field.updatedAt)} at ${formatTime(field.updatedAt)}`;
  }
  return 'Saved in the admin panel';
}

/**
 * Faire API Configuration: the application id (fixed, disabled), the secret with show/hide (empty keeps
 * the stored one), Save Configuration and Test Connection.
 */
export function FaireApiConfigCard() {
  const config = useAdminConfig();
  const save = useSaveConfig();
  const test = useTestConnection();
  const [secret, setSecret] = useState('');
  const [showSecret, setShowSecret] = useState(false);

  const appId = config.data?.faireApplicationId;
  const stored = config.data?.faireApplicationSecret;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = secret.trim();
    if (!value) return;
    save.mutate({ faireApplicationSecret: value }, { onSuccess: () => setSecret('') });
  };

  return (
    <AdminCard
      id="faire-api-config"
      title="Faire API Configuration"
      subtitle="The Faire application this portal connects with"
      icon={<KeyIcon fontSize="small" />}
    >
      {config.isPending ? (
        <Stack spacing={2} data-testid="config-loading">
          <Skeleton variant="rounded" height={56} />
          <Skeleton variant="rounded" height={56} />
        </Stack>
      ) : config.isError ? (
        <LoadError message="Failed to load configuration" onRetry={() => void config.refetch()} />
      ) : (
        <Box component="form" onSubmit={submit} noValidate>
          <Stack spacing={2.5}>
            <TextField
              label="Application ID"
              value={appId?.value ?? ''}
              placeholder="Not configured"
              disabled
              fullWidth
              helperText={sourceText(appId) ?? 'Set FAIRE_APPLICATION_ID on the server'}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              label="Application Secret"
              name="faireApplicationSecret"
              type={showSecret ? 'text' : 'password'}
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              placeholder={secretPlaceholder(stored)}
              autoComplete="new-password"
              fullWidth
              helperText={
                stored?.set
                  ? `${sourceText(stored) ?? ''}. Leave empty to keep it.`
                  : 'Not set yet: enter the secret Faire gave you.'
              }
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': 'secret-input', spellCheck: false },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <IconButton
                        edge="end"
                        aria-label={showSecret ? 'Hide secret' : 'Show secret'}
                        aria-pressed={showSecret}
                        onClick={() => setShowSecret((v) => !v)}
                      >
                        {showSecret ? (
                          <VisibilityOffIcon fontSize="small" />
                        ) : (
                          <VisibilityIcon fontSize="small" />
                        )}
                      </IconButton>
                    </InputAdornment>
                  ),
                },
              }}
            />
            <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={save.isPending || !secret.trim()}
                startIcon={save.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Save Configuration
              </Button>
              <Button
                variant="outlined"
                onClick={() => test.mutate()}
                disabled={test.isPending}
                startIcon={test.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
              >
                Test Connection
              </Button>
              {stored?.source === 'database' ? (
                <Button
                  color="inherit"
                  sx={{ color: 'text.secondary' }}
                  disabled={save.isPending}
                  onClick={() => save.mutate({ faireApplicationSecret: '' })}
                >
                  Use environment value
                </Button>
              ) : null}
            </Box>
            <Alert severity="info" icon={<InfoIcon fontSize="inherit" />} sx={{ alignItems: 'flex-start' }}>
              <Typography variant="body2">
                Each user receives their own Faire access token after authorizing the app. Tokens are stored
                per user, encrypted.
              </Typography>
            </Alert>
          </Stack>
        </Box>
      )}
    </AdminCard>
  );
}
