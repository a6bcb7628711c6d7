import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import { Box, Chip, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { carrierLabel } from '@portal/shipment-rules';
import type { RowCheck } from './orderCheck';
import type { ReviewRow } from './types';
import { colors } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

export const dash = (value: string) => (value.trim() ? value : '-');

export function Warnings({ warnings }: { warnings: string[] }) {
  if (warnings.length === 0) return null;
  return (
    <Tooltip
      title={
        <Box component="ul" sx={{ m: 0, pl: 2 }}>
          {warnings.map((w) => (
            <li key={w}>{w}</li>
          ))}
        </Box>
      }
    >
      <WarningAmberIcon
        tabIndex={0}
        aria-label={`Warnings: ${warnings.join('; ')}`}
        data-testid="row-warning"
        sx={{
          fontSize: iconSizes.medium,
          color: colors.caution,
          verticalAlign: 'middle',
          ml: 0.75,
          cursor: 'help',
        }}
      />
    </Tooltip>
  );
}

/** How cells were read, as text: a person sees that '20.11.2026' became 20 November 2026. */
function Notes({ notes }: { notes?: string[] }) {
  if (!notes?.length) return null;
  return (
    <Box
      component="ul"
      data-testid="row-notes"
      sx={{ m: 0, mt: 0.5, p: 0, listStyle: 'none', maxWidth: 320 }}
    >
      {notes.map((note) => (
        <Typography
          key={note}
          component="li"
          data-testid="row-note"
          sx={{ fontSize: fontSizes.small, color: 'text.secondary', overflowWrap: 'anywhere' }}
        >
          {note}
        </Typography>
      ))}
    </Box>
  );
}

export function CarrierCell({ row }: { row: ReviewRow }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, flexWrap: 'wrap' }}>
      <span>{dash(row.carrier)}</span>
      {row.suggestedCarrier ? (
        <Tooltip
          title={`The tracking number looks like ${carrierLabel(row.suggestedCarrier)}. Check the carrier column in your file.`}
        >
          <Chip
            size="small"
            variant="outlined"
            color="warning"
            label={`Suggested: ${carrierLabel(row.suggestedCarrier)}`}
            sx={{ height: 20, fontSize: fontSizes.micro, fontWeight: 600 }}
          />
        </Tooltip>
      ) : null}
    </Box>
  );
}

export function ValidationCell({
  row,
  onEdit,
  check,
}: {
  row: ReviewRow;
  onEdit?: () => void;
  check?: RowCheck;
}) {
  if (!row.valid) {
    return (
      <Box>
        <Box
          sx={{ display: 'flex', alignItems: 'flex-start', gap: 0.75, color: 'error.main', minWidth: 180 }}
        >
          <ErrorOutlineIcon aria-hidden sx={{ fontSize: iconSizes.medium, mt: '1px' }} />
          <Typography
            component="span"
            sx={{ fontSize: fontSizes.compact, fontWeight: 500, flex: 1 }}
            data-testid="row-validation"
          >
            {row.validation || 'Invalid'}
          </Typography>
          {onEdit ? (
            <Tooltip title="Fix this row">
              <IconButton size="small" onClick={onEdit} aria-label={`Fix row ${row.row}`} sx={{ mt: '-4px' }}>
                <EditOutlinedIcon sx={{ fontSize: iconSizes.medium }} />
              </IconButton>
            </Tooltip>
          ) : null}
        </Box>
        <Notes notes={row.notes} />
      </Box>
    );
  }
  return (
    <Box>
      <Box sx={{ display: 'flex', alignItems: 'center', whiteSpace: 'nowrap', gap: 0.75 }}>
        <Chip
          size="small"
          color="success"
          variant="outlined"
          label="Valid"
          sx={{ height: 22, fontWeight: 600 }}
        />
        {check?.state ? (
          <Typography
            component="span"
            sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}
            data-testid="order-state"
          >
            {check.state.replace(/_/g, ' ')} on Faire
          </Typography>
        ) : null}
        <Warnings warnings={row.warnings} />
      </Box>
      {check?.warning ? (
        <Typography
          variant="caption"
          component="p"
          data-testid="order-check-warning"
          data-looking={check.looking ? 'true' : undefined}
          sx={{
            mt: 0.5,
            color: check.cannotSucceed ? 'error.main' : 'text.secondary',
            fontWeight: check.cannotSucceed ? 600 : undefined,
            maxWidth: 280,
            display: 'flex',
            gap: 0.75,
            alignItems: 'flex-start',
          }}
        >
          {check.looking ? (
            <CircularProgress size={12} aria-label="Checking on Faire" sx={{ mt: 0.25, flexShrink: 0 }} />
          ) : null}
          <span>{check.warning}</span>
        </Typography>
      ) : null}
      <Notes notes={row.notes} />
    </Box>
  );
}
