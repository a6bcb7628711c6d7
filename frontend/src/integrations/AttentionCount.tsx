import { Box } from '@mui/material';
import { useGetList } from 'react-admin';
import { usePaintedOnce } from '../shared/usePaintedOnce';
import { brandColors } from '../theme/theme';
import { fontSizes } from '../theme/typography';

/** The sidebar reads the held labels' count this often. */
export const ATTENTION_POLL_MS = 60_000;

/** How many labels wait in "Needs attention" (undefined while unknown). */
export function useAttentionCount(enabled: boolean): number | undefined {
  // Asked for after the first paint, so it never competes with the first screen's own data.
  const painted = usePaintedOnce(enabled);
  const { total } = useGetList(
    'attention',
    { pagination: { page: 1, perPage: 1 } },
    { enabled: enabled && painted, refetchInterval: ATTENTION_POLL_MS },
  );
  return enabled ? total : undefined;
}

/** The sidebar entry's count badge; nothing when no label waits. */
export function AttentionCount({ enabled }: { enabled: boolean }) {
  const count = useAttentionCount(enabled);
  if (!count) return null;
  return (
    <Box
      component="span"
      data-testid="attention-count"
      aria-label={`${count} ${count === 1 ? 'label needs' : 'labels need'} attention`}
      sx={{
        minWidth: 22,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        display: 'inline-grid',
        placeItems: 'center',
        fontSize: fontSizes.caption,
        fontWeight: 700,
        bgcolor: brandColors.accent,
        color: brandColors.ink,
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  );
}
