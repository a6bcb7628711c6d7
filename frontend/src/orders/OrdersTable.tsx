import { Box, Chip, Link, Typography } from '@mui/material';
import {
  DataTable,
  ExportButton,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
} from 'react-admin';
import { useBrandCurrency } from '../money/useBrandCurrency';
import { exportOrders } from './exportOrders';
import { carrierName, displayIdLabel, formatDate, formatMoney } from './format';
import { LateChip } from './LateChip';
import { TrackingLink } from './TrackingLink';
import { ORDER_STATES, stateLabel, type Order } from './types';

const YES_NO = [
  { id: 'true', name: 'Yes' },
  { id: 'false', name: 'No' },
];

const filters = (problemOnly: boolean) => [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Order ID, #display ID or customer"
    sx={{ minWidth: { sm: 340 } }}
  />,
  <SelectInput
    key="state"
    source="state"
    label="State"
    choices={ORDER_STATES.map((s) => ({ id: s, name: stateLabel(s) }))}
  />,
  ...(problemOnly ? [] : [<SelectInput key="problem" source="problem" label="Problem" choices={YES_NO} />]),
  <SelectInput key="late" source="late" label="Past expected ship date" choices={YES_NO} />,
  <SelectInput key="paid" source="paid" label="Payout scheduled" choices={YES_NO} />,
];

function Actions() {
  return (
    <TopToolbar>
      <FilterButton />
      <ExportButton label="Export CSV" maxResults={1000} />
    </TopToolbar>
  );
}

const Col = DataTable.Col<Order>;
const NOWRAP = { whiteSpace: 'nowrap' } as const;

/**
 * The orders as a react-admin list: search, filters, sort and page in the URL, served by GET /api/orders.
 * `problemOnly` keeps it to problem orders (Problem Orders).
 */
export function OrdersTable({ problemOnly = false }: { problemOnly?: boolean }) {
  const currency = useBrandCurrency();
  return (
    <List<Order>
      resource="orders"
      storeKey={problemOnly ? 'orders.problem' : 'orders.open'}
      title={false}
      filters={filters(problemOnly)}
      filter={problemOnly ? { problem: 'true' } : undefined}
      sort={{ field: 'expectedShipDate', order: 'ASC' }}
      perPage={25}
      pagination={<Pagination rowsPerPageOptions={[25, 50, 100]} />}
      exporter={(orders: Order[]) => exportOrders(orders, currency)}
      actions={<Actions />}
      empty={false}
      // On a phone the table scrolls sideways inside its card; the page itself never does.
      sx={{
        minWidth: 0,
        '& .RaList-main': { mt: 0, minWidth: 0 },
        '& .RaList-content': { overflowX: 'auto' },
      }}
    >
      <DataTable rowClick={false} bulkActionButtons={false} data-testid="orders-table">
        <Col
          label="Order"
          disableSort
          render={(o) => (
            <Link href={o.marketplaceUrl} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
              {displayIdLabel(o.displayId, o.faireOrderId)}
            </Link>
          )}
        />
        <Col label="Customer" disableSort render={(o) => o.customerName || '-'} />
        <Col label="State" disableSort render={(o) => stateLabel(o.state)} />
        <Col source="createdAt" label="Created" sx={NOWRAP} render={(o) => formatDate(o.createdAt)} />
        <Col
          source="expectedShipDate"
          label="Expected ship date"
          sx={NOWRAP}
          render={(o) => formatDate(o.expectedShipDate)}
        />
        <Col
          source="totalCents"
          label="Amount"
          align="right"
          render={(o) => formatMoney(o.totalCents, currency)}
        />
        <Col
          label="Tracking"
          disableSort
          sx={{ minWidth: 190 }}
          render={(o) => (
            <>
              <TrackingLink carrier={o.carrier} trackingNumber={o.trackingNumber} />
              {o.carrier ? (
                <Typography variant="caption" component="div" color="text.secondary">
                  {carrierName(o.carrier)}
                </Typography>
              ) : null}
            </>
          )}
        />
        <Col
          label="Late reason"
          disableSort
          render={(o) =>
            o.isProblem ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                <LateChip order={o} />
                <Typography variant="body2">{o.problemReason}</Typography>
              </Box>
            ) : o.pastExpectedShipDate ? (
              <Chip size="small" variant="outlined" color="warning" label="Past expected ship date" />
            ) : (
              '-'
            )
          }
        />
      </DataTable>
    </List>
  );
}
