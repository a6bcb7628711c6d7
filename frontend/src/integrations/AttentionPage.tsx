import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import LockIcon from '@mui/icons-material/LockOutlined';
import SendIcon from '@mui/icons-material/SendRounded';
import { Alert, Box, Button, Card, Chip, Typography, useMediaQuery, type Theme } from '@mui/material';
import { carrierLabel } from '@portal/shipment-rules';
import { useState } from 'react';
import { DataTable, List, Pagination, SelectInput, SimpleList, useListContext } from 'react-admin';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { formatMoney } from '../money/formatMoney';
import { PageHeader } from '../pages/PageHeader';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useDismissHeld, useSendHeld } from './api';
import { REASON_LABELS, canSend, reasonLabel, rowCount, rowWord, rowsWord, sourceName } from './format';
import { ReviewHeldDialog } from './ReviewHeldDialog';
import type { AttentionItem } from './types';

const Col = DataTable.Col<AttentionItem>;
const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: 12.5,
} as const;

const filters = [
  <SelectInput
    key="reason"
    source="reason"
    label="Reason"
    alwaysOn
    choices={Object.entries(REASON_LABELS).map(([id, name]) => ({ id, name }))}
  />,
];

function ReasonChip({ item }: { item: AttentionItem }) {
  return (
    <Chip
      size="small"
      label={reasonLabel(item.reason)}
      color={canSend(item) ? 'warning' : 'error'}
      variant="outlined"
      sx={{ fontWeight: 600 }}
    />
  );
}

