import { Box, Chip, TableCell, TableRow, Typography, useMediaQuery } from '@mui/material';
import { StatusChip } from '../shared/StatusChip';
import { TableShell } from '../shared/TableShell';
import { colors, tint } from '../theme/tokens';
import { PHONE_QUERY } from './ReviewRows';
import { fontSizes } from '../theme/typography';

/** A row of the file that did not end as SUCCESS, as the results view lists it. */
export interface IssueRow {
  row: number;
  status: string;
  displayId: string;
  orderId: string;
  trackingNumber: string;
  /** The reason in words, shown first (a PENDING row's in the colour of pending, never of failure). */
  reason: string;
  waiting: boolean;
}

const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: fontSizes.small,
} as const;

function RowStatus({ status }: { status: string }) {
  if (status === 'INVALID') {
    return (
      <Chip
        size="small"
        label="Not sent"
        data-testid="status-chip"
        sx={{
          bgcolor: tint('error', 0.11),
          color: colors.errorText,
          fontWeight: 600,
          fontSize: fontSizes.caption,
          height: 24,
        }}
      />
    );
  }
  return <StatusChip status={status} />;
}

function orderText(r: IssueRow): string {
  if (!r.orderId) return '-';
  return r.displayId && r.displayId !== '-' ? r.displayId : r.orderId;
}

/** Every non-SUCCESS row in file order: a table, or on a phone one card per row with its reason first. */
export function ResultRows({ rows }: { rows: IssueRow[] }) {
  const isPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  if (isPhone) {
    return (
      <Box
        component="ul"
        aria-label="Rows that need attention"
        sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}
      >
        {rows.map((r) => (
          <Box
            component="li"
            key={r.row}
            data-testid={`issue-row-${r.row}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 2, p: 1.5, bgcolor: 'background.paper' }}
          >
            <Typography
              data-testid="issue-reason"
              sx={{
                fontSize: fontSizes.cell,
                fontWeight: 600,
                color: r.status === 'PENDING' ? 'info.dark' : 'error.dark',
                mb: 0.75,
              }}
            >
              {r.reason}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>Row {r.row}</Typography>
              <RowStatus status={r.status} />
            </Box>
            <Typography sx={{ ...mono, mt: 0.75, wordBreak: 'break-all' }}>{orderText(r)}</Typography>
            <Typography sx={{ ...mono, color: 'text.secondary', whiteSpace: 'nowrap' }}>
              {r.trackingNumber || '-'}
            </Typography>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <TableShell
      label="Rows that need attention"
      size="small"
      stickyHeader
      head="plain"
      headSx={{ color: 'text.primary', fontSize: fontSizes.small }}
      containerSx={{ border: 1, borderColor: 'divider', borderRadius: 2, maxHeight: 360 }}
      columns={[
        { label: 'Row', sx: { width: 56 } },
        { label: 'Order' },
        { label: 'Tracking #' },
        { label: 'Status' },
        { label: 'Reason' },
      ]}
    >
      {rows.map((r) => (
        <TableRow key={r.row} data-testid={`issue-row-${r.row}`} sx={{ verticalAlign: 'top' }}>
          <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>{r.row}</TableCell>
          <TableCell sx={{ ...mono, whiteSpace: 'nowrap' }}>{orderText(r)}</TableCell>
          <TableCell sx={{ ...mono, whiteSpace: 'nowrap' }}>{r.trackingNumber || '-'}</TableCell>
          <TableCell>
            <RowStatus status={r.status} />
          </TableCell>
          <TableCell
            data-testid="issue-reason"
            sx={{
              color: r.status === 'PENDING' ? 'info.dark' : 'error.dark',
              fontSize: fontSizes.compact,
              minWidth: 220,
            }}
          >
            {r.reason}
          </TableCell>
        </TableRow>
      ))}
    </TableShell>
  );
}
