import { Chip } from '@mui/material';
import { statusLabel, statusTone, type StatusTone } from './status';

const STYLES: Record<StatusTone, { bg: string; fg: string; dot: string }> = {
  success: { bg: 'rgba(47,133,90,0.12)', fg: '#22643f', dot: '#2f855a' },
  info: { bg: 'rgba(49,100,160,0.11)', fg: '#2c5282', dot: '#3182ce' },
  warning: { bg: 'rgba(192,86,33,0.11)', fg: '#9c4221', dot: '#dd6b20' },
  error: { bg: 'rgba(197,48,48,0.11)', fg: '#9b2c2c', dot: '#c53030' },
  default: { bg: 'rgba(91,102,99,0.12)', fg: '#4a5553', dot: '#718096' },
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
