import PeopleIcon from '@mui/icons-material/PeopleAltOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import { Avatar, Box, Button, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { initials, type CurrentUser } from '../auth/useCurrentUser';
import { AdminCard, LoadError } from './AdminCard';
import { AdminInviteDialog } from './AdminInviteDialog';
import { useAdminUsers, type AdminUser } from './api';
import { ReleaseConnectionButton, SharedBrandChip, SharedBrandNotice } from './BrandConflict';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

/** The company, and the Faire brand it is connected to. */
function companyCaption(u: AdminUser): string | null {
  if (!u.companyName) return null;
  const c = u.faireConnection;
  if (!c) return u.companyName;
  const failed = c.status === 'FAILED' ? ', failed' : '';
  return `${u.companyName} · Faire: ${c.brandName}${failed}`;
}

/** When the user's company holds a brand another company holds too: the mark and the way to resolve it. */
function SharedBrand({ user }: { user: AdminUser }) {
  const c = user.faireConnection;
  if (!c?.brandShared || !user.companyId) return null;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mt: 0.75 }}>
      <SharedBrandChip />
      <ReleaseConnectionButton
        companyId={user.companyId}
        companyName={user.companyName ?? 'This company'}
        brandName={c.brandName}
      />
    </Box>
  );
}

function ConnectionChip({ connected }: { connected: boolean }) {
  return (
    <Chip
      size="small"
      label={connected ? 'Connected' : 'Not Connected'}
      sx={{
        height: 24,
        fontWeight: 600,
        borderRadius: 1.5,
        bgcolor: connected ? tint('success', 0.12) : colors.neutralBg,
        color: connected ? colors.successText : colors.neutralChipText,
      }}
    />
  );
}

export function AdminBadge() {
  return (
    <Chip
      size="small"
      label="Admin"
      sx={{ height: 22, fontWeight: 700, borderRadius: 1.5, bgcolor: 'secondary.main', color: colors.white }}
    />
  );
}

function Person({
  name,
  email,
  admin,
  you,
  trailing,
  caption,
  extra,
}: {
  name: string;
  email: string;
  admin?: boolean;
  you?: boolean;
  trailing?: ReactNode;
  caption?: string | null;
  extra?: ReactNode;
}) {
  const shown = name.trim() || email;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, minWidth: 0 }}>
      <Avatar
        sx={{ width: 36, height: 36, fontSize: fontSizes.body, fontWeight: 700, bgcolor: 'primary.main' }}
      >
        {initials(shown)}
      </Avatar>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, overflowWrap: 'anywhere' }}>
            {shown}
          </Typography>
          {you ? (
            <Typography component="span" sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
              (you)
            </Typography>
          ) : null}
          {admin ? <AdminBadge /> : null}
        </Box>
        <Typography sx={{ fontSize: fontSizes.compact, color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {email}
        </Typography>
        {caption ? (
          <Typography sx={{ fontSize: fontSizes.caption, color: 'text.secondary' }}>{caption}</Typography>
        ) : null}
        {extra}
      </Box>
      {trailing ? <Box sx={{ flexShrink: 0 }}>{trailing}</Box> : null}
    </Box>
  );
}

/**
 * User Management: the signed-in admin, every user with their company's Faire connection (a brand held by
 * two companies is marked, with a way to release one), and Invite New User.
 */
export function UserManagementCard({ currentUser }: { currentUser: CurrentUser }) {
  const users = useAdminUsers();
  const [inviteOpen, setInviteOpen] = useState(false);
  const list: AdminUser[] = users.data ?? [];

  return (
    <AdminCard
      id="user-management"
      title="User Management"
      subtitle={
        users.isSuccess
          ? `${list.length} ${list.length === 1 ? 'user' : 'users'}`
          : 'Everyone who uses the portal'
      }
      icon={<PeopleIcon fontSize="small" />}
      action={
        <Button
          size="small"
          variant="contained"
          startIcon={<PersonAddIcon />}
          onClick={() => setInviteOpen(true)}
        >
          Invite New User
        </Button>
      }
    >
      <Box
        data-testid="current-admin"
        sx={{
          p: 1.5,
          mb: 2,
          borderRadius: 2,
          bgcolor: tint('accent', 0.12),
          border: `1px solid ${tint('gold', 0.25)}`,
        }}
      >
        <Person name={currentUser.name} email={currentUser.email} admin />
      </Box>
      {users.isPending ? (
        <Stack spacing={1.5} data-testid="users-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={44} />
          ))}
        </Stack>
      ) : users.isError ? (
        <LoadError message="Failed to load users" onRetry={() => void users.refetch()} />
      ) : list.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          No users found
        </Typography>
      ) : (
        <>
          <SharedBrandNotice users={list} />
          <Stack
            component="ul"
            aria-label="Users"
            sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 420, overflowY: 'auto' }}
          >
            {list.map((u) => (
              <Box
                component="li"
                key={u.id}
                data-testid={`user-${u.id}`}
                sx={{
                  py: 1.25,
                  borderBottom: '1px solid',
                  borderColor: 'divider',
                  '&:last-child': { borderBottom: 0 },
                }}
              >
                <Person
                  name={u.name}
                  email={u.email}
                  admin={u.isAdmin}
                  you={u.id === currentUser.id}
                  caption={companyCaption(u)}
                  extra={<SharedBrand user={u} />}
                  trailing={<ConnectionChip connected={u.hasFaireToken} />}
                />
              </Box>
            ))}
          </Stack>
        </>
      )}
      <AdminInviteDialog open={inviteOpen} onClose={() => setInviteOpen(false)} />
    </AdminCard>
  );
}
