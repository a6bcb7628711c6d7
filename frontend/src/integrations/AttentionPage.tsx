import CheckCircleIcon from '@mui/icons-material/CheckCircleOutlineRounded';
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Checkbox,
  Chip,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useState } from 'react';
import { DataTable, List, Pagination, SelectInput, useListContext } from 'react-admin';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser } from '../auth/useCurrentUser';
import { formatMoney } from '../money/formatMoney';
import { useBrandCurrency } from '../connect';
import { PageHeader } from '../pages/PageHeader';
import { AttentionBulkBar } from './AttentionBulkBar';
import { useIntegrations } from './api';
import { REASON_LABELS, canSend, reasonLabel, rowWord, rowsWord, sourceCarrier, sourceName } from './format';
import { ReviewHeldDialog } from './ReviewHeldDialog';
import type { AttentionItem } from './types';
import { iconSizes } from '../theme/typography';

const Col = DataTable.Col<AttentionItem>;
/** An open "Needs attention" reads its items again this often. */
export const ATTENTION_PAGE_POLL_MS = 10_000;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' } as const;

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
      label={reasonLabel(item.reason, item.source)}
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

/** The orders a label may be for, when there is more than one to pick from. */
function Candidates({ item }: { item: AttentionItem }) {
  if (item.candidates.length < 2) return null;
  return (
    <Typography variant="caption" color="text.secondary">
      Orders: <span>{item.candidates.map((c) => c.displayId).join(', ')}</span>
    </Typography>
  );
}

/** The reason in words, once: the chip, then the sentence when it says more than the chip. */
function Reason({ item }: { item: AttentionItem }) {
  const more = item.reasonText && item.reasonText !== reasonLabel(item.reason, item.source);
  return (
    <Box sx={{ display: 'grid', gap: 0.5, justifyItems: 'start' }}>
      <ReasonChip item={item} />
      {more ? <Typography variant="body2">{item.reasonText}</Typography> : null}
      <Candidates item={item} />
    </Box>
  );
}

/**
 * What the item would be sent at: the cost its connection's rule gives (editable in its review), else
 * the source's own cost; said when it is the rule's.
 */
function Cost({ item, brandCurrency }: { item: AttentionItem; brandCurrency: string }) {
  if (!canSend(item)) return <>-</>;
  const byRule = item.ruleCost !== null && item.ruleCost !== undefined;
  const amount = byRule ? formatMoney(item.ruleCost, brandCurrency) : formatMoney(item.cost, item.currency);
  const note = byRule
    ? item.ruleCost === item.cost
      ? null
      : 'Cost rule'
    : item.cost === null
      ? 'No cost'
      : null;
  return (
    <Box component="span" sx={{ display: 'inline-grid', justifyItems: 'end' }} data-testid="attention-cost">
      <span>{amount}</span>
      {note ? (
        <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {note}
        </Typography>
      ) : null}
    </Box>
  );
}

