import { Alert, Box, Card, Chip, Divider, Link, Skeleton, Typography } from '@mui/material';
import { Link as RouterLink } from 'react-router-dom';
import { useLateRate } from '../orders';
import { displayIdLabel } from '../orders';
import { formatDate } from '../shared/dates';
import type { LateRate, LateRateOrder } from '../orders';
import { tint } from '../theme/tokens';

/** Orders listed on the card per list; the at-risk rest are one click away in the orders table. */
const SHOWN = 8;
const PAST_DUE_LINK = `/orders?view=table&filter=${encodeURIComponent(JSON.stringify({ late: 'true' }))}`;
const pct = (r: number) => `${(Math.round(r * 1000) / 10).toFixed(1)}%`;
/** The bar runs to 25%, so the 10% line sits at 40% of its width. */
const SCALE = 0.25;

/** How the number is made, said where it is shown (decision 0018). */
export const LATE_RATE_EXPLANATION =
  'Faire counts a shipment late when the carrier’s first scan comes after its expected ship date, and asks ' +
  'Top Shop brands to stay at or below 10% a quarter. The portal sees the first scan when a refresh first finds ' +
  'the order In Transit, so the scan date it uses is the latest the scan can have happened: this rate can read ' +
  'higher than Faire’s, never lower, and it is closest when orders are refreshed at least daily.';

function RateBar({ rate, limit }: { rate: number; limit: number }) {
  const over = rate > limit;
  return (
    <Box sx={{ position: 'relative', height: 12, borderRadius: 6, bgcolor: tint('ink', 0.08), mt: 1.5 }}>
      <Box
        data-testid="late-rate-bar"
        sx={{
          width: `${Math.min(1, rate / SCALE) * 100}%`,
          height: '100%',
          borderRadius: 6,
          bgcolor: over ? 'error.main' : 'success.main',
        }}
      />
      <Box
        aria-hidden
        sx={{
          position: 'absolute',
          top: -4,
          bottom: -4,
          left: `${(limit / SCALE) * 100}%`,
          width: 2,
          bgcolor: 'text.primary',
        }}
      />
      <Typography
        variant="caption"
        sx={{
          position: 'absolute',
          top: 14,
          left: `${(limit / SCALE) * 100}%`,
          transform: 'translateX(-50%)',
        }}
      >
        Faire’s {Math.round(limit * 100)}% line
      </Typography>
    </Box>
  );
}

function OrderLine({ order, detail }: { order: LateRateOrder; detail: string }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, alignItems: 'baseline', py: 0.5, flexWrap: 'wrap' }}>
      <Link href={order.marketplaceUrl} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
        {displayIdLabel(order.displayId, order.faireOrderId)}
      </Link>
      <Typography variant="body2" color="text.secondary" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {order.customerName ?? ''}
      </Typography>
      <Typography variant="body2">{detail}</Typography>
    </Box>
  );
}

function Lists({ data }: { data: LateRate }) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, mt: 4 }}>
      <Box data-testid="late-rate-counted">
        <Typography variant="subtitle2" component="h3">
          Counting against it ({data.late})
        </Typography>
        {data.lateOrders.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No late shipments this quarter.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {data.lateOrders.slice(0, SHOWN).map((o) => (
              <OrderLine
                key={o.id}
                order={o}
                detail={`due ${formatDate(o.expectedShipDate.slice(0, 10))}, scanned ${formatDate(o.firstScanAt)}`}
              />
            ))}
          </Box>
        )}
        {data.late > SHOWN ? (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            and {data.late - SHOWN} more this quarter
          </Typography>
        ) : null}
      </Box>
      <Box data-testid="late-rate-at-risk">
        <Typography variant="subtitle2" component="h3">
          At risk now ({data.atRiskCount})
        </Typography>
        <Typography
          variant="caption"
          color="text.secondary"
          component="p"
          sx={{ mb: 0.5 }}
          data-testid="at-risk-caption"
        >
          {atRiskCaption(data.atRiskCount, data.overdueCount, data.atRiskHours)}
        </Typography>
        {data.atRisk.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            Nothing due soon.
          </Typography>
        ) : (
          <Box component="ul" sx={{ m: 0, p: 0, listStyle: 'none' }}>
            {data.atRisk.slice(0, SHOWN).map((o) => (
              <OrderLine
                key={o.id}
                order={o}
                detail={
                  o.overdue
                    ? `overdue since ${formatDate(o.expectedShipDate.slice(0, 10))}`
                    : `ship by ${formatDate(o.expectedShipDate.slice(0, 10))}`
                }
              />
            ))}
          </Box>
        )}
        {data.atRiskCount > SHOWN ? (
          <Link
            component={RouterLink}
            to={PAST_DUE_LINK}
            variant="body2"
            sx={{ display: 'inline-block', mt: 1 }}
          >
            {data.atRiskCount - SHOWN} more · see the orders past their expected ship date
          </Link>
        ) : null}
      </Box>
    </Box>
  );
}

