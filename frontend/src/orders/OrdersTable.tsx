import { Box, Chip, Link, Typography, useMediaQuery, type Theme } from '@mui/material';
import {
  DataTable,
  ExportButton,
  FilterButton,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  SimpleList,
  TopToolbar,
} from 'react-admin';
import { useBrandCurrency } from '../connect';
import { exportOrders } from './exportOrders';
import { formatDate } from '../shared/dates';
import { carrierName, displayIdLabel, formatMoney } from './format';
import { LateChip } from './LateChip';
import { TrackingLink } from './TrackingLink';
import { ORDER_STATES, stateLabel, type Order } from './types';
import { fontSizes } from '../theme/typography';

const YES_NO = [
  { id: 'true', name: 'Yes' },
  { id: 'false', name: 'No' },
];

const filters = (problemOnly: boolean) => [
  <SearchInput
    key="q"
    source="q"
    alwaysOn
    placeholder="Order ID, customer or tracking number"
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
/** Columns that give way on narrower screens, so the table never scrolls sideways. */
const FROM_XL = 'orders-col-xl';
const FROM_MD = 'orders-col-md';

function OrderLink({ order }: { order: Order }) {
  return (
    <Link href={order.marketplaceUrl} target="_blank" rel="noopener noreferrer" sx={{ fontWeight: 600 }}>
      {displayIdLabel(order.displayId, order.faireOrderId)}
    </Link>
  );
}

function LateVerdict({ order }: { order: Order }) {
  if (order.isProblem) return <LateChip order={order} />;
  if (order.pastExpectedShipDate) {
    return <Chip size="small" variant="outlined" color="warning" label="Past expected ship date" />;
  }
  return null;
}

/** A phone's view of the same page: each order in three short lines, the late verdict on the last. */
function OrderLines({ currency }: { currency: string }) {
  const line = { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1 } as const;
  const quiet = { color: 'text.secondary', fontSize: fontSizes.cell } as const;
  return (
    <SimpleList<Order>
      linkType={false}
      primaryText={(o) => (
        <Box component="span" sx={{ display: 'grid', gap: 0.5 }} data-testid="order-line">
          <Box component="span" sx={line}>
            <OrderLink order={o} />
            <Box component="span" sx={{ fontWeight: 600, fontVariantNumeric: 'tabular-nums' }}>
              {formatMoney(o.totalCents, o.currency ?? currency)}
            </Box>
          </Box>
          <Box component="span" sx={{ ...quiet, overflowWrap: 'anywhere' }}>
            {`${o.customerName || '-'} · ${stateLabel(o.state)}`}
          </Box>
          <Box component="span" sx={{ ...line, ...quiet, flexWrap: 'wrap' }}>
            {`Ships by ${formatDate(o.expectedShipDate)}`}
            <LateVerdict order={o} />
          </Box>
        </Box>
      )}
      rowSx={() => ({ py: 0.5, borderBottom: 1, borderColor: 'divider' })}
    />
  );
}

/**
 * The orders as a react-admin list: search, filters, sort and page in the URL, served by GET /api/orders.
 * `problemOnly` keeps it to problem orders (Problem Orders).
 */
export function OrdersTable({ problemOnly = false }: { problemOnly?: boolean }) {
  const currency = useBrandCurrency();
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
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
      // Nothing scrolls sideways: columns give way on a tablet, a phone gets one line per order.
      sx={{
        minWidth: 0,
        '& .RaList-main': { mt: 0, minWidth: 0 },
        // On a phone react-admin paints the toolbars white; the page's own background reads calmer.
        '& .RaListToolbar-root, & .RaTopToolbar-root': { bgcolor: 'transparent' },
        // Between phone and laptop, the card scrolls if it must; the page never does.
        '& .RaList-content': { overflowX: 'auto' },
        [`& .${FROM_XL}`]: { display: { xs: 'none', xl: 'table-cell' } },
        '& .MuiTableCell-root': { px: 1.25 },
        '& .MuiTableCell-root:first-of-type': { pl: 2 },
        [`& .${FROM_MD}`]: { display: { xs: 'none', md: 'table-cell' } },
      }}
    >
      {isPhone ? <OrderLines currency={currency} /> : <OrderColumns currency={currency} />}
    </List>
  );
}

function OrderColumns({ currency }: { currency: string }) {
  return (
    <DataTable rowClick={false} bulkActionButtons={false} data-testid="orders-table">
      <Col label="Order" disableSort render={(o) => <OrderLink order={o} />} />
      <Col label="Customer" disableSort render={(o) => o.customerName || '-'} />
      <Col label="State" disableSort sx={NOWRAP} render={(o) => stateLabel(o.state)} />
      <Col
        source="createdAt"
        label="Created"
        className={FROM_XL}
        sx={NOWRAP}
        render={(o) => formatDate(o.createdAt)}
      />
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
        render={(o) => formatMoney(o.totalCents, o.currency ?? currency)}
      />
      <Col
        label="Tracking"
        disableSort
        className={FROM_MD}
        sx={{ minWidth: 170 }}
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
        sx={{ minWidth: 200 }}
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
  );
}
