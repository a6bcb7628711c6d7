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
import { carrierLabel, parseShippingCost } from '@portal/shipment-rules';
import { useState } from 'react';
import { errorMessage } from '../api/request';
import { formatMoney } from '../money/formatMoney';
import { useBrandCurrency } from '../money/useBrandCurrency';
import { useDismissHeld, useSendHeld } from './api';
import { canSend, reasonLabel, rowWord, sourceName } from './format';
import type { AttentionItem } from './types';

/** '$', '€', 'CA$': the brand currency's sign as a price shows it. */
function currencySymbol(currency: string | null): string {
  return formatMoney(0, currency).replace(/[\d.,\s]/g, '') || '$';
}

/** The label's own cost when it is in the brand's currency; empty otherwise (never converted here). */
function costInput(item: AttentionItem, brandCurrency: string): string {
  return item.cost === null || item.currency !== brandCurrency ? '' : (item.cost / 100).toFixed(2);
}

/**
 * One held label: the reason in words, the order picked among the candidates found (or typed when none
 * was found), the cost set, then Send to Faire or Dismiss. Nothing is sent until the admin says so.
 */
export function ReviewHeldDialog({ item, onClose }: { item: AttentionItem; onClose: () => void }) {
  const send = useSendHeld([item.source]);
  const dismiss = useDismissHeld([item.source]);
  const shopify = item.source === 'SHOPIFY';
  const row = rowWord(item.source);
  const [orderId, setOrderId] = useState(
    item.candidates.length === 1 ? (item.candidates[0]?.orderId ?? '') : '',
  );
  const brandCurrency = useBrandCurrency();
  const [cost, setCost] = useState(() => costInput(item, brandCurrency));
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
    const costChanged = parsed.cents !== item.cost || item.currency !== brandCurrency;
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
          : shopify
            ? 'Fulfilment cancelled after sending'
            : 'Label voided after sending'}
      </DialogTitle>
      <DialogContent>
        <Alert severity={sendable ? 'warning' : 'error'} sx={{ mb: 2 }}>
          <strong>{reasonLabel(item.reason)}.</strong> {item.reasonText}
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
            {item.carrier ? carrierLabel(item.carrier) : 'Unknown'}
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
                        <Box component="span" sx={{ color: 'text.secondary', fontSize: 13 }}>
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
              helperText={
                costError ||
                (item.cost === null
                  ? shopify
                    ? 'Shopify gives no cost for a fulfilment: enter it, or set a cost rule on the connection.'
                    : `${sourceName(item.source)} gave no cost for this label.`
                  : ' ')
              }
              slotProps={{
                input: {
                  startAdornment: (
                    <InputAdornment position="start">{currencySymbol(item.currency)}</InputAdornment>
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
