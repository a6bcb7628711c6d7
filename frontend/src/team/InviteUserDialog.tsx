import { Box, Dialog, DialogContent, DialogTitle, Stack, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { CompanyRole } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import { useInviteMember } from './api';
import { RoleSelect } from '../shared/RoleSelect';
import { InviteDialogActions, InviteEmailField } from '../shared/InviteFields';

/** Invite User: an email and a role (User by default). An empty email is refused before any call. */
export function InviteUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('COMPANY_USER');
  const invite = useInviteMember();
  const toast = useToast();

  const close = () => {
    if (invite.isPending) return;
    onClose();
  };
  const reset = () => {
    setEmail('');
    setRole('COMPANY_USER');
    invite.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = email.trim();
    if (!trimmed) {
      toast({
        title: 'Email required',
        description: 'Please enter an email address',
        variant: 'destructive',
      });
      return;
    }
    invite.mutate({ email: trimmed, role }, { onSuccess: onClose });
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="invite-user-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="invite-user-title" sx={{ fontWeight: 700, pb: 0.5 }}>
          Invite User
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            They'll get an email with a link to join your company.
          </Typography>
          <Stack spacing={2.5}>
            <InviteEmailField value={email} onChange={setEmail} autoFocus />
            <RoleSelect value={role} onChange={setRole} />
          </Stack>
        </DialogContent>
        <InviteDialogActions pending={invite.isPending} onCancel={close} />
      </Box>
    </Dialog>
  );
}
