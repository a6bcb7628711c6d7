import ReplayIcon from '@mui/icons-material/Replay';
import {
  Box,
  Button,
  CircularProgress,
  Divider,
  TableCell,
  TableRow,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { carrierLabel, formatShortUsDate } from '@portal/shipment-rules';
import { formatMoney } from '../money/formatMoney';
import { Fragment, type ReactNode } from 'react';
import type { Shipment } from './api';
import { uploadDateParts } from './format';
import { LaterCosts } from './LaterCosts';
import { SourceLabel } from '../shared/SourceLabel';
import { isRetryable } from '../shared/shipmentStatus';
import { StatusChip } from '../shared/StatusChip';
import { TableShell } from '../shared/TableShell';
import { fontSizes } from '../theme/typography';

export interface ShipmentListProps {
  shipments: Shipment[];
  retryingId: string | null;
  onRetry: (shipment: Shipment) => void;
}

/** The history rows: a table, or one card per shipment on a phone. */
export function ShipmentList(props: ShipmentListProps) {
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  return isPhone ? <ShipmentCards {...props} /> : <ShipmentTable {...props} />;
}

const mono = {
  fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  fontSize: fontSizes.small,
} as const;

function RetryButton({
  shipment,
  retryingId,
  onRetry,
  fullWidth = false,
}: ShipmentListProps & { shipment: Shipment; fullWidth?: boolean }) {
  if (!isRetryable(shipment.status)) return null;
  const busy = retryingId === shipment.id;
  return (
    <Button
      size="small"
      variant="outlined"
      fullWidth={fullWidth}
      disabled={retryingId !== null}
      onClick={() => onRetry(shipment)}
      startIcon={busy ? <CircularProgress size={14} color="inherit" /> : <ReplayIcon />}
      aria-label={`Retry shipment for order ${shipment.displayId || shipment.orderId}`}
      sx={{ whiteSpace: 'nowrap' }}
    >
      {busy ? 'Retrying…' : 'Retry'}
    </Button>
  );
}

function ErrorText({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Typography
      data-testid="shipment-error"
      sx={{
        fontSize: fontSizes.caption,
        color: 'error.main',
        mt: 0.5,
        maxWidth: 210,
        lineHeight: 1.4,
        overflowWrap: 'anywhere',
      }}
    >
      {message}
    </Typography>
  );
}

function UploadDate({ iso }: { iso: string }) {
  const { date, time } = uploadDateParts(iso);
  return (
    <>
      <Box component="span" sx={{ display: 'block' }}>
        {date}
      </Box>
      {time ? (
        <Box component="span" sx={{ display: 'block', fontSize: fontSizes.caption, color: 'text.secondary' }}>
          {time}
        </Box>
      ) : null}
    </>
  );
}

function ShipmentTable(props: ShipmentListProps) {
  const { shipments } = props;
  return (
    <TableShell
      label="Shipments"
      size="small"
      minWidth={1000}
      tableSx={{
        '& th, & td': { px: 1 },
        '& th:first-of-type, & td:first-of-type': { pl: 2.5 },
        '& th:last-of-type, & td:last-of-type': { pr: 2.5 },
      }}
      columns={[
        { label: 'Order ID' },
        { label: 'Tracking Number' },
        { label: 'Carrier' },
        { label: 'Ship Date' },
        { label: 'Shipping Cost', align: 'right' },
        { label: 'Upload Date' },
        { label: 'Source' },
        { label: 'Status' },
        { label: 'Actions', align: 'right' },
      ]}
    >
      {shipments.map((s) => (
        <TableRow
          key={s.id}
          hover
          data-testid={`shipment-row-${s.id}`}
          sx={{
            '& td': { verticalAlign: 'top', fontSize: fontSizes.cell, py: 1.25 },
            '&:last-child td': { borderBottom: 0 },
          }}
        >
          <TableCell>
            <Box sx={{ ...mono, whiteSpace: 'nowrap' }}>{s.orderId}</Box>
            {s.displayId ? (
              <Typography
                sx={{ fontSize: fontSizes.small, color: 'text.secondary', fontWeight: 600, mt: 0.25 }}
              >
                {s.displayId}
              </Typography>
            ) : null}
          </TableCell>
          <TableCell sx={{ ...mono, fontSize: fontSizes.caption, overflowWrap: 'anywhere', minWidth: 150 }}>
            {s.trackingNumber || '-'}
          </TableCell>
          <TableCell sx={{ minWidth: 80 }}>{s.carrier ? carrierLabel(s.carrier) : '-'}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatShortUsDate(s.shipDate)}</TableCell>
          <TableCell align="right" sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
            {formatMoney(s.shippingCost, s.currency)}
            <LaterCosts shipment={s} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>
            <UploadDate iso={s.uploadedAt} />
          </TableCell>
          <TableCell>
            <SourceLabel shipment={s} />
          </TableCell>
          <TableCell>
            <StatusChip status={s.status} />
            <ErrorText message={s.errorMessage} />
          </TableCell>
          <TableCell align="right">
            <RetryButton {...props} shipment={s} />
          </TableCell>
        </TableRow>
      ))}
    </TableShell>
  );
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography
        component="dt"
        sx={{
          fontSize: fontSizes.tag,
          color: 'text.secondary',
          textTransform: 'uppercase',
          letterSpacing: '0.04em',
          fontWeight: 600,
        }}
      >
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontSize: fontSizes.cell, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Box>
  );
}

function ShipmentCards(props: ShipmentListProps) {
  return (
    <Box component="ul" aria-label="Shipments" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {props.shipments.map((s, i) => (
        <Fragment key={s.id}>
          {i > 0 ? <Divider component="li" aria-hidden /> : null}
          <Box component="li" data-testid={`shipment-card-${s.id}`} sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'flex-start', gap: 1 }}>
              <Box sx={{ minWidth: 0 }}>
                <Typography sx={{ fontWeight: 700, fontSize: fontSizes.emphasis }}>
                  {s.displayId || s.orderId}
                </Typography>
                {s.displayId ? (
                  <Box sx={{ ...mono, color: 'text.secondary', wordBreak: 'break-all' }}>{s.orderId}</Box>
                ) : null}
              </Box>
              <Box sx={{ flexShrink: 0 }}>
                <StatusChip status={s.status} />
              </Box>
            </Box>
            <ErrorText message={s.errorMessage} />
            <Box
              component="dl"
              sx={{
                m: 0,
                mt: 1.5,
                display: 'grid',
                gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
                gap: 1.25,
              }}
            >
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Field label="Tracking Number">
                  <Box component="span" sx={mono}>
                    {s.trackingNumber || '-'}
                  </Box>
                </Field>
              </Box>
              <Field label="Carrier">{s.carrier ? carrierLabel(s.carrier) : '-'}</Field>
              <Field label="Ship Date">{formatShortUsDate(s.shipDate)}</Field>
              <Field label="Shipping Cost">
                {formatMoney(s.shippingCost, s.currency)}
                <LaterCosts shipment={s} />
              </Field>
              <Field label="Upload Date">
                {`${uploadDateParts(s.uploadedAt).date} ${uploadDateParts(s.uploadedAt).time}`.trim()}
              </Field>
              <Box sx={{ gridColumn: '1 / -1' }}>
                <Field label="Source">
                  <SourceLabel shipment={s} wrap />
                </Field>
              </Box>
            </Box>
            {isRetryable(s.status) ? (
              <Box sx={{ mt: 1.5 }}>
                <RetryButton {...props} shipment={s} fullWidth />
              </Box>
            ) : null}
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
