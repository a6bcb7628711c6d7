import PersonAddIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import LockIcon from '@mui/icons-material/LockOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { canAccess } from '../auth/canAccess';
import { useCurrentUser, type CompanyRole } from '../auth/useCurrentUser';
import { PageHeader } from '../pages/PageHeader';
import {
  displayName,
  useChangeRole,
  useMailOutbox,
  useRemoveMember,
  useResendInvite,
  useTeamMembers,
  type TeamMember,
} from './api';
import { ConfirmDialog } from '../shared/ConfirmDialog';
import { InviteUserDialog } from './InviteUserDialog';
import { CompanyActivityCard } from '../admin';
import { MailOutboxCard } from './MailOutboxCard';
import { MembersList } from './MembersList';
import { beforeFullStop } from '../text/sentence';

type Pending = { kind: 'remove' | 'resend' | 'demote'; member: TeamMember } | null;

/** /team: company admins invite, re-role and remove members; everyone else sees the list read-only. */
export function TeamPage() {
  const { data: user } = useCurrentUser();
  // The server's rule (@Roles('COMPANY_ADMIN')): a platform admin who is not a company admin only reads.
  const canManage = canAccess(user, 'manage', 'members');
  const companyName = user?.company?.name;

  const canList = canAccess(user, 'list', 'members');
  const members = useTeamMembers(canList);
  const outbox = useMailOutbox(canManage);
  const removeMember = useRemoveMember();
  const resendInvite = useResendInvite();
  const changeRole = useChangeRole();

  const [inviteOpen, setInviteOpen] = useState(false);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [onlyAdmin, setOnlyAdmin] = useState<TeamMember | null>(null);
  const ask = (kind: 'remove' | 'resend' | 'demote', member: TeamMember) => {
    // The server refuses to leave a company without an admin: say so before asking, not after.
    if (kind !== 'resend' && isOnlyAdmin(member, members.data ?? [])) {
      setOnlyAdmin(member);
      return;
    }
    setConfirm({ kind, member });
    setConfirmOpen(true);
  };

  const busyId =
    (removeMember.isPending && removeMember.variables?.id) ||
    (resendInvite.isPending && resendInvite.variables?.id) ||
    (changeRole.isPending && changeRole.variables?.member.id) ||
    null;

  const confirmPending =
    confirm?.kind === 'remove'
      ? removeMember.isPending
      : confirm?.kind === 'demote'
        ? changeRole.isPending
        : resendInvite.isPending;
  const runConfirmed = () => {
    if (!confirm) return;
    const done = { onSettled: () => setConfirmOpen(false) };
    if (confirm.kind === 'remove') removeMember.mutate(confirm.member, done);
    else if (confirm.kind === 'demote') {
      changeRole.mutate({ member: confirm.member, role: 'COMPANY_USER' }, done);
    } else resendInvite.mutate(confirm.member, done);
  };
  // Giving up your own admin role cannot be undone by yourself: it asks first.
  const onRoleChange = (member: TeamMember, role: CompanyRole) => {
    if (member.isCurrentUser && canManage && role !== 'COMPANY_ADMIN') {
      ask('demote', member);
    } else changeRole.mutate({ member, role });
  };

  const list = members.data ?? [];
  const loaded = !members.isPending && !members.error;
  const activeCount = list.filter((m) => m.status === 'ACTIVE').length;
  const invitedCount = list.length - activeCount;

  return (
    <>
      <PageHeader
        title="Team Management"
        subtitle={
          canManage
            ? `Invite teammates${companyName ? ` to ${companyName}` : ''} and manage their roles.`
            : `The people in ${beforeFullStop(companyName ?? 'your company')}.`
        }
        actions={
          canManage ? (
            <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setInviteOpen(true)}>
              Invite User
            </Button>
          ) : undefined
        }
      />

      {!canManage ? (
        <Alert severity="info" icon={<LockIcon fontSize="inherit" />} sx={{ mb: 2.5 }}>
          Only company admins can invite, remove or change the role of members.
        </Alert>
      ) : null}

      <Card>
        <Box
          sx={{
            px: 2.5,
            py: 2,
            display: 'flex',
            alignItems: 'center',
            gap: 1.5,
            flexWrap: 'wrap',
          }}
        >
          <Typography variant="h3" component="h2">
            Members
          </Typography>
          {loaded ? (
            <Stack direction="row" spacing={1}>
              <Chip size="small" label={`${activeCount} active`} sx={{ fontWeight: 600 }} />
              {invitedCount > 0 ? (
                <Chip
                  size="small"
                  label={`${invitedCount} invited`}
                  variant="outlined"
                  sx={{ fontWeight: 600 }}
                />
              ) : null}
            </Stack>
          ) : null}
        </Box>
        <Divider />
        {!canList ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            You need to belong to a company to see its team.
          </Typography>
        ) : members.isPending ? (
          <Box sx={{ p: 2.5 }} data-testid="members-loading">
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} variant="rounded" height={36} sx={{ mb: 1.5 }} />
            ))}
          </Box>
        ) : members.error ? (
          <Alert
            severity="error"
            sx={{ m: 2.5 }}
            action={
              <Button color="inherit" size="small" onClick={() => void members.refetch()}>
                Retry
              </Button>
            }
          >
            Failed to load team members
          </Alert>
        ) : list.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            No team members yet
          </Typography>
        ) : (
          <MembersList
            members={list}
            canManage={canManage}
            busyId={busyId || null}
            onRoleChange={onRoleChange}
            onResend={(member) => ask('resend', member)}
            onRemove={(member) => ask('remove', member)}
          />
        )}
      </Card>

      {canManage && outbox.isSuccess && Array.isArray(outbox.data) ? (
        <MailOutboxCard mails={outbox.data} />
      ) : null}
      <CompanyActivityCard />

      {canManage ? <InviteUserDialog open={inviteOpen} onClose={() => setInviteOpen(false)} /> : null}

      <OnlyAdminDialog member={onlyAdmin} companyName={companyName} onClose={() => setOnlyAdmin(null)} />

      <ConfirmDialog
        open={confirmOpen}
        title={
          confirm?.kind === 'remove'
            ? confirm.member.isCurrentUser
              ? 'Remove yourself?'
              : 'Remove member?'
            : confirm?.kind === 'demote'
              ? 'Give up your admin role?'
              : 'Resend invitation?'
        }
        confirmLabel={
          confirm?.kind === 'remove' ? 'Remove' : confirm?.kind === 'demote' ? 'Make me a User' : 'Resend'
        }
        destructive={confirm?.kind === 'remove' || confirm?.kind === 'demote'}
        pending={confirmPending}
        onConfirm={runConfirmed}
        onClose={() => setConfirmOpen(false)}
      >
        {confirm ? <ConfirmText pending={confirm} companyName={companyName} /> : null}
      </ConfirmDialog>
    </>
  );
}

