import { Button, CircularProgress, DialogActions, TextField } from '@mui/material';

/** The Email field of the invite dialogs (team and admin panel). */
export function InviteEmailField({
  value,
  onChange,
  autoFocus = false,
}: {
  value: string;
  onChange: (email: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <TextField
      variant="outlined"
      label="Email"
      type="email"
      name="email"
      autoComplete="off"
      autoFocus={autoFocus}
      placeholder="teammate@yourbrand.com"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      fullWidth
    />
  );
}

/** Cancel and 'Send Invitation' (a submit button; both disabled while the invitation is being sent). */
export function InviteDialogActions({ pending, onCancel }: { pending: boolean; onCancel: () => void }) {
  return (
    <DialogActions sx={{ px: 3, pb: 2.5 }}>
      <Button onClick={onCancel} color="inherit" disabled={pending}>
        Cancel
      </Button>
      <Button
        type="submit"
        variant="contained"
        disabled={pending}
        startIcon={pending ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        Send Invitation
      </Button>
    </DialogActions>
  );
}
