import MoreIcon from '@mui/icons-material/MoreVert';
import WebhookIcon from '@mui/icons-material/Webhook';
import { Box, Button, Chip, IconButton, Menu, MenuItem, Typography } from '@mui/material';
import { useState } from 'react';
import type { Schema } from '../api/schema';
import { relativeAge } from '../shared/relativeAge';
import { StatusChip } from '../shared/StatusChip';
import type { StatusTone } from '../shared/shipmentStatus';
import { EVENT_TEXT } from './events';

export type Endpoint = Schema<'WebhookEndpointView'>;

function health(e: Endpoint): { label: string; tone: StatusTone } {
  if (!e.enabled) {
    return e.disabledReason ? { label: 'Turned off', tone: 'error' } : { label: 'Off', tone: 'default' };
  }
  if (e.failingSince) return { label: 'Failing', tone: 'warning' };
  return { label: 'Active', tone: 'success' };
}

export interface RowActions {
  deliveries: () => void;
  test: () => void;
  toggle: () => void;
  rotate: () => void;
  remove: () => void;
}

/** One endpoint: its URL, state, events and, for admins, what can be done with it. */
export function WebhookRow({
  endpoint: e,
  first,
  canManage,
  testing,
  on,
}: {
  endpoint: Endpoint;
  first: boolean;
  canManage: boolean;
  testing: boolean;
  on: RowActions;
}) {
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const state = health(e);
  const pick = (action: () => void) => () => {
    setMenu(null);
    action();
  };
  return (
    <Box
      component="li"
      data-testid={`webhook-${e.id}`}
      sx={{
        px: 2.5,
        py: 1.75,
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        flexWrap: { xs: 'wrap', sm: 'nowrap' },
        borderTop: first ? 0 : 1,
        borderColor: 'divider',
      }}
    >
      <WebhookIcon color="action" sx={{ mt: 0.25 }} aria-hidden />
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere', fontFamily: 'monospace' }}>
            {e.url}
          </Typography>
          <StatusChip status={state.label} label={state.label} tone={state.tone} />
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: 0.75 }}>
          {e.events.map((ev) => (
            <Chip key={ev} size="small" variant="outlined" label={EVENT_TEXT[ev] ?? ev} />
          ))}
        </Box>
        {e.disabledReason ? (
          <Typography variant="body2" color="error" sx={{ mt: 0.75 }}>
            {e.disabledReason}
          </Typography>
        ) : e.enabled && e.failingSince ? (
          <Typography variant="body2" color="warning.main" sx={{ mt: 0.75 }}>
            Deliveries are failing (the first failed {relativeAge(e.failingSince)}). After 24 hours of
            failures the endpoint is turned off.
          </Typography>
        ) : null}
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
          Added {relativeAge(e.createdAt)}
          {e.createdBy ? ` by ${e.createdBy}` : ''} ·{' '}
          {e.lastSuccessAt ? `last delivered ${relativeAge(e.lastSuccessAt)}` : 'nothing delivered yet'}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'flex',
          gap: 0.5,
          alignItems: 'center',
          flexShrink: 0,
          ml: { xs: 4.5, sm: 0 },
        }}
      >
        <Button onClick={on.deliveries} aria-label={`Deliveries of ${e.url}`}>
          Deliveries
        </Button>
        {canManage ? (
          <>
            <Button onClick={on.test} disabled={!e.enabled || testing} aria-label={`Send a test to ${e.url}`}>
              {testing ? 'Sending…' : 'Send test'}
            </Button>
            <IconButton aria-label={`More for ${e.url}`} onClick={(ev) => setMenu(ev.currentTarget)}>
              <MoreIcon />
            </IconButton>
            <Menu anchorEl={menu} open={menu !== null} onClose={() => setMenu(null)}>
              <MenuItem onClick={pick(on.toggle)}>{e.enabled ? 'Turn off' : 'Turn on'}</MenuItem>
              <MenuItem onClick={pick(on.rotate)}>Rotate secret</MenuItem>
              <MenuItem onClick={pick(on.remove)} sx={{ color: 'error.main' }}>
                Delete
              </MenuItem>
            </Menu>
          </>
        ) : null}
      </Box>
    </Box>
  );
}
