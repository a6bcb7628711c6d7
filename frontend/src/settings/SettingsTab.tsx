import { Avatar, Box, Card, Chip, Divider, Typography } from '@mui/material';
import { ApiKeysCard } from '../apikeys';
import { canAccess } from '../auth/canAccess';
import { initials, useCurrentUser, type CurrentUser } from '../auth/useCurrentUser';
import { PageHeader } from '../pages/PageHeader';
import { brandColors } from '../theme/theme';
import { DigestCard } from './DigestCard';
import { IntegrationsCard } from '../integrations';
import { FaireConnectionCard } from './FaireConnectionCard';
import { SavedMappingsCard } from './SavedMappingsCard';
import { ThresholdsCard } from './ThresholdsCard';
import { WebhooksCard } from '../webhooks';
import { InboundCard } from '../inbound';

function AccountCard({ user }: { user: CurrentUser }) {
  const role = user.company?.role;
  return (
    <Card component="section" aria-labelledby="account-title">
      <Box sx={{ px: 2.5, py: 2 }}>
        <Typography id="account-title" variant="h3" component="h2">
          Account
        </Typography>
      </Box>
      <Divider />
      <Box sx={{ p: 2.5, display: 'flex', gap: 2, alignItems: 'flex-start' }}>
        <Avatar
          sx={{ bgcolor: brandColors.accent, color: brandColors.ink, fontWeight: 700, width: 48, height: 48 }}
        >
          {initials(user.name || user.email)}
        </Avatar>
        <Box component="dl" sx={{ m: 0, minWidth: 0, display: 'grid', gap: 1.25 }}>
          <Box>
            <Typography component="dt" variant="body2" color="text.secondary">
              Name
            </Typography>
            <Typography component="dd" sx={{ m: 0, fontWeight: 600, overflowWrap: 'anywhere' }}>
              {user.name || '-'}
            </Typography>
          </Box>
          <Box>
            <Typography component="dt" variant="body2" color="text.secondary">
              Email
            </Typography>
            <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
              {user.email}
            </Typography>
          </Box>
          {user.company ? (
            <Box>
              <Typography component="dt" variant="body2" color="text.secondary">
                Company
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}
              >
                {user.company.name}
                <Chip
                  size="small"
                  label={role === 'COMPANY_ADMIN' ? 'Admin' : 'User'}
                  sx={{ fontWeight: 600 }}
                />
              </Typography>
            </Box>
          ) : null}
        </Box>
      </Box>
    </Card>
  );
}

/** The Settings tab: account info, Faire integration status, integrations and the Order Late Thresholds form. */
export function SettingsTab() {
  const { data: user } = useCurrentUser();
  if (!user) return null;
  const canEdit = canAccess(user, 'manage', 'thresholds');

  return (
    <>
      <PageHeader
        title="Settings"
        subtitle="Your account, your Faire connection, where shipments arrive from and when orders count as late."
      />
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          mb: 3,
        }}
      >
        <AccountCard user={user} />
        <FaireConnectionCard />
      </Box>
      {user.company ? (
        <Box sx={{ mb: 3 }}>
          <IntegrationsCard />
        </Box>
      ) : null}
      <ThresholdsCard hasCompany={!!user.company} canEdit={canEdit} />
      {user.company ? (
        <Box sx={{ mt: 3, display: 'grid', gap: 3 }}>
          <DigestCard isCompanyAdmin={canEdit} />
          <ApiKeysCard />
          {canAccess(user, 'manage', 'inbound') ? <InboundCard /> : null}
          <WebhooksCard />
          <SavedMappingsCard />
        </Box>
      ) : null}
    </>
  );
}
