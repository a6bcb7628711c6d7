import CheckCircleIcon from '@mui/icons-material/CheckCircleRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import PauseIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import SyncProblemIcon from '@mui/icons-material/SyncProblemRounded';
import { Alert, Box, Button, Chip, Link, Typography } from '@mui/material';
import { Fragment, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { connectorUi } from '../connectors/registry';
import { useDismissHeld } from './api';
import { AdminSettings, ReadOnlySettings, ReconnectSettings } from './ConnectionSettings';
import { needsCostRule } from './costRule';
import { STATUS_LABELS, lastSyncText, rowWord, sentTodayText, sourceName } from './format';
import { receivedParts } from './outcome';
import type { ConnectionStatus, SourceAlert, SourceConnection } from './types';

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
  DISCONNECTED: <LinkOffIcon />,
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

/** Where each part of the day is looked at. */
const PART_LINKS = { attention: '/attention', history: '/dashboard?tab=history' } as const;

/**
 * Today's items by state, each part that asks for a look a link to it: "8 labels received today ·
 * sending at 11:53 PM", "4 labels received today · 3 sent · 1 waits for you".
 */
function ReceivedToday({ connection }: { connection: SourceConnection }) {
  const parts = receivedParts(connection.received, connection.kind);
  if (parts.length === 0) return null;
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }} data-testid="connection-received">
      {parts.map((p, i) => (
        <Fragment key={p.text}>
          {i > 0 ? ' · ' : ''}
          {p.to ? (
            <Link component={RouterLink} to={PART_LINKS[p.to]} sx={{ fontWeight: 600 }}>
              {p.text}
            </Link>
          ) : (
            p.text
          )}
        </Fragment>
      ))}
    </Typography>
  );
}

/** Why a connection is disconnected, in one sentence, and that its settings and notices are kept. */
function disconnectedText(c: SourceConnection): string {
  const reason = c.statusReason?.trim().replace(/\.$/, '');
  const why = !reason
    ? `${sourceName(c.kind)} ended the connection`
    : /^disconnected\b/i.test(reason)
      ? reason
      : `Disconnected: ${reason}`;
  return `${why}. Nothing new arrives from it; shipments already sent stay on Faire, and so do their notices.`;
}

/**
 * One source of the company: status, last sync, what it sent today and what it received, notices about
 * shipments already on Faire; its settings for an admin. A disconnected one keeps its settings and
 * notices, and offers to connect again.
 */
export function ConnectionPanel({
  connection,
  canManage,
}: {
  connection: SourceConnection;
  canManage: boolean;
}) {
  const disconnected = connection.status === 'DISCONNECTED';
  const Section = connectorUi(connection.kind).Section;
  return (
    <Box data-testid={`connection-${connection.kind}`}>
      <Typography variant="body2" color="text.secondary" data-testid="connection-activity">
        {lastSyncText(connection.lastSyncAt)} · {sentTodayText(connection.sentToday, connection.kind)}
      </Typography>
      <ReceivedToday connection={connection} />
      {disconnected ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="connection-disconnected">
          {disconnectedText(connection)}
        </Alert>
      ) : null}
      {connection.status === 'FAILING' ? (
        <Alert severity="error" sx={{ mt: 1.5 }} data-testid="connection-failing">
          Failing: {connection.statusReason || 'the last sync did not finish.'}
        </Alert>
      ) : null}
      {connection.webhookProblem && connection.status !== 'DISCONNECTED' ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="connection-webhooks">
          {connection.webhookProblem}
        </Alert>
      ) : null}
      {connection.status === 'PAUSED' ? (
        <Alert severity="info" sx={{ mt: 1.5 }}>
          Paused: new {rowWord(connection.kind, 2)} are not fetched until the connection is resumed.
        </Alert>
      ) : null}
      {needsCostRule(connection.kind, connection.costRule) && connection.status !== 'DISCONNECTED' ? (
        <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="cost-rule-needed">
          {`Set a cost rule so ${rowWord(connection.kind, 2)} can be sent: ${sourceName(connection.kind)} gives no shipping cost, so until then each one waits in Needs attention.`}
          {canManage ? '' : ' Your company admin sets it.'}
        </Alert>
      ) : null}
      <Alerts alerts={connection.alerts} canManage={canManage} />
      {Section && !disconnected ? <Section connection={connection} canManage={canManage} /> : null}
      {!canManage ? (
        <ReadOnlySettings connection={connection} note="Your company admin manages this connection." />
      ) : disconnected ? (
        <ReconnectSettings connection={connection} />
      ) : (
        <AdminSettings connection={connection} />
      )}
    </Box>
  );
}
