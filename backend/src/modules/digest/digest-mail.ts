import { carrierDisplay } from '@portal/shipment-rules';
import type { OrderView } from '../orders/index.js';

interface RateSummary {
  quarter: { label: string };
  limit: number;
  shipped: number;
  late: number;
  rate: number | null;
  overdueCount: number;
  atRiskCount: number;
}

const pct = (r: number) => `${(Math.round(r * 1000) / 10).toFixed(1)}%`;
const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '-');
const label = (o: OrderView) => `#${o.displayId.replace(/^#+/, '')}`;

/** The digest's subject and plain text: new problem orders first, then the late-shipment rate. */
export function digestMail(input: {
  companyName: string;
  orders: OrderView[];
  rate: RateSummary;
  problemOrdersUrl: string;
  settingsUrl: string;
}): { subject: string; text: string; link: string } {
  const { orders, rate } = input;
  const n = orders.length;
  const rateText =
    rate.rate === null
      ? `no shipments scanned yet in ${rate.quarter.label}`
      : `${pct(rate.rate)} late in ${rate.quarter.label} (${rate.late} of ${rate.shipped}; Faire's line is ${pct(rate.limit)})`;
  const lines = orders.map((o) => {
    const carrier = carrierDisplay(o.carrier)?.label;
    return [
      `- ${label(o)} ${o.customerName ?? ''}`.trimEnd(),
      `  ${o.state.replace(/_/g, ' ')}: ${o.problemReason}; expected ship date ${day(o.expectedShipDate)}` +
        (o.trackingNumber ? `; ${carrier ? `${carrier} ` : ''}${o.trackingNumber}` : ''),
      `  ${o.marketplaceUrl}`,
    ].join('\n');
  });
  const text = [
    `${n} new problem ${n === 1 ? 'order' : 'orders'} for ${input.companyName} since the last digest:`,
    '',
    ...lines,
    '',
    `Late-shipment rate: ${rateText}.`,
    rate.overdueCount > 0
      ? `${rate.overdueCount} unshipped ${rate.overdueCount === 1 ? 'order is' : 'orders are'} already past the expected ship date.`
      : '',
    '',
    `All problem orders: ${input.problemOrdersUrl}`,
    `You get this email as a company admin. Turn it off in Settings: ${input.settingsUrl}`,
  ]
    .filter((l, i, all) => !(l === '' && all[i - 1] === ''))
    .join('\n');
  return {
    subject: `${n} new problem ${n === 1 ? 'order' : 'orders'} · late-shipment rate ${
      rate.rate === null ? 'n/a' : pct(rate.rate)
    }`,
    text,
    link: input.problemOrdersUrl,
  };
}
