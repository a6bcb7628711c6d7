import WarningIcon from '@mui/icons-material/WarningAmberRounded';
import { Alert, AlertTitle, Box, Button, Chip, Typography } from '@mui/material';
import { useState } from 'react';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { useReleaseConnection, type AdminUser } from './api';
import { colors, tint } from '../theme/tokens';
import { fontSizes, iconSizes } from '../theme/typography';

/** A company whose Faire brand another company is also connected to. */
interface SharedHolder {
  companyId: string;
  companyName: string;
  brandName: string;
}

/** The companies holding a brand that another company holds too, once each, grouped by brand. */
export function sharedBrands(users: AdminUser[]): Map<string, SharedHolder[]> {
  const byBrand = new Map<string, SharedHolder[]>();
  const seen = new Set<string>();
  for (const u of users) {
    const c = u.faireConnection;
    if (!c?.brandShared || !u.companyId || seen.has(u.companyId)) continue;
    seen.add(u.companyId);
    const key = c.brandId ?? c.brandName;
    const list = byBrand.get(key) ?? [];
    list.push({ companyId: u.companyId, companyName: u.companyName ?? 'A company', brandName: c.brandName });
    byBrand.set(key, list);
  }
  return byBrand;
}

/** Above the user list: which brands are held by more than one company, and what to do about it. */
export function SharedBrandNotice({ users }: { users: AdminUser[] }) {
  const shared = [...sharedBrands(users).values()];
  if (shared.length === 0) return null;
  return (
    <Alert severity="warning" data-testid="shared-brand-notice" sx={{ mb: 2, borderRadius: 2 }}>
      <AlertTitle sx={{ fontWeight: 700 }}>
        {shared.length === 1
          ? 'A Faire brand is connected to more than one company'
          : `${shared.length} Faire brands are connected to more than one company`}
      </AlertTitle>
      {shared.map((holders) => (
        <Typography key={holders[0]?.companyId} sx={{ fontSize: fontSizes.cell }}>
          <strong>{holders[0]?.brandName}</strong>: {holders.map((h) => h.companyName).join(', ')}
        </Typography>
      ))}
      <Typography sx={{ fontSize: fontSizes.compact, mt: 0.5 }}>
        A brand&apos;s orders and shipments belong to one company. Release the connection of the company that
        should not have it.
      </Typography>
    </Alert>
  );
}

/** The mark on a user row whose company holds a brand another company holds too. */
export function SharedBrandChip() {
  return (
    <Chip
      size="small"
      icon={<WarningIcon sx={{ fontSize: iconSizes.inline }} />}
      label="Brand also held by another company"
      data-testid="shared-brand-mark"
      sx={{
        height: 'auto',
        minHeight: 22,
        py: 0.25,
        fontSize: fontSizes.caption,
        fontWeight: 600,
        borderRadius: 1.5,
        bgcolor: tint('conflict', 0.12),
        color: colors.conflictText,
        '& .MuiChip-icon': { color: colors.conflictIcon },
        '& .MuiChip-label': { whiteSpace: 'normal' },
        maxWidth: '100%',
      }}
    />
  );
}

/** "Release connection" for a company, after a confirmation. */
export function ReleaseConnectionButton({
  companyId,
  companyName,
  brandName,
}: {
  companyId: string;
  companyName: string;
  brandName: string;
}) {
  const [open, setOpen] = useState(false);
  const release = useReleaseConnection();
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        color="warning"
        onClick={() => setOpen(true)}
        sx={{ py: 0.25, fontSize: fontSizes.small }}
      >
        Release connection
      </Button>
      <ConfirmDialog
        open={open}
        title="Release Faire connection?"
        confirmLabel="Release connection"
        destructive
        pending={release.isPending}
        onClose={() => setOpen(false)}
        onConfirm={() =>
          release.mutate({ companyId, companyName, brandName }, { onSuccess: () => setOpen(false) })
        }
      >
        <Box component="span" sx={{ display: 'block', mb: 1 }}>
          <strong>{companyName}</strong> will no longer be connected to <strong>{brandName}</strong>: its
          token is revoked on Faire and its orders stop refreshing.
        </Box>
        <Box component="span" sx={{ display: 'block' }}>
          Shipments already created stay on Faire. A company admin can connect a brand again from Settings.
        </Box>
      </ConfirmDialog>
    </>
  );
}
