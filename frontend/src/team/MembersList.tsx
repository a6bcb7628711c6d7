import { Box, Divider, TableCell, TableRow, Typography, useMediaQuery, type Theme } from '@mui/material';
import { Fragment } from 'react';
import type { CompanyRole } from '../auth/useCurrentUser';
import { shortDate, type TeamMember } from './api';
import { TableShell } from '../shared/TableShell';
import { tint } from '../theme/tokens';
import { InvitationExpiry, MemberActions, MemberName, RoleCell, StatusChip } from './MemberBits';
import { fontSizes } from '../theme/typography';

export interface MembersListProps {
  members: TeamMember[];
  canManage: boolean;
  busyId: string | null;
  onRoleChange: (member: TeamMember, role: CompanyRole) => void;
  onResend: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

/** The members table; on phones, one card per member. Actions only for those who manage the team. */
export function MembersList(props: MembersListProps) {
  const isPhone = useMediaQuery((t: Theme) => t.breakpoints.down('sm'), { noSsr: true });
  return isPhone ? <MemberCards {...props} /> : <MembersTable {...props} />;
}

function MembersTable({ members, canManage, busyId, onRoleChange, onResend, onRemove }: MembersListProps) {
  return (
    <TableShell
      label="Team members"
      minWidth={720}
      columns={[
        { label: 'Name' },
        { label: 'Email' },
        { label: 'Role' },
        { label: 'Status' },
        { label: 'Created' },
        canManage && { label: 'Actions', align: 'right' },
      ]}
    >
      {members.map((m) => (
        <TableRow
          key={m.id}
          hover
          data-testid={`member-row-${m.id}`}
          sx={{
            '&:last-child td': { borderBottom: 0 },
            bgcolor: m.isCurrentUser ? tint('accent', 0.07) : undefined,
          }}
        >
          <TableCell>
            <MemberName member={m} />
          </TableCell>
          <TableCell sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>{m.user.email}</TableCell>
          <TableCell>
            <RoleCell
              member={m}
              editable={canManage}
              disabled={busyId === m.id}
              onChange={(role) => onRoleChange(m, role)}
            />
          </TableCell>
          <TableCell>
            <StatusChip status={m.status} />
            <InvitationExpiry member={m} />
          </TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap', color: 'text.secondary' }}>
            {shortDate(m.createdAt)}
          </TableCell>
          {canManage ? (
            <TableCell align="right">
              <MemberActions
                member={m}
                disabled={busyId === m.id}
                onResend={() => onResend(m)}
                onRemove={() => onRemove(m)}
              />
            </TableCell>
          ) : null}
        </TableRow>
      ))}
    </TableShell>
  );
}

function MemberCards({ members, canManage, busyId, onRoleChange, onResend, onRemove }: MembersListProps) {
  return (
    <Box component="ul" aria-label="Team members" sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {members.map((m, i) => (
        <Fragment key={m.id}>
          {i > 0 ? <Divider component="li" aria-hidden /> : null}
          <Box component="li" data-testid={`member-card-${m.id}`} sx={{ p: 2 }}>
            <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'flex-start' }}>
              <Box sx={{ minWidth: 0 }}>
                {m.user.name?.trim() ? (
                  <>
                    <MemberName member={m} />
                    <Typography
                      sx={{ fontSize: fontSizes.compact, color: 'text.secondary', wordBreak: 'break-all' }}
                    >
                      {m.user.email}
                    </Typography>
                  </>
                ) : (
                  <Typography sx={{ fontWeight: 600, fontSize: fontSizes.body, wordBreak: 'break-all' }}>
                    {m.user.email}
                    {m.isCurrentUser ? (
                      <Typography
                        component="span"
                        sx={{ fontSize: fontSizes.small, color: 'text.secondary', ml: 0.75 }}
                      >
                        (you)
                      </Typography>
                    ) : null}
                  </Typography>
                )}
              </Box>
              <Box sx={{ textAlign: 'right', flexShrink: 0 }}>
                <StatusChip status={m.status} />
                <InvitationExpiry member={m} />
              </Box>
            </Box>
            <Box
              sx={{
                mt: 1.5,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'space-between',
                gap: 1,
                flexWrap: 'wrap',
              }}
            >
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
                <RoleCell
                  member={m}
                  editable={canManage}
                  disabled={busyId === m.id}
                  onChange={(role) => onRoleChange(m, role)}
                />
                <Typography sx={{ fontSize: fontSizes.small, color: 'text.secondary' }}>
                  Added {shortDate(m.createdAt)}
                </Typography>
              </Box>
              {canManage ? (
                <MemberActions
                  member={m}
                  disabled={busyId === m.id}
                  onResend={() => onResend(m)}
                  onRemove={() => onRemove(m)}
                />
              ) : null}
            </Box>
          </Box>
        </Fragment>
      ))}
    </Box>
  );
}
