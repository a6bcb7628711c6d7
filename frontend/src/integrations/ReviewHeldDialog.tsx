import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  InputAdornment,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { parseShippingCost } from '@portal/shipment-rules';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import { formatMoney } from '../money/formatMoney';
import { useBrandCurrency } from '../connect';
import { useDismissHeld, useSendHeld } from './api';
import { hasOwnCost } from './costRule';
import { canSend, capitalized, reasonLabel, rowWord, sourceCarrier, sourceName, undoneWord } from './format';
import type { AttentionItem } from './types';
import { fontSizes } from '../theme/typography';

/** '$', '€', 'CA$': the brand currency's sign as a price shows it. */
function currencySymbol(currency: string | null): string {
  return formatMoney(0, currency).replace(/[\d.,\s]/g, '') || '$';
}

/**
 * The cost offered, in minor units of the brand's currency: what the connection's rule gives the item,
 * else its own cost when it is in the brand's currency (never converted here); null when neither.
 */
export function offeredCost(item: AttentionItem, brandCurrency: string): number | null {
  if (item.ruleCost !== null && item.ruleCost !== undefined) return item.ruleCost;
  return item.cost === null || item.currency !== brandCurrency ? null : item.cost;
}

const costInput = (cents: number | null) => (cents === null ? '' : (cents / 100).toFixed(2));

/** Under the cost: where the amount offered comes from, or why there is none. */
function costHelp(item: AttentionItem, offered: number | null, brandCurrency: string): string {
  const row = rowWord(item.source);
  if (item.ruleCost !== null && item.ruleCost !== undefined) {
    return item.cost !== null && item.cost !== item.ruleCost
      ? `What the cost rule gives this ${row} (${sourceName(item.source)} said ${formatMoney(item.cost, item.currency)}). Change it to send another amount.`
      : `What the cost rule gives this ${row}. Change it to send another amount.`;
  }
  if (offered !== null) return ' ';
  if (!hasOwnCost(item.source)) {
    return `${sourceName(item.source)} gives no cost for a ${row}: enter it, or set a cost rule on the connection.`;
  }
  return item.cost !== null && item.currency !== brandCurrency
    ? `The ${row}’s cost is in ${item.currency}: enter it in ${brandCurrency}.`
    : `${sourceName(item.source)} gave no cost for this ${row}.`;
}

/** The reason, its short words first and bold, said once: "Held for review (the connection …)". */
function ReasonText({ item }: { item: AttentionItem }) {
  const label = reasonLabel(item.reason, item.source);
  const text = item.reasonText ?? '';
  if (text.startsWith(label)) {
    return (
      <>
        <strong>{label}</strong>
        {text.slice(label.length)}
      </>
    );
  }
  return (
    <>
      <strong>{label}.</strong>
      {text ? ` ${text}` : ''}
    </>
  );
}

/**
 * One held label: the reason in words, the order picked among the candidates found (or typed when none
 * was found), the cost set, then Send to Faire or Dismiss. Nothing is sent until the admin says so.
 */
