import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import InboxIcon from '@mui/icons-material/InboxOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, Card, CircularProgress, Link, Skeleton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageHeader } from '../pages/PageHeader';
import { useFaireConnection } from '../connect/api';
import { NO_COMPANY_TEXT } from '../connect/CompanyConnectionNote';
import { useRefreshOrders } from './api';
import type { OrderGroup } from './grouping';
import { OrderGroupSection, type GroupNote } from './OrderGroupSection';
import type { OrderState } from './types';

/** The frame both order screens share: back link, title, refresh, then loading, error, empty or groups. */
export function OrdersScreen({
  title,
  subtitle,
  status,
  onRetry,
  groups,
  notes = {},
  empty,
}: {
  title: string;
  subtitle?: ReactNode;
  status: 'pending' | 'error' | 'success';
  onRetry: () => void;
  groups: OrderGroup[];
  notes?: Partial<Record<OrderState, GroupNote>>;
  empty: { title: string; text: string };
}) {
  const refresh = useRefreshOrders();
  const connection = useFaireConnection();
  const noCompany = connection.data?.status === 'NO_COMPANY';

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
          fontSize: 14,
        }}
      >
        <ArrowBackIcon sx={{ fontSize: 18 }} aria-hidden />
        Back to Dashboard
      </Link>
      <PageHeader
        title={title}
        subtitle={subtitle}
        actions={
          <Button
            variant="contained"
            onClick={() => refresh.mutate()}
            disabled={refresh.isPending}
            startIcon={refresh.isPending ? <CircularProgress size={16} color="inherit" /> : <RefreshIcon />}
          >
            Refresh Orders
          </Button>
        }
      />

      {noCompany ? (
        <Alert severity="info" data-testid="no-company-note">
          {NO_COMPANY_TEXT}
        </Alert>
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
      ) : groups.length === 0 ? (
        <Card sx={{ py: 6, px: 3, textAlign: 'center' }}>
          <InboxIcon sx={{ fontSize: 44, color: 'text.disabled' }} aria-hidden />
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
