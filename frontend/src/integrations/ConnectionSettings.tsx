import KeyIcon from '@mui/icons-material/KeyRounded';
import LinkIcon from '@mui/icons-material/LinkRounded';
import LinkOffIcon from '@mui/icons-material/LinkOffRounded';
import PauseIcon from '@mui/icons-material/PauseCircleOutlineRounded';
import PlayIcon from '@mui/icons-material/PlayCircleOutlineRounded';
import {
  Box,
  Button,
  FormControlLabel,
  Switch,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState, type ReactNode } from 'react';
import { formatMoney } from '../money/formatMoney';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useDisconnectIntegration, useUpdateIntegration } from './api';
import { connectorUi } from '../connectors/registry';
import { CostRuleEditor } from './CostRuleEditor';
import { costRuleText, hasOwnCost as ownCost } from './costRule';
import { MODE_LABELS, rowWord, sourceName } from './format';
import type { IntakeMode, SourceConnection } from './types';

/** When a row arrives, in the source's words: "a label is printed", "a fulfilment is made". */
export const arrives = (c: Pick<SourceConnection, 'kind'>) => connectorUi(c.kind).words.arrives;

/** Only a source whose items carry their own cost (ShipStation's labels) has a $0 cost to decide on. */
const hasOwnCost = (c: Pick<SourceConnection, 'kind'>) => ownCost(c.kind);

/** A source this build cannot connect (the server has a connector this page does not): reload it. */
export function ReloadToConnect({ name }: { name: string }) {
  return (
    <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }} data-testid="reload-to-connect">
      Reload the page to connect {name}.
    </Typography>
  );
}

/** "$0" in the connection's currency. */
const zero = (c: Pick<SourceConnection, 'currency'>) => formatMoney(0, c.currency).replace(/[.,]00$/, '');

function Setting({ term, children, testId }: { term: string; children: ReactNode; testId?: string }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, py: 0.75 }}>
      <Typography component="dt" variant="body2" color="text.secondary">
        {term}
      </Typography>
      <Typography
        component="dd"
        variant="body2"
        sx={{ m: 0, fontWeight: 600, textAlign: 'right' }}
        data-testid={testId}
      >
        {children}
      </Typography>
    </Box>
  );
}

/** The connection's settings as words: a member's view, and a disconnected connection's (kept as they were). */
export function ReadOnlySettings({ connection, note }: { connection: SourceConnection; note: string }) {
  return (
    <Box component="dl" sx={{ m: 0, mt: 2, borderTop: 1, borderColor: 'divider', pt: 1 }}>
      <Setting term="Mode">{MODE_LABELS[connection.mode]}</Setting>
      <Setting term="New Faire orders">
        {connection.acceptNewOrders ? `Accepted when ${arrives(connection)}` : 'Wait for review'}
      </Setting>
      <Setting term="Cost rule" testId="cost-rule-text">
        {costRuleText(connection.costRule, connection.kind, connection.currency)}
      </Setting>
      {hasOwnCost(connection) ? (
        <Setting term={`Labels costing ${zero(connection)}`}>
          {connection.sendZeroCost ? `Sent at ${zero(connection)}` : 'Wait for a cost'}
        </Setting>
      ) : null}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="settings-note">
        {note}
      </Typography>
    </Box>
  );
}

/** A switch with its label in two lines: what it does, and what happens otherwise. */
function SettingSwitch({
  checked,
  disabled,
  onChange,
  title,
  help,
}: {
  checked: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  title: string;
  help: string;
}) {
  return (
    <FormControlLabel
      sx={{ alignItems: 'flex-start', m: 0 }}
      control={
        <Switch
          checked={checked}
          disabled={disabled}
          onChange={(e) => onChange(e.target.checked)}
          sx={{ mt: -0.75, ml: -1 }}
        />
      }
      label={
        <Box>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {help}
          </Typography>
        </Box>
      }
    />
  );
}

/**
 * A disconnected connection, for an admin: its settings as they were kept, and "Connect again" (the
 * same form, or Shopify's approval), which resumes it with them.
 */
export function ReconnectSettings({ connection }: { connection: SourceConnection }) {
  const [connecting, setConnecting] = useState(false);
  const name = sourceName(connection.kind);
  const { ConnectForm } = connectorUi(connection.kind);
  return (
    <>
      <ReadOnlySettings
        connection={connection}
        note={`Kept while disconnected: connecting again resumes ${name} with these settings.`}
      />
      {!ConnectForm ? (
        <ReloadToConnect name={name} />
      ) : connecting ? (
        <ConnectForm again onCancel={() => setConnecting(false)} onConnected={() => setConnecting(false)} />
      ) : (
        <Button
          variant="contained"
          startIcon={<LinkIcon />}
          sx={{ mt: 2 }}
          onClick={() => setConnecting(true)}
        >
          Connect {name} again
        </Button>
      )}
    </>
  );
}

/** A connected source's settings for a company admin: mode, switches, cost rule, key, pause, disconnect. */
export function AdminSettings({ connection }: { connection: SourceConnection }) {
  const update = useUpdateIntegration();
  const disconnect = useDisconnectIntegration();
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const name = sourceName(connection.kind);
  const connector = connectorUi(connection.kind);
  const { ConnectForm, replace } = connector;
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
      <SettingSwitch
        checked={!!connection.acceptNewOrders}
        disabled={busy}
        onChange={(acceptNewOrders) => update.mutate({ connection, patch: { acceptNewOrders } })}
        title={`Accept new orders when ${arrives(connection)}`}
        help={`Otherwise a ${rowWord(connection.kind)} for an order still New on Faire waits in Needs attention.`}
      />
      {hasOwnCost(connection) ? (
        <SettingSwitch
          checked={!!connection.sendZeroCost}
          disabled={busy}
          onChange={(sendZeroCost) => update.mutate({ connection, patch: { sendZeroCost } })}
          title={`Send labels whose cost is ${zero(connection)} at ${zero(connection)}`}
          help={`Otherwise a label costing ${zero(connection)} counts as having no cost: it waits in Needs attention with “No cost on the label”.`}
        />
      ) : null}
      <CostRuleEditor key={JSON.stringify(connection.costRule ?? null)} connection={connection} />
      {replacing && ConnectForm ? (
        <ConnectForm onCancel={() => setReplacing(false)} onConnected={() => setReplacing(false)} />
      ) : null}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        {ConnectForm && replace?.offered(connection) && !replacing ? (
          // The source's access replaced in place (a new key, the app approved again): all else stays.
          <Button
            variant="outlined"
            disabled={busy}
            startIcon={<KeyIcon />}
            onClick={() => setReplacing(true)}
          >
            {replace.label}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          disabled={busy}
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
        {connector.words.disconnect(name)} Shipments already sent stay on Faire, and so do its notices about
        them. Connecting again resumes it with its settings.
      </ConfirmDialog>
    </Box>
  );
}
