import ContentCopyIcon from '@mui/icons-material/ContentCopyOutlined';
import { Alert, Box, Button, Typography } from '@mui/material';
import { useToast } from '../notifications/toast';

/** A signing secret shown once, with a copy button and how a receiver uses it. */
export function SecretReveal({ secret }: { secret: string }) {
  const toast = useToast();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      toast({ title: 'Secret copied', variant: 'success' });
    } catch {
      toast({
        title: 'Copy failed',
        description: 'Select the secret and copy it by hand.',
        variant: 'destructive',
      });
    }
  };
  return (
    <>
      <Alert severity="warning" sx={{ mb: 2 }}>
        Copy this signing secret now and keep it where your receiver checks signatures. It is not shown again.
      </Alert>
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          alignItems: 'center',
          p: 1.5,
          borderRadius: 1,
          bgcolor: 'action.hover',
        }}
      >
        <Typography
          component="code"
          data-testid="webhook-secret"
          variant="body2"
          sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontFamily: 'monospace' }}
        >
          {secret}
        </Typography>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
        Each delivery carries <code>webhook-id</code>, <code>webhook-timestamp</code> and{' '}
        <code>webhook-signature</code> headers (Standard Webhooks): verify them with this secret before
        trusting the body.
      </Typography>
    </>
  );
}
