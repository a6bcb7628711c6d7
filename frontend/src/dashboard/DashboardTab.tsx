import ScheduleIcon from '@mui/icons-material/Schedule';
import InventoryIcon from '@mui/icons-material/Inventory2Outlined';
import ProblemIcon from '@mui/icons-material/ReportProblemOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import { Alert, Box, Button, CircularProgress, Tooltip } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useFaireConnection } from '../connect';
import { CompanyConnectionNote, NO_COMPANY_TEXT } from '../connect';
import { useOrderStats, useRefreshOrders } from '../orders';
import { ArrivedTodayCard } from '../integrations';
import { PageHeader } from '../pages/PageHeader';
import { BreakdownCard } from './BreakdownCard';
import { ConnectFaireCard } from './ConnectFaireCard';
import { LateRateCard } from './LateRateCard';
import { freshnessTone, lastRefreshedText, needsAutoRefresh, type FreshnessTone } from './freshness';
import { StatCard } from './StatCard';
import { useNow } from '../shared/useNow';
import { usePaintedOnce } from '../shared/usePaintedOnce';
import { iconSizes } from '../theme/typography';

const TONE_COLOR: Record<FreshnessTone, string> = {
  grey: 'text.secondary',
  orange: 'warning.main',
  red: 'error.main',
};

/**
 * The exact time, for the tooltip: rendered only when the tooltip opens, since the first date formatter
 * of a page costs the browser ~100 ms (loading locale data) on the first screen's path otherwise.
 */
function ExactTime({ at }: { at: string }) {
  return <>{new Date(at).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'short' })}</>;
}

function LastRefreshed({ at }: { at: string | null }) {
  const now = useNow();
  const tone = freshnessTone(at, now);
  const label = (
    <Box
      component="span"
      data-testid="last-refreshed"
      data-tone={tone}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        color: TONE_COLOR[tone],
        fontWeight: tone === 'grey' ? 400 : 600,
      }}
    >
      <ScheduleIcon sx={{ fontSize: iconSizes.inline }} aria-hidden />
      {lastRefreshedText(at, now)}
    </Box>
  );
  return at ? <Tooltip title={<ExactTime at={at} />}>{label}</Tooltip> : label;
}

/**
 * The Dashboard tab: last refresh, Refresh Orders, the two headline counts and the per-state breakdown.
 * Orders are refreshed once per visit when there are none yet or the last fetch is over 24 hours old.
 */
export function DashboardTab() {
  const connection = useFaireConnection();
  const c = connection.data;
  const hasFaire = c?.status === 'CONNECTED';
  const noCompany = c?.status === 'NO_COMPANY';
  // Stats wait for the connection: a platform admin without a company has none to load.
  const stats = useOrderStats(connection.isSuccess ? !noCompany : connection.isError);
  const refresh = useRefreshOrders();
  const { mutate: runRefresh } = refresh;

  const autoDecided = useRef(false);
  useEffect(() => {
    if (autoDecided.current || !stats.data || !hasFaire) return;
    autoDecided.current = true;
    if (needsAutoRefresh(stats.data)) runRefresh();
  }, [stats.data, hasFaire, runRefresh]);

  const data = stats.data ?? undefined;
  // The breakdown sits below the headline numbers and the late rate: rendered once those are painted.
  const numbersPainted = usePaintedOnce(data !== undefined);

  if (noCompany) {
    // A platform admin without a company: one explanation instead of cards that cannot load.
    return (
      <>
        <PageHeader title="Dashboard" subtitle="Your Faire orders at a glance." />
        <Alert severity="info" data-testid="no-company-note">
          {NO_COMPANY_TEXT}
        </Alert>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Dashboard"
        subtitle={data ? <LastRefreshed at={data.lastRefreshedAt} /> : 'Your Faire orders at a glance.'}
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

      {c?.status === 'NOT_CONNECTED' && c.canManage ? (
        <ConnectFaireCard />
      ) : (
        <CompanyConnectionNote connection={c} />
      )}

      {stats.isError ? (
        <Alert
          severity="error"
          sx={{ mb: 3 }}
          action={
            <Button color="inherit" size="small" onClick={() => void stats.refetch()}>
              Retry
            </Button>
          }
        >
          Failed to load order stats
        </Alert>
      ) : null}

      {data?.lastSyncError ? (
        <Alert severity="warning" sx={{ mb: 3 }}>
          The last refresh from Faire did not finish: {data.lastSyncError}
        </Alert>
      ) : null}

      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, mb: 3 }}>
        <StatCard
          label="Open Orders"
          value={data?.openOrders}
          icon={<InventoryIcon />}
          to="/orders"
          linkText="View open orders"
        />
        <StatCard
          label="Problem Orders"
          value={data?.problemOrders}
          icon={<ProblemIcon />}
          to="/problem-orders"
          linkText="View problem orders"
          tone="danger"
        />
      </Box>

      {/* Asked for once the numbers above are painted: it never delays the first screen. */}
      {numbersPainted || stats.isError ? <ArrivedTodayCard /> : null}

      {hasFaire ? <LateRateCard enabled={hasFaire} /> : null}

      {stats.isError ? null : (
        <BreakdownCard
          byState={numbersPainted ? data?.byState : undefined}
          openOrders={numbersPainted ? data?.openOrders : undefined}
        />
      )}
    </>
  );
}
