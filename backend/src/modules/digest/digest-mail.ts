import { carrierDisplay } from '@portal/shipment-rules';
import { BLANK, line, link, mailBody } from '../mail/index.js';
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

/**
 * The digest's subject, plain text and HTML: new problem orders first, then the late-shipment rate. Built
 * from one template (mail-template.ts): what it inserts (store names synced from Faire among them) stays
 * on its line and is escaped in HTML (decision 0029).
 */
export function digestMail(input: {
  companyName: string;
  orders: OrderView[];
  rate: RateSummary;
  problemOrdersUrl: string;
  settingsUrl: string;
}): { subject: string; text: string; html: string; link: string } {
  const { orders, rate } = input;
  const n = orders.length;
  const rateText =
    rate.rate === null
      ? `no shipments scanned yet in ${rate.quarter.label}`
      : `${pct(rate.rate)} late in ${rate.quarter.label} (${rate.late} of ${rate.shipped}; Faire's line is ${pct(rate.limit)})`;
  const lines = orders.flatMap((o) => {
    const carrier = carrierDisplay(o.carrier)?.label;
    const tracking = o.trackingNumber ? `; ${carrier ? `${carrier} ` : ''}${o.trackingNumber}` : '';
    return [
      o.customerName ? line`- ${label(o)} ${o.customerName}` : line`- ${label(o)}`,
      line`  ${o.state.replace(/_/g, ' ')}: ${o.problemReason ?? ''}; expected ship date ${day(o.expectedShipDate)}${tracking}`,
      line`  ${link(o.marketplaceUrl)}`,
    ];
  });
  const orderWord = n === 1 ? 'order' : 'orders';
  const overdue = rate.overdueCount;
  const body = mailBody([
    line`${n} new problem ${orderWord} for ${input.companyName} since the last digest:`,
    BLANK,
    ...lines,
    BLANK,
    line`Late-shipment rate: ${rateText}.`,
    overdue > 0
      ? line`${overdue} unshipped ${overdue === 1 ? 'order is' : 'orders are'} already past the expected ship date.`
      : BLANK,
    BLANK,
    line`All problem orders: ${link(input.problemOrdersUrl)}`,
    line`You get this email as a company admin. Turn it off in Settings: ${link(input.settingsUrl)}`,
  ]);
  return {
    subject: `${n} new problem ${orderWord} · late-shipment rate ${rate.rate === null ? 'n/a' : pct(rate.rate)}`,
    ...body,
    link: input.problemOrdersUrl,
  };
}
