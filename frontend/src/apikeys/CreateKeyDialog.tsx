import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  FormLabel,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import type { Schema } from '../api/schema';
import { useToast } from '../notifications/toast';
import { useApiKeysActions } from './provider';
import { SCOPE_TEXT } from './scopes';

type Scope = Schema<'ApiKeyView'>['scopes'][number];
const SCOPES: Scope[] = ['shipments:write', 'shipments:read', 'orders:read'];

/** Names a new key and picks what it may do; then shows the key once, to copy into the tool. */
export function CreateKeyDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const actions = useApiKeysActions();
  const toast = useToast();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<Scope[]>(['shipments:write', 'shipments:read', 'orders:read']);
  const [key, setKey] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => actions.createApiKey({ name: name.trim(), scopes }),
    onSuccess: (made) => {
      setKey(made.key);
      onCreated();
    },
  });
  // What the dialog showed is forgotten once it has closed (not while it fades out).
  const reset = () => {
    setName('');
    setKey(null);
    create.reset();
  };
  const toggle = (s: Scope) =>
    setScopes((now) => (now.includes(s) ? now.filter((x) => x !== s) : [...now, s]));
  const copy = async () => {
    if (!key) return;
    try {
      await navigator.clipboard.writeText(key);
      toast({ title: 'Key copied', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the key and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  const canCreate = name.trim().length > 0 && name.trim().length <= 100 && scopes.length > 0;

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle>{key ? 'Your new API key' : 'Create an API key'}</DialogTitle>
      {key ? (
        <DialogContent>
          <Alert severity="warning" sx={{ mb: 2 }}>
            Copy this key now and keep it in the tool that will call the API. It is not shown again.
          </Alert>
          <Box
            sx={{
              display: 'flex',
              gap: 1,
              alignItems: 'center',
              p: 1.5,
              borderRadius: 1,
              bgcolor: 'action.hover',
            }}
          >
            <Typography
              component="code"
              data-testid="new-api-key"
              variant="body2"
              sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
            >
              {key}
            </Typography>
            <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
              Copy
            </Button>
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
            Send it as <code>Authorization: Bearer &lt;key&gt;</code> to <code>/api/v1</code>.
          </Typography>
        </DialogContent>
      ) : (
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            label="Name"
            helperText="Which tool uses it, to tell keys apart (for example: Warehouse ERP)"
            value={name}
            onChange={(e) => setName(e.target.value)}
            slotProps={{ htmlInput: { maxLength: 100 } }}
            sx={{ mt: 1 }}
          />
          <FormLabel component="legend" sx={{ mt: 2.5 }}>
            What it may do
          </FormLabel>
          <FormGroup>
            {SCOPES.map((s) => (
              <FormControlLabel
                key={s}
                control={<Checkbox checked={scopes.includes(s)} onChange={() => toggle(s)} />}
                label={SCOPE_TEXT[s]}
              />
            ))}
          </FormGroup>
          {create.isError ? (
            <Alert severity="error" sx={{ mt: 2 }}>
              {errorMessage(create.error)}
            </Alert>
          ) : null}
        </DialogContent>
      )}
      <DialogActions>
        {key ? (
          <Button variant="contained" onClick={onClose}>
            Done
          </Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              variant="contained"
              onClick={() => create.mutate()}
              disabled={!canCreate || create.isPending}
            >
              Create key
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
