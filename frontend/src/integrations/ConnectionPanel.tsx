import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import KeyIcon from '@mui/icons-material/KeyRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import PauseIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import PlayIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import SyncProblemIcon from '@mui/icons-material/SyncProblemRounded';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControlLabel,
  Link,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useDismissHeld, useDisconnectIntegration, useUpdateIntegration } from './api';
import { ConnectShipStationForm } from './ConnectShipStationForm';
import { ConnectShopifyForm } from './ConnectShopifyForm';
import { CostRuleEditor } from './CostRuleEditor';
import { costRuleText, needsCostRule } from './costRule';
import { MODE_LABELS, STATUS_LABELS, lastSyncText, rowWord, sentTodayText, sourceName } from './format';
import type { ConnectionStatus, IntakeMode, SourceAlert, SourceConnection } from './types';

const CHIP_COLOR: Record<ConnectionStatus, 'success' | 'error' | 'default'> = {
  CONNECTED: 'success',
  FAILING: 'error',
  PAUSED: 'default',
  DISCONNECTED: 'error',
};
const CHIP_ICON: Record<ConnectionStatus, ReactElement> = {
  CONNECTED: <CheckCircleIcon />,
  FAILING: <SyncProblemIcon />,
  PAUSED: <PauseIcon />,
  DISCONNECTED: <SyncProblemIcon />,
};

export function ConnectionChip({ status }: { status: ConnectionStatus }) {
  return (
    <Chip
      size="small"
      icon={CHIP_ICON[status]}
      label={STATUS_LABELS[status]}
      color={CHIP_COLOR[status]}
      variant={status === 'PAUSED' ? 'outlined' : 'filled'}
      data-testid="connection-status"
      data-status={status}
      sx={{ fontWeight: 700 }}
    />
  );
}

/** The order's page on Faire, or else the orders list searched for it. */
function orderLink(alert: SourceAlert): { href: string; external: boolean } | null {
  if (alert.orderUrl) return { href: alert.orderUrl, external: true };
  const q = alert.displayId || alert.orderId;
  return q ? { href: `/orders?filter=${encodeURIComponent(JSON.stringify({ q }))}`, external: false } : null;
}

function Alerts({ alerts, canManage }: { alerts: SourceAlert[]; canManage: boolean }) {
  const dismiss = useDismissHeld();
  if (alerts.length === 0) return null;
  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }} data-testid="connection-alerts">
      {alerts.map((a) => {
        const link = orderLink(a);
        const order = a.displayId || a.orderId;
        return (
          <Alert
            key={a.labelId}
            severity="warning"
            sx={{ py: 0.25, '& .MuiAlert-message': { overflowWrap: 'anywhere' } }}
            action={
              canManage ? (
                <Button
                  color="inherit"
                  size="small"
                  disabled={dismiss.isPending}
                  onClick={() => dismiss.mutate([a.labelId])}
                >
                  Dismiss
                </Button>
              ) : undefined
            }
          >
            {a.text}
            {link && order ? (
              <>
                {' '}
                {link.external ? (
                  <Link href={link.href} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
                    Open order {order}
                  </Link>
                ) : (
                  <Link component={RouterLink} to={link.href} sx={{ fontWeight: 600 }}>
                    Open order {order}
                  </Link>
                )}
              </>
            ) : null}
          </Alert>
        );
      })}
    </Box>
  );
}

/** When a row arrives: "a label is printed" (ShipStation), "a fulfilment arrives" (Shopify). */
const arrives = (c: SourceConnection) =>
  c.kind === 'SHOPIFY' ? 'a fulfilment arrives' : `a ${rowWord(c.kind)} is printed`;

function ReadOnlySettings({ connection }: { connection: SourceConnection }) {
  const row = { display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 } as const;
  return (
    <Box component="dl" sx={{ m: 0, mt: 2, borderTop: 1, borderColor: 'divider', pt: 1 }}>
      <Box sx={row}>
        <Typography component="dt" variant="body2" color="text.secondary">
          Mode
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600 }}>
          {MODE_LABELS[connection.mode]}
        </Typography>
      </Box>
      <Box sx={row}>
        <Typography component="dt" variant="body2" color="text.secondary">
          New Faire orders
        </Typography>
        <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}>
          {connection.acceptNewOrders ? `Accepted when ${arrives(connection)}` : 'Wait for review'}
        </Typography>
      </Box>
      <Box sx={row}>
        <Typography component="dt" variant="body2" color="text.secondary">
          Cost rule
        </Typography>
        <Typography
          component="dd"
          variant="body2"
          sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}
          data-testid="cost-rule-text"
        >
          {costRuleText(connection.costRule, connection.kind, connection.currency)}
        </Typography>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
        Your company admin manages this connection.
      </Typography>
    </Box>
  );
}

