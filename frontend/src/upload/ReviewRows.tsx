import { Box, TableCell, TableRow, Typography, useMediaQuery } from '@mui/material';
import { formatShortUsDate } from '@portal/shipment-rules';
import { Fragment, useState } from 'react';
import { TableShell } from '../shared/TableShell';
import { colors, tint } from '../theme/tokens';
import { CarrierCell, dash, ValidationCell } from './ReviewCells';
import { RowEditor, type RowPatch } from './RowEditor';
import type { RowCheck } from './orderCheck';
import type { ReviewRow } from './types';
import { costText } from './reviewCost';
import { fontSizes } from '../theme/typography';

/** Below MUI's `sm` breakpoint (600px): rows become cards. A plain query works without a theme too. */
export const PHONE_QUERY = '(max-width:599.95px)';

export interface ReviewRowsProps {
  rows: ReviewRow[];
  /** Set when rows can be fixed in place (the reviewed rows are what Process sends). */
  onFix?: (row: number, patch: RowPatch) => void;
  /** What the last sync knows of each valid row's order, by row number. */
  checks?: Map<number, RowCheck>;
  /** The brand's currency: valid rows' costs are shown in it (USD by default). */
  currency?: string;
}

/** The review's rows: a table, or on a phone one card per row with its validation message first. */
export function ReviewRows({ rows, onFix, checks, currency = 'USD' }: ReviewRowsProps) {
  const isPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  const [editing, setEditing] = useState<number | null>(null);
  const save = (row: number) => (patch: RowPatch) => {
    onFix?.(row, patch);
    setEditing(null);
  };
  const editFor = (r: ReviewRow) => (onFix && !r.valid ? () => setEditing(r.row) : undefined);

  if (rows.length === 0) {
    return (
      <Typography sx={{ py: 4, textAlign: 'center', color: 'text.secondary' }}>No rows to show</Typography>
    );
  }

  if (isPhone) {
    return (
      <Box
        component="ul"
        aria-label="Shipment rows"
        sx={{ listStyle: 'none', m: 0, p: 1.5, display: 'grid', gap: 1 }}
      >
        {rows.map((r) => (
          <Box
            component="li"
            key={r.row}
            data-testid={`review-row-${r.row}`}
            data-invalid={r.valid ? undefined : 'true'}
            sx={{
              p: 1.5,
              borderRadius: 2,
              border: 1,
              borderColor: r.valid ? 'divider' : tint('error', 0.35),
              bgcolor: r.valid ? 'background.paper' : tint('error', 0.05),
            }}
          >
            {editing === r.row ? (
              <RowEditor row={r} onSave={save(r.row)} onCancel={() => setEditing(null)} />
            ) : (
              <>
                <ValidationCell row={r} onEdit={editFor(r)} check={checks?.get(r.row)} />
                <Box
                  sx={{
                    display: 'grid',
                    gridTemplateColumns: 'auto 1fr',
                    columnGap: 1.5,
                    rowGap: 0.25,
                    mt: 1,
                    fontSize: fontSizes.compact,
                  }}
                >
                  <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>Row</Typography>
                  <Typography sx={{ fontSize: fontSizes.compact }}>{r.row}</Typography>
                  <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>Order</Typography>
                  <Typography
                    sx={{ fontSize: fontSizes.compact, fontFamily: 'monospace', wordBreak: 'break-all' }}
                  >
                    {dash(r.order_id)} {r.displayId && r.displayId !== '-' ? `(${r.displayId})` : ''}
                  </Typography>
                  <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>
                    Tracking
                  </Typography>
                  <Typography
                    sx={{ fontSize: fontSizes.compact, fontFamily: 'monospace', wordBreak: 'break-all' }}
                  >
                    {dash(r.tracking_number)}
                  </Typography>
                  <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>
                    Carrier
                  </Typography>
                  <Box sx={{ fontSize: fontSizes.compact }}>
                    <CarrierCell row={r} />
                  </Box>
                  <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>
                    Shipped
                  </Typography>
                  <Typography sx={{ fontSize: fontSizes.compact }}>
                    {formatShortUsDate(r.ship_date || null)} · {costText(r, currency)}
                  </Typography>
                </Box>
              </>
            )}
          </Box>
        ))}
      </Box>
    );
  }

  return (
    <TableShell
      label="Shipment rows"
      size="small"
      stickyHeader
      minWidth={980}
      headSx={{ py: 1.25 }}
      columns={[
        { label: 'Row' },
        { label: 'Order ID' },
        { label: 'Display ID' },
        { label: 'Tracking #' },
        { label: 'Carrier' },
        { label: 'Ship Date' },
        { label: 'Shipping Cost', align: 'right' },
        { label: 'Validation' },
      ]}
    >
      {rows.map((r) => (
        <Fragment key={r.row}>
          <TableRow
            data-testid={`review-row-${r.row}`}
            data-invalid={r.valid ? undefined : 'true'}
            sx={{
              bgcolor: r.valid ? undefined : tint('error', 0.06),
              '& td': { fontSize: fontSizes.compact, verticalAlign: 'top', py: 1 },
              '& td:first-of-type': r.valid ? undefined : { boxShadow: `inset 3px 0 0 ${colors.error}` },
            }}
          >
            <TableCell sx={{ color: 'text.secondary', fontVariantNumeric: 'tabular-nums' }}>
              {r.row}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>{dash(r.order_id)}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>{r.displayId || '-'}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 170 }}>
              {dash(r.tracking_number)}
            </TableCell>
            <TableCell>
              <CarrierCell row={r} />
            </TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortUsDate(r.ship_date || null)}</TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
              {costText(r, currency)}
            </TableCell>
            <TableCell>
              <ValidationCell row={r} onEdit={editFor(r)} check={checks?.get(r.row)} />
            </TableCell>
          </TableRow>
          {editing === r.row ? (
            <TableRow>
              <TableCell colSpan={8} sx={{ bgcolor: tint('ink', 0.03), py: 1.5 }}>
                <RowEditor row={r} onSave={save(r.row)} onCancel={() => setEditing(null)} />
              </TableCell>
            </TableRow>
          ) : null}
        </Fragment>
      ))}
    </TableShell>
  );
}