export function ReviewHeldDialog({ item, onClose }: { item: AttentionItem; onClose: () => void }) {
  const send = useSendHeld([item.source]);
  const dismiss = useDismissHeld([item.source]);
  const row = rowWord(item.source);
  const [orderId, setOrderId] = useState(
    item.candidates.length === 1 ? (item.candidates[0]?.orderId ?? '') : '',
  );
  const brandCurrency = useBrandCurrency();
  const offered = offeredCost(item, brandCurrency);
  const [cost, setCost] = useState(() => costInput(offered));
  const [touched, setTouched] = useState(false);
  const [stillHeld, setStillHeld] = useState<string | null>(null);
  const sendable = canSend(item);
  const parsed = parseShippingCost(cost);
  const costError =
    !touched || parsed.ok
      ? ''
      : parsed.reason === 'negative'
        ? 'The cost cannot be negative.'
        : parsed.reason === 'missing'
          ? `Enter the ${row}’s cost.`
          : 'Enter an amount such as 12.50.';
  const busy = send.isPending || dismiss.isPending;
  const ready = orderId.trim() !== '' && parsed.ok;

  const onSend = () => {
    setTouched(true);
    if (!ready || !parsed.ok) return;
    const picked = orderId.trim();
    // The amount offered is left to the server (it applies the rule again); only a changed one is sent.
    const costChanged = offered === null || parsed.cents !== offered;
    send.mutate(
      {
        ids: [item.id],
        ...(picked ? { orderId: picked } : {}),
        ...(costChanged ? { cost: parsed.cents } : {}),
      },
      {
        // Still lacking something: the dialog stays, and says why (the toast says it too).
        onSuccess: (res) => {
          const still = res.stillHeld?.find((h) => h.id === item.id);
          if (still) setStillHeld(still.reasonText);
          else onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      maxWidth="sm"
      fullWidth
      aria-labelledby="review-held-title"
    >
      <DialogTitle id="review-held-title" sx={{ fontWeight: 700 }}>
        {sendable
          ? `Send this ${row} to Faire?`
          : `${capitalized(row)} ${undoneWord(item.source)} after sending`}
      </DialogTitle>
      <DialogContent>
        <Alert severity={sendable ? 'warning' : 'error'} sx={{ mb: 2 }}>
          <ReasonText item={item} />
        </Alert>
        {stillHeld ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="still-held">
            Not sent: {stillHeld}
          </Alert>
        ) : null}
        {send.isError ? (
          <Alert severity="error" sx={{ mb: 2 }} data-testid="send-error">
            {errorMessage(send.error)}
          </Alert>
        ) : null}
        <Box
          component="dl"
          sx={{
            m: 0,
            mb: 2,
            display: 'grid',
            gridTemplateColumns: 'max-content 1fr',
            columnGap: 2,
            rowGap: 0.5,
          }}
        >
          <Typography component="dt" variant="body2" color="text.secondary">
            Tracking number
          </Typography>
          <Typography
            component="dd"
            variant="body2"
            sx={{ m: 0, fontFamily: 'monospace', overflowWrap: 'anywhere' }}
          >
            {item.trackingNumber || '-'}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            Carrier
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {item.carrier ? sourceCarrier(item.carrier) : 'Unknown'}
          </Typography>
          <Typography component="dt" variant="body2" color="text.secondary">
            From
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
            {sourceName(item.source)}
            {item.sourceRef ? ` order ${item.sourceRef}` : ''}
          </Typography>
        </Box>
        {sendable ? (
          <>
            <Typography id="held-order-label" variant="body2" sx={{ fontWeight: 600, mb: 0.5 }}>
              Faire order
            </Typography>
            {item.candidates.length > 0 ? (
              <RadioGroup
                aria-labelledby="held-order-label"
                value={orderId}
                onChange={(e) => setOrderId(e.target.value)}
                sx={{ mb: 2 }}
              >
                {item.candidates.map((c) => (
                  <FormControlLabel
                    key={c.orderId}
                    value={c.orderId}
                    control={<Radio size="small" />}
                    label={
                      <span>
                        <strong>{c.displayId}</strong>{' '}
                        <Box component="span" sx={{ color: 'text.secondary', fontSize: fontSizes.compact }}>
                          {c.orderId}
                        </Box>
                      </span>
                    }
                  />
                ))}
              </RadioGroup>
            ) : (
              <TextField
                fullWidth
                size="small"
                label="Order ID or display ID"
                placeholder="e.g. ABCDE12345"
                helperText={`No order matched this ${row}. Type the Faire order it belongs to.`}
                value={orderId}
                onChange={(e) => setOrderId(e.target.value)}
                sx={{ mb: 2 }}
              />
            )}
            <TextField
              size="small"
              label={`Shipping cost (${brandCurrency})`}
              value={cost}
              onChange={(e) => setCost(e.target.value)}
              onBlur={() => setTouched(true)}
              error={!!costError}
              helperText={costError || costHelp(item, offered, brandCurrency)}
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">{currencySymbol(brandCurrency)}</InputAdornment>
                  ),
                },
                htmlInput: { inputMode: 'decimal' },
              }}
            />
          </>
        ) : (
          <Typography variant="body2" color="text.secondary">
            Faire has no way to remove a shipment once it is there. Check the order on Faire, then dismiss
            this notice.
          </Typography>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5, flexWrap: 'wrap', gap: 1 }}>
        <Button color="inherit" onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Box sx={{ flex: 1 }} />
        <Button
          color="error"
          variant={sendable ? 'text' : 'contained'}
          disabled={busy}
          onClick={() => dismiss.mutate([item.id], { onSuccess: onClose })}
          startIcon={dismiss.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          Dismiss
        </Button>
        {sendable ? (
          <Button
            variant="contained"
            disabled={busy || !orderId.trim()}
            onClick={onSend}
            startIcon={send.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
          >
            Send to Faire
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
