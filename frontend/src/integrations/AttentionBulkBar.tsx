import CloseIcon from '@mui/icons-material/CloseRounded';
import DeleteIcon from '@mui/icons-material/DeleteOutlineRounded';
import SendIcon from '@mui/icons-material/SendRounded';
import { Button, CircularProgress, IconButton, Paper, Typography } from '@mui/material';
import { useState } from 'react';
import { useListContext } from 'react-admin';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { tint } from '../theme/tokens';
import { useDismissHeld, useSendHeld } from './api';
import { canSend, rowCount, rowWord, rowsWord } from './format';
import type { AttentionItem } from './types';

/**
 * The selection bar of "Needs attention", above the list and in its flow (not over the filters): how
 * many are ticked, then Send to Faire (every sendable one in one call, at the cost its rule gives) and
 * Dismiss (after a confirmation). It sticks under the top of the screen while the list scrolls, so it
 * stays in reach on a laptop and a phone. Nothing while none is ticked.
 */
export function AttentionBulkBar() {
  const { selectedIds, data, onUnselectItems, onSelect } = useListContext<AttentionItem>();
  const ids = selectedIds.map(String);
  const rows = data ?? [];
  const chosen = rows.filter((i) => ids.includes(i.id));
  const kinds = chosen.map((i) => i.source);
  const send = useSendHeld(kinds);
  const dismiss = useDismissHeld(kinds);
  const [confirmOpen, setConfirmOpen] = useState(false);
  if (ids.length === 0) return null;
  const sendable = chosen.filter((i) => canSend(i)).map((i) => i.id);
  const busy = send.isPending || dismiss.isPending;
  const all = rows.length > ids.length;
  return (
    <Paper
      role="region"
      aria-label="Selected items"
      data-testid="attention-bulk-bar"
      elevation={0}
      sx={(t) => ({
        position: 'sticky',
        top: { xs: 64, sm: 12 },
        zIndex: t.zIndex.appBar - 1,
        mb: 1.5,
        px: { xs: 1, sm: 1.5 },
        py: 1,
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: 1,
        borderRadius: 2.5,
        border: 1,
        borderColor: tint('ink', 0.18),
        bgcolor: 'background.paper',
        boxShadow: `0 8px 24px ${tint('ink', 0.14)}`,
      })}
    >
      <IconButton size="small" aria-label="Clear the selection" onClick={() => onUnselectItems()}>
        <CloseIcon fontSize="small" />
      </IconButton>
      <Typography variant="body2" sx={{ fontWeight: 700, mr: 'auto' }} data-testid="attention-selected">
        {rowCount(ids.length, kinds)} selected
      </Typography>
      {all ? (
        <Button size="small" color="inherit" onClick={() => onSelect(rows.map((i) => i.id))}>
          Select all {rows.length}
        </Button>
      ) : null}
      <Button
        size="small"
        color="error"
        variant="outlined"
        startIcon={<DeleteIcon />}
        disabled={busy}
        onClick={() => setConfirmOpen(true)}
      >
        Dismiss
      </Button>
      <Button
        size="small"
        variant="contained"
        startIcon={send.isPending ? <CircularProgress size={14} color="inherit" /> : <SendIcon />}
        disabled={sendable.length === 0 || busy}
        onClick={() => send.mutate({ ids: sendable }, { onSuccess: () => onUnselectItems() })}
      >
        Send to Faire
      </Button>
      <ConfirmDialog
        open={confirmOpen}
        title={`Dismiss ${rowCount(ids.length, kinds)}?`}
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
    </Paper>
  );
}