function Empty() {
  return (
    <Card sx={{ py: 7, px: 2, textAlign: 'center' }} data-testid="attention-empty">
      <CheckCircleIcon sx={{ fontSize: iconSizes.empty, color: 'success.main' }} aria-hidden />
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

interface ListProps {
  canManage: boolean;
  onReview: (i: AttentionItem) => void;
}

function HeldTable({ canManage, onReview }: ListProps) {
  const brandCurrency = useBrandCurrency();
  return (
    <DataTable<AttentionItem>
      rowClick={false}
      // Checkboxes for an admin; the selection bar is ours, in the list's flow (AttentionBulkBar).
      bulkActionButtons={canManage}
      bulkActionsToolbar={canManage ? <AttentionBulkBar /> : false}
      data-testid="attention-table"
    >
      <Col
        label="Tracking"
        disableSort
        render={(i) => (
          <>
            <Typography variant="body2" sx={{ ...mono, whiteSpace: 'nowrap' }}>
              {i.trackingNumber || '-'}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {sourceCarrier(i.carrier)}
            </Typography>
          </>
        )}
      />
      <Col
        label="From"
        disableSort
        render={(i) => (
          <>
            <Typography variant="body2">{sourceName(i.source)}</Typography>
            {i.sourceRef ? (
              <Typography variant="caption" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
                {i.sourceRef}
              </Typography>
            ) : null}
          </>
        )}
      />
      <Col label="Reason" disableSort sx={{ minWidth: 220 }} render={(i) => <Reason item={i} />} />
      <Col
        label="Cost"
        disableSort
        align="right"
        sx={{ whiteSpace: 'nowrap' }}
        render={(i) => <Cost item={i} brandCurrency={brandCurrency} />}
      />
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

/** On a phone: one card per item, ticked with its own checkbox, under the same selection bar. */
function HeldCards({ canManage, onReview }: ListProps) {
  const { data, selectedIds, onToggleItem } = useListContext<AttentionItem>();
  const brandCurrency = useBrandCurrency();
  const ticked = new Set(selectedIds.map(String));
  return (
    <>
      {canManage ? <AttentionBulkBar /> : null}
      <Card component="ul" aria-label="Needs attention" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {(data ?? []).map((i, n) => (
          <Box
            component="li"
            key={i.id}
            data-testid="attention-line"
            sx={{
              display: 'flex',
              gap: 1,
              p: 2,
              pl: canManage ? 1 : 2,
              borderTop: n > 0 ? 1 : 0,
              borderColor: 'divider',
            }}
          >
            {canManage ? (
              <Checkbox
                size="small"
                checked={ticked.has(i.id)}
                onChange={() => onToggleItem(i.id)}
                slotProps={{ input: { 'aria-label': `Select ${rowWord(i.source)} ${i.trackingNumber}` } }}
                sx={{ alignSelf: 'flex-start', mt: -0.75 }}
              />
            ) : null}
            <Box sx={{ display: 'grid', gap: 0.75, flex: 1, minWidth: 0 }}>
              <Typography variant="body2" sx={{ ...mono, overflowWrap: 'anywhere' }}>
                {i.trackingNumber || '-'}
              </Typography>
              <Reason item={i} />
              <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0 }}>
                  {`${sourceName(i.source)}${i.sourceRef ? ` · ${i.sourceRef}` : ''} · ${heldSince(i.createdAt)}`}
                </Typography>
                <Cost item={i} brandCurrency={brandCurrency} />
              </Box>
              {canManage ? (
                <Box>
                  <ReviewButton item={i} onReview={onReview} />
                </Box>
              ) : null}
            </Box>
          </Box>
        ))}
      </Card>
    </>
  );
}

/** "Labels", "Fulfilments", "Labels and fulfilments": what the company's sources send. */
function useItemsWord(): string {
  const kinds = (useIntegrations().data?.connections ?? []).map((c) => c.kind);
  const words = rowsWord(2, kinds);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * /attention: labels and fulfilments a source could not send by themselves (no matching order, no
 * cost, another currency, an order still New, voided or cancelled after sending), each with the reason
 * in words and the cost its rule gives. A company admin reviews one, or ticks several and sends or
 * dismisses them in one call; a member reads.
 */
export function AttentionPage() {
  const { data: user } = useCurrentUser();
  const canManage = canAccess(user, 'manage', 'attention');
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  const [reviewing, setReviewing] = useState<AttentionItem | null>(null);
  const items = useItemsWord();
  if (!canAccess(user, 'list', 'attention')) return null;
  return (
    <>
      <PageHeader
        title="Needs attention"
        subtitle={`${items} that did not reach Faire by themselves, and why.`}
      />
      {!canManage ? (
        <Alert severity="info" icon={<LockIcon fontSize="inherit" />} sx={{ mb: 2.5 }}>
          Your company admin sends or dismisses these {items.toLowerCase()}.
        </Alert>
      ) : null}
      <List<AttentionItem>
        resource="attention"
        title={false}
        filters={filters}
        actions={false}
        perPage={25}
        storeKey={false}
        // Items arrive by themselves ("Hold for review" sends each one here at once): an open page shows them.
        queryOptions={{ refetchInterval: ATTENTION_PAGE_POLL_MS }}
        pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
        empty={<Empty />}
        sx={{
          '& .RaList-main': { mt: 0 },
          '& .RaList-actions, & .RaListToolbar-root, & .RaTopToolbar-root': { bgcolor: 'transparent' },
          // Only the table scrolls sideways: the selection bar above it stays in the page's flow, where
          // it sticks while the page scrolls (an overflow on the list's content would clip it).
          '& .RaList-content': { overflow: 'visible', bgcolor: 'transparent', border: 0, boxShadow: 'none' },
          '& .RaDataTable-tableWrapper': {
            overflowX: 'auto',
            bgcolor: 'background.paper',
            border: 1,
            borderColor: 'divider',
            borderRadius: 3.5,
          },
          '& .MuiTableCell-root': { px: 1.25, verticalAlign: 'top' },
        }}
      >
        {isPhone ? (
          <HeldCards canManage={canManage} onReview={setReviewing} />
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
