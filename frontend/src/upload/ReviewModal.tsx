import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import InsertDriveFileOutlinedIcon from '@mui/icons-material/InsertDriveFileOutlined';
import {
  Box,
  Button,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link,
  ToggleButton,
  ToggleButtonGroup,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { REVIEW_ROW_LIMIT } from './csvParse';
import type { RowCheck } from './orderCheck';
import { ReviewRows } from './ReviewRows';
import type { RowPatch } from './RowEditor';
import type { ReviewRow } from './types';
import { colors, tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

export interface ReviewModalProps {
  open: boolean;
  fileName: string;
  totalRows: number;
  validRows: number;
  invalidRows: number;
  /** Rows the browser holds: every row of a small file, the first ones of a big one. */
  rows: ReviewRow[];
  /** Lines about the whole file: how its dates were read, which column was read as the cost. */
  fileNotes?: string[];
  processing: boolean;
  onCancel: () => void;
  onProcess: () => void;
  /** Valid rows repeating an earlier row; they are sent once. */
  duplicateRows?: number;
  /** A line under the footer note on what Process will do. */
  processHint?: string;
  /** Rows rendered at most. */
  rowLimit?: number;
  /** The brand's currency: costs are shown in it (USD by default). */
  currency?: string;
  /** Set when invalid rows can be fixed in place; the row is re-validated with the shared rules. */
  onFix?: (row: number, patch: RowPatch) => void;
  /** Set when the company's saved mapping for these headers was applied: shows it, with "Change". */
  onChangeSavedMapping?: () => void;
  /** What is known of each valid row's order, by row number (one batched call, then Faire's answers). */
  orderChecks?: Map<number, RowCheck>;
}

function OrderCheckSummary({ checks }: { checks: RowCheck[] }) {
  const flagged = checks.filter((c) => c.cannotSucceed).length;
  const looking = new Set(checks.filter((c) => c.looking).map((c) => c.orderId)).size;
  return (
    <>
      {looking > 0 ? (
        <Chip
          data-testid="order-check-looking"
          variant="outlined"
          icon={<CircularProgress size={14} />}
          label={`Checking ${looking.toLocaleString('en-US')} ${looking === 1 ? 'order' : 'orders'} not synced yet on Faire…`}
        />
      ) : null}
      {flagged > 0 ? (
        <Chip
          data-testid="order-check-flagged"
          color="error"
          variant="outlined"
          label={`${flagged.toLocaleString('en-US')} ${flagged === 1 ? 'row' : 'rows'} cannot succeed as things stand`}
        />
      ) : null}
    </>
  );
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: 'success' | 'error' }) {
  return (
    <Box
      sx={{
        px: { xs: 1.25, sm: 1.75 },
        py: { xs: 0.75, sm: 1 },
        flex: { xs: '1 1 0', sm: '0 0 auto' },
        borderRadius: 2,
        border: 1,
        borderColor: tone ? `${tone}.main` : 'divider',
        bgcolor:
          tone === 'success'
            ? tint('success', 0.06)
            : tone === 'error'
              ? tint('error', 0.05)
              : 'background.paper',
        minWidth: { xs: 0, sm: 96 },
      }}
    >
      <Typography
        sx={{ fontSize: fontSizes.caption, color: 'text.secondary', fontWeight: 500, whiteSpace: 'nowrap' }}
      >
        {label}
      </Typography>
      <Typography
        data-testid={`review-${label.toLowerCase().replace(/\s+/g, '-')}`}
        sx={{
          fontSize: { xs: fontSizes.title, sm: fontSizes.heading },
          fontWeight: 700,
          color: tone ? `${tone}.main` : 'text.primary',
          lineHeight: 1.3,
        }}
      >
        {value.toLocaleString('en-US')}
      </Typography>
    </Box>
  );
}

/**
 * 'Review Shipment Data' (spec section 2, CSV review modal): file name, totals and the rows, invalid ones
 * highlighted with their message. Not rendered at all while closed.
 */
export function ReviewModal(props: ReviewModalProps) {
  if (!props.open) return null;
  return <ReviewModalBody {...props} />;
}

function ReviewModalBody({
  fileName,
  totalRows,
  validRows,
  invalidRows,
  rows,
  fileNotes = [],
  processing,
  onCancel,
  onProcess,
  duplicateRows = 0,
  processHint,
  rowLimit = REVIEW_ROW_LIMIT,
  currency = 'USD',
  onFix,
  onChangeSavedMapping,
  orderChecks,
}: ReviewModalProps) {
  const checks = [...(orderChecks?.values() ?? [])];
  const [issuesOnly, setIssuesOnly] = useState(false);
  const visible = useMemo(() => (issuesOnly ? rows.filter((r) => !r.valid) : rows), [issuesOnly, rows]);
  const shown = visible.slice(0, rowLimit);
  const listed = issuesOnly ? visible.length : Math.max(totalRows, rows.length);
  const close = () => {
    if (!processing) onCancel();
  };

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="lg"
      aria-labelledby="review-title"
      aria-describedby="review-subtitle"
      slotProps={{
        paper: {
          sx: { maxHeight: '90vh', m: { xs: 1, sm: 4 }, width: { xs: 'calc(100% - 16px)', sm: undefined } },
        },
      }}
    >
      <DialogTitle id="review-title" sx={{ fontWeight: 700, pb: 0, px: { xs: 2, sm: 3 } }}>
        Review Shipment Data
      </DialogTitle>
      <Box sx={{ px: { xs: 2, sm: 3 }, pt: 0.5, pb: 2 }}>
        <Typography id="review-subtitle" variant="body2" color="text.secondary">
          Confirm the data before submitting to Faire API
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, mt: 1.5, minWidth: 0 }}>
          <InsertDriveFileOutlinedIcon
            aria-hidden
            sx={{ fontSize: iconSizes.medium, color: 'text.secondary' }}
          />
          <Typography
            data-testid="review-file-name"
            sx={{ fontWeight: 600, fontSize: fontSizes.body, overflowWrap: 'anywhere' }}
          >
            {fileName}
          </Typography>
        </Box>
        {fileNotes.map((note) => (
          <Typography
            key={note}
            data-testid="review-file-note"
            sx={{
              fontSize: fontSizes.compact,
              color: 'text.secondary',
              mt: 0.75,
              display: 'flex',
              gap: 0.75,
              alignItems: 'flex-start',
            }}
          >
            <EventNoteOutlinedIcon
              aria-hidden
              sx={{ fontSize: iconSizes.inline, mt: '2px', color: 'info.main' }}
            />
            {note}
          </Typography>
        ))}
        {onChangeSavedMapping ? (
          <Typography
            data-testid="saved-mapping-note"
            sx={{ fontSize: fontSizes.compact, color: 'text.secondary', mt: 0.75 }}
          >
            Using the mapping you saved for these columns ·{' '}
            <Link
              component="button"
              type="button"
              onClick={onChangeSavedMapping}
              sx={{ fontSize: fontSizes.compact, verticalAlign: 'baseline' }}
            >
              Change
            </Link>
          </Typography>
        ) : null}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.25, mt: 1.5, alignItems: 'center' }}>
          <Box sx={{ display: 'flex', gap: 1.25, width: { xs: '100%', sm: 'auto' } }}>
            <Stat label="Total rows" value={totalRows} />
            <Stat label="Valid" value={validRows} tone="success" />
            <Stat label="Issues" value={invalidRows} tone={invalidRows > 0 ? 'error' : undefined} />
          </Box>
          {duplicateRows > 0 ? (
            <Tooltip title="Rows with the same order ID and tracking number as an earlier row are sent once.">
              <Chip
                icon={<InfoOutlinedIcon />}
                variant="outlined"
                label={`${duplicateRows.toLocaleString('en-US')} repeated ${duplicateRows === 1 ? 'row' : 'rows'}`}
                sx={{ ml: { sm: 0.5 } }}
              />
            </Tooltip>
          ) : null}
          <OrderCheckSummary checks={checks} />
          {invalidRows > 0 ? (
            <ToggleButtonGroup
              size="small"
              exclusive
              value={issuesOnly ? 'issues' : 'all'}
              onChange={(_, v: string | null) => {
                if (v) setIssuesOnly(v === 'issues');
              }}
              aria-label="Rows to show"
              sx={{ ml: { sm: 'auto' } }}
            >
              <ToggleButton value="all" sx={{ px: 1.5, py: 0.5 }}>
                All rows
              </ToggleButton>
              <ToggleButton value="issues" sx={{ px: 1.5, py: 0.5 }}>
                Issues only
              </ToggleButton>
            </ToggleButtonGroup>
          ) : null}
        </Box>
      </Box>
      <DialogContent dividers sx={{ p: 0 }}>
        <ReviewRows rows={shown} onFix={onFix} checks={orderChecks} currency={currency} />
        {issuesOnly && rows.length < totalRows ? (
          <Typography
            sx={{
              px: 3,
              py: 1.5,
              fontSize: fontSizes.compact,
              color: 'text.secondary',
              bgcolor: colors.footer,
            }}
          >
            Rows with issues among the first {rows.length.toLocaleString('en-US')} rows. After processing, the
            results list every row with an issue.
          </Typography>
        ) : null}
        {listed > shown.length ? (
          <Typography
            data-testid="review-truncated"
            sx={{
              px: 3,
              py: 1.5,
              fontSize: fontSizes.compact,
              color: 'text.secondary',
              bgcolor: colors.footer,
            }}
          >
            Showing the first {shown.length.toLocaleString('en-US')} of {listed.toLocaleString('en-US')} rows
          </Typography>
        ) : null}
      </DialogContent>
      <Box
        sx={{
          display: 'flex',
          flexDirection: { xs: 'column', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
          gap: 1.5,
          px: { xs: 2, sm: 3 },
          py: 2,
        }}
      >
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography
            sx={{
              fontSize: fontSizes.compact,
              color: 'text.secondary',
              display: 'flex',
              gap: 0.75,
              alignItems: 'flex-start',
            }}
          >
            <InfoOutlinedIcon aria-hidden sx={{ fontSize: iconSizes.inline, mt: '2px' }} />
            Each order will be validated against the marketplace API before shipment creation
          </Typography>
          {processHint ? (
            <Typography
              data-testid="review-process-hint"
              sx={{ fontSize: fontSizes.small, color: 'text.secondary', mt: 0.5, pl: 2.75 }}
            >
              {processHint}
            </Typography>
          ) : null}
        </Box>
        <DialogActions sx={{ p: 0, gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>
          <Button
            color="inherit"
            onClick={onCancel}
            disabled={processing}
            sx={{ flex: { xs: 1, sm: 'none' } }}
          >
            Cancel
          </Button>
          <Button
            variant="contained"
            onClick={onProcess}
            disabled={processing || validRows === 0}
            startIcon={processing ? <CircularProgress size={16} color="inherit" /> : undefined}
            sx={{ flex: { xs: 1, sm: 'none' }, whiteSpace: 'nowrap' }}
          >
            {processing ? 'Processing...' : 'Process Shipments'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
