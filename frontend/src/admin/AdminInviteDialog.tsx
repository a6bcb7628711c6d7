import {
  Box,
  Dialog,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState, type FormEvent } from 'react';
import type { CompanyRole } from '../auth/useCurrentUser';
import { useToast } from '../notifications/toast';
import { RoleSelect } from '../shared/RoleSelect';
import { InviteDialogActions, InviteEmailField } from '../shared/InviteFields';
import { useAdminCompanies, useAdminInvite } from './api';

/** Invite New User: the platform admin picks a company, an email and a role (User by default). */
export function AdminInviteDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const companies = useAdminCompanies(open);
  const invite = useAdminInvite();
  const toast = useToast();
  const [companyId, setCompanyId] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CompanyRole>('COMPANY_USER');
  const [companyMissing, setCompanyMissing] = useState(false);

  const close = () => {
    if (!invite.isPending) onClose();
  };
  const reset = () => {
    setCompanyId('');
    setEmail('');
    setRole('COMPANY_USER');
    setCompanyMissing(false);
    invite.reset();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!companyId) {
      setCompanyMissing(true);
      return;
    }
    const trimmed = email.trim();
    if (!trimmed) {
      toast({
        title: 'Email required',
        description: 'Please enter an email address',
        variant: 'destructive',
      });
      return;
    }
    invite.mutate({ companyId, email: trimmed, role }, { onSuccess: onClose });
  };

  const list = companies.data ?? [];

  return (
    <Dialog
      open={open}
      onClose={close}
      maxWidth="xs"
      fullWidth
      aria-labelledby="admin-invite-title"
      slotProps={{ transition: { onExited: reset } }}
    >
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="admin-invite-title" sx={{ fontWeight: 700, pb: 0.5 }}>
          Invite New User
        </DialogTitle>
        <DialogContent>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            They'll get an email with a link to join the company you choose.
          </Typography>
          <Stack spacing={2.5}>
            <TextField
              select
              label="Company"
              name="companyId"
              value={companyId}
              onChange={(e) => {
                setCompanyId(e.target.value);
                setCompanyMissing(false);
              }}
              error={companyMissing || companies.isError}
              helperText={
                companies.isError
                  ? 'Failed to load companies'
                  : companyMissing
                    ? 'Choose a company'
                    : companies.isSuccess && list.length === 0
                      ? 'No companies yet: a user creates one after signing in'
                      : undefined
              }
              disabled={companies.isPending || list.length === 0}
              fullWidth
            >
              {list.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  <Box sx={{ display: 'flex', justifyContent: 'space-between', width: '100%', gap: 2 }}>
                    <span>{c.name}</span>
                    <Typography component="span" variant="body2" color="text.secondary">
                      {c.members} {c.members === 1 ? 'member' : 'members'}
                    </Typography>
                  </Box>
                </MenuItem>
              ))}
            </TextField>
            <InviteEmailField value={email} onChange={setEmail} />
            <RoleSelect value={role} onChange={setRole} />
          </Stack>
        </DialogContent>
        <InviteDialogActions pending={invite.isPending} onCancel={close} />
      </Box>
    </Dialog>
  );
}
