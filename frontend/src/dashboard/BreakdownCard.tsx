import { Box, Card, Divider, Skeleton, TableCell, TableRow, Typography } from '@mui/material';
import { lazy, Suspense } from 'react';
import { ORDER_STATES, stateLabel, type StateBreakdown } from '../orders';
import { TableShell } from '../shared/TableShell';
import { usePaintedOnce } from '../shared/usePaintedOnce';
import { fontSizes } from '../theme/typography';

/** The chart library is the biggest dependency of the first screen: loaded after the table is shown. */
const BreakdownChart = lazy(() => import('./BreakdownChart').then((m) => ({ default: m.BreakdownChart })));

/** Every state in the usual order, zeros for states the server left out. */
export function breakdownRows(byState: readonly StateBreakdown[]): StateBreakdown[] {
  return ORDER_STATES.map(
    (state) =>
      byState.find((b) => b.state === state) ?? { state, count: 0, percent: 0, late: 0, latePaid: 0 },
  );
}

function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** 'Open Orders Breakdown': per state the count, percent of all open orders and late count, as a table and a chart. */
export function BreakdownCard({
  byState,
  openOrders,
}: {
  byState: StateBreakdown[] | undefined;
  openOrders: number | undefined;
}) {
  const painted = usePaintedOnce(openOrders !== undefined);
  const rows = breakdownRows(byState ?? []);
  const chartData = rows.map((r) => ({
    name: stateLabel(r.state),
    'On time': Math.max(0, r.count - r.late),
    Late: Math.max(0, r.late - r.latePaid),
    'Late (Paid)': r.latePaid,
  }));

  return (
    <Card component="section" aria-labelledby="breakdown-title">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="breakdown-title" variant="h3" component="h2">
          Open Orders Breakdown
        </Typography>
      </Box>
      <Divider />
      {openOrders === undefined ? (
        <Box sx={{ p: 2.5 }}>
          <Skeleton variant="rounded" height={220} />
        </Box>
      ) : openOrders === 0 ? (
        <Typography color="text.secondary" sx={{ py: 6, px: 3, textAlign: 'center' }}>
          No order data available yet
        </Typography>
      ) : (
        <Box
          sx={{
            display: 'grid',
            gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
            gap: { xs: 1, md: 3 },
            p: { xs: 1, sm: 2.5 },
            alignItems: 'center',
          }}
        >
          <TableShell
            label="Open orders by state"
            size="small"
            head="theme"
            tableSx={{
              '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } },
              '& .MuiTableCell-head': { whiteSpace: 'nowrap' },
            }}
            columns={[
              { label: 'State' },
              { label: 'Orders', align: 'right' },
              { label: '% of total', align: 'right' },
              { label: 'Late', align: 'right' },
            ]}
          >
            {rows.map((r) => (
              <TableRow key={r.state} data-testid={`breakdown-${r.state}`}>
                <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{stateLabel(r.state)}</TableCell>
                <TableCell align="right">{r.count}</TableCell>
                <TableCell align="right">{formatPercent(r.percent)}</TableCell>
                <TableCell align="right">
                  <Box
                    component="span"
                    sx={{
                      color: r.late > 0 ? 'error.main' : 'text.secondary',
                      fontWeight: r.late > 0 ? 700 : 400,
                    }}
                  >
                    {r.late}
                  </Box>
                  {r.latePaid > 0 ? (
                    <Typography
                      component="span"
                      sx={{ display: 'block', fontSize: fontSizes.micro, color: 'text.secondary' }}
                    >
                      {r.latePaid} paid
                    </Typography>
                  ) : null}
                </TableCell>
              </TableRow>
            ))}
          </TableShell>
          <Box sx={{ width: '100%', minWidth: 0, minHeight: 260 }} data-testid="breakdown-chart">
            <Suspense fallback={<Skeleton variant="rounded" height={260} />}>
              {painted ? <BreakdownChart data={chartData} /> : <Skeleton variant="rounded" height={260} />}
            </Suspense>
          </Box>
        </Box>
      )}
    </Card>
  );
}
