import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** The admin confirms a brand change before Faire is opened: the company's orders will be replaced. */
export function ChangeBrandDialog({
  open,
  brandName,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  brandName: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="xs" fullWidth aria-labelledby="change-brand-title">
      <DialogTitle id="change-brand-title" sx={{ fontWeight: 700 }}>
        Change the Faire brand?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          Orders from {brandName ?? 'the current brand'} will be removed; shipments already created stay on
          Faire.
        </DialogContentText>
        <DialogContentText sx={{ mt: 1.5 }}>
          Faire opens in a new tab: choose the brand to connect there. Shipment history keeps every row with
          the brand it was sent to.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2.5 }}>
        <Button color="inherit" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" onClick={onConfirm}>
          Change brand
        </Button>
      </DialogActions>
    </Dialog>
  );
}
