import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../api/request';
import type { ConnectFormProps, ConnectReturn } from '../types';
import { useConnectShopify } from './api';

/** `your-shop.myshopify.com`, as Shopify names a shop (what the server accepts too). */
const SHOP = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?\.myshopify\.com$/;

function shopOf(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/\/+$/, '');
}

/**
 * Name the shop's myshopify.com domain; the browser then goes to Shopify, where the admin approves the
 * app, and comes back to Settings. The server checks the domain first; a refusal shows here.
 */
export function ConnectShopifyForm({ onCancel }: Pick<ConnectFormProps, 'onCancel'>) {
  const connect = useConnectShopify();
  const [shop, setShop] = useState('');
  const domain = shopOf(shop);
  const ready = SHOP.test(domain);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready || connect.isPending || connect.isSuccess) return;
    connect.mutate({ shop: domain });
  };
  const busy = connect.isPending || connect.isSuccess;

  return (
    <Box
      component="form"
      aria-label="Connect Shopify"
      onSubmit={submit}
      noValidate
      sx={{ mt: 2, p: 2, borderRadius: 2, border: 1, borderColor: 'divider', bgcolor: 'background.default' }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Your shop&apos;s address ends in .myshopify.com (Shopify admin › Settings › Domains). Shopify asks you
        to approve the app, then brings you back here.
      </Typography>
      <TextField
        label="Shop domain"
        size="small"
        fullWidth
        placeholder="your-shop.myshopify.com"
        value={shop}
        onChange={(e) => {
          setShop(e.target.value);
          if (connect.isError) connect.reset();
        }}
        error={shop.trim() !== '' && !ready}
        helperText={shop.trim() !== '' && !ready ? 'Use the shop’s myshopify.com address' : ' '}
        autoComplete="off"
        required
        disabled={busy}
        slotProps={{ htmlInput: { spellCheck: false } }}
      />
      {connect.isError ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="connect-error">
          {errorMessage(connect.error, 'Shopify could not be connected.')}
        </Alert>
      ) : null}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
        <Button color="inherit" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!ready || busy}
          startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {busy ? 'Opening Shopify…' : 'Continue to Shopify'}
        </Button>
      </Box>
    </Box>
  );
}

/** What Shopify's return to Settings says (`?integration=shopify&outcome=...&message=...`), once. */
export function shopifyOutcome(search: string): ConnectReturn | null {
  const q = new URLSearchParams(search);
  if (q.get('integration') !== 'shopify') return null;
  const outcome = q.get('outcome');
  if (outcome === 'connected') return { severity: 'success', text: 'Shopify connected.' };
  if (outcome === 'denied' || outcome === 'error') {
    return { severity: 'error', text: q.get('message') || 'Shopify was not connected.' };
  }
  return null;
}
