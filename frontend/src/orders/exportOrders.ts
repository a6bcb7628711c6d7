import Papa from 'papaparse';
import { downloadCSV } from 'react-admin';
import { carrierName, displayIdLabel, formatMoney } from './format';
import { stateLabel, type Order } from './types';

const day = (iso: string | null) => (iso ? iso.slice(0, 10) : '');

/** The rows of "Export CSV": the columns of the table, dates as YYYY-MM-DD, amounts in the brand's currency. */
export function ordersCsv(orders: readonly Order[], currency = 'USD'): string {
  return Papa.unparse(
    orders.map((o) => ({
      'Order ID': o.faireOrderId,
      'Display ID': displayIdLabel(o.displayId, o.faireOrderId),
      Customer: o.customerName ?? '',
      State: stateLabel(o.state),
      Created: day(o.createdAt),
      'Expected ship date': day(o.expectedShipDate),
      Amount: o.totalCents === null ? '' : formatMoney(o.totalCents, o.currency ?? currency),
      Carrier: o.carrier ? carrierName(o.carrier) : '',
      'Tracking number': o.trackingNumber ?? '',
      Late: o.isProblem ? 'yes' : 'no',
      'Late reason': o.problemReason ?? '',
    })),
    // A customer name such as "=HYPERLINK(...)" stays text in a spreadsheet.
    { escapeFormulae: true },
  );
}

/** react-admin exporter: the orders that match the list's filters and sort, as orders.csv. */
export function exportOrders(orders: Order[], currency = 'USD'): void {
  downloadCSV(ordersCsv(orders, currency), 'orders');
}
