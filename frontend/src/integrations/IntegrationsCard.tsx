import LocalShippingIcon from '@mui/icons-material/LocalShippingOutlined';
import { Alert, Box, Button, Card, Chip, Divider, Skeleton, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { useState } from 'react';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { useIntegrations } from './api';
import { connectReturn, connectorUi } from '../connectors/registry';
import { ConnectionChip, ConnectionPanel } from './ConnectionPanel';
import { ReloadToConnect } from './ConnectionSettings';
import { sourceName } from './format';
import type { SourceConnection, SourceKind } from './types';
import { fontSizes } from '../theme/typography';

function SourceMark() {
  return (
    <Box
      aria-hidden
      sx={(t) => ({
        // On a phone the text gets the whole width.
        display: { xs: 'none', sm: 'grid' },
        placeItems: 'center',
        flexShrink: 0,
        width: 44,
        height: 44,
        borderRadius: 2.5,
        color: 'primary.main',
        bgcolor: alpha(t.palette.primary.main, 0.08),
      })}
    >
      <LocalShippingIcon />
    </Box>
  );
}

function SourceRow({
  kind,
  connection,
  canManage,
}: {
  kind: SourceKind;
  connection: SourceConnection | undefined;
  canManage: boolean;
}) {
  const [connecting, setConnecting] = useState(false);
  const name = sourceName(kind);
  const { blurb, ConnectForm } = connectorUi(kind);
  return (
    <Box component="li" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid={`source-${kind}`}>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <SourceMark />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Box
            sx={{
              display: 'flex',
              flexWrap: 'wrap',
              alignItems: 'center',
              justifyContent: 'space-between',
              gap: 1,
            }}
          >
            <Typography component="h3" sx={{ fontWeight: 700, fontSize: fontSizes.lead }}>
              {name}
            </Typography>
            {connection ? (
              <ConnectionChip status={connection.status} />
            ) : (
              <Chip size="small" variant="outlined" label="Not connected" sx={{ fontWeight: 700 }} />
            )}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25, mb: 1 }}>
            {blurb}
          </Typography>
          {connection ? (
            <ConnectionPanel connection={connection} canManage={canManage} />
          ) : !canManage ? (
            <Typography variant="body2" color="text.secondary">
              Your company admin can connect {name}.
            </Typography>
          ) : !ConnectForm ? (
            <ReloadToConnect name={name} />
          ) : connecting ? (
            <ConnectForm onCancel={() => setConnecting(false)} onConnected={() => setConnecting(false)} />
          ) : (
            <Button variant="contained" sx={{ mt: 0.5 }} onClick={() => setConnecting(true)}>
              Connect {name}
            </Button>
          )}
        </Box>
      </Box>
    </Box>
  );
}

/**
 * Settings › Integrations: the sources shipments arrive from besides files. Each connected source shows
 * its status (a failing one with the reason in words), last sync and labels sent today; a company admin
 * connects, pauses, changes the mode and disconnects, a member reads the same without any control.
 */
export function IntegrationsCard() {
  const { data: user } = useCurrentUser();
  const canList = canAccess(user, 'list', 'integrations');
  const canManage = canAccess(user, 'manage', 'integrations');
  const integrations = useIntegrations(canList);
  const [returned] = useState(() => connectReturn(globalThis.location?.search ?? ''));
  if (!canList) return null;

  const connections = integrations.data?.connections ?? [];
  // Connected sources first, then the kinds the company can still connect.
  const kinds = [
    ...new Set<SourceKind>([...connections.map((c) => c.kind), ...(integrations.data?.available ?? [])]),
  ];

  return (
    <Card component="section" aria-labelledby="integrations-title" data-testid="integrations-card">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="integrations-title" variant="h3" component="h2">
          Integrations
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
          Where shipments arrive from besides your files.
        </Typography>
      </Box>
      <Divider />
      {returned ? (
        <Alert
          severity={returned.severity}
          sx={{ m: 2.5, mb: 0 }}
          data-testid={`${returned.kind.toLowerCase()}-outcome`}
        >
          {returned.text}
        </Alert>
      ) : null}
      {integrations.isPending ? (
        <Box sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={56} />
        </Box>
      ) : integrations.isError ? (
        <Alert
          severity="error"
          sx={{ m: 2.5 }}
          action={
            <Button color="inherit" size="small" onClick={() => void integrations.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load integrations
        </Alert>
      ) : kinds.length === 0 ? (
        <Typography color="text.secondary" sx={{ p: 2.5 }}>
          No integrations are available.
        </Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, '& > li + li': { borderTop: 1, borderColor: 'divider' } }}
        >
          {kinds.map((kind) => (
            <SourceRow
              key={kind}
              kind={kind}
              connection={connections.find((c) => c.kind === kind)}
              canManage={canManage}
            />
          ))}
        </Box>
      )}
    </Card>
  );
}