function heldSince(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? '-'
    : d.toLocaleString('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
}

function Candidates({ item }: { item: AttentionItem }) {
  if (item.candidates.length === 0) return <>None found</>;
  return <>{item.candidates.map((c) => c.displayId).join(', ')}</>;
}

/** Send the chosen labels as they are, or dismiss them (after a confirmation). */
function BulkActions() {
  const { selectedIds, data, onUnselectItems } = useListContext<AttentionItem>();
  const ids = selectedIds.map(String);
  const chosen = (data ?? []).filter((i) => ids.includes(i.id));
  const kinds = chosen.map((i) => i.source);
  const send = useSendHeld(kinds);
  const dismiss = useDismissHeld(kinds);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const sendable = chosen.filter((i) => canSend(i)).map((i) => i.id);
  const n = (k: number) => rowCount(k, kinds);
  return (
    <>
      <Button
        size="small"
        startIcon={<SendIcon />}
        disabled={sendable.length === 0 || send.isPending}
        onClick={() => send.mutate({ ids: sendable }, { onSuccess: () => onUnselectItems() })}
      >
        Send to Faire
      </Button>
      <Button size="small" color="error" disabled={dismiss.isPending} onClick={() => setConfirmOpen(true)}>
        Dismiss
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        title={`Dismiss ${n(ids.length)}?`}
        confirmLabel="Dismiss"
        destructive
        pending={dismiss.isPending}
        onClose={() => setConfirmOpen(false)}
        onConfirm={() =>
          dismiss.mutate(ids, {
            onSettled: () => setConfirmOpen(false),
            onSuccess: () => onUnselectItems(),
          })
        }
      >
        {ids.length === 1 ? `This ${rowWord(kinds[0])} is` : `These ${rowsWord(ids.length, kinds)} are`} taken
        off the list and never sent to Faire.
      </ConfirmDialog>
    </>
  );
}

function Empty() {
  return (
    <Card sx={{ py: 7, px: 2, textAlign: 'center' }} data-testid="attention-empty">
      <CheckCircleIcon sx={{ fontSize: 44, color: 'success.main' }} aria-hidden />
      <Typography sx={{ fontWeight: 600, mt: 1 }}>Nothing needs your attention</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        Labels that cannot be sent by themselves wait here with the reason in words.
      </Typography>
    </Card>
  );
}

function ReviewButton({ item, onReview }: { item: AttentionItem; onReview: (i: AttentionItem) => void }) {
  return (
    <Button
      size="small"
      variant="outlined"
      onClick={(e) => {
        e.stopPropagation();
        onReview(item);
      }}
      aria-label={`Review ${rowWord(item.source)} ${item.trackingNumber ?? item.id}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      Review
    </Button>
  );
}

function HeldTable({ canManage, onReview }: { canManage: boolean; onReview: (i: AttentionItem) => void }) {
  return (
    <DataTable<AttentionItem>
      rowClick={false}
      bulkActionButtons={canManage ? <BulkActions /> : false}
      data-testid="attention-table"
    >
      <Col
        label="Tracking"
        disableSort
        render={(i) => (
          <>
            <Box sx={mono}>{i.trackingNumber || '-'}</Box>
            <Typography variant="caption" color="text.secondary">
              {i.carrier ? carrierLabel(i.carrier) : 'Carrier unknown'}
            </Typography>
          </>
        )}
      />
      <Col
        label="From"
        disableSort
        sx={{ whiteSpace: 'nowrap' }}
        render={(i) => `${sourceName(i.source)}${i.sourceRef ? ` · ${i.sourceRef}` : ''}`}
      />
      <Col
        label="Reason"
        disableSort
        sx={{ minWidth: 260 }}
        render={(i) => (
          <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
            <ReasonChip item={i} />
            <Typography variant="body2">{i.reasonText}</Typography>
          </Box>
        )}
      />
      <Col label="Candidates" disableSort render={(i) => <Candidates item={i} />} />
      <Col label="Cost" disableSort align="right" render={(i) => formatMoney(i.cost, i.currency)} />
      <Col
        label="Held since"
        disableSort
        sx={{ whiteSpace: 'nowrap' }}
        render={(i) => heldSince(i.createdAt)}
      />
      {canManage ? (
        <Col
          label=""
          disableSort
          align="right"
          render={(i) => <ReviewButton item={i} onReview={onReview} />}
        />
      ) : null}
    </DataTable>
  );
}

function HeldLines({ canManage, onReview }: { canManage: boolean; onReview: (i: AttentionItem) => void }) {
  return (
    <SimpleList<AttentionItem>
      linkType={false}
      primaryText={(i) => (
        <Box component="span" sx={{ display: 'grid', gap: 0.75 }} data-testid="attention-line">
          <Box
            component="span"
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}
          >
            <Box component="span" sx={{ ...mono, overflowWrap: 'anywhere' }}>
              {i.trackingNumber || '-'}
            </Box>
            <ReasonChip item={i} />
          </Box>
          <Box component="span" sx={{ fontSize: 13.5, color: 'text.secondary' }}>
            {i.reasonText}
          </Box>
          <Box
            component="span"
            sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}
          >
            <Box component="span" sx={{ fontSize: 13, color: 'text.secondary' }}>
              {`${sourceName(i.source)} · ${formatMoney(i.cost, i.currency)} · ${heldSince(i.createdAt)}`}
            </Box>
            {canManage ? <ReviewButton item={i} onReview={onReview} /> : null}
          </Box>
        </Box>
      )}
      rowSx={() => ({ py: 0.5, borderBottom: 1, borderColor: 'divider' })}
    />
  );
}

/**
 * /attention: labels a source could not send by themselves (no matching order, no cost, another
 * currency, an order still New, voided after sending), each with the reason in words. A company admin
 * picks the order and the cost and sends, or dismisses, one by one or several at once; a member reads.
 */
export function AttentionPage() {
  const { data: user } = useCurrentUser();
  const canManage = canAccess(user, 'manage', 'attention');
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const [reviewing, setReviewing] = useState<AttentionItem | null>(null);
  if (!canAccess(user, 'list', 'attention')) return null;
  return (
    <>
      <PageHeader
        title="Needs attention"
        subtitle="Labels that did not reach Faire by themselves, and why."
      />
      {!canManage ? (
        <Alert severity="info" icon={<LockIcon fontSize="inherit" />} sx={{ mb: 2.5 }}>
          Your company admin sends or dismisses these labels.
        </Alert>
      ) : null}
      <List<AttentionItem>
        resource="attention"
        title={false}
        filters={filters}
        actions={false}
        perPage={25}
        storeKey={false}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        empty={<Empty />}
        sx={{
          '& .RaList-main': { mt: 0 },
          '& .RaListToolbar-root, & .RaTopToolbar-root': { bgcolor: 'transparent' },
          '& .RaList-content': { overflowX: 'auto' },
          '& .MuiTableCell-root': { px: 1.25, verticalAlign: 'top' },
        }}
      >
        {isPhone ? (
          <HeldLines canManage={canManage} onReview={setReviewing} />
        ) : (
          <HeldTable canManage={canManage} onReview={setReviewing} />
        )}
      </List>
      {reviewing ? (
        <ReviewHeldDialog key={reviewing.id} item={reviewing} onClose={() => setReviewing(null)} />
      ) : null}
    </>
  );
}