function AdminSettings({ connection }: { connection: SourceConnection }) {
  const update = useUpdateIntegration();
  const disconnect = useDisconnectIntegration();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const name = sourceName(connection.kind);
  const paused = connection.status === 'PAUSED';
  const busy = update.isPending || disconnect.isPending;
  return (
    <Box sx={{ mt: 2, borderTop: 1, borderColor: 'divider', pt: 2, display: 'grid', gap: 2 }}>
      <Box>
        <Typography id={`mode-${connection.id}`} variant="body2" sx={{ fontWeight: 600, mb: 0.75 }}>
          When {arrives(connection)}
        </Typography>
        <ToggleButtonGroup
          exclusive
          size="small"
          color="primary"
          value={connection.mode}
          disabled={busy}
          aria-labelledby={`mode-${connection.id}`}
          onChange={(_e, mode: IntakeMode | null) => {
            if (mode && mode !== connection.mode) update.mutate({ connection, patch: { mode } });
          }}
          sx={{ flexWrap: 'wrap' }}
        >
          <ToggleButton value="AUTO">{MODE_LABELS.AUTO}</ToggleButton>
          <ToggleButton value="REVIEW">{MODE_LABELS.REVIEW}</ToggleButton>
        </ToggleButtonGroup>
      </Box>
      <FormControlLabel
        sx={{ alignItems: 'flex-start', m: 0 }}
        control={
          <Switch
            checked={!!connection.acceptNewOrders}
            disabled={busy}
            onChange={(e) => update.mutate({ connection, patch: { acceptNewOrders: e.target.checked } })}
            sx={{ mt: -0.75, ml: -1 }}
          />
        }
        label={
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              Accept new orders when {arrives(connection)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              Otherwise a {rowWord(connection.kind)} for an order still New on Faire waits in Needs attention.
            </Typography>
          </Box>
        }
      />
      <CostRuleEditor key={JSON.stringify(connection.costRule ?? null)} connection={connection} />
      {replacing && connection.kind === 'SHOPIFY' ? (
        <ConnectShopifyForm onCancel={() => setReplacing(false)} />
      ) : replacing ? (
        <ConnectShipStationForm
          onCancel={() => setReplacing(false)}
          onConnected={() => setReplacing(false)}
        />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {connection.kind === 'SHIPSTATION' && !replacing ? (
          // A revoked or changed key pair is replaced in place: labels, settings and history stay.
          <Button
            variant="outlined"
            disabled={busy}
            startIcon={<KeyIcon />}
            onClick={() => setReplacing(true)}
          >
            Update key
          </Button>
        ) : null}
        {connection.kind === 'SHOPIFY' && !replacing && connection.status !== 'CONNECTED' ? (
          // Uninstalled, or Shopify refused to renew the access: approving the app again resumes it.
          <Button
            variant="outlined"
            disabled={busy}
            startIcon={<KeyIcon />}
            onClick={() => setReplacing(true)}
          >
            Connect again
          </Button>
        ) : null}
        <Button
          variant="outlined"
          disabled={busy || connection.status === 'DISCONNECTED'}
          startIcon={paused ? <PlayIcon /> : <PauseIcon />}
          onClick={() => update.mutate({ connection, patch: { paused: !paused } })}
        >
          {paused ? 'Resume' : 'Pause'}
        </Button>
        <Button
          variant="outlined"
          color="error"
          disabled={busy}
          startIcon={<LinkOffIcon />}
          onClick={() => setConfirmOpen(true)}
        >
          Disconnect
        </Button>
      </Box>
      <ConfirmDialog
        open={confirmOpen}
        title={`Disconnect ${name}?`}
        confirmLabel="Disconnect"
        destructive
        pending={disconnect.isPending}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() => disconnect.mutate(connection, { onSettled: () => setConfirmOpen(false) })}
      >
        {connection.kind === 'SHOPIFY'
          ? `Fulfilments in ${name} will no longer reach Faire by themselves, and the shop's stored access is deleted.`
          : `Labels printed in ${name} will no longer reach Faire by themselves, and the stored key and secret are deleted.`}{' '}
        Shipments already sent stay on Faire. You can connect again at any time.
      </ConfirmDialog>
    </Box>
  );
}

/** One connected source: status, last sync, labels sent today, alerts; its settings for an admin. */
export function ConnectionPanel({
  connection,
  canManage,
}: {
  connection: SourceConnection;
  canManage: boolean;
}) {
  return (
    <Box data-testid={`connection-${connection.kind}`}>
      <Typography variant="body2" color="text.secondary" data-testid="connection-activity">
        {lastSyncText(connection.lastSyncAt)} · {sentTodayText(connection.sentToday, connection.kind)}
      </Typography>
      {connection.status === 'DISCONNECTED' ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="connection-disconnected">
          Disconnected: {connection.statusReason || 'the source ended the connection.'}
        </Alert>
      ) : null}
      {connection.status === 'FAILING' ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="connection-failing">
          Failing: {connection.statusReason || 'the last sync did not finish.'}
        </Alert>
      ) : null}
      {connection.status === 'PAUSED' ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          Paused: new {rowWord(connection.kind, 2)} are not fetched until the connection is resumed.
        </Alert>
      ) : null}
      {needsCostRule(connection.kind, connection.costRule) && connection.status !== 'DISCONNECTED' ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="cost-rule-needed">
          Set a cost rule so fulfilments can be sent: Shopify gives no shipping cost, so until then each one
          waits in Needs attention.{canManage ? '' : ' Your company admin sets it.'}
        </Alert>
      ) : null}
      <Alerts alerts={connection.alerts} canManage={canManage} />
      {canManage ? <AdminSettings connection={connection} /> : <ReadOnlySettings connection={connection} />}
    </Box>
  );
}
