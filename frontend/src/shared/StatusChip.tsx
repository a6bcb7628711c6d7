import { Chip } from '@mui/material';
import { colors, tint } from '../theme/tokens';
import { statusLabel, statusTone, type StatusTone } from './shipmentStatus';

const STYLES: Record<StatusTone, { bg: string; fg: string; dot: string }> = {
  success: { bg: tint('success', 0.12), fg: colors.successText, dot: colors.success },
  info: { bg: tint('info', 0.11), fg: colors.infoText, dot: colors.infoDot },
  warning: { bg: tint('warning', 0.11), fg: colors.warningText, dot: colors.warningDot },
  error: { bg: tint('error', 0.11), fg: colors.errorText, dot: colors.error },
  default: { bg: tint('textMuted', 0.12), fg: colors.neutralText, dot: colors.neutralDot },
};

/** A shipment status as a coloured pill with the spec's label. */
export function StatusChip({ status }: { status: string }) {
  const tone = statusTone(status);
  const s = STYLES[tone];
  return (
    <Chip
      size="small"
      label={statusLabel(status)}
      data-testid="status-chip"
      data-tone={tone}
      sx={{
        bgcolor: s.bg,
        color: s.fg,
        fontWeight: 600,
        fontSize: 12,
        height: 24,
        '&::before': {
          content: '""',
          width: 6,
          height: 6,
          borderRadius: '50%',
          bgcolor: s.dot,
          ml: 1,
          mr: -0.25,
        },
      }}
    />
  );
}
