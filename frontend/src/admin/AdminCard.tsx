import { Alert, Box, Button, Card, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { tint } from '../theme/tokens';

/** A titled card of the admin panel; `id` names the region for assistive technology. */
export function AdminCard({
  id,
  title,
  subtitle,
  icon,
  action,
  children,
}: {
  id: string;
  title: string;
  subtitle?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card
      component="section"
      aria-labelledby={`${id}-title`}
      sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}
    >
      <Box
        sx={{
          px: { xs: 2, sm: 2.5 },
          py: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          flexWrap: 'wrap',
        }}
      >
        {icon ? (
          <Box
            aria-hidden
            sx={{
              width: 36,
              height: 36,
              borderRadius: 2,
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              bgcolor: tint('ink', 0.07),
              color: 'primary.main',
            }}
          >
            {icon}
          </Box>
        ) : null}
        {/* On a narrow screen the action goes under the title rather than over it. */}
        <Box sx={{ flex: '1 1 150px', minWidth: 0 }}>
          <Typography id={`${id}-title`} variant="h3" component="h2">
            {title}
          </Typography>
          {subtitle ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 0.25 }}>
              {subtitle}
            </Typography>
          ) : null}
        </Box>
        {action ? <Box sx={{ flexShrink: 0 }}>{action}</Box> : null}
      </Box>
      <Divider />
      <Box sx={{ px: { xs: 2, sm: 2.5 }, py: 2, flex: 1 }}>{children}</Box>
    </Card>
  );
}

/** The spec's inline load failure: a message and a Retry button. */
export function LoadError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      {message}
    </Alert>
  );
}
