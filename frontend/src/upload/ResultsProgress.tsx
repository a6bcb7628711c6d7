import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import { Box, Typography } from '@mui/material';
import { stillSendingText } from '@portal/shipment-rules';
import type { ReactNode } from 'react';
import { tint } from '../theme/tokens';
import type { UploadSummary } from './resultsApi';
import { fontSizes, iconSizes } from '../theme/typography';

/**
 * How far an upload's results are: the progress bar with its three status counts, the boxed counts
 * above it (total, valid, ...) and the "still sending" countdown, as the results view shows them.
 */

export const n = (value: number) => value.toLocaleString('en-US');

/**
 * "Still sending: Faire is having trouble (last: 503, next try in 4 min)", counted down from what the
 * server said when it answered.
 */
export function waitingText(
  secondsAtFetch: number | null,
  fetchedAt: number,
  now: number,
  lastFault: string | null = null,
): string {
  if (secondsAtFetch === null) return stillSendingText(lastFault, null);
  const elapsed = Math.max(0, Math.floor((now - fetchedAt) / 1000));
  return stillSendingText(lastFault, Math.max(1, secondsAtFetch - elapsed));
}

function StatusCount(props: {
  icon: ReactNode;
  label: string;
  value: number;
  color: string;
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, color: props.color }}>
      {props.icon}
      <Typography component="span" sx={{ fontSize: fontSizes.body, color: 'text.primary' }}>
        <Box component="strong" data-testid={props.testId} sx={{ fontWeight: 700 }}>
          {n(props.value)}
        </Box>{' '}
        {props.label}
      </Typography>
    </Box>
  );
}

export function Count({
  label,
  value,
  color,
  testId,
}: {
  label: string;
  value: number;
  color?: string;
  testId: string;
}) {
  return (
    <Box sx={{ px: 1.75, py: 1, border: 1, borderColor: 'divider', borderRadius: 2, minWidth: 92 }}>
      <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary', fontWeight: 500 }}>
        {label}
      </Typography>
      <Typography
        data-testid={testId}
        sx={{ fontSize: fontSizes.heading, fontWeight: 700, color: color ?? 'text.primary', lineHeight: 1.3 }}
      >
        {n(value)}
      </Typography>
    </Box>
  );
}

export function Progress({ s, notSent }: { s: UploadSummary; notSent: number }) {
  const failed = s.failed + notSent;
  const finished = s.success + failed;
  const total = finished + s.pending;
  const percent = total > 0 ? Math.round((finished / total) * 100) : 100;
  return (
    <Box data-testid="upload-progress">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: 1, mb: 1 }}>
        <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body }}>
          {s.done ? 'Processing complete' : 'Creating shipments on Faire…'}
        </Typography>
        <Typography
          sx={{ fontSize: fontSizes.compact, color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}
        >
          {n(finished)} of {n(total)}
        </Typography>
      </Box>
      <Box
        role="progressbar"
        aria-label="Processing progress"
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
        sx={{
          display: 'flex',
          height: 8,
          borderRadius: 4,
          overflow: 'hidden',
          bgcolor: tint('ink', 0.08),
        }}
      >
        <Box
          sx={{
            width: `${total ? (s.success / total) * 100 : 0}%`,
            bgcolor: 'success.main',
            transition: 'width .4s',
          }}
        />
        <Box
          sx={{
            width: `${total ? (failed / total) * 100 : 0}%`,
            bgcolor: 'error.main',
            transition: 'width .4s',
          }}
        />
      </Box>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: { xs: 1.5, sm: 3 }, mt: 1.5 }}>
        <StatusCount
          icon={<CheckCircleOutlineIcon sx={{ fontSize: iconSizes.medium }} />}
          label="successful"
          value={s.success}
          color="success.main"
          testId="progress-success"
        />
        <StatusCount
          icon={<ErrorOutlineIcon sx={{ fontSize: iconSizes.medium }} />}
          label="failed"
          value={failed}
          color="error.main"
          testId="progress-failed"
        />
        <StatusCount
          icon={<HourglassEmptyIcon sx={{ fontSize: iconSizes.medium }} />}
          label="pending"
          value={s.pending}
          color="info.main"
          testId="progress-pending"
        />
      </Box>
      {!s.done ? (
        <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary', mt: 1.25 }}>
          You can close this window: processing continues in the background and Shipment History shows it.
        </Typography>
      ) : null}
    </Box>
  );
}
