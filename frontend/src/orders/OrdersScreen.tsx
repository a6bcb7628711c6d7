import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import TableIcon from '@mui/icons-material/TableRowsOutlined';
import CardsIcon from '@mui/icons-material/ViewModuleOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  Link,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../pages/PageHeader';
import { NO_COMPANY_TEXT, useBrandCurrency, useFaireConnection } from '../connect';
import { useRefreshOrders } from './api';
import { NotConnectedState } from './NotConnectedState';
import { exportOrders } from './exportOrders';
import type { OrderGroup } from './grouping';
import { OrderGroupSection, type GroupNote } from './OrderGroupSection';
import type { OrderState } from './types';
import { useOrdersView, type OrdersView } from './useOrdersView';
import { fontSizes, iconSizes } from '../theme/typography';

/** The frame both order screens share: back link, title, refresh, then loading, error, empty or groups. */
export function OrdersScreen({
  title,
  subtitle,
  status,
  onRetry,
  groups,
  notes = {},
  empty,
  table,
}: {
  title: string;
  subtitle?: ReactNode;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  groups: OrderGroup[];
  notes?: Partial<Record<OrderState, GroupNote>>;
  empty: { title: string; text: string };
  /** The same orders as a searchable, sortable table (the other side of the Cards / Table toggle). */
  table: ReactNode;
}) {
  const refresh = useRefreshOrders();
  const connection = useFaireConnection();
  const noCompany = connection.data?.status === 'NO_COMPANY';
  const notConnected = connection.data?.status === 'NOT_CONNECTED';
  const canManage = !!connection.data && 'canManage' in connection.data && connection.data.canManage;
  const currency = useBrandCurrency();
  const [view, setView] = useOrdersView();
  const shown = groups.flatMap((g) => g.orders);

  return (
    <>
      <Link
        component={RouterLink}
        to="/dashboard"
        underline="hover"
        sx={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 0.5,
          mb: 1.5,
          fontWeight: 600,
          fontSize: fontSizes.body,
        }}
      >
        <ArrowBackIcon sx={{ fontSize: iconSizes.medium }} aria-hidden />
        Back to Dashboard
      </Link>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={view}
              onChange={(_, next: OrdersView | null) => {
                if (next) setView(next);
              }}
              aria-label="Orders view"
            >
              <ToggleButton value="cards" aria-label="Cards">
                <CardsIcon sx={{ fontSize: iconSizes.medium, mr: 0.5 }} aria-hidden />
                Cards
              </ToggleButton>
              <ToggleButton value="table" aria-label="Table">
                <TableIcon sx={{ fontSize: iconSizes.medium, mr: 0.5 }} aria-hidden />
                Table
              </ToggleButton>
            </ToggleButtonGroup>
            {view === 'cards' ? (
              <Button
                variant="outlined"
                startIcon={<DownloadIcon />}
                disabled={shown.length === 0}
                onClick={() => exportOrders(shown, currency)}
              >
                Export CSV
              </Button>
            ) : null}
            <Button
              variant="contained"
              onClick={() => refresh.mutate()}
              disabled={refresh.isPending || notConnected || noCompany}
              startIcon={refresh.isPending ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
            >
              Refresh Orders
            </Button>
          </Box>
        }
      />

      {noCompany ? (
        <Alert severity="info" data-testid="no-company-note">
          {NO_COMPANY_TEXT}
        </Alert>
      ) : view === 'table' ? (
        table
      ) : status === 'pending' ? (
        <Box
          data-testid="orders-loading"
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}
        >
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} variant="rounded" height={190} />
          ))}
        </Box>
      ) : status === 'error' ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRetry}>
              Retry
            </Button>
          }
        >
          Failed to load orders
        </Alert>
      ) : groups.length === 0 && notConnected ? (
        <NotConnectedState canManage={canManage} />
      ) : groups.length === 0 ? (
        <Card sx={{ py: 6, px: 3, textAlign: 'center' }}>
          <InboxIcon sx={{ fontSize: iconSizes.empty, color: 'text.disabled' }} aria-hidden />
          <Typography variant="h3" component="p" sx={{ mt: 1 }}>
            {empty.title}
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5, maxWidth: 440, mx: 'auto' }}>
            {empty.text}
          </Typography>
        </Card>
      ) : (
        groups.map((group) => <OrderGroupSection key={group.state} group={group} note={notes[group.state]} />)
      )}
    </>
  );
}
