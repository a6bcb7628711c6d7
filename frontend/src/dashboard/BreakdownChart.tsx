import { Bar, BarChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from 'recharts';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

const COLORS = { onTime: colors.onTime, late: colors.error, latePaid: colors.warningDot };
const SERIES = ['On time', 'Late (Paid)', 'Late'];
const seriesOrder = (item: { value?: unknown }) => SERIES.indexOf(String(item.value));

export interface BreakdownChartRow {
  name: string;
  'On time': number;
  Late: number;
  'Late (Paid)': number;
}

/** The breakdown as a stacked bar chart (recharts); its own chunk, loaded lazily by BreakdownCard. */
export function BreakdownChart({ data: chartData }: { data: BreakdownChartRow[] }) {
  return (
    <BarChart
      responsive
      layout="vertical"
      data={chartData}
      margin={{ top: 8, right: 16, bottom: 0, left: 0 }}
      style={{ width: '100%', height: 260 }}
      accessibilityLayer
    >
      <CartesianGrid horizontal={false} stroke={colors.divider} />
      <XAxis
        type="number"
        allowDecimals={false}
        tick={{ fontSize: fontSizes.caption, fill: colors.textMuted }}
      />
      <YAxis
        type="category"
        dataKey="name"
        width={96}
        tick={{ fontSize: fontSizes.micro, fill: colors.text }}
      />
      <Tooltip cursor={{ fill: tint('ink', 0.05) }} />
      <Legend iconType="circle" itemSorter={seriesOrder} wrapperStyle={{ fontSize: fontSizes.caption }} />
      <Bar
        isAnimationActive={false}
        dataKey="On time"
        stackId="orders"
        fill={COLORS.onTime}
        maxBarSize={22}
      />
      <Bar
        isAnimationActive={false}
        dataKey="Late (Paid)"
        stackId="orders"
        fill={COLORS.latePaid}
        maxBarSize={22}
      />
      <Bar
        isAnimationActive={false}
        dataKey="Late"
        stackId="orders"
        fill={COLORS.late}
        radius={[0, 4, 4, 0]}
        maxBarSize={22}
      />
    </BarChart>
  );
}
