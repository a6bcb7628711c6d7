import ScheduleIcon from '@mui/icons-material/ScheduleRounded';
import SendIcon from '@mui/icons-material/SendRounded';
import {
  Box,
  Button,
  Card,
  Divider,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { formatMoney } from '../money/formatMoney';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { SourceTag } from '../shared/SourceLabel';
import { StatusChip } from '../shared/StatusChip';
import { TableShell } from '../shared/TableShell';
import { useNow } from '../shared/useNow';
import { tint } from '../theme/tokens';
import { useIntegrations } from './api';
import { clockTime, rowCount, rowWord, sourceCarrier, undoneWord } from './format';
import type { WaitingItem } from './types';
import { useDontSendWaiting, useSendWaitingNow, useWaitingItems } from './waitingApi';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

/** "in 8 min", "in under a minute", "any moment now". */
export function sendsIn(sendAt: string, now: number): string {
  const ms = Date.parse(sendAt) - now;
  if (!Number.isFinite(ms) || ms <= 0) return 'any moment now';
  if (ms < 60_000) return 'in under a minute';
  return `in ${Math.ceil(ms / 60_000)} min`;
}

/** How long items wait, read off the items themselves: "10 minutes". */
function holdText(items: WaitingItem[]): string | null {
  const ms = items
    .map((i) => Date.parse(i.sendAt) - Date.parse(i.receivedAt))
    .find((d) => Number.isFinite(d) && d > 0);
  if (ms === undefined) return null;
  const min = Math.round(ms / 60_000);
  return min >= 1 ? `${min} ${min === 1 ? 'minute' : 'minutes'}` : `${Math.round(ms / 1000)} seconds`;
}

/** "label", "fulfilment", or "label or fulfilment" when both wait. */
function oneOf(kinds: string[]): string {
  const words = [...new Set(kinds.map((k) => rowWord(k)))];
  return words.join(' or ');
}

/** What History's filters ask of the waiting items: one source, a search of tracking or order. */
export interface WaitingFilter {
  source?: string;
  search?: string;
}

function matches(i: WaitingItem, f: WaitingFilter): boolean {
  if (f.source && f.source !== i.source) return false;
  const q = f.search?.trim().toLowerCase();
  if (!q) return true;
  return [i.trackingNumber, i.sourceRef ?? ''].some((v) => v.toLowerCase().includes(q));
}

interface Actions {
  canManage: boolean;
  busy: boolean;
  onSend: (items: WaitingItem[]) => void;
  onDontSend: (items: WaitingItem[]) => void;
}

function ItemActions({ item, canManage, busy, onSend, onDontSend }: Actions & { item: WaitingItem }) {
  if (!canManage) return null;
  const name = `${rowWord(item.source)} ${item.trackingNumber}`;
  return (
    <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      <Button
        size="small"
        color="error"
        disabled={busy}
        onClick={() => onDontSend([item])}
        aria-label={`Don't send ${name}`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Don’t send
      </Button>
      <Button
        size="small"
        variant="outlined"
        disabled={busy}
        startIcon={<SendIcon />}
        onClick={() => onSend([item])}
        aria-label={`Send ${name} now`}
        sx={{ whiteSpace: 'nowrap' }}
      >
        Send now
      </Button>
    </Box>
  );
}

function SendsAt({ item, now }: { item: WaitingItem; now: number }) {
  return (
    <>
      <Typography variant="body2" sx={{ fontWeight: 600 }} data-testid="waiting-send-at">
        Sends at {clockTime(item.sendAt)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {sendsIn(item.sendAt, now)}
      </Typography>
    </>
  );
}

/** The source's own cost; none (a Shopify fulfilment) means the connection's cost rule sets it. */
function WaitingCost({ item }: { item: WaitingItem }) {
  if (item.cost !== null) return <>{formatMoney(item.cost, item.currency)}</>;
  return (
    <Typography variant="caption" color="text.secondary">
      By the cost rule
    </Typography>
  );
}

function From({ item }: { item: WaitingItem }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <SourceTag kind={item.source} />
      {item.sourceRef ? (
        <Typography variant="body2" color="text.secondary" component="span">
          {item.sourceRef}
        </Typography>
      ) : null}
    </Box>
  );
}

function WaitingTable({ items, now, ...actions }: Actions & { items: WaitingItem[]; now: number }) {
  return (
    <TableShell
      label="Waiting to be sent"
      size="small"
      head="plain"
      minWidth={720}
      tableSx={{ '& td': { verticalAlign: 'top', py: 1.25 }, '& tr:last-child td': { borderBottom: 0 } }}
      columns={[
        { label: 'Tracking Number', sx: { pl: 2.5 } },
        { label: 'From' },
        { label: 'Shipping Cost', align: 'right' },
        { label: 'Status' },
        actions.canManage ? { label: 'Actions', align: 'right', sx: { pr: 2.5 } } : null,
      ]}
    >
      {items.map((i) => (
        <TableRow key={i.id} data-testid={`waiting-${i.trackingNumber}`}>
          <TableCell sx={{ pl: 2.5 }}>
            <Typography variant="body2" sx={{ ...mono, whiteSpace: 'nowrap' }}>
              {i.trackingNumber}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {sourceCarrier(i.carrier)}
            </Typography>
          </TableCell>
          <TableCell>
            <From item={i} />
          </TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            <WaitingCost item={i} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <StatusChip status="WAITING" label="Waiting" tone="info" />
            <Box sx={{ mt: 0.5 }}>
              <SendsAt item={i} now={now} />
            </Box>
          </TableCell>
          {actions.canManage ? (
            <TableCell align="right" sx={{ pr: 2.5 }}>
              <ItemActions item={i} {...actions} />
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </TableShell>
  );
}

function WaitingCards({ items, now, ...actions }: Actions & { items: WaitingItem[]; now: number }) {
  return (
    <Box component="ul" aria-label="Waiting to be sent" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((i, n) => (
        <Box
          component="li"
          key={i.id}
          data-testid={`waiting-${i.trackingNumber}`}
          sx={{ p: 2, borderTop: n > 0 ? 1 : 0, borderColor: 'divider', display: 'grid', gap: 1 }}
        >
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
            <Box sx={{ minWidth: 0 }}>
              <Typography variant="body2" sx={{ ...mono, overflowWrap: 'anywhere' }}>
                {i.trackingNumber}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {sourceCarrier(i.carrier)}
              </Typography>
            </Box>
            <StatusChip status="WAITING" label="Waiting" tone="info" />
          </Box>
          <From item={i} />
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-end' }}>
            <Box>
              <SendsAt item={i} now={now} />
            </Box>
            <Box sx={{ textAlign: 'right', fontVariantNumeric: 'tabular-nums' }}>
              <WaitingCost item={i} />
            </Box>
          </Box>
          <ItemActions item={i} {...actions} />
        </Box>
      ))}
    </Box>
  );
}

/**
 * History's "Waiting to be sent": labels and fulfilments received from a source and still in their
 * grace period, shown at once with the time each is sent and its source. A company admin sends one now
 * or chooses not to send it; a member reads. Nothing when none waits (or the filters leave none).
 */
export function WaitingItems({ filter = {} }: { filter?: WaitingFilter }) {
  const { data: user } = useCurrentUser();
  const canList = canAccess(user, 'list', 'integrations');
  const canManage = canAccess(user, 'manage', 'attention');
  const connections = useIntegrations(canList).data?.connections ?? [];
  const waiting = useWaitingItems(canList && connections.length > 0);
  const send = useSendWaitingNow();
  const dontSend = useDontSendWaiting();
  const [confirming, setConfirming] = useState<WaitingItem[] | null>(null);
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  // Never older than the items themselves: a label fetched a moment ago reads "in 10 min", not 11.
  const now = Math.max(useNow(15_000), waiting.dataUpdatedAt);
  const items = (waiting.data ?? []).filter((i) => matches(i, filter));
  if (items.length === 0) return null;

  const kinds = items.map((i) => i.source);
  const hold = holdText(items);
  const actions: Actions = {
    canManage,
    busy: send.isPending || dontSend.isPending,
    onSend: (chosen) => send.mutate(chosen),
    onDontSend: setConfirming,
  };
  const undone = [...new Set(kinds.map(undoneWord))].join(' or ');
  return (
    <Card component="section" aria-labelledby="waiting-title" data-testid="waiting-items" sx={{ mb: 3 }}>
      <Box
        sx={{
          px: { xs: 2, sm: 2.5 },
          py: 2,
          display: 'flex',
          gap: 1.5,
          alignItems: 'flex-start',
          flexWrap: 'wrap',
        }}
      >
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'grid' },
            placeItems: 'center',
            width: 40,
            height: 40,
            borderRadius: 2.5,
            color: 'info.main',
            bgcolor: tint('info', 0.1),
            flexShrink: 0,
          }}
        >
          <ScheduleIcon />
        </Box>
        <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
          <Typography id="waiting-title" variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
            Waiting to be sent · {rowCount(items.length, kinds)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {hold
              ? `Each ${oneOf(kinds)} waits ${hold} before it goes to Faire, so one ${undone} in the meantime is never sent.`
              : `These go to Faire at the time shown, unless ${undone} first.`}
            {canManage ? '' : ' Your company admin can send them now or stop them.'}
          </Typography>
        </Box>
        {canManage && items.length > 1 ? (
          <Button
            variant="contained"
            size="small"
            startIcon={<SendIcon />}
            disabled={actions.busy}
            onClick={() => send.mutate(items)}
            sx={{ whiteSpace: 'nowrap', alignSelf: 'center' }}
          >
            Send all now
          </Button>
        ) : null}
      </Box>
      <Divider />
      {isPhone ? (
        <WaitingCards items={items} now={now} {...actions} />
      ) : (
        <WaitingTable items={items} now={now} {...actions} />
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming?.length === 1
            ? `Don’t send this ${rowWord(confirming[0]?.source)}?`
            : `Don’t send ${rowCount(confirming?.length ?? 0, kinds)}?`
        }
        confirmLabel="Don’t send"
        destructive
        pending={dontSend.isPending}
        onClose={() => setConfirming(null)}
        onConfirm={() => confirming && dontSend.mutate(confirming, { onSettled: () => setConfirming(null) })}
      >
        {confirming?.length === 1 ? 'It is' : 'They are'} taken off the list and never sent to Faire. The
        shipment stays as it is in {[...new Set((confirming ?? []).map((i) => i.sourceName))].join(' and ')}.
      </ConfirmDialog>
    </Card>
  );
}
