import {
  Alert,
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
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import { EVENT_TEXT, EVENTS, type WebhookEvent } from './events';
import { useWebhooksActions } from './provider';
import { SecretReveal } from './SecretReveal';

/** Adds an endpoint (URL and events); then shows its signing secret once, to copy into the receiver. */
export function AddWebhookDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: () => void;
}) {
  const actions = useWebhooksActions();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEvent[]>([...EVENTS]);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useMutation({
    mutationFn: () => actions.createWebhook({ url: url.trim(), events }),
    onSuccess: (made) => {
      setSecret(made.secret);
      onCreated();
    },
  });
  // What the dialog showed is forgotten once it has closed (not while it fades out).
  const reset = () => {
    setUrl('');
    setEvents([...EVENTS]);
    setSecret(null);
    create.reset();
  };
  const toggle = (e: WebhookEvent) =>
    setEvents((now) =>
      now.includes(e) ? now.filter((x) => x !== e) : EVENTS.filter((x) => x === e || now.includes(x)),
    );
  const canAdd = /^https?:\/\/\S+$/i.test(url.trim()) && events.length > 0;

  return (
    <Dialog
      open={open}
      onClose={create.isPending ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      slotProps={{ transition: { onExited: reset } }}
    >
      <DialogTitle>{secret ? 'Your endpoint’s signing secret' : 'Add a webhook endpoint'}</DialogTitle>
      <DialogContent>
        {secret ? (
          <SecretReveal secret={secret} />
        ) : (
          <>
            <TextField
              autoFocus
              fullWidth
              label="Endpoint URL"
              placeholder="https://hooks.example.com/faire-shipments"
              helperText="An HTTPS address on the public internet that answers 2xx to a POST"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              slotProps={{ htmlInput: { maxLength: 2000, inputMode: 'url', spellCheck: false } }}
              sx={{ mt: 1 }}
            />
            <FormLabel component="legend" sx={{ mt: 2.5 }}>
              Events to send
            </FormLabel>
            <FormGroup>
              {EVENTS.map((e) => (
                <FormControlLabel
                  key={e}
                  control={<Checkbox checked={events.includes(e)} onChange={() => toggle(e)} />}
                  label={EVENT_TEXT[e]}
                />
              ))}
            </FormGroup>
            {create.isError ? (
              <Alert severity="error" sx={{ mt: 2 }}>
                {errorMessage(create.error)}
              </Alert>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {secret ? (
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
              disabled={!canAdd || create.isPending}
            >
              Add endpoint
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}
