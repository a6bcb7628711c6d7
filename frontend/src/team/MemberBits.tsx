import RemoveIcon from '@mui/icons-material/PersonRemoveOutlined';
import ResendIcon from '@mui/icons-material/ForwardToInboxOutlined';
import { Box, Button, Chip, MenuItem, Select, Typography } from '@mui/material';
import type { CompanyRole } from '../auth/useCurrentUser';
import { ROLE_LABELS, ROLES, displayName, shortDate, type MemberStatus, type TeamMember } from './api';
import { colors, tint } from '../theme/tokens';
import { fontSizes } from '../theme/typography';

const STATUS_STYLE: Record<MemberStatus, { label: string; bg: string; fg: string }> = {
  ACTIVE: { label: 'Active', bg: tint('success', 0.12), fg: colors.successText },
  INVITED: { label: 'Invited', bg: colors.invitedBg, fg: colors.invitedText },
  PENDING: { label: 'Pending', bg: colors.neutralBg, fg: colors.neutralChipText },
};

export function StatusChip({ status }: { status: MemberStatus }) {
  const s = STATUS_STYLE[status] ?? { label: status, bg: colors.neutralBg, fg: colors.neutralChipText };
  return (
    <Chip
      label={s.label}
      size="small"
      data-status={status}
      sx={{ bgcolor: s.bg, color: s.fg, fontWeight: 600, borderRadius: 1.5, height: 24 }}
    />
  );
}

/** Under an invited member's status: when the invitation runs out, or that it has. */
export function InvitationExpiry({ member }: { member: TeamMember }) {
  if (member.status !== 'INVITED' || !member.invitationExpiresAt) return null;
  const expired = new Date(member.invitationExpiresAt).getTime() < Date.now();
  return (
    <Typography
      component="span"
      sx={{
        display: 'block',
        mt: 0.5,
        fontSize: fontSizes.caption,
        color: expired ? 'error.main' : 'text.secondary',
      }}
    >
      {expired ? 'Expired' : 'Expires'} {shortDate(member.invitationExpiresAt)}
    </Typography>
  );
}

export function MemberName({ member }: { member: TeamMember }) {
  const name = member.user.name?.trim();
  return (
    <Box
      component="span"
      sx={{ display: 'inline-flex', alignItems: 'baseline', gap: 0.75, flexWrap: 'wrap' }}
    >
      <Typography
        component="span"
        sx={{ fontWeight: 600, fontSize: fontSizes.body, color: name ? 'text.primary' : 'text.secondary' }}
      >
        {name || '—'}
      </Typography>
      {member.isCurrentUser ? (
        <Typography component="span" sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
          (you)
        </Typography>
      ) : null}
    </Box>
  );
}

/** A role select for ACTIVE members when the viewer manages the team; plain text otherwise. */
export function RoleCell({
  member,
  editable,
  disabled,
  onChange,
}: {
  member: TeamMember;
  editable: boolean;
  disabled: boolean;
  onChange: (role: CompanyRole) => void;
}) {
  if (!editable || member.status !== 'ACTIVE') {
    return (
      <Typography component="span" sx={{ fontSize: fontSizes.body }} data-testid="role-text">
        {ROLE_LABELS[member.role] ?? member.role}
      </Typography>
    );
  }
  return (
    <Select
      size="small"
      value={member.role}
      disabled={disabled}
      onChange={(e) => {
        const role = e.target.value;
        if (role !== member.role) onChange(role);
      }}
      inputProps={{ 'aria-label': `Role of ${displayName(member)}` }}
      sx={{ minWidth: 112, fontSize: fontSizes.body, '& .MuiSelect-select': { py: 0.75 } }}
    >
      {ROLES.map((r) => (
        <MenuItem key={r} value={r}>
          {ROLE_LABELS[r]}
        </MenuItem>
      ))}
    </Select>
  );
}

export function MemberActions({
  member,
  disabled,
  onResend,
  onRemove,
}: {
  member: TeamMember;
  disabled: boolean;
  onResend: () => void;
  onRemove: () => void;
}) {
  const who = displayName(member);
  return (
    <Box sx={{ display: 'flex', gap: 0.5, justifyContent: 'flex-end', flexWrap: 'wrap' }}>
      {member.status === 'INVITED' ? (
        <Button
          size="small"
          startIcon={<ResendIcon />}
          onClick={onResend}
          disabled={disabled}
          aria-label={`Resend invitation to ${member.user.email}`}
        >
          Resend
        </Button>
      ) : null}
      <Button
        size="small"
        color="error"
        startIcon={<RemoveIcon />}
        onClick={onRemove}
        disabled={disabled}
        aria-label={`Remove ${who}`}
      >
        Remove
      </Button>
    </Box>
  );
}
