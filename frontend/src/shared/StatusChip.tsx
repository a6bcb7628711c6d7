import { Chip } from '@mui/material';
import { colors, tint } from '../theme/tokens';
import { statusLabel, statusTone, type StatusTone } from './shipmentStatus';
import { fontSizes } from '../theme/typography';

const STYLES: Record<StatusTone, { bg: string; fg: string; dot: string }> = {
  success: { bg: tint('success', 0.12), fg: colors.successText, dot: colors.success },
  info: { bg: tint('info', 0.11), fg: colors.infoText, dot: colors.infoDot },
  warning: { bg: tint('warning', 0.11), fg: colors.warningText, dot: colors.warningDot },
  error: { bg: tint('error', 0.11), fg: colors.errorText, dot: colors.error },
  default: { bg: tint('textMuted', 0.12), fg: colors.neutralText, dot: colors.neutralDot },
};

/**
 * A shipment status as a coloured pill with the spec's label; `label` and `tone` show a state that is
 * not a shipment's yet (an item waiting to be sent).
 */
export function StatusChip({
  status,
  label,
  tone: given,
}: {
  status: string;
  label?: string;
  tone?: StatusTone;
}) {
  const tone = given ?? statusTone(status);
  const s = STYLES[tone];
  return (
    <Chip
      size="small"
      label={label ?? statusLabel(status)}
      data-testid="status-chip"
      data-tone={tone}
      sx={{
        bgcolor: s.bg,
        color: s.fg,
        fontWeight: 600,
        fontSize: fontSizes.caption,
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
