import {
  Box,
  Card,
  Divider,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { ORDER_STATES, stateLabel, type StateBreakdown } from '../orders/types';

const COLORS = { onTime: '#2c7a7b', late: '#c53030', latePaid: '#dd6b20' };
const SERIES = ['On time', 'Late (Paid)', 'Late'];
const seriesOrder = (item: { value?: unknown }) => SERIES.indexOf(String(item.value));

/** Every state in the usual order, zeros for states the server left out. */
export function breakdownRows(byState: readonly StateBreakdown[]): StateBreakdown[] {
  return ORDER_STATES.map(
    (state) => byState.find((b) => b.state === state) ?? { state, count: 0, percent: 0, late: 0, latePaid: 0 },
  );
}

function formatPercent(percent: number): string {
  const rounded = Math.round(percent * 10) / 10;
  return `${Number.isInteger(rounded) ? rounded.toFixed(0) : rounded.toFixed(1)}%`;
}

/** 'Open Orders Breakdown': per state the count, percent of all open orders and late count, as a table and a chart. */
export function BreakdownCard({ byState, openOrders }: { byState: StateBreakdown[] | undefined; openOrders: number | undefined }) {
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
          <TableContainer>
            <Table
              size="small"
              aria-label="Open orders by state"
              sx={{ '& .MuiTableCell-root': { px: { xs: 1, sm: 2 } }, '& .MuiTableCell-head': { whiteSpace: 'nowrap' } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>State</TableCell>
                  <TableCell align="right">Orders</TableCell>
                  <TableCell align="right">% of total</TableCell>
                  <TableCell align="right">Late</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => (
                  <TableRow key={r.state} data-testid={`breakdown-${r.state}`}>
                    <TableCell sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>{stateLabel(r.state)}</TableCell>
                    <TableCell align="right">{r.count}</TableCell>
                    <TableCell align="right">{formatPercent(r.percent)}</TableCell>
                    <TableCell align="right">
                      <Box component="span" sx={{ color: r.late > 0 ? 'error.main' : 'text.secondary', fontWeight: r.late > 0 ? 700 : 400 }}>
                        {r.late}
                      </Box>
                      {r.latePaid > 0 ? (
                        <Typography component="span" sx={{ display: 'block', fontSize: 11, color: 'text.secondary' }}>
                          {r.latePaid} paid
                        </Typography>
                      ) : null}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ width: '100%', minWidth: 0 }} data-testid="breakdown-chart">
            <BarChart
              responsive
              layout="vertical"
              data={chartData}
              margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
              style={{ width: '100%', height: 260 }}
              accessibilityLayer
            >
              <CartesianGrid horizontal={false} stroke="#e3e6e4" />
              <XAxis type="number" allowDecimals={false} tick={{ fontSize: 12, fill: '#5b6663' }} />
              <YAxis type="category" dataKey="name" width={96} tick={{ fontSize: 11, fill: '#1c2321' }} />
              <Tooltip cursor={{ fill: 'rgba(15,61,62,0.05)' }} />
              <Legend iconType="circle" itemSorter={seriesOrder} wrapperStyle={{ fontSize: 12 }} />
              <Bar isAnimationActive={false} dataKey="On time" stackId="orders" fill={COLORS.onTime} maxBarSize={22} />
              <Bar isAnimationActive={false} dataKey="Late (Paid)" stackId="orders" fill={COLORS.latePaid} maxBarSize={22} />
              <Bar isAnimationActive={false} dataKey="Late" stackId="orders" fill={COLORS.late} radius={[0, 4, 4, 0]} maxBarSize={22} />
            </BarChart>
          </Box>
        </Box>
      )}
    </Card>
  );
}