/**
 * What the at-risk list holds, in words: orders not scanned yet that are past their expected ship date
 * (late once scanned) and those due within the window (late unless scanned in time).
 */
export function atRiskCaption(count: number, overdue: number, hours: number): string {
  const soon = count - overdue;
  const parts: string[] = [];
  if (overdue > 0) {
    parts.push(
      `${overdue} already past their expected ship date: they count as late when the carrier scans them`,
    );
  }
  if (soon > 0 || overdue === 0) {
    parts.push(
      `${soon} due within ${hours} hours: late unless the carrier scans them by the end of their expected ship day`,
    );
  }
  return `Not scanned yet. ${parts.join('; ')}.`;
}

/** The quarter's late-shipment rate against Faire's 10% line, what counts against it and what is at risk. */
export function LateRateCard({ enabled }: { enabled: boolean }) {
  const q = useLateRate(enabled);
  const data = q.data ?? undefined;
  return (
    <Card component="section" aria-labelledby="late-rate-title" data-testid="late-rate-card" sx={{ mb: 3 }}>
      <Box sx={{ px: 2.5, py: 2, display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography id="late-rate-title" variant="h3" component="h2" sx={{ mr: 'auto' }}>
          Late-shipment rate{data ? ` · ${data.quarter.label}` : ''}
        </Typography>
        {data && data.rate !== null ? (
          <Chip
            size="small"
            color={data.rate > data.limit ? 'error' : 'success'}
            label={data.rate > data.limit ? 'Above Faire’s line' : 'Within Faire’s line'}
            sx={{ fontWeight: 600 }}
          />
        ) : null}
      </Box>
      <Divider />
      <Box sx={{ p: 2.5 }}>
        {q.isError ? (
          <Alert severity="error">Failed to load the late-shipment rate</Alert>
        ) : !data ? (
          <Skeleton variant="rounded" height={120} />
        ) : (
          <>
            {data.rate === null ? (
              <Typography data-testid="late-rate-value" variant="h4" component="p">
                No shipments scanned yet this quarter
              </Typography>
            ) : (
              <Box>
                <Typography data-testid="late-rate-value" variant="h4" component="p" sx={{ fontWeight: 700 }}>
                  {pct(data.rate)}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {data.late} of {data.shipped} {data.shipped === 1 ? 'shipment' : 'shipments'} scanned after
                  their expected ship date
                </Typography>
                <RateBar rate={data.rate} limit={data.limit} />
              </Box>
            )}
            {data.overdueCount > 0 && data.projectedRate !== null ? (
              <Alert severity={data.projectedRate > data.limit ? 'warning' : 'info'} sx={{ mt: 4 }}>
                {data.overdueCount} {data.overdueCount === 1 ? 'order is' : 'orders are'} past the expected
                ship date and not scanned yet: once shipped, the rate will be at least{' '}
                {pct(data.projectedRate)}.
              </Alert>
            ) : null}
            <Lists data={data} />
            <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 3 }}>
              {LATE_RATE_EXPLANATION}
            </Typography>
          </>
        )}
      </Box>
    </Card>
  );
}