/** True when the member is the company's only active admin (removing or demoting them is refused). */
export function isOnlyAdmin(member: TeamMember, members: readonly TeamMember[]): boolean {
  const admin = (m: TeamMember) => m.status === 'ACTIVE' && m.role === 'COMPANY_ADMIN';
  return admin(member) && !members.some((m) => m.id !== member.id && admin(m));
}

function OnlyAdminDialog({
  member,
  companyName,
  onClose,
}: {
  member: TeamMember | null;
  companyName?: string;
  onClose: () => void;
}) {
  const company = beforeFullStop(companyName ?? 'this company');
  const self = !!member?.isCurrentUser;
  return (
    <Dialog open={!!member} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="only-admin-title">
      <DialogTitle id="only-admin-title" sx={{ fontWeight: 700 }}>
        {self ? 'You are the only admin' : 'The only admin'}
      </DialogTitle>
      <DialogContent>
        <DialogContentText data-testid="only-admin-text">
          {self ? 'You are' : `${member ? displayName(member) : 'This member'} is`} the only company admin of{' '}
          {company}. Make another member an admin first, so someone can still manage the team.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button variant="contained" onClick={onClose}>
          OK
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function ConfirmText({ pending, companyName }: { pending: NonNullable<Pending>; companyName?: string }) {
  const { kind, member } = pending;
  if (kind === 'demote') {
    return (
      <>
        You will no longer be able to invite, remove or change the role of members of{' '}
        {companyName ?? 'this company'}, or edit its thresholds. Another company admin would have to make you
        an admin again.
      </>
    );
  }
  if (kind === 'resend') {
    return (
      <>
        The invitation will be sent to <strong>{member.user.email}</strong> again.
      </>
    );
  }
  if (member.isCurrentUser) {
    return (
      <>
        You are about to remove yourself from {beforeFullStop(companyName ?? 'this company')}. You will lose
        access to its shipments and orders.
      </>
    );
  }
  return (
    <>
      <strong>{displayName(member)}</strong>
      {member.status === 'ACTIVE'
        ? ` will lose access to ${beforeFullStop(companyName ?? 'this company')}.`
        : "'s invitation will be withdrawn."}
    </>
  );
}
